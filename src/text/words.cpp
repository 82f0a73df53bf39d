#include "lectio/text/words.h"

#include <unicode/ubrk.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "lectio/text/strings.h"
#include "lectio/text/unicode.h"
#include "segmenter.h"

namespace lectio::text {

namespace {

std::string lower(std::string_view word) {
  if (is_ascii(word)) return ascii_lower(word);
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(icu::StringPiece(word.data(), word.size()));
  u.toLower(icu::Locale::getRoot());
  std::string folded;
  u.toUTF8String(folded);
  // Typographic apostrophes (U+2019, U+2018: E2 80 99/98) would keep "it’s" apart from "it's".
  std::string out;
  out.reserve(folded.size());
  for (std::size_t i = 0; i < folded.size(); ++i) {
    const bool curly = folded.compare(i, 2, "\xE2\x80") == 0 && i + 2 < folded.size() &&
                       (folded[i + 2] == '\x99' || folded[i + 2] == '\x98');
    if (curly) {
      out.push_back('\'');
      i += 2;
      continue;
    }
    out.push_back(folded[i]);
  }
  return out;
}

// "GPUs" is the plural of "GPU", but a stemmer sees only "gpus" and keeps the s (as in
// "bus"); an all-capitals word with a lower-case s is cut back to its acronym.
std::string_view singular_acronym(std::string_view word) {
  if (word.size() < 3 || word.back() != 's') return word;
  for (std::size_t i = 0; i + 1 < word.size(); ++i) {
    if (word[i] < 'A' || word[i] > 'Z') return word;
  }
  return word.substr(0, word.size() - 1);
}

// Calls on_word(begin, end) for each word: spaces and punctuation come back from ICU with the
// "none" status; numbers, letters, kana and ideographs with their own.
template <class OnWord>
void each_word(std::string_view text, OnWord&& on_word) {
  std::size_t begin = 0;
  detail::Segmenter::for_thread(detail::Rules::kWords)
      .each_break(text, [&](std::size_t end, int32_t status) {
        if (status != UBRK_WORD_NONE) on_word(begin, end);
        begin = end;
      });
}

int count_icu_words(std::string_view text) {
  int words = 0;
  each_word(text, [&](std::size_t, std::size_t) { ++words; });
  return words;
}

// count_words's ASCII path works on eight bytes at a time (SWAR): each byte is classified with
// carry-free arithmetic, the classes are packed into 8-bit masks, and the word rule runs on the
// masks.
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

}  // namespace

std::vector<Span> word_spans(std::string_view text) {
  std::vector<Span> out;
  each_word(text, [&](std::size_t begin, std::size_t end) { out.push_back({begin, end}); });
  return out;
}

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  each_word(text, [&](std::size_t begin, std::size_t end) {
    out.push_back(lower(singular_acronym(text.substr(begin, end - begin))));
  });
  return out;
}

int count_words(std::string_view text) {
  // ASCII is counted here; the first non-ASCII byte hands the whole text to ICU's word
  // boundaries. The last few bytes are padded with NULs, which belong to no word.
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  int words = 0;
  unsigned in_word = 0;
  std::size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t x;
    std::memcpy(&x, p + i, sizeof x);
    if (x & kHighBits) return count_icu_words(text);
    words += count_words8(x, in_word);
  }
  if (i == text.size()) return words;
  std::uint64_t x = 0;
  std::memcpy(&x, p + i, text.size() - i);
  if (x & kHighBits) return count_icu_words(text);
  return words + count_words8(x, in_word);
}

std::vector<std::size_t> counted_word_starts(std::string_view text) {
  std::vector<std::size_t> out;
  if (!is_ascii(text)) {
    each_word(text, [&](std::size_t begin, std::size_t) { out.push_back(begin); });
    return out;
  }
  // count_words8's rule a byte at a time: a word byte not inside a word starts one; a run of
  // joiners right after a word stays inside it.
  bool inside = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '\'' || c == '_';
    if (word && !inside) out.push_back(i);
    inside = word || ((c == '-' || c == '.') && inside);
  }
  return out;
}

bool is_number_word(std::string_view lower) {
  static constexpr std::array<std::string_view, 21> kWords = {
      "one",   "two",   "three",   "four",     "five",    "six",     "seven",
      "eight", "nine",  "ten",     "eleven",   "twelve",  "twenty",  "thirty",
      "forty", "fifty", "hundred", "thousand", "million", "billion", "dozen"};
  return std::find(kWords.begin(), kWords.end(), lower) != kWords.end();
}

}  // namespace lectio::text
