#pragma once
// Format sniffing and extraction. Each function throws InvalidInput or Unsupported with a
// message that states the reason only; callers prefix the file name.
#include <filesystem>
#include <string>
#include <string_view>

#include "lectio/core/source.h"
#include "lectio/ingest/document.h"
#include "lectio/ingest/limits.h"

namespace lectio::ingest {

// A document file's bytes and the name its format is read from. A gzip-compressed file
// ("README.gz", "sed.info.gz": how Debian ships much of /usr/share/doc and /usr/share/info)
// is read uncompressed, under its name without ".gz".
struct DocumentBytes {
  std::string bytes;
  std::filesystem::path name;
};

// Reads `path` (at most limits.max_file_bytes), uncompressing gzip data up to
// limits.max_file_bytes of document. A split GNU Info manual's main file ("find.info.gz",
// whose "Indirect:" table names "find.info-1", "find.info-2") is read with its parts from
// beside it, in order. Throws NotFound or Io, and InvalidInput for corrupt gzip data, a
// document over the limit or a part that is missing or not beside it (naming it).
DocumentBytes read_document(const std::filesystem::path& path, const Limits& limits);

// Decides the format from the bytes first and the file extension second. Throws InvalidInput
// for binary data that is not a supported container, for text that is not valid UTF-8, and
// for a zip archive with more entries than limits.max_archive_entries.
Format sniff_format(std::string_view bytes, const std::filesystem::path& path,
                    const Limits& limits);

// Extracts blocks from a whole file's bytes in the given format.
Document extract(std::string_view bytes, Format format, const Limits& limits);

Document extract_text(std::string_view bytes);
Document extract_markdown(std::string_view bytes);
Document extract_html(std::string_view bytes);
Document extract_pdf(std::string_view bytes, const Limits& limits);
Document extract_epub(std::string_view bytes, const Limits& limits);
Document extract_docx(std::string_view bytes, const Limits& limits);

}  // namespace lectio::ingest
