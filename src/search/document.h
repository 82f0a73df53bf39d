#pragma once
// The Xapian document of one chunk: its terms, its filter terms and the data a Hit is read
// back from. Private to the search module.
#include <xapian.h>

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/core/source.h"
#include "lectio/search/index.h"
#include "vocabulary.h"

namespace lectio::search {

// Bumped whenever analysis or the document layout changes, so that old indexes are rebuilt.
inline constexpr std::string_view kIndexFormat = "4";

std::string source_term(std::string_view source_id);                // "XS<id>"
std::string version_term(std::string_view source_id, int version);  // "XV<id>@<version>"
std::string chunk_term(std::string_view source_id, int ordinal);    // "Q<chunk id>"

// The term for two words in a row (stop words between them skipped), from their "Z" terms.
std::string pair_term(std::string_view first, std::string_view second);

// Makes the Xapian document of each chunk: the terms of the heading path and the text (CJK
// segmented, stemmed in the source's language) with their counts, the pair terms, the filter
// terms and the unique chunk term. No positions: queries never read them (a quoted phrase asks
// for its pair terms, query.cpp), and they were a third of the index. ASCII text is split by
// AsciiWords, anything else by Xapian's TermGenerator, with the same terms. It keeps a
// vocabulary per language from chunk to chunk, which is what makes indexing many chunks cheap.
// Not thread-safe.
class DocumentMaker {
 public:
  Xapian::Document make(const Chunk& chunk, const Source& source);

 private:
  Vocabulary& vocabulary(const std::string& language);
  // Append the term numbers of a heading or of the text, in order, then -1 (no pair across).
  void add_ascii(std::string_view text, Vocabulary& vocabulary);
  void add_generated(std::string_view text, Vocabulary& vocabulary);
  void add_terms(Xapian::Document& doc, const Vocabulary& vocabulary);

  std::map<std::string, std::unique_ptr<Vocabulary>, std::less<>> vocabularies_;
  // Reused from chunk to chunk.
  std::vector<int> sequence_;  // term numbers in text order, -1 between heading and text
  std::vector<int> wdf_;       // by term number
  std::vector<int> seen_;      // the term numbers of this chunk
  std::vector<int> term_at_;   // by position, for the TermGenerator's documents
  std::string pair_;
};

// What the index keeps of a chunk. Not its text: snippets read that from the store, which
// keeps the index a third smaller and a quarter faster to build.
struct StoredChunk {
  Hit hit;  // everything but score and snippet
  std::string language;
};

// Throws Xapian::DatabaseCorruptError when the record is not what DocumentMaker::make wrote, so
// that a damaged document is handled like any other damage.
StoredChunk read_document(const Xapian::Document& document);

}  // namespace lectio::search
