#pragma once
// The one JSON shape of sources and chunks, published by the web API (docs/api.md:
// GET /api/sources and the chunk_list of GET /api/sources/{id}) and printed by the command
// line's `sources`, `chunks` and `show --json`. The web adds its own `url` to a source.
#include <string>
#include <vector>

#include "lectio/core/source.h"

namespace lectio::ingest {

// A source: {id, version, title, file_name, origin_url, format, language, pages, chunks,
// bytes, added_at}. `indent` as in nlohmann::json::dump: -1 for one line.
std::string source_to_json(const Source& source, int indent = 2);
// A JSON array of source_to_json objects.
std::string sources_to_json(const std::vector<Source>& sources, int indent = 2);

// A chunk of a source version: {id, ordinal, pages, heading_path, text, words,
// opens_mid_sentence, closes_mid_sentence}; `pages` reads like "p1-2".
std::string chunk_to_json(const Chunk& chunk, int indent = 2);
// A JSON array of chunk_to_json objects.
std::string chunks_to_json(const std::vector<Chunk>& chunks, int indent = 2);

}  // namespace lectio::ingest
