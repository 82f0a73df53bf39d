// The web app with the LLM engine: `lectio serve --engine llm` writes web lessons with the
// model (checked by the verifier like every LLM lesson), a brief may pick only an engine the
// server was configured with, and the create form offers the choice only where there is one.
#include <gtest/gtest.h>

#include <memory>

#include "lectio/lesson/lesson.h"
#include "lectio/llm/chat.h"
#include "support/chat_server.h"
#include "support/fake_author.h"
#include "web/web_fixture.h"

namespace lectio::web {
namespace {

using nlohmann::json;
using testing::body_json;
using testing::wait_for_job;

class WebLlmTest : public testing::WebTest {
 protected:
  // Restarts the server with the model behind `chat_` (or `base_url`) as its LLM engine.
  void serve_with_llm(const std::string& engine, const std::string& base_url = "") {
    llm::ChatOptions chat;
    chat.base_url = base_url.empty() ? chat_.base_url() : base_url;
    chat.model = "web-model";
    ServerOptions o = options();
    o.engine = engine;
    o.llm = std::make_shared<llm::ChatClient>(chat);
    restart(std::move(o));
  }

  json submit(testing::Browser& b, json body) {
    body["topic"] = "Choosing between GPUs and TPUs";
    body["insights"] = {"Why GPUs became the default accelerator", "Where TPUs are strongest"};
    body["sources"] = {testing::kSourceId};
    body["audio"] = false;
    const auto r = b.post_json("/api/lessons", body);
    EXPECT_TRUE(r);
    if (!r) return json::object();
    return json{{"status", r->status}, {"body", body_json(r)}};
  }

  lectio::testing::FakeAuthor author_;
  lectio::testing::ChatServer chat_{author_.handler()};
};

bool mentions(const json& node, const std::string& word) {
  if (node.is_string()) return node.get<std::string>().find(word) != std::string::npos;
  for (const auto& child : node) {
    if (node.is_structured() && mentions(child, word)) return true;
  }
  return false;
}

TEST_F(WebLlmTest, AServerWithTheLlmEngineWritesWebLessonsWithTheModel) {
  serve_with_llm("llm");
  auto b = signed_up("llmweb");
  const json sent = submit(*b, json::object());
  ASSERT_EQ(sent["status"], 202) << sent.dump();
  const json job = wait_for_job(*b, sent["body"]["job"].value("id", ""));
  ASSERT_EQ(job.value("state", ""), "done") << job.dump();
  const lesson::Lesson lesson = testing::stored_lesson(data_, job.value("lesson_id", ""));
  EXPECT_EQ(lesson.engine, "llm:web-model");
  EXPECT_GT(chat_.calls().size(), 0u);
  EXPECT_FALSE(mentions(json::parse(lesson::lesson_to_json(lesson))["script"], "Zorblax"));

  // The same server, asked for the built-in engine, writes without the model.
  const std::size_t calls = chat_.calls().size();
  const json extractive = submit(*b, {{"engine", "extractive"}});
  ASSERT_EQ(extractive["status"], 202) << extractive.dump();
  const json done = wait_for_job(*b, extractive["body"]["job"].value("id", ""));
  ASSERT_EQ(done.value("state", ""), "done") << done.dump();
  EXPECT_EQ(testing::stored_lesson(data_, done.value("lesson_id", "")).engine, "extractive");
  EXPECT_NE(done.value("lesson_id", ""), job.value("lesson_id", "")) << "two lessons, not one";
  EXPECT_EQ(chat_.calls().size(), calls);

  // The form offers both, the server's own engine first.
  const auto page = b->get("/create");
  ASSERT_TRUE(page);
  EXPECT_NE(page->body.find("<option value=\"llm\" selected>"), std::string::npos);
  EXPECT_NE(page->body.find("<option value=\"extractive\">"), std::string::npos);
}

TEST_F(WebLlmTest, ABriefMayPickOnlyAnEngineTheServerHas) {
  auto b = signed_up("nollm");  // the default server: the built-in engine alone
  const json sent = submit(*b, {{"engine", "llm"}});
  EXPECT_EQ(sent["status"], 400) << sent.dump();
  EXPECT_EQ(sent["body"]["error"].value("field", ""), "engine") << sent.dump();
  EXPECT_EQ(sent["body"]["error"].value("message", ""),
            "brief: field 'engine': this server writes with extractive only");
  const json bogus = submit(*b, {{"engine", "gpt"}});
  EXPECT_EQ(bogus["status"], 400) << bogus.dump();
  EXPECT_EQ(bogus["body"]["error"].value("message", ""),
            "brief: field 'engine': must be extractive or llm");
  EXPECT_EQ(chat_.calls().size(), 0u);
  const auto page = b->get("/create");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->body.find("name=\"engine\""), std::string::npos) << "no choice to offer";
}

TEST_F(WebLlmTest, TheAskBoxOfAServerWithTheLlmEngineAnswersWithTheModelChecked) {
  const std::string path = "/api/lessons/" + lib_->lesson_id + "/ask";
  const json question = {{"question", "Which compiler prepares programs for a TPU?"}};
  serve_with_llm("extractive");  // a model server, but the built-in engine answers
  auto b = new_browser();
  auto r = b->post_json(path, question);
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  EXPECT_EQ(chat_.calls().size(), 0u);

  serve_with_llm("llm");
  b = new_browser();
  r = b->post_json(path, question);
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  const json answer = body_json(r);
  EXPECT_TRUE(answer.value("supported", false)) << r->body;
  ASSERT_FALSE(answer["sentences"].empty()) << r->body;
  EXPECT_FALSE(mentions(answer, "Zorblax")) << r->body;
  ASSERT_FALSE(chat_.calls().empty());
  EXPECT_EQ(lectio::testing::schema_name(chat_.calls().front().body), "answer");
  EXPECT_EQ(author_.written().planted.size(), 1u) << "the model did invent, and it was dropped";
  for (const auto& s : answer["sentences"]) {
    for (const auto& c : s["citations"]) {
      EXPECT_EQ(c.get<std::string>().rfind("file_gpu001:c", 0), 0u) << c;
    }
  }
  // The page's ask box shows the same answer.
  const auto page =
      b->get("/lessons/" + lib_->lesson_slug + "?q=Which+compiler+prepares+programs+for+a+TPU%3F");
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 200);
  EXPECT_EQ(page->body.find("Zorblax"), std::string::npos);
  EXPECT_NE(page->body.find(testing::escaped(answer["sentences"][0].value("text", ""))),
            std::string::npos);
}

TEST_F(WebLlmTest, AModelServerThatIsDownIsABadGatewayNotACrash) {
  std::string base;
  {
    lectio::testing::ChatServer gone(
        [](const json&, int) { return lectio::testing::ScriptedReply{}; });
    base = gone.base_url();
  }
  llm::ChatOptions chat;
  chat.base_url = base;
  chat.model = "gone";
  chat.max_attempts = 1;
  ServerOptions o = options();
  o.engine = "llm";
  o.llm = std::make_shared<llm::ChatClient>(chat);
  restart(std::move(o));
  auto b = new_browser();
  const auto r = b->post_json("/api/lessons/" + lib_->lesson_id + "/ask",
                              {{"question", "Which compiler prepares programs for a TPU?"}});
  ASSERT_TRUE(r);
  EXPECT_TRUE(testing::is_json_error(r, 502)) << r->body;
  EXPECT_EQ(r->body.find(base), std::string::npos) << "the endpoint is not shown to visitors";
}

// Issue 29: one account's requests cannot fill the queue of waiting lessons for everyone: past
// Jobs::kMaxQueuedPerAccount waiting, that account gets a 429 and others are still served.
TEST_F(WebLlmTest, OneAccountCannotFillTheQueue) {
  // The model is slow on its first answers, so the lessons behind the first one wait.
  lectio::testing::ChatServer slow([this](const json& request, int call) {
    lectio::testing::ScriptedReply r;
    r.content = author_.answer(request);
    if (call < 2) r.delay_seconds = 2;
    return r;
  });
  serve_with_llm("llm", slow.base_url());
  auto greedy = signed_up("greedy");
  int accepted = 0;
  int refused = 0;
  for (int i = 0; i < 7; ++i) {
    json body = {{"topic", "GPUs and TPUs, take " + std::to_string(i)},
                 {"insights", {"Why GPUs became the default accelerator"}},
                 {"sources", {testing::kSourceId}},
                 {"audio", false}};
    const auto r = greedy->post_json("/api/lessons", body);
    ASSERT_TRUE(r);
    accepted += r->status == 202;
    if (r->status == 429) {
      ++refused;
      EXPECT_EQ(body_json(r)["error"].value("code", ""), "too_many_waiting") << r->body;
    }
  }
  EXPECT_GE(refused, 1);
  EXPECT_LE(accepted, 5) << "one running and four waiting at most";
  auto other = signed_up("patient");
  const json mine = submit(*other, json::object());
  EXPECT_EQ(mine.value("status", 0), 202) << mine.dump();
}

}  // namespace
}  // namespace lectio::web
