#pragma once
// Rendered page bodies for visitors who are not signed in, who all see the same page. An entry
// lives until the app changes something it may show (reviews, publishing: version()) or for
// a few seconds, which bounds how stale a page gets when another process (the command line)
// rebuilds a lesson or plan. Thread-safe.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace lectio::web {

struct CachedPage {
  std::string title;
  std::string body;
};

class PageCache {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::size_t kMaxEntries = 512;
  static constexpr std::chrono::seconds kLifetime{10};

  std::optional<CachedPage> get(const std::string& key, Clock::time_point now = Clock::now());
  void put(const std::string& key, CachedPage page, Clock::time_point now = Clock::now());
  // Call after any change a cached page may show.
  void invalidate() { version_.fetch_add(1, std::memory_order_relaxed); }

 private:
  struct Entry {
    CachedPage page;
    Clock::time_point made;
    std::uint64_t version = 0;
  };
  std::atomic<std::uint64_t> version_{0};
  std::mutex mutex_;
  std::map<std::string, Entry> entries_;
};

}  // namespace lectio::web
