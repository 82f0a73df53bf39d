#pragma once
// Splits a Document into citable chunks along ICU sentence boundaries.
#include <string>
#include <vector>

#include "lectio/core/source.h"
#include "lectio/ingest/document.h"

namespace lectio::ingest {

struct ChunkOptions {
  int target_words = 160;  // a long section is cut into pieces of about this size
  int max_words = 200;     // no chunk goes past this, whatever the input
};

// Returns chunks in document order with ordinal, pages, heading path, text and word count set;
// source_id and version are left for the caller. Chunks cut a sentence (or a code block or
// table row) only when it alone is over max_words, then at word boundaries; they never span two
// sections (a heading starts a new chunk) and never span a page break between blocks. A chunk
// that starts or ends inside such a cut sentence says so (opens_ / closes_mid_sentence).
// `language` ("en", "zh") picks the sentence rules.
std::vector<Chunk> chunk_document(const Document& doc, const ChunkOptions& options,
                                  const std::string& language);

}  // namespace lectio::ingest
