#include "lectio/core/password.h"

#include <fmt/format.h>
#include <sodium.h>

#include <cstring>

#include "lectio/core/error.h"
#include "lectio/core/hash.h"

namespace lectio {

namespace {

constexpr std::size_t kMaxTokenBytes = 1024;

// sodium_init() is safe to call more than once, but it must have returned before any other
// libsodium call; a function-local static makes that happen once, thread-safely.
void ensure_sodium() {
  static const int init = sodium_init();
  if (init < 0) throw Internal("libsodium failed to initialise");
}

}  // namespace

std::string hash_password(std::string_view password) {
  if (password.empty()) throw InvalidInput("password: must not be empty");
  if (password.size() > kMaxPasswordBytes) {
    throw InvalidInput(
        fmt::format("password: longer than {} bytes ({})", kMaxPasswordBytes, password.size()));
  }
  ensure_sodium();
  char out[crypto_pwhash_STRBYTES];
  // The algorithm is named rather than left to crypto_pwhash_str's default (argon2id since
  // libsodium 1.0.15), so that a different libsodium cannot quietly change it.
  if (crypto_pwhash_str_alg(out, password.data(), password.size(),
                            crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE,
                            crypto_pwhash_ALG_ARGON2ID13) != 0) {
    throw Internal("password: cannot compute the argon2id hash (out of memory)");
  }
  return out;
}

bool verify_password(std::string_view password, std::string_view hash) {
  if (password.empty() || password.size() > kMaxPasswordBytes) return false;
  if (hash.empty() || hash.size() >= crypto_pwhash_STRBYTES) return false;
  ensure_sodium();
  const std::string encoded(hash);  // libsodium wants a NUL-terminated string
  return crypto_pwhash_str_verify(encoded.c_str(), password.data(), password.size()) == 0;
}

std::string random_token(std::size_t bytes) {
  if (bytes == 0 || bytes > kMaxTokenBytes) {
    throw InvalidInput(
        fmt::format("random token: {} bytes asked for, must be 1 to {}", bytes, kMaxTokenBytes));
  }
  ensure_sodium();
  std::string raw(bytes, '\0');
  randombytes_buf(raw.data(), raw.size());
  constexpr int kVariant = sodium_base64_VARIANT_URLSAFE_NO_PADDING;
  std::string out(sodium_base64_ENCODED_LEN(bytes, kVariant), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(raw.data()),
                    raw.size(), kVariant);
  sodium_memzero(raw.data(), raw.size());
  out.resize(std::strlen(out.c_str()));  // the encoded length counts the terminating NUL
  return out;
}

std::string token_digest(std::string_view token) {
  return content_hash(token);
}

}  // namespace lectio
