#pragma once
// A content-addressed store of what a speech server answered for one sentence, so that a
// re-render of an unchanged lesson sends no request. Private to the speech module.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace lectio::speech {

class SentenceCache {
 public:
  // `dir` is created on the first put.
  explicit SentenceCache(std::filesystem::path dir) : dir_(std::move(dir)) {}

  // `key` is a hex content hash; `ext` names the file's kind for a person browsing the cache.
  std::optional<std::string> get(std::string_view key, std::string_view ext) const;

  // Stores atomically (a reader never sees half an entry). A failure to write is ignored:
  // the cache only saves requests, it must not fail a render that has its audio.
  void put(std::string_view key, std::string_view ext, std::string_view bytes) const;

 private:
  std::filesystem::path file(std::string_view key, std::string_view ext) const;
  std::filesystem::path dir_;
};

}  // namespace lectio::speech
