#pragma once
// JSON shapes of the records the CLI prints (and, later, the HTTP API returns).
#include <nlohmann/json.hpp>

#include "lectio/core/source.h"

namespace lectio::cli {

nlohmann::ordered_json to_json(const Source& source);
// A chunk with the citation fields of its source: file name, pages, origin URL.
nlohmann::ordered_json to_json(const Chunk& chunk, const Source& source);

}  // namespace lectio::cli
