#include "lectio/plan/plan_file.h"

#include <gtest/gtest.h>

#include "lectio/core/error.h"
#include "support/temp_dir.h"

namespace lectio::plan {

namespace {

// Expects the plan to fail with a one-line message starting with "p.yaml: " and holding `needle`.
void expect_error(const std::string& yaml, const std::string& needle) {
  try {
    parse_plan_file(yaml, "p.yaml", ".");
    ADD_FAILURE() << "expected an error mentioning " << needle;
  } catch (const InvalidInput& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind("p.yaml: ", 0), 0u) << what;
    EXPECT_NE(what.find(needle), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

constexpr const char* kMinimal =
    "title: T\nchapters:\n  - title: C\n    lessons:\n      - topic: A\n        insights: [x]\n";

}  // namespace

TEST(PlanFileTest, LoadsTheExamplePlan) {
  const auto path = testing::source_dir() / "examples/ai-hardware/plan.yaml";
  const PlanFile file = load_plan_file(path);
  EXPECT_EQ(file.title, "How AI hardware works");
  EXPECT_FALSE(file.description.empty());
  EXPECT_FALSE(file.audience.empty());
  ASSERT_EQ(file.chapters.size(), 4u);
  EXPECT_EQ(lesson_count(file), 8);
  for (const ChapterSpec& c : file.chapters) {
    EXPECT_FALSE(c.title.empty());
    for (const LessonSpec& l : c.lessons) {
      // Inherited from the plan.
      EXPECT_EQ(l.brief.plan, "How AI hardware works");
      EXPECT_EQ(l.brief.host, "Lena");
      EXPECT_EQ(l.brief.language, "en");
      ASSERT_TRUE(l.brief.minutes.has_value());
      EXPECT_DOUBLE_EQ(*l.brief.minutes, 4.0);
      EXPECT_EQ(l.brief.date, "2026-04-22");
      EXPECT_TRUE(l.dated);
      EXPECT_EQ(l.brief.base_dir, path.parent_path());
      EXPECT_GE(l.brief.insights.size(), 2u);
    }
  }
  EXPECT_EQ(file.chapters[1].lessons[0].label, "chapter 2, lesson 1");
}

TEST(PlanFileTest, InlineBriefsInheritButTheirOwnFieldsWin) {
  const PlanFile file = parse_plan_file(
      "title: Plan\nlanguage: en\nhost: Marcus\nstyle: deep\nsources: [a.md]\nchapters:\n"
      "  - title: C\n    lessons:\n"
      "      - {topic: One, insights: [x]}\n"
      "      - {topic: Two, insights: [y], host: Lena, style: quick, sources: [b.md]}\n"
      "      - {topic: Three, insights: [z], language: zh}\n",
      "p.yaml", "/base");
  const auto& lessons = file.chapters[0].lessons;
  EXPECT_EQ(file.host, "Marcus");
  EXPECT_EQ(lessons[0].brief.host, "Marcus");
  EXPECT_EQ(lessons[0].brief.style, lesson::Style::kDeep);
  EXPECT_EQ(lessons[0].brief.sources, std::vector<std::string>{"a.md"});
  EXPECT_EQ(lessons[0].brief.plan, "Plan");
  EXPECT_EQ(lessons[0].brief.base_dir, "/base");
  EXPECT_FALSE(lessons[0].dated);
  EXPECT_EQ(lessons[1].brief.host, "Lena");
  EXPECT_EQ(lessons[1].brief.style, lesson::Style::kQuick);
  EXPECT_EQ(lessons[1].brief.sources, std::vector<std::string>{"b.md"});
  // A lesson in another language keeps that language's own voice, not the plan's.
  EXPECT_EQ(lessons[2].brief.language, "zh");
  EXPECT_NE(lessons[2].brief.host, "Marcus");
}

TEST(PlanFileTest, BriefsByPathResolveAgainstThePlanAndJoinThePlan) {
  testing::TempDir dir;
  dir.write("briefs/one.yaml", "plan: Other\ntopic: One\ninsights: [x]\ndate: 2026-01-02\n");
  const auto plan = dir.write(
      "plan.yaml", "title: Mine\nchapters:\n  - title: C\n    lessons: [briefs/one.yaml]\n");
  const PlanFile file = load_plan_file(plan);
  const LessonSpec& l = file.chapters[0].lessons[0];
  EXPECT_EQ(l.brief.topic, "One");
  EXPECT_EQ(l.brief.plan, "Mine");
  EXPECT_TRUE(l.dated);
  EXPECT_EQ(l.brief.base_dir, dir.path() / "briefs");
  EXPECT_EQ(l.brief_path, (dir.path() / "briefs/one.yaml").string());
}

TEST(PlanFileTest, BadPlansNameTheFileAndTheField) {
  expect_error("title: [unclosed", "invalid YAML");
  expect_error("- a\n- b\n", "mapping");
  expect_error("chapters: []\n", "field 'title': is required");
  expect_error("title: T\n", "field 'chapters': must be a non-empty list");
  expect_error("title: T\nchapters: []\n", "field 'chapters'");
  expect_error(std::string(kMinimal) + "colour: red\n", "field 'colour': unknown field");
  expect_error("title: T\nchapters:\n  - lessons: [a.yaml]\n", "field 'chapters[1].title'");
  expect_error("title: T\nchapters:\n  - title: C\n", "field 'chapters[1].lessons'");
  expect_error("title: T\nlanguage: fr\nchapters: []\n", "field 'language'");
  expect_error("title: T\nhost: Mei\nchapters: []\n", "field 'host': host 'Mei' speaks zh");
  expect_error("title: T\nchapters:\n  - title: C\n    lessons:\n      - [1, 2]\n",
               "field 'chapters[1].lessons[1]'");
  // Errors inside an inline brief name the lesson and the brief's field.
  expect_error(
      "title: T\nchapters:\n  - title: C\n    lessons:\n      - {topic: A, insights: [x]}\n"
      "  - title: D\n    lessons:\n      - {insights: [x]}\n",
      "p.yaml: chapter 2, lesson 1: field 'topic': is required");
  // A field name that is a list (found by fuzz_plan: yaml-cpp's conversion threw past us).
  expect_error("title: T\nchapters:\n  - title: C\n    ? [a, b]\n    : x\n",
               "field 'chapters[1].?': a field name must be text");
  expect_error("? [a]\n: x\n", "field '?': a field name must be text");
}

TEST(PlanFileTest, AMissingBriefFileIsNamed) {
  testing::TempDir dir;
  const auto plan =
      dir.write("plan.yaml", "title: T\nchapters:\n  - title: C\n    lessons: [nowhere.yaml]\n");
  try {
    load_plan_file(plan);
    ADD_FAILURE() << "expected NotFound";
  } catch (const NotFound& e) {
    EXPECT_NE(std::string(e.what()).find("nowhere.yaml"), std::string::npos) << e.what();
  }
}

}  // namespace lectio::plan
