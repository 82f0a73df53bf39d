#pragma once
// Passwords and secret tokens for accounts: argon2id password hashes, random URL-safe tokens
// and the digests under which tokens are stored. Built on libsodium, which stays out of this
// header. Every function is thread-safe.
#include <cstddef>
#include <string>
#include <string_view>

namespace lectio {

// The longest password accepted, in bytes: a limit on the work one sign-in request can cause.
inline constexpr std::size_t kMaxPasswordBytes = 1024;

// An argon2id hash of the password in the standard encoded form ("$argon2id$v=19$m=...,t=...,
// p=...$salt$hash"), with a fresh random salt and libsodium's interactive cost. Throws
// InvalidInput for an empty password or one over kMaxPasswordBytes, Internal when the hash
// cannot be computed (out of memory).
std::string hash_password(std::string_view password);

// True when `password` matches an encoded hash made by hash_password. False for a wrong
// password, an empty or too long one, and a hash that is malformed; never throws for those.
bool verify_password(std::string_view password, std::string_view hash);

// `bytes` random bytes from the system CSPRNG, as URL-safe base64 without padding (a 32-byte
// token is 43 characters of A-Z a-z 0-9 - _). Throws InvalidInput unless 1 <= bytes <= 1024.
std::string random_token(std::size_t bytes = 32);

// Hex BLAKE2b-256 of a token. Session tokens are stored only as this digest, so a copy of the
// database does not hand out live sessions.
std::string token_digest(std::string_view token);

}  // namespace lectio
