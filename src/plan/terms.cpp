#include "terms.h"

#include <cctype>

#include "lectio/text/stopwords.h"
#include "lectio/text/unicode.h"

namespace lectio::plan {

namespace {

// Folds the common English plural endings so that "caches" and "cache" meet.
std::string fold_plural(std::string w) {
  const auto ends = [&](std::string_view s) {
    return w.size() > s.size() && w.compare(w.size() - s.size(), s.size(), s) == 0;
  };
  if (w.size() > 4 && ends("ies")) return w.substr(0, w.size() - 3) + "y";
  if (w.size() > 3 && ends("s") && !ends("ss") && !ends("us") && !ends("is")) {
    return w.substr(0, w.size() - 1);
  }
  return w;
}

bool is_word_char(text::CodePoint cp) {
  if (cp < 0) return false;
  if (cp < 0x80) return std::isalnum(static_cast<int>(cp)) != 0;
  return cp >= 0xC0 && cp < 0x2000;  // accented Latin, Greek, Cyrillic and the like
}

}  // namespace

std::vector<std::string> content_terms(std::string_view text) {
  std::vector<std::string> out;
  std::string word;
  bool has_letter = false;
  std::string prev_han;  // the previous Han character, for bigrams
  const auto flush_word = [&] {
    if (word.size() >= 2 && has_letter && !text::is_stopword(word, "en")) {
      out.push_back(fold_plural(word));
    }
    word.clear();
    has_letter = false;
  };
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t start = i;
    const text::CodePoint cp = text::next_code_point(text, i);
    if (text::is_han(cp)) {
      flush_word();
      const std::string han(text.substr(start, i - start));
      if (!prev_han.empty()) out.push_back(prev_han + han);
      prev_han = han;
      continue;
    }
    prev_han.clear();
    if (!is_word_char(cp)) {
      flush_word();
      continue;
    }
    if (cp < 0x80) {
      const char c = static_cast<char>(std::tolower(static_cast<int>(cp)));
      has_letter = has_letter || std::isalpha(static_cast<unsigned char>(c));
      word.push_back(c);
      continue;
    }
    has_letter = true;
    word.append(text.substr(start, i - start));
  }
  flush_word();
  return out;
}

}  // namespace lectio::plan
