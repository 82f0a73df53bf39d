#pragma once
// SHA-1, only for Anki's note checksum (csum: the first 8 hex digits of the SHA-1 of the
// note's first field), which its duplicate check compares. Not for security.
#include <array>
#include <cstdint>
#include <string_view>

namespace lectio::study {

std::array<std::uint8_t, 20> sha1(std::string_view bytes);

}  // namespace lectio::study
