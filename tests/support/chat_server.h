#pragma once
// A chat-completions server for tests: speaks the OpenAI protocol (JSON and SSE streaming) on
// a loopback port and answers each request as the test's handler scripts it, including the
// ways real servers fail (429 with Retry-After, 503 while loading, truncated answers, empty
// choices, slow answers). It records every request it received.
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace lectio::testing {

struct ScriptedReply {
  int status = 200;
  std::string content;  // the assistant's text
  std::string finish_reason = "stop";
  bool no_choices = false;  // "choices": []
  std::string raw_body{};   // sent as is instead of a completion (with content_type)
  std::string content_type = "application/json";
  std::string retry_after{};   // the Retry-After header, when set
  double delay_seconds = 0;    // waits this long before answering
  int prompt_tokens = -1;      // -1: counted from the request's words
  int completion_tokens = -1;  // -1: counted from content's words
};

struct ReceivedCall {
  nlohmann::json body;
  std::string authorization;  // the Authorization header, as sent
  std::string path;
};

// Gets the request's body and its 0-based number.
using ChatHandler = std::function<ScriptedReply(const nlohmann::json& request, int call)>;

class ChatServer {
 public:
  explicit ChatServer(ChatHandler handler);
  ~ChatServer();
  ChatServer(const ChatServer&) = delete;
  ChatServer& operator=(const ChatServer&) = delete;

  int port() const;
  std::string base_url() const;  // "http://127.0.0.1:<port>/v1"
  std::vector<ReceivedCall> calls() const;
  int max_concurrent() const;  // the most requests it was answering at once

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The user message of a chat request (its last message with role "user").
std::string user_message(const nlohmann::json& request);
// response_format.json_schema.name, or "" when the request asks for no schema.
std::string schema_name(const nlohmann::json& request);

}  // namespace lectio::testing
