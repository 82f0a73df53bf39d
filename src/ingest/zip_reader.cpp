#include "zip_reader.h"

#include <fmt/format.h>
#include <zip.h>

#include <algorithm>
#include <array>

#include "lectio/core/error.h"

namespace lectio::ingest {

namespace {

struct ZipFileCloser {
  void operator()(zip_file_t* file) const { zip_fclose(file); }
};

struct ZipSourceFreer {
  void operator()(zip_source_t* source) const { zip_source_free(source); }
};

struct ZipErrorGuard {
  zip_error_t error;
  ZipErrorGuard() { zip_error_init(&error); }
  ~ZipErrorGuard() { zip_error_fini(&error); }
  ZipErrorGuard(const ZipErrorGuard&) = delete;
  ZipErrorGuard& operator=(const ZipErrorGuard&) = delete;
};

constexpr std::size_t kReadChunk = 64 * 1024;

}  // namespace

void ZipReader::ZipCloser::operator()(zip* archive) const {
  // Read-only: nothing to write back, so discard rather than close.
  zip_discard(archive);
}

ZipReader::ZipReader(std::string_view bytes, std::string_view kind, const Limits& limits)
    : kind_(kind), max_expanded_(limits.max_expanded_bytes), max_xml_(limits.max_xml_bytes) {
  const std::string not_zip = fmt::format("corrupt {}: not a zip archive", kind_);
  if (bytes.empty()) throw NotAZipArchive(not_zip);

  ZipErrorGuard error;
  std::unique_ptr<zip_source_t, ZipSourceFreer> source(
      zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error.error));
  if (!source) throw NotAZipArchive(not_zip);
  zip_t* opened = zip_open_from_source(source.get(), ZIP_RDONLY, &error.error);
  if (!opened) throw NotAZipArchive(not_zip);
  // The archive now owns the source.
  source.release();
  archive_.reset(opened);

  const zip_int64_t count = zip_get_num_entries(opened, 0);
  if (count < 0) throw NotAZipArchive(not_zip);
  if (static_cast<std::uint64_t>(count) > limits.max_archive_entries) {
    throw InvalidInput(fmt::format("archive has more entries than the {}-entry limit",
                                   limits.max_archive_entries));
  }
  names_.reserve(static_cast<std::size_t>(count));
  for (zip_int64_t i = 0; i < count; ++i) {
    const char* name = zip_get_name(opened, static_cast<zip_uint64_t>(i), ZIP_FL_ENC_GUESS);
    names_.emplace_back(name ? name : "");
  }
}

ZipReader::~ZipReader() = default;

bool ZipReader::contains(const std::string& name) const {
  return zip_name_locate(archive_.get(), name.c_str(), 0) >= 0;
}

void ZipReader::fail_expanded() const {
  throw InvalidInput(fmt::format("archive expands past the {}-byte limit", max_expanded_));
}

std::optional<std::string> ZipReader::read(const std::string& name) {
  const zip_int64_t index = zip_name_locate(archive_.get(), name.c_str(), 0);
  if (index < 0) return std::nullopt;
  const auto entry = static_cast<zip_uint64_t>(index);
  const std::string unreadable = fmt::format("corrupt {}: cannot read {}", kind_, name);

  const std::uint64_t budget = max_expanded_ - std::min(expanded_, max_expanded_);
  zip_stat_t stat;
  zip_stat_init(&stat);
  if (zip_stat_index(archive_.get(), entry, 0, &stat) != 0) throw InvalidInput(unreadable);
  // A declared size over the budget is refused up front; a smaller one is only a hint.
  const bool sized = (stat.valid & ZIP_STAT_SIZE) != 0;
  if (sized && stat.size > budget) fail_expanded();

  std::unique_ptr<zip_file_t, ZipFileCloser> file(zip_fopen_index(archive_.get(), entry, 0));
  if (!file) throw InvalidInput(unreadable);

  std::string out;
  if (sized) out.reserve(static_cast<std::size_t>(stat.size));
  std::array<char, kReadChunk> chunk;
  for (;;) {
    const zip_int64_t n = zip_fread(file.get(), chunk.data(), chunk.size());
    if (n < 0) throw InvalidInput(unreadable);
    if (n == 0) break;
    expanded_ += static_cast<std::uint64_t>(n);
    if (expanded_ > max_expanded_) fail_expanded();
    out.append(chunk.data(), static_cast<std::size_t>(n));
  }
  return out;
}

bool ZipReader::read_xml(const std::string& name, pugi::xml_document& doc, unsigned options) {
  const std::optional<std::string> bytes = read(name);
  if (!bytes) return false;
  xml_ += bytes->size();
  if (xml_ > max_xml_) {
    throw InvalidInput(fmt::format("{} expands to over {} bytes of XML (the limit max_xml_bytes)",
                                   kind_, max_xml_));
  }
  // pugixml expands only the predefined and numeric entities, so no entity bombs.
  const pugi::xml_parse_result parsed = doc.load_buffer(bytes->data(), bytes->size(), options);
  if (!parsed)
    throw InvalidInput(fmt::format("corrupt {}: {} is not well-formed XML", kind_, name));
  return true;
}

std::string_view local_name(const pugi::xml_node& node) {
  const std::string_view name = node.name();
  const std::size_t colon = name.find(':');
  return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

pugi::xml_node child_named(const pugi::xml_node& node, std::string_view name) {
  for (pugi::xml_node child : node.children()) {
    if (child.type() == pugi::node_element && local_name(child) == name) return child;
  }
  return {};
}

}  // namespace lectio::ingest
