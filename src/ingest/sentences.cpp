#include "sentences.h"

#include <unicode/brkiter.h>
#include <unicode/utext.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>

#include "lectio/core/error.h"
#include "lectio/core/text.h"

namespace lectio::ingest {

namespace {

icu::BreakIterator& sentence_iterator(const std::string& language) {
  // Only two rule sets exist: Chinese, and English for every other language.
  const bool zh = language == "zh";
  thread_local std::unique_ptr<icu::BreakIterator> cache[2];
  auto& slot = cache[zh ? 1 : 0];
  if (slot) return *slot;
  UErrorCode status = U_ZERO_ERROR;
  const icu::Locale locale(zh ? "zh" : "en@ss=standard");
  slot.reset(icu::BreakIterator::createSentenceInstance(locale, status));
  if (U_FAILURE(status) || !slot) throw Internal("ICU sentence break iterator unavailable");
  return *slot;
}

// word_count's ASCII path works on eight bytes at a time (SWAR): each byte is classified with
// carry-free arithmetic, the classes are packed into 8-bit masks, and the word rule runs on the
// masks. A word is a run of letters, digits, '\'' and '_' that carries on over '-' and '.'
// ("well-known", "3.5" and "e.g" count once).
static_assert(std::endian::native == std::endian::little, "byte 0 must be the low byte");
constexpr std::uint64_t kOnes = 0x0101010101010101ull;
constexpr std::uint64_t kHighBits = 0x8080808080808080ull;

// High bit of each byte set where that byte is >= lo. Bytes must be ASCII, so no sum carries
// into the next byte.
constexpr std::uint64_t at_least(std::uint64_t x, std::uint8_t lo) {
  return (x + kOnes * (0x80 - lo)) & kHighBits;
}

// High bit of each byte set where that byte equals c. Bytes must be ASCII.
constexpr std::uint64_t equal(std::uint64_t x, std::uint8_t c) {
  return ~((x ^ (kOnes * c)) + kOnes * 0x7F) & kHighBits;
}

// Packs the high bits of the eight bytes into bits 0-7, first byte lowest.
constexpr unsigned pack(std::uint64_t high_bits) {
  return static_cast<unsigned>(((high_bits >> 7) * 0x0102040810204080ull) >> 56);
}

constexpr std::array<std::uint8_t, 256> kPopCount = [] {
  std::array<std::uint8_t, 256> table{};
  for (int m = 0; m < 256; ++m) {
    for (int bit = 0; bit < 8; ++bit) table[m] += (m >> bit) & 1;
  }
  return table;
}();

// Counts the words in eight ASCII bytes (little-endian, first byte lowest). `in_word` says
// whether a word runs into the first byte, and is updated for the byte after the last.
int count_words8(std::uint64_t x, unsigned& in_word) {
  const std::uint64_t folded = x | (kOnes * 0x20);  // 'A'-'Z' to 'a'-'z'
  const std::uint64_t letter = at_least(folded, 'a') & ~at_least(folded, 'z' + 1);
  const std::uint64_t digit = at_least(x, '0') & ~at_least(x, '9' + 1);
  const unsigned word = pack(letter | digit | equal(x, '\'') | equal(x, '_'));
  const unsigned joiner = pack(equal(x, '-') | equal(x, '.'));
  // A byte is inside a word when it is a word byte, or a joiner right after one (through any
  // run of joiners). The runs of joiners that follow a word byte are found by adding each run's
  // first bit to the run: the carry clears exactly that run.
  const unsigned run_starts = ((word << 1) | in_word) & joiner;
  const unsigned inside = word | (joiner & ~(joiner + run_starts));
  const unsigned starts = word & ~((inside << 1) | in_word);
  in_word = (inside >> 7) & 1;
  return kPopCount[starts & 0xFF];
}

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

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

// Maps ascending UTF-16 offsets back to UTF-8 byte offsets by walking the text once.
class OffsetMap {
 public:
  explicit OffsetMap(std::string_view text) : text_(text) {}
  std::size_t byte_offset(int32_t utf16_offset) {
    const auto* p = reinterpret_cast<const uint8_t*>(text_.data());
    const int32_t n = static_cast<int32_t>(text_.size());
    while (units_ < utf16_offset && bytes_ < n) {
      UChar32 c;
      U8_NEXT_UNSAFE(p, bytes_, c);
      units_ += U16_LENGTH(c);
    }
    return static_cast<std::size_t>(bytes_);
  }

 private:
  std::string_view text_;
  int32_t units_ = 0;
  int32_t bytes_ = 0;
};

struct UTextCloser {
  void operator()(UText* t) const { utext_close(t); }
};

// Blocks up to this size are converted to UTF-16 in a buffer each thread keeps; larger ones,
// rare, are read through a UTF-8 UText, so the buffer never holds more than 2 MB.
constexpr std::size_t kMaxUtf16Bytes = 1 << 20;

// Runs the iterator over `text` and calls `on_break(end)` for each boundary after the start.
template <class OnBreak>
void each_break(std::string_view text, icu::BreakIterator& it, OnBreak&& on_break) {
  thread_local std::vector<UChar> utf16;
  bool ascii = false;
  UErrorCode status = U_ZERO_ERROR;
  if (text.size() > kMaxUtf16Bytes || !to_utf16(text, utf16, ascii)) {
    std::unique_ptr<UText, UTextCloser> ut(
        utext_openUTF8(nullptr, text.data(), static_cast<int64_t>(text.size()), &status));
    if (U_FAILURE(status)) throw Internal("ICU cannot open text for segmentation");
    it.setText(ut.get(), status);
    if (U_FAILURE(status)) throw Internal("ICU cannot segment text");
    for (int32_t end = it.next(); end != icu::BreakIterator::DONE; end = it.next()) {
      on_break(static_cast<std::size_t>(end));
    }
    return;
  }
  // The UText lives on the stack: opening it allocates nothing, and the iterator keeps its own
  // shallow clone, valid while `utf16` is unchanged.
  UText ut = UTEXT_INITIALIZER;
  utext_openUChars(&ut, utf16.data(), static_cast<int64_t>(utf16.size()), &status);
  if (U_FAILURE(status)) throw Internal("ICU cannot open text for segmentation");
  it.setText(&ut, status);
  utext_close(&ut);
  if (U_FAILURE(status)) throw Internal("ICU cannot segment text");
  OffsetMap map(text);
  for (int32_t end = it.next(); end != icu::BreakIterator::DONE; end = it.next()) {
    on_break(ascii ? static_cast<std::size_t>(end) : map.byte_offset(end));
  }
}

}  // namespace

void split_sentences(std::string_view text, const std::string& language, std::vector<Span>& out) {
  out.clear();
  std::size_t begin = 0;
  each_break(text, sentence_iterator(language), [&](std::size_t end) {
    std::size_t b = begin;
    std::size_t e = end;
    begin = end;
    while (b < e && is_space(text[b])) ++b;
    while (e > b && is_space(text[e - 1])) --e;
    if (e > b) out.push_back({b, e});
  });
}

int word_count(std::string_view text) {
  // ASCII is counted here; the first non-ASCII byte hands the whole text to ICU's word
  // boundaries. The last few bytes are padded with NULs, which belong to no word.
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  int words = 0;
  unsigned in_word = 0;
  std::size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t x;
    std::memcpy(&x, p + i, sizeof x);
    if (x & kHighBits) return text::count_words(text);
    words += count_words8(x, in_word);
  }
  if (i == text.size()) return words;
  std::uint64_t x = 0;
  std::memcpy(&x, p + i, text.size() - i);
  if (x & kHighBits) return text::count_words(text);
  return words + count_words8(x, in_word);
}

}  // namespace lectio::ingest
