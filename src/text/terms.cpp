#include "lectio/text/terms.h"

#include <algorithm>

#include "lectio/text/stem.h"
#include "lectio/text/stopwords.h"
#include "lectio/text/unicode.h"
#include "lectio/text/words.h"

namespace lectio::text {

namespace {

bool has_ascii_letter(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

}  // namespace

std::vector<std::string> terms(std::string_view text, std::string_view language) {
  std::vector<std::string> out;
  for (std::string& word : words(text)) {
    if (is_stopword(word, language)) continue;
    if (is_ascii(word) && has_ascii_letter(word)) {
      out.push_back(stem_english(word));
      continue;
    }
    out.push_back(std::move(word));
  }
  return out;
}

}  // namespace lectio::text
