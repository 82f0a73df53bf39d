#pragma once
// Explicit limits on what ingestion will read and what a document may expand to. Exceeding
// one is an InvalidInput error that names the file and the limit.
#include <cstdint>

namespace lectio::ingest {

struct Limits {
  std::uint64_t max_file_bytes = 64ull << 20;       // size of one input file
  std::uint64_t max_expanded_bytes = 256ull << 20;  // total bytes unpacked from one archive
  std::uint64_t max_archive_entries = 20000;        // entries in one EPUB/DOCX
  int max_pages = 20000;                            // pages read from one PDF
  // What a document may expand to, whatever its own size (a 600 KB DOCX can hold 200 MB of
  // XML): XML read from one EPUB/DOCX in all, paragraphs (blocks) of one document, chunks
  // stored for one source.
  std::uint64_t max_xml_bytes = 32ull << 20;
  std::uint64_t max_paragraphs = 100000;
  std::uint64_t max_chunks = 20000;
};

}  // namespace lectio::ingest
