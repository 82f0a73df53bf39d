// build_plan with real rendering: totals are the sum of the lessons' measured audio, and an
// unchanged plan renders nothing again. Lessons are one minute long, so this stays quick.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "lectio/compose/composer.h"
#include "lectio/pipeline/lesson_records.h"
#include "lectio/plan/builder.h"
#include "lectio/store/store.h"
#include "plan_fixture.h"

namespace lectio::plan {

namespace {

namespace fs = std::filesystem;

constexpr const char* kShortPlan =
    "title: Short audio plan\ndate: 2026-04-22\nminutes: 1\nchapters:\n"
    "  - title: Chips\n    lessons:\n"
    "      - {topic: Warps, insights: [How warps run in lockstep under SIMT], "
    "sources: [gpu_execution]}\n"
    "  - title: Money\n    lessons:\n"
    "      - {topic: Costs, insights: [Cost per token], sources: [cost]}\n";

std::vector<fs::path> files_with(const fs::path& dir, const std::string& extension) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == extension) out.push_back(e.path());
  }
  return out;
}

}  // namespace

TEST(PlanAudioTest, TotalsAreTheSumOfMeasuredDurationsAndRebuildsRenderNothing) {
  lectio::testing::TempDir dir;
  const fs::path data = dir.path() / "data";
  testing_support::add_source(data, testing_support::example_dir() / "gpu_execution.md",
                              "gpu_execution");
  testing_support::add_source(data, testing_support::example_dir() / "cost.md", "cost");
  const PlanFile file = parse_plan_file(kShortPlan, "short.yaml", dir.path());
  BuildOptions options;
  options.data_dir = data;
  options.audio_dir = dir.path() / "audio";
  options.jobs = 2;

  const BuildResult first = build_plan(file, options);
  ASSERT_EQ(first.failed, 0) << first.plan.chapters[0].lessons[0].error;
  EXPECT_EQ(first.rendered, 2);
  EXPECT_EQ(first.plan.totals.estimated_lessons, 0);

  // The sum of what the renderer measured, read back from its records beside the audio.
  double rendered_seconds = 0;
  for (const fs::path& record : files_with(options.audio_dir, ".json")) {
    if (record.string().find(".render.json") == std::string::npos) continue;
    rendered_seconds +=
        nlohmann::json::parse(lectio::testing::slurp(record))["seconds"].get<double>();
  }
  EXPECT_EQ(files_with(options.audio_dir, ".mp3").size(), 2u);
  double lesson_seconds = 0;
  auto store = store::open_content_store(data);
  for (const PlanChapter& c : first.plan.chapters) {
    const PlanLesson& l = c.lessons[0];
    ASSERT_TRUE(l.measured_seconds.has_value());
    const auto lesson = pipeline::load_lesson(*store, l.id);
    ASSERT_TRUE(lesson && lesson->duration.measured_seconds);
    EXPECT_DOUBLE_EQ(*lesson->duration.measured_seconds, *l.measured_seconds);
    lesson_seconds += *l.measured_seconds;
  }
  EXPECT_GT(lesson_seconds, 20);
  EXPECT_NEAR(first.plan.totals.seconds, lesson_seconds, 1e-9);
  EXPECT_NEAR(first.plan.totals.seconds, rendered_seconds, 1e-6);

  const BuildResult again = build_plan(file, options);
  EXPECT_EQ(again.rendered, 0);
  EXPECT_EQ(again.composed, 0);
  EXPECT_EQ(again.reused, 2);
  EXPECT_NEAR(again.plan.totals.seconds, first.plan.totals.seconds, 1e-9);

  // Audio that went missing is rendered again, and only for its lesson.
  fs::remove(files_with(options.audio_dir, ".mp3").front());
  const BuildResult repaired = build_plan(file, options);
  EXPECT_EQ(repaired.rendered, 1);
  EXPECT_EQ(repaired.composed, 0);
  EXPECT_EQ(files_with(options.audio_dir, ".mp3").size(), 2u);
}

}  // namespace lectio::plan
