#include "manifest.h"

#include <fmt/format.h>

#include <optional>
#include <sstream>

#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/core/file.h"
#include "segment.h"
#include "segment_format.h"

namespace fs = std::filesystem;

namespace lectio::search {

namespace {

constexpr std::string_view kFirstLine = "lectio-index";
// About 50 bytes a source: room for millions of sources.
constexpr std::uintmax_t kMaxManifestBytes = std::uintmax_t{256} << 20;

// The manifest is lines of text: "lectio-index FORMAT", "generation G", "next-batch B", one
// "segment FILE BATCH DOCUMENTS" per segment, one "source VERSION BATCH ID" per source (the id
// last, as it may hold spaces), and "checksum HEX" of every byte before that line.
std::string encode(const Manifest& m) {
  std::string out = fmt::format("{} {}\ngeneration {}\nnext-batch {}\n", kFirstLine, m.format,
                                m.generation, m.next_batch);
  for (const ManifestSegment& s : m.segments) {
    out += fmt::format("segment {} {} {}\n", s.file, s.batch, s.documents);
  }
  for (const auto& [id, s] : m.sources)
    out += fmt::format("source {} {} {}\n", s.version, s.batch, id);
  const std::uint64_t sum =
      format::checksum(reinterpret_cast<const unsigned char*>(out.data()), out.size());
  out += fmt::format("checksum {:016x}\n", sum);
  return out;
}

Manifest decode(const std::string& text) {
  const std::size_t mark = text.rfind("checksum ");
  if (mark == std::string::npos ||
      fmt::format("checksum {:016x}\n",
                  format::checksum(reinterpret_cast<const unsigned char*>(text.data()), mark)) !=
          text.substr(mark)) {
    throw IndexDamage("manifest checksum mismatch");
  }
  Manifest m;
  std::istringstream in(text.substr(0, mark));
  std::string line;
  bool first = true;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string kind;
    fields >> kind;
    if (first) {
      if (kind != kFirstLine) throw IndexDamage("not a manifest");
      fields >> m.format;
      first = false;
    } else if (kind == "generation") {
      fields >> m.generation;
    } else if (kind == "next-batch") {
      fields >> m.next_batch;
    } else if (kind == "segment") {
      ManifestSegment s;
      fields >> s.file >> s.batch >> s.documents;
      m.segments.push_back(std::move(s));
    } else if (kind == "source") {
      ManifestSource s;
      fields >> s.version >> s.batch;
      fields.get();  // the space before the id
      std::string id;
      std::getline(fields, id);
      m.sources[id] = s;
    } else {
      throw IndexDamage(fmt::format("unknown manifest line \"{}\"", line));
    }
    if (fields.fail()) throw IndexDamage(fmt::format("bad manifest line \"{}\"", line));
  }
  if (first) throw IndexDamage("empty manifest");
  return m;
}

}  // namespace

fs::path manifest_path(const fs::path& dir) {
  return dir / "manifest";
}

std::optional<Manifest> read_manifest(const fs::path& dir) {
  std::string text;
  try {
    text = read_file(manifest_path(dir), kMaxManifestBytes);
  } catch (const NotFound&) {
    return std::nullopt;
  } catch (const InvalidInput& e) {
    throw IndexDamage(e.what());  // a directory, or far larger than any manifest written
  }
  return decode(text);
}

void write_manifest(const fs::path& dir, const Manifest& manifest) {
  write_file_atomic(manifest_path(dir), encode(manifest));  // durable, rename included
}

}  // namespace lectio::search
