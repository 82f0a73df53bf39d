#pragma once
// The index terms of one language's words, numbered, for one indexing pass. Private to the
// search module.
#include <string>
#include <string_view>
#include <vector>

#include "lectio/text/stem.h"
#include "term_table.h"
#include "xapian_text.h"

namespace lectio::search {

// Maps words to their "Z" + stem index terms and numbers the terms, so that a document's terms
// are counted by number and each word is stemmed once a pass rather than once an occurrence.
// Bounded: clear() it when size() passes kMaxTerms (between documents: numbers handed out
// before are invalid after). Not thread-safe.
class Vocabulary {
 public:
  static constexpr std::size_t kMaxTerms = 1 << 18;  // about 40 MB of words, terms and stems

  explicit Vocabulary(std::string_view language);

  // Appends the numbers of the terms of the words of ASCII text (as AsciiWords splits and
  // lowercases them), leaving out words without a term (an empty stem). The words' lookups are
  // prefetched together, so that their cache misses overlap.
  void of_ascii_words(std::string_view text, std::vector<int>& out);
  // Appends the numbers of the terms of the words of any text, as Xapian's TermGenerator
  // splits and stems them (the same terms as of_ascii_words for ASCII text).
  void of_generated_words(std::string_view text, std::vector<int>& out);
  // The number of an index term ("Z" + stem).
  int of_term(const std::string& term);

  std::string_view term(int id) const { return ids_.text(static_cast<std::uint32_t>(id)); }
  bool is_stop(int id) const { return stop_[static_cast<std::size_t>(id)] != 0; }
  std::size_t size() const { return ids_.size(); }
  void clear();

 private:
  // The number of the term of a lowercased word, or -1 when it has none.
  int of_word(std::string_view word, std::uint64_t hash);

  text::Stemmer stemmer_;
  xapian_text::TermGenerator generator_;  // for text that is not ASCII
  xapian_text::GeneratedTerms generated_;
  std::vector<int> generated_ids_;  // by place in generated_.terms
  TermTable words_;                 // lowercased words, numbered
  std::vector<int> term_of_word_;   // by word number: its term's number, or -1
  TermTable ids_;                   // terms, numbered
  std::vector<char> stop_;
  std::string scratch_;
  // The words of one text being looked up, one after another, with their ends and hashes.
  std::string batch_;
  std::vector<std::uint32_t> batch_ends_;
  std::vector<std::uint64_t> batch_hashes_;
};

}  // namespace lectio::search
