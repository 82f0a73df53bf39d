#pragma once
// Explicit limits on what ingestion will read. Exceeding one is an InvalidInput error that
// names the file and the limit.
#include <cstdint>

namespace lectio::ingest {

struct Limits {
  std::uint64_t max_file_bytes = 64ull << 20;       // size of one input file
  std::uint64_t max_expanded_bytes = 256ull << 20;  // total bytes unpacked from one archive
  std::uint64_t max_archive_entries = 20000;        // entries in one EPUB/DOCX
  int max_pages = 20000;                            // pages read from one PDF
};

}  // namespace lectio::ingest
