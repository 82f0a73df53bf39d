#pragma once
// Whole rendered pages for visitors who are not signed in, who all see the same page but for
// their CSRF token: a page is kept split at the token, so that serving it is one join. An entry
// lives until the app changes something it may show (reviews, publishing: invalidate()) or
// for a few seconds, which bounds how stale a page gets when another process (the command
// line) rebuilds a lesson or plan. When an entry grows old, one request renders it again while
// the others are still served the old one. Thread-safe.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace lectio::web {

struct CachedPage {
  std::vector<std::string> parts;  // the HTML, split where the CSRF token goes

  // Splits html at every occurrence of placeholder.
  static CachedPage split(std::string_view html, std::string_view placeholder);
  std::string join(std::string_view token) const;
};

class PageCache {
 public:
  using Clock = std::chrono::steady_clock;
  using Page = std::shared_ptr<const CachedPage>;
  static constexpr std::size_t kMaxEntries = 512;
  static constexpr std::chrono::seconds kLifetime{10};

  // The page, or nullptr when the caller should render it (and put() it). A caller that
  // will not render (claim_refresh false) gets nullptr for an old page without taking the
  // renderer's turn, so the next caller that can render does.
  Page get(const std::string& key, Clock::time_point now = Clock::now(), bool claim_refresh = true);
  // version_seen is version() from before the page was rendered, so that a change made while
  // rendering is not hidden behind the new entry.
  void put(const std::string& key, Page page, std::uint64_t version_seen,
           Clock::time_point now = Clock::now());
  // Call after any change a cached page may show.
  void invalidate() { version_.fetch_add(1, std::memory_order_relaxed); }
  std::uint64_t version() const { return version_.load(std::memory_order_relaxed); }

 private:
  struct Entry {
    Page page;
    Clock::time_point made;
    std::uint64_t version = 0;
    bool refreshing = false;  // one request is rendering a newer copy
  };
  std::atomic<std::uint64_t> version_{0};
  std::mutex mutex_;
  std::map<std::string, Entry, std::less<>> entries_;
};

}  // namespace lectio::web
