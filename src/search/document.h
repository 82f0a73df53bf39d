#pragma once
// The Xapian document of one chunk: its terms, its filter terms and the data a Hit is read
// back from. Private to the search module.
#include <xapian.h>

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/core/source.h"
#include "lectio/search/index.h"

namespace lectio::search {

// Bumped whenever analysis or the document layout changes, so that old indexes are rebuilt.
inline constexpr std::string_view kIndexFormat = "2";

std::string source_term(std::string_view source_id);                // "XS<id>"
std::string version_term(std::string_view source_id, int version);  // "XV<id>@<version>"
std::string chunk_term(std::string_view source_id, int ordinal);    // "Q<chunk id>"

// The term for two words in a row (stop words between them skipped), from their "Z" terms.
std::string pair_term(std::string_view first, std::string_view second);

// Makes the Xapian document of each chunk: the heading path and the text (CJK segmented,
// stemmed in the source's language) with positions, so that phrases work, the pair terms, the
// filter terms and the unique chunk term. It keeps its term generator and one caching stemmer
// per language from chunk to chunk, which is what makes indexing many chunks cheap. Not
// thread-safe.
class DocumentMaker {
 public:
  DocumentMaker();
  Xapian::Document make(const Chunk& chunk, const Source& source);

 private:
  void add_pair_terms(Xapian::Document& doc);

  Xapian::TermGenerator generator_;
  std::map<std::string, Xapian::Stem, std::less<>> stemmers_;
  std::string language_;  // of the stemmer the generator has
  // Reused from chunk to chunk: the distinct terms of a document, and the term at each position.
  std::vector<std::string> terms_;
  std::vector<int> term_at_;  // index into terms_, -1 for no term at that position
};

// What the index keeps of a chunk. Not its text: snippets read that from the store, which
// keeps the index a third smaller and a quarter faster to build.
struct StoredChunk {
  Hit hit;  // everything but score and snippet
  std::string language;
};

// Throws Xapian::DatabaseCorruptError when the data is not what DocumentMaker::make wrote, so that
// a damaged document is handled like any other damage.
StoredChunk read_document(const Xapian::Document& document);

}  // namespace lectio::search
