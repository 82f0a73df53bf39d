#pragma once
// The one owner of ICU break iterators and the UText handles they read. Private to the text
// module: the public headers speak of byte offsets and strings only.
#include <unicode/brkiter.h>
#include <unicode/utext.h>

#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

namespace lectio::text::detail {

enum class Rules {
  kWords,             // ICU's root word rules; Chinese is split by ICU's dictionary
  kEnglishSentences,  // English sentence rules, abbreviations ("Mr.", "Dr.", "e.g.") suppressed
  kChineseSentences,
};

// Sentence rules for a language: Chinese, and English for every other one.
Rules sentence_rules(std::string_view language);

// One break iterator and the UTF-16 buffer it reads. Not thread-safe: each thread gets its own
// from for_thread(), made on first use. A callback of each_break must not use the same
// segmenter again (it would reset the iteration); other segmenters are fine.
class Segmenter {
 public:
  explicit Segmenter(Rules rules);
  static Segmenter& for_thread(Rules rules);

  // Calls on_break(end, rule_status) for each boundary after the start of `text`, with `end`
  // a byte offset into `text`; rule_status is ICU's (UBRK_WORD_NONE for spaces and
  // punctuation). Throws Internal when ICU cannot read the text.
  template <class OnBreak>
  void each_break(std::string_view text, OnBreak&& on_break);

 private:
  // Points the iterator at `text`; returns true when offsets are UTF-16 units to be mapped back
  // to bytes, false when they are bytes already (ASCII, or text read through a UTF-8 UText).
  bool set_text(std::string_view text);

  std::unique_ptr<icu::BreakIterator> it_;
  std::vector<UChar> utf16_;
};

// Maps ascending UTF-16 offsets back to UTF-8 byte offsets by walking the text once.
class OffsetMap {
 public:
  explicit OffsetMap(std::string_view text) : text_(text) {}
  std::size_t byte_offset(int32_t utf16_offset);

 private:
  std::string_view text_;
  int32_t units_ = 0;
  int32_t bytes_ = 0;
};

template <class OnBreak>
void Segmenter::each_break(std::string_view text, OnBreak&& on_break) {
  const bool mapped = set_text(text);
  OffsetMap map(text);
  for (int32_t end = it_->next(); end != icu::BreakIterator::DONE; end = it_->next()) {
    on_break(mapped ? map.byte_offset(end) : static_cast<std::size_t>(end), it_->getRuleStatus());
  }
}

}  // namespace lectio::text::detail
