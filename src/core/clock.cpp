#include "lectio/core/clock.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>

namespace lectio {

std::string utc_timestamp(long long seconds_from_now) {
  const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}", now + std::chrono::seconds(seconds_from_now));
}

std::string utc_date() {
  const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  return fmt::format("{:%Y-%m-%d}", now);
}

bool is_utc_timestamp(std::string_view s) {
  constexpr std::string_view kShape = "dddd-dd-ddTdd:dd:ddZ";
  if (s.size() != kShape.size()) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const bool ok = kShape[i] == 'd' ? (s[i] >= '0' && s[i] <= '9') : s[i] == kShape[i];
    if (!ok) return false;
  }
  return true;
}

}  // namespace lectio
