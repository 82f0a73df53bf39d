#pragma once
// The index terms of one chunk. Private to the search module.
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/core/source.h"
#include "lectio/search/index.h"
#include "segment.h"
#include "vocabulary.h"

namespace lectio::search {

// Bumped whenever analysis or the document layout changes, so that old indexes are rebuilt.
inline constexpr std::string_view kIndexFormat = "6";

// The term for two words in a row (stop words between them skipped), from their "Z" terms.
std::string pair_term(std::string_view first, std::string_view second);

// Makes the terms of each chunk: the terms of the heading path and the text (CJK segmented,
// stemmed in the source's language) with their counts, and the pair terms. No positions:
// queries never read them (a quoted phrase asks for its pair terms, query.cpp). ASCII text is split
// by AsciiWords, anything else by Xapian's TermGenerator, with the same terms. It keeps a
// vocabulary per language from chunk to chunk, which is what makes indexing many chunks cheap.
// Not thread-safe.
class DocumentMaker {
 public:
  // Gives the sink every term of the chunk with its count (a pair term once per occurrence).
  void make(const Chunk& chunk, const Source& source, TermSink& sink);

 private:
  // A language's vocabulary and the numbers its terms have in the sink they were last given to
  // (kNone: not interned yet).
  struct Language {
    explicit Language(const std::string& name) : vocabulary(name) {}
    Vocabulary vocabulary;
    std::uint64_t sink = 0;
    std::vector<std::uint32_t> numbers;  // by term number
  };
  static constexpr std::uint32_t kNone = UINT32_MAX;

  Language& language(const std::string& name, const TermSink& sink);
  // Append the term numbers of a heading or of the text, in order, then -1 (no pair across).
  void add_ascii(std::string_view text, Vocabulary& vocabulary);
  void add_generated(std::string_view text, Vocabulary& vocabulary);
  void add_terms(TermSink& sink, Language& language);
  std::uint32_t number_of(TermSink& sink, Language& language, int term);

  std::map<std::string, std::unique_ptr<Language>, std::less<>> languages_;
  // Reused from chunk to chunk.
  std::vector<int> sequence_;  // term numbers in text order, -1 between heading and text
  std::vector<int> wdf_;       // by term number
  std::vector<int> seen_;      // the term numbers of this chunk
};

}  // namespace lectio::search
