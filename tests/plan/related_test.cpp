// related_plans over real built plans.
#include "lectio/plan/related.h"

#include <gtest/gtest.h>

#include "lectio/core/error.h"
#include "lectio/plan/builder.h"
#include "lectio/store/store.h"
#include "plan_fixture.h"

namespace lectio::plan {

namespace {

using testing_support::add_source;
using testing_support::example_dir;

Plan build(const std::filesystem::path& data, const std::string& yaml,
           const std::filesystem::path& base) {
  BuildOptions options;
  options.data_dir = data;
  options.audio = false;
  const BuildResult r = build_plan(parse_plan_file(yaml, "p.yaml", base), options);
  EXPECT_EQ(r.failed, 0);
  return r.plan;
}

std::string one_lesson_plan(const std::string& title, const std::string& topic,
                            const std::string& insight, const std::string& source) {
  return "title: " + title + "\ndate: 2026-04-22\nminutes: 2\nchapters:\n  - title: Only\n" +
         "    lessons:\n      - {topic: " + topic + ", insights: [" + insight + "], sources: [" +
         source + "]}\n";
}

}  // namespace

TEST(RelatedPlansTest, RanksPlansOnTheSameSubjectFirst) {
  lectio::testing::TempDir dir;
  const auto data = dir.path() / "data";
  add_source(data, example_dir() / "memory_hierarchy.md", "memory");
  add_source(data, example_dir() / "tensor_cores.md", "tensor");
  add_source(data, lectio::testing::source_dir() / "examples/gpu-tpu/gpu_tpu_lesson_notes.md",
             "gpu001");
  add_source(data,
             dir.write("bread.md",
                       "# Baking bread\n\n## Starters\n\nA sourdough starter is flour and water "
                       "that wild yeast and bacteria ferment over several days. Feeding the "
                       "starter every day keeps the yeast active and the bread rising well.\n\n"
                       "## Proving\n\nBread dough proves slowly in a cool kitchen overnight, "
                       "which gives the loaf more flavour and a more open crumb.\n"),
             "bread");
  const Plan memory = build(
      data,
      one_lesson_plan("Memory", "GPU memory", "High-bandwidth memory and its capacity", "memory"),
      dir.path());
  const Plan tensor = build(
      data, one_lesson_plan("Tensor", "Tensor cores", "What a tensor core computes", "tensor"),
      dir.path());
  const Plan bread = build(
      data, one_lesson_plan("Bread", "Sourdough", "Feeding the starter", "bread"), dir.path());

  auto store = store::open_content_store(data);
  const auto related = related_plans(*store, memory.id, 3);
  ASSERT_GE(related.size(), 1u);
  EXPECT_EQ(related[0].id, tensor.id);
  for (const RelatedPlan& r : related) {
    EXPECT_NE(r.id, memory.id);  // never itself
    EXPECT_GT(r.score, 0);
    EXPECT_LE(r.score, 1.0 + 1e-9);
  }
  if (related.size() > 1) {
    EXPECT_GT(related[0].score, related[1].score);
  }

  // By slug, with k = 1.
  const auto top = related_plans(*store, bread.slug, 1);
  ASSERT_LE(top.size(), 1u);

  // For a lesson: its own plan is left out.
  const std::string lesson_id = memory.chapters[0].lessons[0].id;
  const auto for_lesson = related_plans(*store, lesson_id, 3);
  ASSERT_FALSE(for_lesson.empty());
  EXPECT_EQ(for_lesson[0].id, tensor.id);
  for (const RelatedPlan& r : for_lesson) EXPECT_NE(r.id, memory.id);

  EXPECT_THROW(related_plans(*store, "plan_nope", 3), NotFound);
  EXPECT_THROW(related_plans(*store, memory.id, 0), InvalidInput);
}

}  // namespace lectio::plan
