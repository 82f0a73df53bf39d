// `lectio lesson --engine llm` end to end: the real binary against the chat test server.
#include <gtest/gtest.h>

#include <map>
#include <mutex>
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

void expect_no_invention(const json& node) {
  if (node.is_string()) {
    EXPECT_EQ(node.get<std::string>().find("Zorblax"), std::string::npos) << node;
  } else if (node.is_structured()) {
    for (const auto& child : node) expect_no_invention(child);
  }
}

}  // namespace

TEST(CliLlmLessonTest, WritesAVerifiedLessonTalkingOnlyToTheEndpoint) {
  Example ex;
  testing::FakeAuthor author;
  testing::ChatServer server(author.handler());
  const std::string log = (ex.dir.path() / "net.log").string();
  const std::string allow = "127.0.0.1:" + std::to_string(server.port());
  auto r = run_lectio({"--data", ex.data, "lesson", ex.brief, "--json", "--no-audio", "--engine",
                       "llm", "--llm-base-url", server.base_url()},
                      {"LECTIO_LLM_MODEL=test-model", "LECTIO_LLM_API_KEY=sk-cli-secret",
                       "LD_PRELOAD=" + testing::no_network_library(), "LECTIO_NET_LOG=" + log,
                       "LECTIO_NET_ALLOW=" + allow});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The brief's notes hold https://example.com/not-a-source: it stays text.
  EXPECT_EQ(testing::slurp(log), "") << "connections other than " << allow;
  EXPECT_EQ(r.err.find("sk-cli-secret"), std::string::npos);
  const json lesson = json::parse(r.out);
  EXPECT_EQ(lesson["engine"], "llm:test-model");
  expect_no_invention(lesson["script"]);
  expect_no_invention(lesson["faq"]);
  // The model wrote the cards too, held like its sentences: its invented card is left out.
  EXPECT_EQ(lesson["study"]["engine"], "llm:test-model");
  EXPECT_FALSE(lesson["study"]["cards"].empty());
  EXPECT_FALSE(lesson["study"]["quiz"].empty());
  expect_no_invention(lesson["study"]["cards"]);
  EXPECT_GT(lesson["grounding"]["rejected_sentences"].get<int>(), 0);
  EXPECT_EQ(lesson["usage"]["requests"].get<int>(), static_cast<int>(server.calls().size()));
  for (const auto& call : server.calls()) EXPECT_EQ(call.authorization, "Bearer sk-cli-secret");
  for (const auto& sec : lesson["script"]) {
    for (const auto& s : sec["sentences"]) {
      for (const auto& c : s["citations"]) {
        EXPECT_TRUE(c.get<std::string>().rfind("file_gpu001:c", 0) == 0) << c;
      }
    }
  }
  // The stored lesson is the one printed.
  auto shown = run_lectio({"--data", ex.data, "lessons", lesson["slug"], "--json"});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_EQ(json::parse(shown.out)["usage"], lesson["usage"]);

  // The guard works: a connection to another port is logged and refused.
  const std::string probe_log = (ex.dir.path() / "probe.log").string();
  const std::string cmd = "LD_PRELOAD=" + testing::no_network_library() +
                          " LECTIO_NET_LOG=" + probe_log + " LECTIO_NET_ALLOW=" + allow +
                          " bash -c 'exec 3<>/dev/tcp/127.0.0.1/9' 2>/dev/null";
  EXPECT_NE(std::system(cmd.c_str()), 0);
  EXPECT_NE(testing::slurp(probe_log).find("connect 127.0.0.1:9"), std::string::npos);
}

// Issue 29: one answer cut off at max_tokens (the outline, the FAQ, the title) costs a smaller
// request, not the lesson; only a server that cuts off every try fails it.
TEST(CliLlmLessonTest, AnAnswerCutOffIsAskedForAgainSmaller) {
  Example ex;
  testing::FakeAuthor author;
  std::map<std::string, int> cut;
  std::mutex mutex;
  testing::ChatServer server([&](const json& request, int) {
    testing::ScriptedReply r;
    r.content = author.answer(request);
    const std::string kind = testing::schema_name(request);
    std::lock_guard lock(mutex);
    if ((kind == "outline" || kind == "meta" || kind == "faq") && cut[kind]++ == 0) {
      r.content = r.content.substr(0, r.content.size() / 2);
      r.finish_reason = "length";
    }
    return r;
  });
  auto r = run_lectio({"--data", ex.data, "lesson", ex.brief, "--json", "--no-audio", "--engine",
                       "llm", "--llm-base-url", server.base_url(), "--llm-model", "test-model"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(cut["outline"], 4) << "three sections' outlines plus the one asked again";
  EXPECT_EQ(cut["meta"], 2);
  EXPECT_EQ(cut["faq"], 2);
  // The outline asked again is shorter.
  std::vector<std::string> outlines;
  for (const auto& call : server.calls()) {
    if (testing::schema_name(call.body) == "outline") {
      outlines.push_back(testing::user_message(call.body));
    }
  }
  ASSERT_GE(outlines.size(), 2u);
  EXPECT_NE(outlines[0].find("2 to 5 teaching points"), std::string::npos);
  EXPECT_NE(outlines[1].find("2 to 4 teaching points"), std::string::npos);
  EXPECT_FALSE(json::parse(r.out)["title"].get<std::string>().empty());

  // Cut off every time: a one-line error, nothing stored.
  Example again;
  testing::ChatServer cutting([&](const json& request, int) {
    testing::ScriptedReply reply;
    reply.content = author.answer(request);
    reply.content = reply.content.substr(0, reply.content.size() / 2);
    reply.finish_reason = "length";
    return reply;
  });
  auto failed = run_lectio({"--data", again.data, "lesson", again.brief, "--no-audio", "--engine",
                            "llm", "--llm-base-url", cutting.base_url(), "--llm-model", "m"});
  EXPECT_NE(failed.exit_code, 0);
  EXPECT_NE(failed.err.find("cut off"), std::string::npos) << failed.err;
  EXPECT_EQ(cutting.calls().size(), 3u) << "the first request, asked at three sizes";
}

TEST(CliLlmLessonTest, AServerThatIsDownIsAOneLineErrorAndNothingIsStored) {
  Example ex;
  std::string base;
  {
    testing::ChatServer gone([](const json&, int) { return testing::ScriptedReply{}; });
    base = gone.base_url();
  }
  auto r = run_lectio({"--data", ex.data, "lesson", ex.brief, "--no-audio", "--engine", "llm",
                       "--llm-base-url", base, "--llm-model", "m"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "lectio: error: " + base +
                       "/chat/completions: cannot connect (is the server running?)\n");
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(json::parse(run_lectio({"--data", ex.data, "lessons", "--json"}).out).size(), 0u);
}

TEST(CliLlmLessonTest, MissingModelOrUrlNamesTheOption) {
  Example ex;
  auto r = run_lectio({"--data", ex.data, "lesson", ex.brief, "--engine", "llm", "--llm-base-url",
                       "http://127.0.0.1:9/v1"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("--llm-model"), std::string::npos) << r.err;
  r = run_lectio({"--data", ex.data, "lesson", ex.brief, "--engine", "llm", "--llm-model", "m"});
  EXPECT_NE(r.err.find("--llm-base-url"), std::string::npos) << r.err;
}

TEST(CliLlmLessonTest, ABriefMayAskForTheModelAndTheCommandLineOverridesIt) {
  Example ex;
  testing::FakeAuthor author;
  testing::ChatServer server(author.handler());
  const std::string brief =
      ex.dir.write("llm.yaml", testing::slurp(ex.brief) + "engine: llm\n").string();
  const std::vector<std::string> env = {"LECTIO_LLM_BASE_URL=" + server.base_url(),
                                        "LECTIO_LLM_MODEL=brief-model"};
  auto r = run_lectio({"--data", ex.data, "lesson", brief, "--json", "--no-audio"}, env);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json by_model = json::parse(r.out);
  EXPECT_EQ(by_model["engine"], "llm:brief-model");
  const std::size_t calls = server.calls().size();
  EXPECT_GT(calls, 0u);

  r = run_lectio(
      {"--data", ex.data, "lesson", brief, "--json", "--no-audio", "--engine", "extractive"}, env);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json built_in = json::parse(r.out);
  EXPECT_EQ(built_in["engine"], "extractive");
  EXPECT_EQ(server.calls().size(), calls) << "--engine extractive asks the model nothing";
  EXPECT_NE(built_in["id"], by_model["id"]) << "the two engines' lessons are two lessons";

  // No server configured: one line naming the field and what to set; nothing stored.
  Example bare;
  const std::string asks =
      bare.dir.write("llm.yaml", testing::slurp(ex.brief) + "engine: llm\n").string();
  r = run_lectio({"--data", bare.data, "lesson", asks, "--no-audio"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "lectio: error: " + asks +
                       ": field 'engine': llm needs a model server: set --llm-base-url and "
                       "--llm-model (or LECTIO_LLM_BASE_URL and LECTIO_LLM_MODEL)\n");
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(json::parse(run_lectio({"--data", bare.data, "lessons", "--json"}).out).size(), 0u);
}

}  // namespace lectio::cli
