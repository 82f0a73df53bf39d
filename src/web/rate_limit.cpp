#include "rate_limit.h"

#include <algorithm>
#include <cmath>

namespace lectio::web {

int RateLimiter::take(const std::string& key, Clock::time_point now) {
  const double rate = per_minute_ / 60.0;  // tokens per second
  std::lock_guard lock(mutex_);
  // Full buckets carry no information; dropping them keeps the map as small as the set of
  // clients that are actually being limited.
  if (buckets_.size() > 10000) {
    std::erase_if(buckets_, [&](const auto& entry) {
      const double idle = std::chrono::duration<double>(now - entry.second.updated).count();
      return entry.second.tokens + idle * rate >= per_minute_;
    });
  }
  auto [it, fresh] = buckets_.try_emplace(key, Bucket{static_cast<double>(per_minute_), now});
  Bucket& b = it->second;
  if (!fresh) {
    const double elapsed = std::chrono::duration<double>(now - b.updated).count();
    b.tokens = std::min<double>(per_minute_, b.tokens + elapsed * rate);
    b.updated = now;
  }
  if (b.tokens >= 1) {
    b.tokens -= 1;
    return 0;
  }
  return std::max(1, static_cast<int>(std::ceil((1 - b.tokens) / rate)));
}

}  // namespace lectio::web
