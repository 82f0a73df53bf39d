#include "lectio/plan/totals.h"

#include <gtest/gtest.h>

namespace lectio::plan {

namespace {

PlanLesson lesson(std::optional<double> measured, double estimated_minutes,
                  LessonStatus status = LessonStatus::kBuilt) {
  PlanLesson l;
  l.measured_seconds = measured;
  l.estimated_minutes = estimated_minutes;
  l.status = status;
  return l;
}

}  // namespace

TEST(TotalsTest, CountsChapters) {
  EXPECT_EQ(format_chapters(4, "en"), "4 chapters");
  EXPECT_EQ(format_chapters(1, "en"), "1 chapter");
  EXPECT_EQ(format_chapters(4, "zh"), "4 章");
}

TEST(TotalsTest, SumsMeasuredSecondsAndLeavesOutFailedLessons) {
  const std::vector<PlanChapter> chapters = {
      {"One", {lesson(600.5, 9), lesson(1200.25, 30)}},
      {"Two", {lesson(std::nullopt, 0, LessonStatus::kFailed), lesson(7739.25, 1)}}};
  const Totals t = compute_totals(chapters, "en");
  EXPECT_DOUBLE_EQ(t.seconds, 600.5 + 1200.25 + 7739.25);
  EXPECT_EQ(t.chapters, 2);
  EXPECT_EQ(t.lessons, 3);
  EXPECT_EQ(t.failed_lessons, 1);
  EXPECT_EQ(t.estimated_lessons, 0);
  EXPECT_EQ(t.duration, "2 h 39 min");
}

TEST(TotalsTest, EstimatesAreUsedOnlyWithoutAudioAndAreMarked) {
  const std::vector<PlanChapter> chapters = {{"One", {lesson(60, 5), lesson(std::nullopt, 4)}}};
  const Totals t = compute_totals(chapters, "en");
  EXPECT_DOUBLE_EQ(t.seconds, 60 + 4 * 60);
  EXPECT_EQ(t.estimated_lessons, 1);
  EXPECT_EQ(t.duration, "~5 min");
  EXPECT_EQ(compute_totals(chapters, "zh").duration, "约 5 分钟");
}

}  // namespace lectio::plan
