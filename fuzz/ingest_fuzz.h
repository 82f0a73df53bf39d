#pragma once
// One harness body for every document format: extract, then chunk the document, so that the
// chunker sees what each extractor can produce.
#include "fuzz_support.h"
#include "lectio/ingest/chunker.h"
#include "lectio/ingest/extract.h"

namespace lectio::fuzz {

template <class Extract>
int fuzz_extract(const std::uint8_t* data, std::size_t size, Extract&& extract) {
  refuse_or_parse([&] {
    const ingest::Document doc = extract(as_text(data, size));
    // Alternate the sentence rules: the bytes decide, so a finding replays the same way.
    const std::string language = size % 2 ? "zh" : "en";
    for (const auto& chunk : ingest::chunk_document(doc, {}, language)) {
      if (chunk.word_count > ingest::ChunkOptions{}.max_words) __builtin_trap();
    }
  });
  return 0;
}

}  // namespace lectio::fuzz
