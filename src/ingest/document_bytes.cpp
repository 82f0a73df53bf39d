// A document's bytes: one file, uncompressed, or the parts of a split Info manual joined.
#include <fmt/format.h>

#include <string>
#include <string_view>
#include <vector>

#include "formats/info.h"
#include "gzip.h"
#include "lectio/core/error.h"
#include "lectio/ingest/extract.h"

namespace lectio::ingest {

namespace {

// A split manual has at most this many parts (the largest GNU manuals have a few dozen).
constexpr std::size_t kMaxInfoParts = 100;

// The parts a split Info manual's main file names in its "Indirect:" table ("find.info-1:
// 1201"), in order; empty for a manual in one file.
std::vector<std::string> indirect_parts(std::string_view bytes) {
  const std::size_t table = bytes.find("\x1f\nIndirect:\n");
  if (table == std::string_view::npos) return {};
  std::vector<std::string> parts;
  std::size_t pos = table + 12;
  while (pos < bytes.size() && bytes[pos] != '\x1f') {
    std::size_t eol = bytes.find('\n', pos);
    if (eol == std::string_view::npos) eol = bytes.size();
    const std::string_view line = bytes.substr(pos, eol - pos);
    pos = eol + 1;
    const std::size_t colon = line.find(": ");
    if (colon != std::string_view::npos && colon > 0) parts.emplace_back(line.substr(0, colon));
  }
  return parts;
}

// Whether `part` is a part of the manual named `main` ("find.info-2" of "find.info"): a plain
// file name beside it, never a path.
bool is_part_of(std::string_view part, const std::string& main) {
  if (part.find('/') != std::string_view::npos || part.find('\\') != std::string_view::npos) {
    return false;
  }
  if (part.substr(0, main.size() + 1) != main + "-") return false;
  const std::string_view number = part.substr(main.size() + 1);
  return !number.empty() && number.size() <= 3 &&
         number.find_first_not_of("0123456789") == std::string_view::npos;
}

// The split manual's text: its main file, then each part read from beside it ("find.info-1"
// or "find.info-1.gz"), all of them together held to limits.max_file_bytes.
void join_info_parts(DocumentBytes& doc, const std::vector<std::string>& parts,
                     const std::filesystem::path& dir, const Limits& limits) {
  if (parts.size() > kMaxInfoParts) {
    throw InvalidInput(fmt::format("an Info manual split into {} parts, over the limit of {}",
                                   parts.size(), kMaxInfoParts));
  }
  const std::string main = doc.name.filename().string();
  for (const std::string& part : parts) {
    if (!is_part_of(part, main)) {
      throw InvalidInput(
          fmt::format("the Info manual names '{}' as a part: not a part of {}", part, main));
    }
    std::filesystem::path file = dir / part;
    if (!std::filesystem::exists(file)) file = dir / (part + ".gz");
    if (!std::filesystem::exists(file)) {
      throw InvalidInput(fmt::format(
          "the Info manual is split into parts and its part {} is not beside it", part));
    }
    const DocumentBytes read = read_uncompressed(file, limits);
    // A part opens with makeinfo's line again before its first node: only its nodes join.
    const std::size_t nodes = read.bytes.find('\x1f');
    const std::string_view text = nodes == std::string::npos
                                      ? std::string_view()
                                      : std::string_view(read.bytes).substr(nodes);
    if (doc.bytes.size() + text.size() > limits.max_file_bytes) {
      throw InvalidInput(
          fmt::format("the Info manual's parts come to more than {} bytes, the limit for one file "
                      "(max_file_bytes)",
                      limits.max_file_bytes));
    }
    doc.bytes += text;
  }
}

}  // namespace

DocumentBytes read_document(const std::filesystem::path& path, const Limits& limits) {
  DocumentBytes doc = read_uncompressed(path, limits);
  if (!is_info(doc.bytes)) return doc;
  const std::vector<std::string> parts = indirect_parts(doc.bytes);
  if (!parts.empty()) join_info_parts(doc, parts, path.parent_path(), limits);
  return doc;
}

}  // namespace lectio::ingest
