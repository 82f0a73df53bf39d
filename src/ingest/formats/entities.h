#pragma once
#include <string>
#include <string_view>

namespace lectio::ingest {

// Decodes one character reference such as "&amp;", "&#233;" or "&#x4E2D;". An unknown name
// comes back unchanged, as a browser would show it.
std::string decode_entity(std::string_view entity);

}  // namespace lectio::ingest
