#include "sentences.h"

#include <unicode/brkiter.h>
#include <unicode/utext.h>

#include <map>
#include <memory>

#include "lectio/core/error.h"
#include "lectio/core/text.h"

namespace lectio::ingest {

namespace {

struct UTextCloser {
  void operator()(UText* t) const { utext_close(t); }
};

icu::BreakIterator& sentence_iterator(const std::string& language) {
  thread_local std::map<std::string, std::unique_ptr<icu::BreakIterator>> cache;
  auto& slot = cache[language];
  if (slot) return *slot;
  UErrorCode status = U_ZERO_ERROR;
  const icu::Locale locale(language == "zh" ? "zh" : "en@ss=standard");
  slot.reset(icu::BreakIterator::createSentenceInstance(locale, status));
  if (U_FAILURE(status) || !slot) throw Internal("ICU sentence break iterator unavailable");
  return *slot;
}

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

}  // namespace

std::vector<Span> split_sentences(std::string_view text, const std::string& language) {
  std::vector<Span> out;
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<UText, UTextCloser> ut(
      utext_openUTF8(nullptr, text.data(), static_cast<int64_t>(text.size()), &status));
  if (U_FAILURE(status)) throw Internal("ICU cannot open text for segmentation");
  icu::BreakIterator& it = sentence_iterator(language);
  it.setText(ut.get(), status);
  if (U_FAILURE(status)) throw Internal("ICU cannot segment text");
  std::size_t begin = 0;
  for (int32_t end = it.next(); end != icu::BreakIterator::DONE; end = it.next()) {
    std::size_t b = begin;
    std::size_t e = static_cast<std::size_t>(end);
    begin = e;
    while (b < e && is_space(text[b])) ++b;
    while (e > b && is_space(text[e - 1])) --e;
    if (e > b) out.push_back({b, e});
  }
  return out;
}

int word_count(std::string_view text) {
  bool ascii = true;
  for (char c : text) {
    if (static_cast<unsigned char>(c) >= 0x80) {
      ascii = false;
      break;
    }
  }
  if (!ascii) return text::count_words(text);
  int words = 0;
  bool in_word = false;
  for (char c : text) {
    const bool word_char = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                           (c >= '0' && c <= '9') || c == '\'' || c == '_';
    if (word_char && !in_word) ++words;
    in_word = word_char || (in_word && (c == '-' || c == '.'));
  }
  return words;
}

}  // namespace lectio::ingest
