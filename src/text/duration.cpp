#include "lectio/text/duration.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace lectio::text {

namespace {

// The words of a duration, per language. Pattern arguments: hours, minutes.
struct DurationWords {
  const char* none;
  const char* under_a_minute;
  const char* minutes;
  const char* hours;
  const char* hours_minutes;
};

constexpr DurationWords kEnglish = {"0 min", "< 1 min", "{1} min", "{0} h", "{0} h {1} min"};
constexpr DurationWords kChinese = {"0 分钟", "不到 1 分钟", "{1} 分钟", "{0} 小时",
                                    "{0} 小时 {1} 分钟"};

}  // namespace

std::string format_duration(double seconds, std::string_view language) {
  const DurationWords& words = language == "zh" ? kChinese : kEnglish;
  if (!(seconds > 0)) return words.none;
  const long minutes = std::lround(seconds / 60.0);
  if (minutes == 0) return words.under_a_minute;
  const long h = minutes / 60;
  const long m = minutes % 60;
  const char* pattern = h == 0 ? words.minutes : (m == 0 ? words.hours : words.hours_minutes);
  return fmt::format(fmt::runtime(pattern), h, m);
}

std::string format_clock(double seconds) {
  const long long total = seconds > 0 ? static_cast<long long>(std::floor(seconds)) : 0;
  if (total >= 3600) {
    return fmt::format("{}:{:02}:{:02}", total / 3600, total / 60 % 60, total % 60);
  }
  return fmt::format("{}:{:02}", total / 60, total % 60);
}

std::string format_length(double estimated_minutes, std::optional<double> measured_seconds,
                          std::string_view language) {
  if (measured_seconds && *measured_seconds > 0) return format_clock(*measured_seconds);
  return (language == "zh" ? "约 " : "~") + format_duration(estimated_minutes * 60, language);
}

std::string restate_length(std::string description, double estimated_minutes,
                           double measured_seconds) {
  // The composer's rounding (compose/phrasing.cpp, Phrasing::description).
  const int m = std::max(1, static_cast<int>(estimated_minutes + 0.5));
  const std::string clock = format_clock(measured_seconds);
  const std::pair<std::string, std::string> phrases[] = {
      {fmt::format("In about {} minutes,", m), fmt::format("In {},", clock)},
      {fmt::format("用大约{}分钟", m), fmt::format("用{}", clock)}};
  for (const auto& [estimate, measured] : phrases) {
    if (const std::size_t at = description.find(estimate); at != std::string::npos) {
      description.replace(at, estimate.size(), measured);
      return description;
    }
  }
  return description;
}

}  // namespace lectio::text
