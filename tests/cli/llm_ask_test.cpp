// `lectio ask --engine llm` end to end: the model writes the answer from the retrieved chunks,
// every sentence is checked by the verifier, and what it invents never reaches the answer.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "lesson_example.h"
#include "support/chat_server.h"
#include "support/fake_author.h"
#include "support/run.h"

namespace lectio::cli {

namespace {

using nlohmann::json;
using testing::run_lectio;

std::vector<std::string> ask(const Example& ex, const std::string& question,
                             const std::string& base_url) {
  return {"--data", ex.data,          "ask",    question,      "--json",   "--engine",
          "llm",    "--llm-base-url", base_url, "--llm-model", "ask-model"};
}

}  // namespace

TEST(CliLlmAskTest, TheModelAnswersFromTheChunksAndItsInventionsAreDropped) {
  Example ex;
  testing::FakeAuthor author;
  testing::ChatServer server(author.handler());
  const auto r =
      run_lectio(ask(ex, "Which compiler prepares programs for a TPU?", server.base_url()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json answer = json::parse(r.out);
  ASSERT_TRUE(answer["supported"].get<bool>()) << r.out;
  ASSERT_FALSE(answer["answer"].empty());
  for (const auto& s : answer["answer"]) {
    EXPECT_EQ(s["text"].get<std::string>().find("Zorblax"), std::string::npos) << s;
    ASSERT_FALSE(s["citations"].empty()) << s;
    for (const auto& c : s["citations"]) {
      EXPECT_EQ(c.get<std::string>().rfind("file_gpu001:c", 0), 0u) << "a real chunk id: " << c;
    }
    EXPECT_GE(s["support"].get<double>(), 0.5) << s;
  }
  // The model was asked (and asked to repair what the verifier rejected) and planted one.
  const auto calls = server.calls();
  ASSERT_GE(calls.size(), 2u);
  EXPECT_EQ(testing::schema_name(calls[0].body), "answer");
  EXPECT_EQ(testing::schema_name(calls[1].body), "repair");
  EXPECT_EQ(author.written().planted.size(), 1u);
  // A true sentence the model cited with a label that does not exist is kept once repaired.
  bool repaired = false;
  for (const auto& s : answer["answer"])
    repaired = repaired || s["text"] == author.written().good.back();
  EXPECT_TRUE(repaired) << r.out;
}

TEST(CliLlmAskTest, WhenNothingSurvivesTheAskRefusesAsTheBuiltInOneDoes) {
  Example ex;
  // A model that only invents.
  testing::ChatServer inventor([](const json& request, int) {
    testing::ScriptedReply reply;
    const std::string kind = testing::schema_name(request);
    const json item = {{"text", testing::invented_sentence(1)}, {"cites", {"S1"}}};
    reply.content =
        kind == "repair"
            ? json{{"repairs", {{{"index", 1}, {"text", item["text"]}, {"cites", {"S1"}}}}}}.dump()
            : json{{"answer", {item}}}.dump();
    return reply;
  });
  const std::string question = "Which compiler prepares programs for a TPU?";
  auto r = run_lectio(ask(ex, question, inventor.base_url()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto built_in =
      run_lectio({"--data", ex.data, "ask", "Who won the 1998 World Cup?", "--json"});
  json refused = json::parse(built_in.out);
  refused["question"] = question;
  EXPECT_EQ(json::parse(r.out), refused);
  EXPECT_GE(inventor.calls().size(), 1u);

  // The text form says what the built-in engine says; a question the sources do not bear on
  // is refused without asking the model.
  const std::size_t calls = inventor.calls().size();
  auto args = ask(ex, "Who won the 1998 World Cup?", inventor.base_url());
  args.erase(std::find(args.begin(), args.end(), "--json"));
  r = run_lectio(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "The sources don't say.\n");
  EXPECT_EQ(inventor.calls().size(), calls);
}

TEST(CliLlmAskTest, AServerThatIsDownIsAOneLineError) {
  Example ex;
  std::string base;
  {
    testing::ChatServer gone([](const json&, int) { return testing::ScriptedReply{}; });
    base = gone.base_url();
  }
  const auto r = run_lectio(ask(ex, "Which compiler prepares programs for a TPU?", base));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "lectio: error: " + base +
                       "/chat/completions: cannot connect (is the server running?)\n");
  EXPECT_EQ(r.out, "");
}

}  // namespace lectio::cli
