#include "sentence_cache.h"

#include <fmt/format.h>

#include "lectio/core/data_dir.h"
#include "lectio/core/error.h"
#include "lectio/core/file.h"

namespace lectio::speech {

namespace {

// A sentence of speech is well under a minute; anything larger is not one of ours.
constexpr std::uintmax_t kMaxEntryBytes = 64u << 20;

}  // namespace

std::filesystem::path SentenceCache::file(std::string_view key, std::string_view ext) const {
  // Two-character fan-out keeps directories small for libraries of thousands of lessons.
  return dir_ / std::string(key.substr(0, 2)) / fmt::format("{}.{}", key, ext);
}

std::optional<std::string> SentenceCache::get(std::string_view key, std::string_view ext) const {
  const auto path = file(key, ext);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  try {
    return read_file(path, kMaxEntryBytes);
  } catch (const Error&) {
    return std::nullopt;  // unreadable: ask the server again
  }
}

void SentenceCache::put(std::string_view key, std::string_view ext, std::string_view bytes) const {
  const auto path = file(key, ext);
  try {
    ensure_dir(path.parent_path());
    write_file_atomic(path, bytes);
  } catch (const Error&) {
  }
}

}  // namespace lectio::speech
