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

bool AsciiWords::append_next(std::string& out) {
  const std::size_t base = out.size();
  while (read_word(out, base)) {
    if (out.size() - base <= kMaxWordBytes) return true;
    out.resize(base);
  }
  return false;
}

// "P.T.O.", "U.N.C.L.E": capitals separated by dots, the last dot optional, and no word
// character right after. One capital is no acronym (it would miss "M&S").
bool AsciiWords::read_initials(std::string& out, std::size_t base) {
  std::size_t p = at_;
  const std::size_t n = text_.size();
  do {
    out.push_back(lower(text_[p++]));
  } while (p < n && text_[p] == '.' && ++p < n && has(text_[p], kUpper));
  if (out.size() - base > 1 && (p >= n || !has(text_[p], kWord))) {
    at_ = p;
    return true;
  }
  out.resize(base);
  return false;
}

bool AsciiWords::read_word(std::string& out, std::size_t base) {
  const std::size_t n = text_.size();
  while (at_ < n && !has(text_[at_], kWord)) ++at_;
  if (at_ >= n) return false;
  if (has(text_[at_], kUpper) && read_initials(out, base)) return true;
  while (true) {
    // A run of word characters, copied at once and lowercased in place.
    const std::size_t start = at_;
    while (at_ < n && has(text_[at_], kWord)) ++at_;
    const std::size_t from = out.size();
    out.append(text_.data() + start, at_ - start);
    for (std::size_t i = from; i < out.size(); ++i) out[i] = lower(out[i]);
    if (at_ >= n) return true;
    // At a non-word character: it joins two words when it is an infix between them.
    if (at_ + 1 >= n || !has(text_[at_ + 1], kWord)) break;
    const char c = text_[at_];
    const bool infix = has(out.back(), kDigit) && has(text_[at_ + 1], kDigit)
                           ? (c == ',' || c == '.' || c == ';')
                           : (c == '\'' || c == '&');
    if (!infix) break;
    out.push_back(c);
    ++at_;
  }
  // Suffixes: "c++", "c#", but not "fish+chips" and not more than three.
  const std::size_t length = out.size();
  for (int count = 1; text_[at_] == '+' || text_[at_] == '#'; ++count) {
    if (count > 3) {
      out.resize(length);
      break;
    }
    out.push_back(text_[at_]);
    if (++at_ >= n) return true;
  }
  if (has(text_[at_], kWord)) out.resize(length);
  return true;
}

}  // namespace lectio::search
