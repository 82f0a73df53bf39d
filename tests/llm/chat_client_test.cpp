#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "lectio/llm/chat.h"
#include "support/chat_server.h"

namespace {

using lectio::llm::ChatClient;
using lectio::llm::ChatOptions;
using lectio::llm::ChatRequest;
using lectio::testing::ChatServer;
using lectio::testing::ScriptedReply;
using nlohmann::json;

ChatOptions options_for(const ChatServer& server) {
  ChatOptions o;
  o.base_url = server.base_url();
  o.model = "test-model";
  o.backoff_seconds = 0.01;
  o.max_backoff_seconds = 2;
  o.connect_timeout_seconds = 2;
  o.total_timeout_seconds = 5;
  return o;
}

ChatRequest outline_request() {
  ChatRequest r;
  r.messages = {{"system", "You write outlines."}, {"user", "Outline GPUs."}};
  r.schema_name = "outline";
  r.schema = R"({"type":"object","properties":{"points":{"type":"array"}},"required":["points"]})";
  return r;
}

ScriptedReply answer(std::string content) {
  ScriptedReply r;
  r.content = std::move(content);
  return r;
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const lectio::Error& e) {
    return e.what();
  }
  return "";
}

TEST(ChatClientTest, SendsTheProtocolAndReadsJsonAndStreamedAnswers) {
  ChatServer server([](const json&, int) { return answer("{\"points\": [\"one\", \"two\"]}"); });
  for (const bool stream : {false, true}) {
    ChatOptions o = options_for(server);
    o.stream = stream;
    o.api_key = "sk-test-secret";
    o.max_tokens = 321;
    ChatClient client(o);
    const auto reply = client.complete_json(outline_request());
    EXPECT_EQ(json::parse(reply.json), json({{"points", {"one", "two"}}})) << stream;
    EXPECT_EQ(reply.finish_reason, "stop");
    EXPECT_GT(reply.completion_tokens, 0);
    EXPECT_EQ(client.stats().requests, 1);
  }
  const auto calls = server.calls();
  ASSERT_EQ(calls.size(), 2u);
  for (const auto& call : calls) {
    EXPECT_EQ(call.path, "/v1/chat/completions");
    EXPECT_EQ(call.authorization, "Bearer sk-test-secret");
    EXPECT_EQ(call.body["model"], "test-model");
    EXPECT_EQ(call.body["max_tokens"], 321);
    EXPECT_EQ(call.body["response_format"]["type"], "json_schema");
    EXPECT_EQ(call.body["response_format"]["json_schema"]["name"], "outline");
    EXPECT_EQ(call.body["response_format"]["json_schema"]["schema"]["required"][0], "points");
  }
  EXPECT_FALSE(calls[0].body["stream"].get<bool>());
  EXPECT_TRUE(calls[1].body["stream"].get<bool>());
}

TEST(ChatClientTest, NoKeyMeansNoAuthorizationHeader) {
  ChatServer server([](const json&, int) { return answer("{}"); });
  ChatClient client(options_for(server));
  client.complete_json(outline_request());
  EXPECT_EQ(server.calls().at(0).authorization, "");
}

TEST(ChatClientTest, TheKeyComesFromLectioThenOpenAiVariables) {
  ::setenv("OPENAI_API_KEY", "sk-openai", 1);
  ::unsetenv("LECTIO_LLM_API_KEY");
  EXPECT_EQ(lectio::llm::with_environment({}).api_key, "sk-openai");
  ::setenv("LECTIO_LLM_API_KEY", "sk-lectio", 1);
  EXPECT_EQ(lectio::llm::with_environment({}).api_key, "sk-lectio");
  ::unsetenv("LECTIO_LLM_API_KEY");
  ::unsetenv("OPENAI_API_KEY");
}

TEST(ChatClientTest, Honours429RetryAfter) {
  ChatServer server([](const json&, int call) {
    if (call > 0) return answer("{\"ok\": true}");
    ScriptedReply r;
    r.status = 429;
    r.retry_after = "1";
    r.raw_body = R"({"error": {"message": "rate limited"}})";
    return r;
  });
  ChatClient client(options_for(server));
  const auto reply = client.complete_json(outline_request());
  EXPECT_EQ(reply.attempts, 2);
  const auto stats = client.stats();
  EXPECT_EQ(stats.requests, 2);
  ASSERT_EQ(stats.waits.size(), 1u);
  EXPECT_DOUBLE_EQ(stats.waits[0], 1.0);
}

TEST(ChatClientTest, BacksOffWithJitterWhileTheModelLoads) {
  ChatServer server([](const json&, int call) {
    if (call >= 3) return answer("{\"ok\": true}");
    ScriptedReply r;
    r.status = call == 0 ? 503 : 500;
    r.raw_body = R"({"error": {"message": "Loading model"}})";
    return r;
  });
  ChatClient client(options_for(server));
  EXPECT_EQ(client.complete_json(outline_request()).attempts, 4);
  const auto waits = client.stats().waits;
  ASSERT_EQ(waits.size(), 3u);
  for (std::size_t i = 0; i < waits.size(); ++i) {
    const double base = 0.01 * (1 << i);
    EXPECT_GE(waits[i], 0.5 * base);
    EXPECT_LE(waits[i], 1.5 * base);
  }
}

TEST(ChatClientTest, GivesUpAfterTheAttemptsWithOneLineNamingTheEndpoint) {
  ChatServer server([](const json&, int) {
    ScriptedReply r;
    r.status = 500;
    r.raw_body = "<html>\n<body>Internal\nServer Error</body>\n</html>";
    r.content_type = "text/html";
    return r;
  });
  ChatClient client(options_for(server));
  const std::string e = error_of([&] { client.complete_json(outline_request()); });
  EXPECT_EQ(e.find('\n'), std::string::npos) << e;
  EXPECT_NE(e.find(server.base_url() + "/chat/completions"), std::string::npos) << e;
  EXPECT_NE(e.find("HTTP 500"), std::string::npos) << e;
  EXPECT_NE(e.find("after 4 attempts"), std::string::npos) << e;
  EXPECT_EQ(server.calls().size(), 4u);
}

TEST(ChatClientTest, ABadRequestIsNotRetriedAndTheKeyIsNeverShown) {
  ChatServer server([](const json&, int) {
    ScriptedReply r;
    r.status = 401;
    r.raw_body = R"({"error": {"message": "invalid api key"}})";
    return r;
  });
  ChatOptions o = options_for(server);
  o.api_key = "sk-very-secret";
  ChatClient client(o);
  const std::string e = error_of([&] { client.complete_json(outline_request()); });
  EXPECT_NE(e.find("HTTP 401: invalid api key"), std::string::npos) << e;
  EXPECT_EQ(e.find("sk-very-secret"), std::string::npos) << e;
  EXPECT_EQ(server.calls().size(), 1u);
}

TEST(ChatClientTest, AServerThatIsDownIsOneLineAndNotRetried) {
  std::optional<ChatServer> gone([](const json&, int) { return answer("{}"); });
  ChatOptions o = options_for(*gone);
  gone.reset();  // its port is now closed
  ChatClient client(o);
  const std::string e = error_of([&] { client.complete_json(outline_request()); });
  EXPECT_EQ(e, o.base_url + "/chat/completions: cannot connect (is the server running?)");
  EXPECT_EQ(client.stats().requests, 1);
}

TEST(ChatClientTest, TruncationIsItsOwnErrorAndNotParsed) {
  for (const bool stream : {false, true}) {
    ChatServer server([](const json&, int) {
      ScriptedReply r = answer("{\"sentences\": [{\"text\": \"The TPU is");
      r.finish_reason = "length";
      return r;
    });
    ChatOptions o = options_for(server);
    o.stream = stream;
    ChatClient client(o);
    EXPECT_THROW(client.complete_json(outline_request()), lectio::llm::Truncated);
    EXPECT_EQ(server.calls().size(), 1u);
  }
}

TEST(ChatClientTest, EmptyChoicesProseAndRejectedShapesAreAskedAgain) {
  ChatServer server([](const json&, int call) {
    ScriptedReply r;
    if (call == 0) r.no_choices = true;
    if (call == 1) r.content = "Sure! GPUs are great.";
    if (call == 2) r.content = "<think>the schema wants points</think>```json\n{\"wrong\": 1}\n```";
    if (call == 3)
      r.content = "<think>the schema wants points</think>```json\n{'points': ['a',]}\n```";
    return r;
  });
  for (const bool stream : {false}) {
    ChatOptions o = options_for(server);
    o.stream = stream;
    ChatClient client(o);
    const auto check = [](const std::string& j) -> std::optional<std::string> {
      if (json::parse(j).contains("points")) return std::nullopt;
      return "the answer has no 'points'";
    };
    const auto reply = client.complete_json(outline_request(), check);
    EXPECT_EQ(json::parse(reply.json), json({{"points", {"a"}}}));
    EXPECT_EQ(reply.attempts, 4);
  }
}

TEST(ChatClientTest, ASlowAnswerTimesOutAndIsRetried) {
  ChatServer server([](const json&, int call) {
    ScriptedReply r = answer("{\"ok\": true}");
    if (call == 0) r.delay_seconds = 1.5;
    return r;
  });
  ChatOptions o = options_for(server);
  o.total_timeout_seconds = 0.5;
  ChatClient client(o);
  EXPECT_EQ(client.complete_json(outline_request()).attempts, 2);

  o.max_attempts = 1;
  ChatServer slow([](const json&, int) {
    ScriptedReply r = answer("{}");
    r.delay_seconds = 1.5;
    return r;
  });
  o.base_url = slow.base_url();
  ChatClient once(o);
  const std::string e = error_of([&] { once.complete_json(outline_request()); });
  EXPECT_NE(e.find("no complete answer within 0.5 s"), std::string::npos) << e;
}

TEST(ChatClientTest, CapsTheRequestsInFlight) {
  ChatServer server([](const json&, int) {
    ScriptedReply r = answer("{}");
    r.delay_seconds = 0.2;
    return r;
  });
  ChatOptions o = options_for(server);
  o.max_in_flight = 2;
  ChatClient client(o);
  std::vector<std::thread> threads;
  for (int i = 0; i < 5; ++i)
    threads.emplace_back([&] { client.complete_json(outline_request()); });
  for (auto& t : threads) t.join();
  EXPECT_EQ(server.calls().size(), 5u);
  EXPECT_LE(server.max_concurrent(), 2);
}

TEST(ChatClientTest, OptionsAreChecked) {
  ChatOptions o;
  o.model = "m";
  EXPECT_NE(error_of([&] { ChatClient c(o); }).find("--llm-base-url"), std::string::npos);
  o.base_url = "localhost:11434";
  EXPECT_NE(error_of([&] { ChatClient c(o); }).find("not an http"), std::string::npos);
  o.base_url = "http://127.0.0.1:11434/v1";
  o.model = "";
  EXPECT_NE(error_of([&] { ChatClient c(o); }).find("--llm-model"), std::string::npos);
}

}  // namespace
