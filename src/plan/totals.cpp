#include "lectio/plan/totals.h"

#include <fmt/format.h>

#include "lectio/text/duration.h"

namespace lectio::plan {

std::string format_chapters(int chapters, std::string_view language) {
  if (language == "zh") return fmt::format("{} 章", chapters);
  return fmt::format("{} chapter{}", chapters, chapters == 1 ? "" : "s");
}

Totals compute_totals(const std::vector<PlanChapter>& chapters, std::string_view language) {
  Totals t;
  t.chapters = static_cast<int>(chapters.size());
  for (const PlanChapter& c : chapters) {
    for (const PlanLesson& l : c.lessons) {
      if (l.status == LessonStatus::kFailed) {
        ++t.failed_lessons;
        continue;
      }
      ++t.lessons;
      if (l.measured_seconds) {
        t.seconds += *l.measured_seconds;
        continue;
      }
      // Built with --no-audio: only the script's estimate is known.
      t.seconds += l.estimated_minutes * 60.0;
      ++t.estimated_lessons;
    }
  }
  const std::string text = text::format_duration(t.seconds, language);
  t.duration = t.estimated_lessons == 0 ? text : (language == "zh" ? "约 " : "~") + text;
  return t;
}

}  // namespace lectio::plan
