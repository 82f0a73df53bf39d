#pragma once
// A fixed budget of attempts per client address per minute (a token bucket that refills
// continuously), for sign-in and questions. Thread-safe.
#include <chrono>
#include <map>
#include <mutex>
#include <string>

namespace lectio::web {

class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;

  explicit RateLimiter(int per_minute) : per_minute_(per_minute) {}

  // Takes one attempt for key. Returns 0 when allowed, else the whole seconds to wait.
  int take(const std::string& key, Clock::time_point now = Clock::now());

 private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point updated;
  };
  const int per_minute_;
  std::mutex mutex_;
  std::map<std::string, Bucket> buckets_;
};

}  // namespace lectio::web
