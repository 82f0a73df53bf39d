#pragma once
// One file's bytes, gzip data uncompressed (read_document in extract.h builds on it).
#include <filesystem>

#include "lectio/ingest/extract.h"

namespace lectio::ingest {

// `path`'s bytes (at most limits.max_file_bytes), uncompressed when they are gzip data, under
// the name without ".gz". Throws NotFound, Io, or InvalidInput for corrupt gzip data or more
// than limits.max_file_bytes uncompressed.
[[nodiscard]] DocumentBytes read_uncompressed(const std::filesystem::path& path,
                                              const Limits& limits);

}  // namespace lectio::ingest
