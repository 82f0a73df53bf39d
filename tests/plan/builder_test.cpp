// build_plan without audio: real store, index and composer over the example notes.
#include "lectio/plan/builder.h"

#include <gtest/gtest.h>

#include <set>

#include "lectio/compose/composer.h"
#include "lectio/pipeline/lesson_records.h"
#include "lectio/plan/plan.h"
#include "lectio/store/store.h"
#include "plan_fixture.h"

namespace lectio::plan {

namespace {

using testing_support::add_example_notes;
using testing_support::add_source;
using testing_support::example_dir;

struct Fixture {
  lectio::testing::TempDir dir;
  std::filesystem::path data = dir.path() / "data";
  Fixture() { add_example_notes(data); }

  BuildResult build(const PlanFile& file, int jobs = 2) {
    BuildOptions options;
    options.data_dir = data;
    options.audio = false;
    options.jobs = jobs;
    return build_plan(file, options);
  }
};

constexpr const char* kThreeLessons =
    "title: Three lessons\ndate: 2026-04-22\nminutes: 2\nchapters:\n"
    "  - title: One\n    lessons:\n"
    "      - {topic: Warps, insights: [How warps run in lockstep under SIMT], sources: "
    "[gpu_execution]}\n"
    "      - {topic: Late, insights: [Cooling a data center], sources: [file_late]}\n"
    "  - title: Two\n    lessons:\n"
    "      - {topic: Costs, insights: [Cost per token], sources: [cost]}\n";

}  // namespace

TEST(PlanBuilderTest, BuildsTheExamplePlanAndStoresItWithItsLessons) {
  Fixture f;
  const PlanFile file = load_plan_file(example_dir() / "plan.yaml");
  std::vector<int> reported;
  BuildOptions options;
  options.data_dir = f.data;
  options.audio = false;
  options.jobs = 3;
  options.on_lesson = [&](const LessonOutcome&, int done, int total) {
    EXPECT_EQ(total, 8);
    reported.push_back(done);
  };
  const BuildResult r = build_plan(file, options);
  EXPECT_EQ(reported, (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(r.failed, 0);
  EXPECT_EQ(r.composed, 8);
  EXPECT_EQ(r.rendered, 0);
  EXPECT_EQ(r.plan.totals.chapters, 4);
  EXPECT_EQ(r.plan.totals.lessons, 8);
  EXPECT_EQ(r.plan.totals.estimated_lessons, 8);  // no audio: estimates, marked as such
  EXPECT_EQ(r.plan.totals.duration.rfind("~", 0), 0u) << r.plan.totals.duration;

  auto store = store::open_content_store(f.data);
  const auto stored = load_plan(*store, r.plan.id);
  ASSERT_TRUE(stored.has_value());
  EXPECT_EQ(plan_to_json(*stored), plan_to_json(r.plan));
  EXPECT_EQ(load_plan(*store, r.plan.slug)->id, r.plan.id);
  double estimated = 0;
  std::set<std::string> ids;
  for (const PlanChapter& c : stored->chapters) {
    for (const PlanLesson& l : c.lessons) {
      const auto lesson = pipeline::load_lesson(*store, l.id);
      ASSERT_TRUE(lesson.has_value()) << l.id;
      EXPECT_EQ(lesson->plan, "How AI hardware works");
      EXPECT_EQ(lesson->title, l.title);
      EXPECT_GE(lesson->grounding.supported_share, 0.9) << l.id;
      estimated += lesson->duration.estimated_minutes * 60;
      ids.insert(l.id);
    }
  }
  EXPECT_EQ(ids.size(), 8u);
  EXPECT_NEAR(stored->totals.seconds, estimated, 1e-6);
}

TEST(PlanBuilderTest, AnUnchangedPlanIsReusedWhole) {
  Fixture f;
  const PlanFile file = load_plan_file(example_dir() / "plan.yaml");
  const BuildResult first = f.build(file);
  ASSERT_EQ(first.composed, 8);
  const BuildResult again = f.build(file, 1);
  EXPECT_EQ(again.composed, 0);
  EXPECT_EQ(again.reused, 8);
  Plan expected = first.plan;
  for (PlanChapter& c : expected.chapters) {
    for (PlanLesson& l : c.lessons) l.status = LessonStatus::kReused;
  }
  EXPECT_EQ(plan_to_json(again.plan), plan_to_json(expected));
  EXPECT_EQ(again.plan.tags, (std::vector<std::string>{"AI", "Hardware", "GPUs"}));
  auto store = store::open_content_store(f.data);
  EXPECT_EQ(list_plans(*store).size(), 1u);  // replaced, not added
}

TEST(PlanBuilderTest, AFailedLessonLosesNoOtherAndARerunResumes) {
  Fixture f;
  const PlanFile file = parse_plan_file(kThreeLessons, "three.yaml", f.dir.path());
  const BuildResult first = f.build(file);
  EXPECT_EQ(first.failed, 1);
  EXPECT_EQ(first.composed, 2);
  const PlanLesson& broken = first.plan.chapters[0].lessons[1];
  EXPECT_EQ(broken.status, LessonStatus::kFailed);
  EXPECT_NE(broken.error.find("unknown source 'file_late'"), std::string::npos) << broken.error;
  EXPECT_EQ(broken.label, "chapter 1, lesson 2");
  EXPECT_EQ(first.plan.totals.failed_lessons, 1);
  EXPECT_EQ(first.plan.totals.lessons, 2);
  {
    auto store = store::open_content_store(f.data);
    ASSERT_TRUE(load_plan(*store, first.plan.id).has_value());  // stored despite the failure
    for (const auto* l : {&first.plan.chapters[0].lessons[0], &first.plan.chapters[1].lessons[0]}) {
      EXPECT_TRUE(pipeline::load_lesson(*store, l->id).has_value()) << l->id;
    }
  }
  // The missing source arrives; the re-run builds only the lesson that failed.
  add_source(f.data, example_dir() / "interconnects.md", "late");
  const BuildResult second = f.build(file);
  EXPECT_EQ(second.failed, 0);
  EXPECT_EQ(second.composed, 1);
  EXPECT_EQ(second.reused, 2);
  EXPECT_EQ(second.plan.chapters[0].lessons[1].status, LessonStatus::kBuilt);
  EXPECT_EQ(second.plan.chapters[0].lessons[0].status, LessonStatus::kReused);
}

TEST(PlanBuilderTest, AChangedSourceRebuildsOnlyTheLessonsThatUseIt) {
  Fixture f;
  const PlanFile file = parse_plan_file(kThreeLessons, "three.yaml", f.dir.path());
  add_source(f.data, example_dir() / "interconnects.md", "late");
  ASSERT_EQ(f.build(file).composed, 3);
  // A new version of file_cost.
  const auto changed = f.dir.write(
      "cost.md", lectio::testing::slurp(example_dir() / "cost.md") +
                     "\nThe cost per token also depends on how long the answers are.\n");
  add_source(f.data, changed, "cost");
  const BuildResult again = f.build(file);
  EXPECT_EQ(again.composed, 1);
  EXPECT_EQ(again.reused, 2);
  EXPECT_EQ(again.plan.chapters[1].lessons[0].status, LessonStatus::kBuilt);
}

}  // namespace lectio::plan
