#pragma once
// A content-addressed store of what a speech server answered for one sentence, so that a
// re-render of an unchanged lesson sends no request; the clip and unit caches are kept the
// same way. Bounded by trim(): least recently used entries go first. Private to the speech
// module.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace lectio::speech {

class SentenceCache {
 public:
  // `dir` is created on the first put.
  explicit SentenceCache(std::filesystem::path dir) : dir_(std::move(dir)) {}

  // `key` is a hex content hash; `ext` names the file's kind for a person browsing the cache.
  // A hit marks the entry used now (its mtime), so that trim() keeps it longest.
  std::optional<std::string> get(std::string_view key, std::string_view ext) const;

  // Stores atomically (a reader never sees half an entry). A failure to write is ignored:
  // the cache only saves requests, it must not fail a render that has its audio.
  void put(std::string_view key, std::string_view ext, std::string_view bytes) const;

  // Removes the least recently used entries (oldest mtime first) until the entries hold at
  // most `max_bytes`, never one whose key is in `keep` (what the caller's render uses), so the
  // cache may stay over the bound by those alone. Files another writer is still staging
  // (dot-names) are neither counted nor removed. Safe beside other processes using the same
  // directory: a removed entry is only a miss for them. Returns the bytes the entries then
  // hold. Never throws: a cache that cannot be trimmed must not fail a finished render.
  std::uintmax_t trim(std::uintmax_t max_bytes, const std::set<std::string>& keep) const;

 private:
  std::filesystem::path file(std::string_view key, std::string_view ext) const;
  std::filesystem::path dir_;
};

}  // namespace lectio::speech
