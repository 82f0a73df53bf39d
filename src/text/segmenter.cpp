#include "segmenter.h"

#include <unicode/filteredbrk.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <bit>
#include <cstdint>
#include <cstring>

#include "lectio/core/error.h"

namespace lectio::text::detail {

namespace {

// Titles and reference words that ICU's English suppressions miss ("Mr." is there, "Dr." and
// "Fr." are not); a break after them would cut "Dr. | Smith arrived." in two. Titles that
// follow a name ("Jr.") are left out: they end sentences as often as not.
const char* const kAbbreviations[] = {
    "Dr.",   "Prof.", "St.",   "Gen.", "Gov.",  "Sen.", "Rep.", "Rev.",  "Capt.",   "Col.", "Lt.",
    "Sgt.",  "Fig.",  "Figs.", "Eq.",  "No.",   "Nos.", "Vol.", "vs.",   "approx.", "cf.",  "Fr.",
    "Msgr.", "Hon.",  "Pres.", "Adm.", "Cmdr.", "Cpl.", "Mme.", "Mlle.", "Messrs."};

std::unique_ptr<icu::BreakIterator> english_sentences() {
  // ICU's standard suppressions keep "Mr." and "e.g." from ending a sentence; a few more join.
  UErrorCode status = U_ZERO_ERROR;
  const icu::Locale locale("en");
  std::unique_ptr<icu::FilteredBreakIteratorBuilder> builder(
      icu::FilteredBreakIteratorBuilder::createInstance(locale, status));
  std::unique_ptr<icu::BreakIterator> base(
      icu::BreakIterator::createSentenceInstance(locale, status));
  if (U_FAILURE(status) || !builder || !base) return nullptr;
  for (const char* abbreviation : kAbbreviations) {
    builder->suppressBreakAfter(icu::UnicodeString::fromUTF8(abbreviation), status);
  }
  std::unique_ptr<icu::BreakIterator> made(builder->wrapIteratorWithFilter(base.release(), status));
  return U_FAILURE(status) ? nullptr : std::move(made);
}

std::unique_ptr<icu::BreakIterator> make_iterator(Rules rules) {
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::BreakIterator> made;
  switch (rules) {
    case Rules::kWords:
      made.reset(icu::BreakIterator::createWordInstance(icu::Locale::getRoot(), status));
      break;
    case Rules::kEnglishSentences:
      made = english_sentences();
      break;
    case Rules::kChineseSentences:
      made.reset(icu::BreakIterator::createSentenceInstance(icu::Locale("zh"), status));
      break;
  }
  if (U_FAILURE(status) || !made) throw Internal("ICU break iterator unavailable");
  return made;
}

constexpr std::uint64_t kHighBits = 0x8080808080808080ull;

// Converts UTF-8 to UTF-16 into `out`. ICU's break iterators read UTF-16 directly, while a
// UTF-8 UText converts every 32-unit chunk through an offset map, which cost more than the
// whole conversion. Sets `ascii` when every byte was ASCII, so offsets need no mapping. Returns
// false for ill-formed UTF-8, which the caller then segments as UTF-8.
bool to_utf16(std::string_view text, std::vector<UChar>& out, bool& ascii) {
  const auto* p = reinterpret_cast<const uint8_t*>(text.data());
  const int32_t n = static_cast<int32_t>(text.size());
  out.resize(text.size());  // UTF-16 never needs more units than UTF-8 has bytes
  UChar* w = out.data();
  int32_t i = 0;
  // ASCII widens unit for unit; eight bytes at a time while no high bit is set, with one
  // vector conversion (GCC and Clang vector extensions; scalar code where there is no SIMD).
  using Bytes8 = std::uint8_t __attribute__((vector_size(8)));
  using Units8 = std::uint16_t __attribute__((vector_size(16)));
  for (Bytes8 bytes; i + 8 <= n; i += 8) {
    std::memcpy(&bytes, p + i, sizeof bytes);
    std::uint64_t word;
    std::memcpy(&word, &bytes, sizeof word);
    if (word & kHighBits) break;
    const Units8 units = __builtin_convertvector(bytes, Units8);
    std::memcpy(w + i, &units, sizeof units);
  }
  while (i < n && p[i] < 0x80) {
    w[i] = p[i];
    ++i;
  }
  ascii = i == n;
  int32_t j = i;
  while (i < n) {
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c < 0) return false;
    U16_APPEND_UNSAFE(w, j, c);
  }
  out.resize(static_cast<std::size_t>(j));
  return true;
}

struct UTextCloser {
  void operator()(UText* t) const { utext_close(t); }
};
using UTextPtr = std::unique_ptr<UText, UTextCloser>;

// Blocks up to this size are converted to UTF-16 in the segmenter's buffer; larger ones, rare,
// are read through a UTF-8 UText, so the buffer never holds more than 2 MB.
constexpr std::size_t kMaxUtf16Bytes = 1 << 20;

}  // namespace

Rules sentence_rules(std::string_view language) {
  return language == "zh" ? Rules::kChineseSentences : Rules::kEnglishSentences;
}

Segmenter::Segmenter(Rules rules) : it_(make_iterator(rules)) {}

Segmenter& Segmenter::for_thread(Rules rules) {
  thread_local std::unique_ptr<Segmenter> made[3];
  auto& slot = made[static_cast<int>(rules)];
  if (!slot) slot = std::make_unique<Segmenter>(rules);
  return *slot;
}

bool Segmenter::set_text(std::string_view text) {
  bool ascii = false;
  UErrorCode status = U_ZERO_ERROR;
  if (text.size() > kMaxUtf16Bytes || !to_utf16(text, utf16_, ascii)) {
    // The iterator keeps a shallow clone of the UText, which reads `text` itself.
    UTextPtr ut(utext_openUTF8(nullptr, text.data(), static_cast<int64_t>(text.size()), &status));
    if (U_FAILURE(status)) throw Internal("ICU cannot open text for segmentation");
    it_->setText(ut.get(), status);
    if (U_FAILURE(status)) throw Internal("ICU cannot segment text");
    return false;
  }
  // A UText on the stack allocates nothing; the iterator keeps its own shallow clone, valid
  // while `utf16_` is unchanged.
  UText ut = UTEXT_INITIALIZER;
  utext_openUChars(&ut, utf16_.data(), static_cast<int64_t>(utf16_.size()), &status);
  const UTextPtr closer(&ut);
  if (U_FAILURE(status)) throw Internal("ICU cannot open text for segmentation");
  it_->setText(&ut, status);
  if (U_FAILURE(status)) throw Internal("ICU cannot segment text");
  return !ascii;
}

std::size_t OffsetMap::byte_offset(int32_t utf16_offset) {
  const auto* p = reinterpret_cast<const uint8_t*>(text_.data());
  const int32_t n = static_cast<int32_t>(text_.size());
  while (units_ < utf16_offset && bytes_ < n) {
    UChar32 c;
    U8_NEXT_UNSAFE(p, bytes_, c);
    units_ += U16_LENGTH(c);
  }
  return static_cast<std::size_t>(bytes_);
}

}  // namespace lectio::text::detail
