#pragma once
// The words of ASCII text exactly as Xapian's TermGenerator finds them, without going through
// it: indexing most chunks (Latin-script, plain ASCII) needs no Unicode tables, no positions
// and no intermediate document. Text with any other byte goes through the TermGenerator
// (document.cpp). Private to the search module.
#include <cstddef>
#include <string>
#include <string_view>

namespace lectio::search {

// True when every byte of the text is below 0x80.
bool is_ascii(std::string_view text);

// Splits ASCII text into lowercased words by TermGenerator's rules (Xapian 1.4): runs of letters,
// digits and '_'; an apostrophe or '&' between word characters and ',' '.' ';' between digits
// join ("don't", "AT&T", "3.14"); initials with dots make one word ("U.S.A." -> "usa"); up to
// three '+' or '#' end a word ("c++") unless a word character follows. Words longer than
// kMaxWordBytes are skipped, as the generator skips them. Not thread-safe (one per pass).
class AsciiWords {
 public:
  static constexpr std::size_t kMaxWordBytes = 64;  // TermGenerator's default max_word_length

  explicit AsciiWords(std::string_view text) : text_(text) {}

  // Writes the next word at `out` and returns its length, or 0 at the end of the text. A word
  // is never longer than the text it was read from, so room for the whole text is enough for
  // all its words written one after another.
  std::size_t next(char* out);

 private:
  // One word of any length written at `out`: its length, 0 at the end.
  std::size_t read_word(char* out);
  std::size_t read_initials(char* out);

  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace lectio::search
