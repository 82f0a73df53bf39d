#include "words.h"

#include <array>

namespace lectio::search {

namespace {

// Character classes of ASCII, as Xapian's Unicode tables give them.
enum : unsigned char { kWord = 1, kUpper = 2, kDigit = 4 };

constexpr std::array<unsigned char, 128> make_classes() {
  std::array<unsigned char, 128> out{};
  for (int c = 'a'; c <= 'z'; ++c) out[c] = kWord;
  for (int c = 'A'; c <= 'Z'; ++c) out[c] = kWord | kUpper;
  for (int c = '0'; c <= '9'; ++c) out[c] = kWord | kDigit;
  out['_'] = kWord;  // connector punctuation is a word character
  return out;
}

constexpr std::array<unsigned char, 128> kClasses = make_classes();

bool has(char c, unsigned char cls) {
  return (kClasses[static_cast<unsigned char>(c) & 0x7f] & cls) != 0;
}

char lower(char c) {
  return has(c, kUpper) ? static_cast<char>(c - 'A' + 'a') : c;
}

}  // namespace

bool is_ascii(std::string_view text) {
  unsigned char any = 0;
  for (const char c : text) any |= static_cast<unsigned char>(c);
  return any < 0x80;
}

std::size_t AsciiWords::next(char* out) {
  while (const std::size_t length = read_word(out)) {
    if (length <= kMaxWordBytes) return length;
  }
  return 0;
}

// "P.T.O.", "U.N.C.L.E": capitals separated by dots, the last dot optional, and no word
// character right after. One capital is no acronym (it would miss "M&S").
std::size_t AsciiWords::read_initials(char* out) {
  std::size_t p = at_;
  const std::size_t n = text_.size();
  char* w = out;
  do {
    *w++ = lower(text_[p++]);
  } while (p < n && text_[p] == '.' && ++p < n && has(text_[p], kUpper));
  if (w - out > 1 && (p >= n || !has(text_[p], kWord))) {
    at_ = p;
    return static_cast<std::size_t>(w - out);
  }
  return 0;
}

std::size_t AsciiWords::read_word(char* out) {
  const std::size_t n = text_.size();
  while (at_ < n && !has(text_[at_], kWord)) ++at_;
  if (at_ >= n) return 0;
  if (has(text_[at_], kUpper)) {
    if (const std::size_t length = read_initials(out)) return length;
  }
  char* w = out;
  while (true) {
    do {
      *w++ = lower(text_[at_]);
      if (++at_ >= n) return static_cast<std::size_t>(w - out);
    } while (has(text_[at_], kWord));
    // At a non-word character: it joins two words when it is an infix between them.
    if (at_ + 1 >= n || !has(text_[at_ + 1], kWord)) break;
    const char c = text_[at_];
    const bool infix = has(w[-1], kDigit) && has(text_[at_ + 1], kDigit)
                           ? (c == ',' || c == '.' || c == ';')
                           : (c == '\'' || c == '&');
    if (!infix) break;
    *w++ = c;
    ++at_;
  }
  // Suffixes: "c++", "c#", but not "fish+chips" and not more than three.
  char* const word_end = w;
  for (int count = 1; text_[at_] == '+' || text_[at_] == '#'; ++count) {
    if (count > 3) {
      w = word_end;
      break;
    }
    *w++ = text_[at_];
    if (++at_ >= n) return static_cast<std::size_t>(w - out);
  }
  if (has(text_[at_], kWord)) w = word_end;
  return static_cast<std::size_t>(w - out);
}

}  // namespace lectio::search
