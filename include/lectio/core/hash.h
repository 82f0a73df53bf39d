#pragma once
// Content digests: what identifies a file's bytes, a lesson's build key, a cached sentence.
#include <string>
#include <string_view>

namespace lectio {

// Hex BLAKE2b-256 digest of the bytes. Throws Internal when libsodium cannot initialise.
std::string content_hash(std::string_view bytes);

}  // namespace lectio
