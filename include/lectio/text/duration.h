#pragma once
// The one way a listening time is written for people, in every language Lectio speaks: the web's
// lesson and plan cards, plan totals, the command line.
#include <string>
#include <string_view>

namespace lectio::text {

// Rounded to the minute: "45 min", "2 h 39 min", "2 h" in English; "45 分钟", "2 小时 39 分钟",
// "2 小时" in Chinese. Above zero but under half a minute is "< 1 min" / "不到 1 分钟"; zero or
// less (nothing measured) is "0 min" / "0 分钟". Languages other than "zh" are written in English.
std::string format_duration(double seconds, std::string_view language);

}  // namespace lectio::text
