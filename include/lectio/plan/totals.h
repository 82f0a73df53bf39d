#pragma once
// Plan totals: listening time summed from the lessons' measured durations, formatted per
// language (text::format_duration), with the chapter count.
#include <string>
#include <string_view>
#include <vector>

#include "lectio/plan/plan.h"

namespace lectio::plan {

// "4 chapters" / "1 chapter" / "4 章".
std::string format_chapters(int chapters, std::string_view language);

// Sums the lessons that were built: measured seconds where there are some, else the
// estimate (counted in estimated_lessons, and the duration text gets a leading "~" / "约").
Totals compute_totals(const std::vector<PlanChapter>& chapters, std::string_view language);

}  // namespace lectio::plan
