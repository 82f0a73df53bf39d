#pragma once
// The Xapian document of one chunk: its terms, its filter terms and the data a Hit is read
// back from. Private to the search module.
#include <xapian.h>

#include <string>
#include <string_view>

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

// A term generator set up the way every chunk and query is analysed.
Xapian::TermGenerator make_term_generator();

// Indexes the heading path and the text (CJK segmented, stemmed in the source's language)
// with positions, so that phrases work, plus the filter terms and the unique chunk term.
Xapian::Document make_document(const Chunk& chunk, const Source& source,
                               Xapian::TermGenerator& generator);

// What the index keeps of a chunk. Not its text: snippets read that from the store, which
// keeps the index a third smaller and a quarter faster to build.
struct StoredChunk {
  Hit hit;  // everything but score and snippet
  std::string language;
};

// Throws Xapian::DatabaseCorruptError when the data is not what make_document wrote, so that
// a damaged document is handled like any other damage.
StoredChunk read_document(const Xapian::Document& document);

}  // namespace lectio::search
