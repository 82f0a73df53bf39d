#include "lectio/core/clock.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>

namespace lectio {

std::int64_t unix_seconds_now() {
  const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  return now.time_since_epoch().count();
}

std::string utc_timestamp(long long seconds_from_now) {
  return utc_timestamp_at(unix_seconds_now() + seconds_from_now);
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

std::string utc_timestamp_at(std::int64_t unix_seconds) {
  return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}",
                     std::chrono::sys_seconds{std::chrono::seconds{unix_seconds}});
}

std::optional<std::int64_t> unix_seconds_of(std::string_view s) {
  if (!is_utc_timestamp(s)) return std::nullopt;
  const auto number = [&](std::size_t at, std::size_t n) {
    int v = 0;
    for (std::size_t i = at; i < at + n; ++i) v = v * 10 + (s[i] - '0');
    return v;
  };
  namespace chr = std::chrono;
  const chr::year_month_day date{chr::year{number(0, 4)},
                                 chr::month{static_cast<unsigned>(number(5, 2))},
                                 chr::day{static_cast<unsigned>(number(8, 2))}};
  const int h = number(11, 2), m = number(14, 2), sec = number(17, 2);
  if (!date.ok() || h > 23 || m > 59 || sec > 59) return std::nullopt;
  const chr::sys_seconds t =
      chr::sys_days{date} + chr::hours{h} + chr::minutes{m} + chr::seconds{sec};
  return t.time_since_epoch().count();
}

}  // namespace lectio
