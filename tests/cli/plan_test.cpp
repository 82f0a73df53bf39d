// `lectio plan ...` and `lectio plans` end to end: the real binary, store, index and composer.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::cli {

namespace {

namespace fs = std::filesystem;
using testing::run_lectio;

const char* const kNotes[] = {"gpu_execution", "memory_hierarchy",  "tensor_cores",
                              "interconnects", "inference_serving", "cost"};

// A data directory with the example notes added.
struct Library {
  testing::TempDir dir;
  std::string data = (dir.path() / "data").string();
  fs::path examples = testing::source_dir() / "examples/ai-hardware";

  Library() {
    for (const char* name : kNotes) {
      auto r =
          run_lectio({"--data", data, "add", (examples / (std::string(name) + ".md")).string()});
      EXPECT_EQ(r.exit_code, 0) << r.err;
    }
  }
};

nlohmann::json json_of(const testing::RunResult& r) {
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

}  // namespace

TEST(CliPlanTest, BuildsTheExamplePlanStoresItAndReusesItOnARerun) {
  Library lib;
  const std::string plan = (lib.examples / "plan.yaml").string();
  const auto built =
      json_of(run_lectio({"--data", lib.data, "plan", "build", plan, "--json", "--no-audio"}));
  EXPECT_EQ(built["title"], "How AI hardware works");
  EXPECT_EQ(built["totals"]["chapters"], 4);
  EXPECT_EQ(built["totals"]["lessons"], 8);
  EXPECT_EQ(built["build"]["composed"], 8);
  ASSERT_EQ(built["chapters"].size(), 4u);
  double sum = 0;
  for (const auto& c : built["chapters"]) {
    for (const auto& l : c["lessons"]) {
      EXPECT_EQ(l["status"], "built");
      sum += l["estimated_minutes"].get<double>() * 60;
      // Each lesson is stored and listed under the plan's title.
      const auto lesson = json_of(run_lectio({"--data", lib.data, "lessons", l["id"], "--json"}));
      EXPECT_EQ(lesson["plan"], "How AI hardware works");
    }
  }
  EXPECT_NEAR(built["totals"]["seconds"].get<double>(), sum, 1e-6);

  const auto plans = json_of(run_lectio({"--data", lib.data, "plans", "--json"}));
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_EQ(plans[0]["id"], built["id"]);
  EXPECT_EQ(plans[0]["totals"]["chapters"], 4);

  auto shown = run_lectio({"--data", lib.data, "plan", "show", built["slug"]});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_NE(shown.out.find("4 chapters · 8 lessons · ~"), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("Chapter 3. Many chips as one"), std::string::npos) << shown.out;

  const auto again = json_of(run_lectio(
      {"--data", lib.data, "plan", "build", plan, "--json", "--no-audio", "--jobs", "1"}));
  EXPECT_EQ(again["build"]["composed"], 0);
  EXPECT_EQ(again["build"]["reused"], 8);
  EXPECT_EQ(run_lectio({"--data", lib.data, "plan", "show", "plan_nope"}).exit_code, 1);
}

TEST(CliPlanTest, AFailingLessonIsReportedAndTheOthersAreKept) {
  Library lib;
  const auto file = lib.dir.write(
      "plan.yaml",
      "title: Partly broken\ndate: 2026-04-22\nminutes: 2\nchapters:\n  - title: Only\n"
      "    lessons:\n"
      "      - {topic: Warps, insights: [Why branch divergence wastes work], "
      "sources: [" +
          (lib.examples / "gpu_execution.md").string() +
          "]}\n"
          "      - {topic: Ghosts, insights: [Anything], sources: [file_ghost]}\n");
  auto r = run_lectio({"--data", lib.data, "plan", "build", file.string(), "--json", "--no-audio"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("chapter 1, lesson 2 (Ghosts): brief: field 'sources': unknown source "
                       "'file_ghost'"),
            std::string::npos)
      << r.err;
  const auto plan = nlohmann::json::parse(r.out);
  EXPECT_EQ(plan["chapters"][0]["lessons"][0]["status"], "built");
  EXPECT_EQ(plan["chapters"][0]["lessons"][1]["status"], "failed");
  EXPECT_EQ(plan["totals"]["failed_lessons"], 1);
  const auto lessons = json_of(run_lectio({"--data", lib.data, "lessons", "--json"}));
  EXPECT_EQ(lessons.size(), 1u);
}

TEST(CliPlanTest, BadPlanFilesGetOneLineErrors) {
  Library lib;
  const auto bad =
      lib.dir.write("bad.yaml", "title: T\nchapters:\n  - title: C\n    lessons: []\n");
  auto r = run_lectio({"--data", lib.data, "plan", "build", bad.string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("bad.yaml: field 'chapters[1].lessons': must be a non-empty list"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;
  r = run_lectio({"--data", lib.data, "plan", "build", (lib.dir.path() / "none.yaml").string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("none.yaml"), std::string::npos) << r.err;
  r = run_lectio({"--data", lib.data, "plan", "draft", "--goal", "x", "--chapters", "0"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("--chapters"), std::string::npos) << r.err;
}

TEST(CliPlanTest, DraftsAPlanFileThatBuildsAndFindsRelatedPlans) {
  Library lib;
  const std::string out = (lib.dir.path() / "draft.yaml").string();
  auto d = run_lectio({"--data", lib.data, "plan", "draft", "--goal", "how does a GPU work",
                       "--chapters", "4", "--out", out});
  ASSERT_EQ(d.exit_code, 0) << d.err;
  const std::string yaml = testing::slurp(out);
  EXPECT_NE(yaml.find("title: How does a GPU work?"), std::string::npos) << yaml;
  EXPECT_NE(yaml.find("chunks: ["), std::string::npos) << yaml;
  // The same draft on stdout, and restricted to some sources.
  auto printed = run_lectio(
      {"--data", lib.data, "plan", "draft", "--goal", "how does a GPU work", "--chapters", "4"});
  ASSERT_EQ(printed.exit_code, 0) << printed.err;
  EXPECT_EQ(printed.out, yaml);
  // --sources takes a comma-separated list of ids.
  std::string serving;
  std::string cost;
  for (const auto& s : json_of(run_lectio({"--data", lib.data, "sources", "--json"}))) {
    if (s["file_name"] == "inference_serving.md") serving = s["id"];
    if (s["file_name"] == "cost.md") cost = s["id"];
  }
  const auto some = run_lectio({"--data", lib.data, "plan", "draft", "--goal", "serving costs",
                                "--sources", serving + "," + cost, "--chapters", "2"});
  ASSERT_EQ(some.exit_code, 0) << some.err;
  EXPECT_NE(some.out.find(serving), std::string::npos);
  EXPECT_NE(some.out.find(cost), std::string::npos);
  EXPECT_EQ(some.out.find("gpu_execution"), std::string::npos) << some.out;

  const auto drafted =
      json_of(run_lectio({"--data", lib.data, "plan", "build", out, "--json", "--no-audio"}));
  EXPECT_EQ(drafted["totals"]["chapters"], 4);
  EXPECT_EQ(drafted["totals"]["failed_lessons"], 0);
  const auto example =
      json_of(run_lectio({"--data", lib.data, "plan", "build",
                          (lib.examples / "plan.yaml").string(), "--json", "--no-audio"}));
  const auto related =
      json_of(run_lectio({"--data", lib.data, "plan", "related", example["id"], "--json"}));
  ASSERT_EQ(related.size(), 1u);
  EXPECT_EQ(related[0]["id"], drafted["id"]);
  EXPECT_GT(related[0]["score"].get<double>(), 0.3);
}

}  // namespace lectio::cli
