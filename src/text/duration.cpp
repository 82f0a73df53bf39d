#include "lectio/text/duration.h"

#include <fmt/format.h>

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

}  // namespace lectio::text
