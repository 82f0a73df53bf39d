#include "page_cache.h"

namespace lectio::web {

std::optional<CachedPage> PageCache::get(const std::string& key, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  const auto it = entries_.find(key);
  if (it == entries_.end()) return std::nullopt;
  if (it->second.version != version_.load(std::memory_order_relaxed) ||
      now - it->second.made > kLifetime) {
    entries_.erase(it);
    return std::nullopt;
  }
  return it->second.page;
}

void PageCache::put(const std::string& key, CachedPage page, Clock::time_point now) {
  const std::uint64_t version = version_.load(std::memory_order_relaxed);
  std::lock_guard lock(mutex_);
  // Pages are small and few; dropping everything when full is simpler than tracking use.
  if (entries_.size() >= kMaxEntries) entries_.clear();
  entries_[key] = Entry{std::move(page), now, version};
}

}  // namespace lectio::web
