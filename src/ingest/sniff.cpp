// Format detection: content first, extension second.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

#include "lectio/core/error.h"
#include "lectio/ingest/extract.h"
#include "lectio/text/strings.h"
#include "zip_reader.h"

namespace lectio::ingest {

namespace {

std::string lower_extension(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext;
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

std::string lower_head(std::string_view bytes, std::size_t n) {
  std::string head(bytes.substr(0, std::min(n, bytes.size())));
  std::transform(head.begin(), head.end(), head.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return head;
}

// Decides EPUB vs DOCX from the archive's entry names, without expanding anything. Opening
// counts the entries against limits.max_archive_entries, as extraction would.
Format sniff_zip(std::string_view bytes, const Limits& limits) {
  bool epub = false;
  bool docx = false;
  try {
    const ZipReader zip(bytes, "zip archive", limits);
    epub = zip.contains("META-INF/container.xml") || zip.contains("mimetype");
    docx = zip.contains("word/document.xml");
  } catch (const NotAZipArchive&) {
    throw InvalidInput("corrupt zip archive: cannot read its directory");
  }
  if (docx) return Format::kDocx;
  if (epub) return Format::kEpub;
  throw Unsupported("zip archive that is neither an EPUB nor a DOCX document");
}

bool looks_like_html(std::string_view bytes) {
  const std::string head = lower_head(bytes, 4096);
  const auto start = head.find_first_not_of(" \t\r\n\xef\xbb\xbf");
  if (start == std::string::npos) return false;
  const std::string_view h = std::string_view(head).substr(start);
  if (starts_with(h, "<!doctype html") || starts_with(h, "<html")) return true;
  if (starts_with(h, "<?xml") && head.find("<html") != std::string::npos) return true;
  return head.find("<body") != std::string::npos || head.find("<head>") != std::string::npos;
}

bool has_binary_bytes(std::string_view bytes) {
  const std::string_view head = bytes.substr(0, std::min<std::size_t>(bytes.size(), 8192));
  return head.find('\0') != std::string_view::npos;
}

}  // namespace

Format sniff_format(std::string_view bytes, const std::filesystem::path& path,
                    const Limits& limits) {
  const std::string ext = lower_extension(path);
  if (starts_with(bytes, "%PDF-")) return Format::kPdf;
  if (starts_with(bytes, "PK\x03\x04")) return sniff_zip(bytes, limits);
  if (ext == ".pdf") throw InvalidInput("not a PDF: the %PDF header is missing");
  if (ext == ".epub" || ext == ".docx") {
    throw InvalidInput(fmt::format("not a {} file: it is not a zip archive", ext.substr(1)));
  }
  if (has_binary_bytes(bytes)) throw InvalidInput("binary data, not a text document");
  if (!text::is_valid_utf8(bytes)) throw InvalidInput("not valid UTF-8 text");
  if (ext == ".html" || ext == ".htm" || ext == ".xhtml" || looks_like_html(bytes)) {
    return Format::kHtml;
  }
  if (ext == ".md" || ext == ".markdown" || ext == ".mdown") return Format::kMarkdown;
  return Format::kText;
}

}  // namespace lectio::ingest
