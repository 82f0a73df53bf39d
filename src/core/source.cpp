#include "lectio/core/source.h"

#include <fmt/format.h>

#include <charconv>

#include "lectio/core/enum_names.h"

namespace lectio {

namespace {

constexpr EnumNames<Format, 6> kFormatNames{{{Format::kMarkdown, "markdown"},
                                             {Format::kText, "text"},
                                             {Format::kHtml, "html"},
                                             {Format::kPdf, "pdf"},
                                             {Format::kEpub, "epub"},
                                             {Format::kDocx, "docx"}}};

}  // namespace

std::string_view format_name(Format format) {
  return name_of(kFormatNames, format);
}

std::optional<Format> parse_format(std::string_view name) {
  return value_of(kFormatNames, name);
}

std::string chunk_id(std::string_view source_id, int ordinal) {
  return fmt::format("{}:c{:04d}", source_id, ordinal);
}

std::string Chunk::id() const {
  return chunk_id(source_id, ordinal);
}

std::string page_range(int page_start, int page_end) {
  return fmt::format("p{}-{}", page_start, page_end);
}

std::string ChunkRef::str() const {
  if (!version) return chunk_id(source_id, ordinal);
  return fmt::format("{}@v{}:c{:04d}", source_id, *version, ordinal);
}

namespace {

std::optional<int> parse_int(std::string_view s) {
  if (s.empty()) return std::nullopt;
  int value = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec != std::errc() || ptr != s.data() + s.size() || value < 0) return std::nullopt;
  return value;
}

}  // namespace

std::optional<ChunkRef> ChunkRef::parse(std::string_view text) {
  const auto colon = text.rfind(":c");
  if (colon == std::string_view::npos || colon == 0) return std::nullopt;
  auto ordinal = parse_int(text.substr(colon + 2));
  if (!ordinal) return std::nullopt;
  std::string_view head = text.substr(0, colon);
  ChunkRef ref;
  ref.ordinal = *ordinal;
  if (auto at = head.rfind("@v"); at != std::string_view::npos) {
    auto version = parse_int(head.substr(at + 2));
    if (!version || *version < 1 || at == 0) return std::nullopt;
    ref.version = *version;
    head = head.substr(0, at);
  }
  ref.source_id = std::string(head);
  return ref;
}

}  // namespace lectio
