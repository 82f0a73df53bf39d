#pragma once
// A Range header read by RFC 9110 §14: only "bytes" ranges; the last byte clamped to the
// representation's end; overlapping or adjacent ranges coalesced; a request whose ranges are
// none satisfiable is 416; one that still asks for several separate parts, or that is
// malformed, is served whole (a server may ignore Range). Pure, for the file routes.
#include <cstdint>
#include <string_view>

namespace lectio::web {

struct ByteRange {
  enum class Kind { kWhole, kPart, kUnsatisfiable } kind = Kind::kWhole;
  std::uint64_t first = 0;  // kPart: the first and last byte, first <= last < size
  std::uint64_t last = 0;
};

ByteRange byte_range(std::string_view header, std::uint64_t size);

}  // namespace lectio::web
