#include "page_cache.h"

namespace lectio::web {

CachedPage CachedPage::split(std::string_view html, std::string_view placeholder) {
  CachedPage page;
  for (;;) {
    const std::size_t at = html.find(placeholder);
    page.parts.emplace_back(html.substr(0, at));
    if (at == std::string_view::npos) return page;
    html.remove_prefix(at + placeholder.size());
  }
}

std::string CachedPage::join(std::string_view token) const {
  std::size_t size = 0;
  for (const std::string& p : parts) size += p.size() + token.size();
  std::string out;
  out.reserve(size);
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += token;
    out += parts[i];
  }
  return out;
}

PageCache::Page PageCache::get(const std::string& key, Clock::time_point now, bool claim_refresh) {
  std::lock_guard lock(mutex_);
  const auto it = entries_.find(key);
  if (it == entries_.end()) return nullptr;
  Entry& e = it->second;
  if (e.version != version_.load(std::memory_order_relaxed)) {
    entries_.erase(it);  // something it shows changed: nobody gets the old page
    return nullptr;
  }
  if (now - e.made <= kLifetime || e.refreshing) return e.page;
  if (!claim_refresh) return nullptr;
  e.refreshing = true;  // this caller renders; the others keep the old page meanwhile
  return nullptr;
}

void PageCache::put(const std::string& key, Page page, std::uint64_t version_seen,
                    Clock::time_point now) {
  std::lock_guard lock(mutex_);
  // Pages are few; dropping everything when full is simpler than tracking use.
  if (entries_.size() >= kMaxEntries) entries_.clear();
  entries_[key] = Entry{std::move(page), now, version_seen, false};
}

}  // namespace lectio::web
