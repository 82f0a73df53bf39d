#pragma once
// Each sentence's synthesised clip (trimmed, at the engine's rate) by content: the key is the
// renderer version, the voice's settings and the exact text the engine is given, so that an
// edited lesson synthesises only the sentences whose spoken text changed and reuses the
// others' samples bit for bit (issue 32). Kept in <out_dir>/clips through SentenceCache,
// within RenderOptions::cache.clip_bytes.
// Private to the speech module.
#include <filesystem>
#include <optional>
#include <string>

#include "lectio/speech/pcm.h"
#include "lectio/voices/hosts.h"
#include "sentence_cache.h"

namespace lectio::speech {

class ClipCache {
 public:
  // The cache of a render into `out_dir`.
  explicit ClipCache(const std::filesystem::path& out_dir) : cache_(out_dir / "clips") {}

  static std::string key(const voices::Host& voice, const std::string& spoken);

  // std::nullopt when missing or unreadable (then synthesise again).
  std::optional<Pcm> get(const std::string& key) const;
  // Stores atomically; a failure to write is ignored, like SentenceCache's.
  void put(const std::string& key, const Pcm& clip) const;
  // SentenceCache::trim: the least recently used clips go until at most max_bytes are left.
  std::uintmax_t trim(std::uintmax_t max_bytes, const std::set<std::string>& keep) const {
    return cache_.trim(max_bytes, keep);
  }

 private:
  SentenceCache cache_;
};

}  // namespace lectio::speech
