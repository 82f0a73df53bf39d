#include "byte_range.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <vector>

namespace lectio::web {

namespace {

// Parts past this many are not worth reading: the header is ignored (the whole is sent).
constexpr std::size_t kMaxParts = 16;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::optional<std::uint64_t> number(std::string_view s) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return n;
}

struct Spec {
  bool ok = false;  // well-formed
  bool satisfiable = false;
  std::uint64_t first = 0;
  std::uint64_t last = 0;
};

// One "first-last", "first-" or "-suffix", resolved against the size.
Spec read_spec(std::string_view text, std::uint64_t size) {
  Spec spec;
  const std::size_t dash = text.find('-');
  if (dash == std::string_view::npos) return spec;
  const std::string_view a = text.substr(0, dash);
  const std::string_view b = text.substr(dash + 1);
  if (a.empty()) {  // the last n bytes
    const auto n = number(b);
    if (!n) return spec;
    spec.ok = true;
    spec.satisfiable = *n > 0 && size > 0;
    spec.first = size - std::min(*n, size);
    spec.last = size == 0 ? 0 : size - 1;
    return spec;
  }
  const auto first = number(a);
  const auto last = b.empty() ? std::optional<std::uint64_t>(UINT64_MAX) : number(b);
  if (!first || !last || *last < *first) return spec;
  spec.ok = true;
  spec.satisfiable = *first < size;
  spec.first = *first;
  spec.last = std::min(*last, size == 0 ? 0 : size - 1);
  return spec;
}

}  // namespace

ByteRange byte_range(std::string_view header, std::uint64_t size) {
  header = trim(header);
  if (header.substr(0, 6) != "bytes=") return {};
  header.remove_prefix(6);
  std::vector<Spec> parts;
  std::size_t seen = 0;
  while (!header.empty()) {
    const std::size_t comma = header.find(',');
    const std::string_view item = trim(header.substr(0, comma));
    header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
    if (item.empty()) continue;  // RFC 9110 lists allow empty elements
    const Spec spec = read_spec(item, size);
    if (!spec.ok || ++seen > kMaxParts) return {};
    if (spec.satisfiable) parts.push_back(spec);
  }
  if (seen == 0) return {};
  if (parts.empty()) return {ByteRange::Kind::kUnsatisfiable, 0, 0};
  std::sort(parts.begin(), parts.end(),
            [](const Spec& x, const Spec& y) { return x.first < y.first; });
  Spec merged = parts.front();
  for (const Spec& p : parts) {
    if (p.first > merged.last + 1) return {};  // separate parts: the whole, once
    merged.last = std::max(merged.last, p.last);
  }
  return {ByteRange::Kind::kPart, merged.first, merged.last};
}

}  // namespace lectio::web
