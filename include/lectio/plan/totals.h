#pragma once
// Plan totals: listening time summed from the lessons' measured durations, formatted per
// language, with the chapter count.
#include <string>
#include <string_view>
#include <vector>

#include "lectio/plan/plan.h"

namespace lectio::plan {

// Rounded to the minute: "2 h 39 m", "45 m", "2 h" in English; "2 小时 39 分钟", "45 分钟"
// in Chinese. Anything under half a minute (but above zero) is "< 1 m" / "不到 1 分钟".
std::string format_duration(double seconds, std::string_view language);

// "4 chapters" / "1 chapter" / "4 章".
std::string format_chapters(int chapters, std::string_view language);

// Sums the lessons that were built: measured seconds where there are some, else the
// estimate (counted in estimated_lessons, and the duration text gets a leading "~" / "约").
Totals compute_totals(const std::vector<PlanChapter>& chapters, std::string_view language);

}  // namespace lectio::plan
