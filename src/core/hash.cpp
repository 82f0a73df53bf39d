#include "lectio/core/hash.h"

#include <sodium.h>

#include "lectio/core/error.h"

namespace lectio {

std::string content_hash(std::string_view bytes) {
  static const int init = sodium_init();
  if (init < 0) throw Internal("libsodium failed to initialise");
  unsigned char digest[crypto_generichash_BYTES];
  crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(bytes.data()),
                     bytes.size(), nullptr, 0);
  char hex[sizeof digest * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return std::string(hex);
}

}  // namespace lectio
