// `lectio plan build` with the LLM engine: the real binary against the chat test server.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "lesson_example.h"
#include "support/chat_server.h"
#include "support/fake_author.h"
#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::cli {

namespace {

using nlohmann::json;
using testing::run_lectio;

// Two lessons on the example notes; `extra` is added at the plan's top level.
std::string plan_file(Example& ex, const std::string& extra) {
  return ex.dir
      .write("plan.yaml", "title: Accelerators\ndate: 2026-04-22\nsources: [file_gpu001]\n" +
                              extra +
                              "chapters:\n"
                              "  - title: Basics\n"
                              "    lessons:\n"
                              "      - topic: Why GPUs\n"
                              "        insights: [Why GPUs became the default accelerator]\n"
                              "      - topic: Where TPUs win\n"
                              "        insights: [Where TPUs are strongest]\n")
      .string();
}

bool mentions(const json& node, const std::string& word) {
  if (node.is_string()) return node.get<std::string>().find(word) != std::string::npos;
  if (!node.is_structured()) return false;
  for (const auto& child : node) {
    if (mentions(child, word)) return true;
  }
  return false;
}

json stored(const Example& ex, const std::string& id) {
  const auto r = run_lectio({"--data", ex.data, "lessons", id, "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return json::parse(r.out);
}

}  // namespace

TEST(CliLlmPlanTest, BuildsEveryLessonWithTheModelAndReusesThemOnlyForTheSameEngine) {
  Example ex;
  testing::FakeAuthor author;
  testing::ChatServer server(author.handler());
  const std::string plan = plan_file(ex, "");
  const std::vector<std::string> llm = {"--engine",        "llm",         "--llm-base-url",
                                        server.base_url(), "--llm-model", "plan-model"};
  std::vector<std::string> args = {"--data", ex.data,      "plan",  "build",
                                   plan,     "--no-audio", "--json"};
  args.insert(args.end(), llm.begin(), llm.end());
  const auto built = run_lectio(args);
  ASSERT_EQ(built.exit_code, 0) << built.err;
  const json result = json::parse(built.out);
  EXPECT_EQ(result["build"]["composed"], 2);
  const std::size_t calls = server.calls().size();
  EXPECT_GT(calls, 0u);
  for (const auto& chapter : result["chapters"]) {
    for (const auto& entry : chapter["lessons"]) {
      const json lesson = stored(ex, entry["id"]);
      EXPECT_EQ(lesson["engine"], "llm:plan-model");
      EXPECT_FALSE(mentions(lesson["script"], "Zorblax")) << lesson["script"];
      EXPECT_FALSE(mentions(lesson["faq"], "Zorblax"));
    }
  }

  const auto again = run_lectio(args);
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(json::parse(again.out)["build"]["reused"], 2);
  EXPECT_EQ(server.calls().size(), calls) << "reused lessons ask the model nothing";

  // The built-in engine's lessons of the same plan are other lessons.
  const auto plain = run_lectio({"--data", ex.data, "plan", "build", plan, "--no-audio", "--json"});
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  const json extractive = json::parse(plain.out);
  EXPECT_EQ(extractive["build"]["composed"], 2);
  const std::string id = extractive["chapters"][0]["lessons"][0]["id"];
  EXPECT_NE(id, result["chapters"][0]["lessons"][0]["id"].get<std::string>());
  EXPECT_EQ(stored(ex, id)["engine"], "extractive");
}

TEST(CliLlmPlanTest, APlanAskingForTheModelWithoutAServerFailsBeforeBuilding) {
  Example ex;
  const std::string plan = plan_file(ex, "engine: llm\n");
  const auto r = run_lectio({"--data", ex.data, "plan", "build", plan, "--no-audio"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "lectio: error: " + plan +
                       ": chapter 1, lesson 1: field 'engine': llm needs a model server: set "
                       "--llm-base-url and --llm-model (or LECTIO_LLM_BASE_URL and "
                       "LECTIO_LLM_MODEL)\n");
  EXPECT_EQ(json::parse(run_lectio({"--data", ex.data, "plans", "--json"}).out).size(), 0u);
  EXPECT_EQ(json::parse(run_lectio({"--data", ex.data, "lessons", "--json"}).out).size(), 0u);

  const auto bogus = run_lectio(
      {"--data", ex.data, "plan", "build", plan_file(ex, "engine: gpt\n"), "--no-audio"});
  EXPECT_EQ(bogus.exit_code, 1);
  EXPECT_NE(bogus.err.find("field 'engine': must be extractive or llm"), std::string::npos)
      << bogus.err;
}

TEST(CliLlmPlanTest, APlanAskingForTheModelUsesTheServerFromTheEnvironment) {
  Example ex;
  testing::FakeAuthor author;
  testing::ChatServer server(author.handler());
  const auto r = run_lectio(
      {"--data", ex.data, "plan", "build", plan_file(ex, "engine: llm\n"), "--no-audio", "--json"},
      {"LECTIO_LLM_BASE_URL=" + server.base_url(), "LECTIO_LLM_MODEL=env-model"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json result = json::parse(r.out);
  EXPECT_EQ(stored(ex, result["chapters"][0]["lessons"][1]["id"])["engine"], "llm:env-model");
}

}  // namespace lectio::cli
