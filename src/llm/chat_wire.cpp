#include "chat_wire.h"

#include <fmt/format.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

namespace lectio::llm {

namespace {

using Json = nlohmann::json;

// A server's text cut to one short line: messages quote it, and it may be an HTML page.
std::string one_line(std::string text, std::size_t max = 160) {
  for (char& c : text) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  if (text.size() > max) text = text.substr(0, max) + "...";
  return text;
}

std::string server_message(const std::string& body) {
  const Json j = Json::parse(body, nullptr, false);
  if (j.is_object() && j.contains("error")) {
    const Json& e = j["error"];
    if (e.is_string()) return one_line(e.get<std::string>());
    if (e.is_object() && e.contains("message") && e["message"].is_string()) {
      return one_line(e["message"].get<std::string>());
    }
  }
  return one_line(body);
}

std::optional<double> parse_retry_after(const std::string& value) {
  if (value.empty()) return std::nullopt;
  char* end = nullptr;
  const double s = std::strtod(value.c_str(), &end);
  if (end == value.c_str() || *end != '\0' || s < 0) return std::nullopt;  // an HTTP date
  return s;
}

void read_usage(const Json& j, ChatReply& reply) {
  if (!j.contains("usage") || !j["usage"].is_object()) return;
  reply.prompt_tokens = j["usage"].value("prompt_tokens", reply.prompt_tokens);
  reply.completion_tokens = j["usage"].value("completion_tokens", reply.completion_tokens);
}

std::string text_of(const Json& message) {
  if (!message.is_object() || !message.contains("content")) return "";
  const Json& c = message["content"];
  return c.is_string() ? c.get<std::string>() : "";
}

Attempt retry(std::string reason) {
  Attempt a;
  a.outcome = Outcome::kRetry;
  a.reason = std::move(reason);
  return a;
}

Attempt read_completion(const std::string& body) {
  const Json j = Json::parse(body, nullptr, false);
  if (!j.is_object()) return retry("the server's answer is not JSON: " + one_line(body, 80));
  if (j.contains("error")) return retry("the server reported an error: " + server_message(body));
  if (!j.contains("choices") || !j["choices"].is_array() || j["choices"].empty()) {
    return retry("the answer had no choices");
  }
  const Json& choice = j["choices"][0];
  Attempt a;
  a.outcome = Outcome::kOk;
  a.reply.content = text_of(choice.value("message", Json::object()));
  if (choice.contains("finish_reason") && choice["finish_reason"].is_string()) {
    a.reply.finish_reason = choice["finish_reason"].get<std::string>();
  }
  read_usage(j, a.reply);
  return a;
}

Attempt read_stream(const std::string& body) {
  Attempt a;
  a.outcome = Outcome::kOk;
  bool any_choice = false;
  std::size_t at = 0;
  while (at < body.size()) {
    std::size_t end = body.find('\n', at);
    if (end == std::string::npos) end = body.size();
    std::string line = body.substr(at, end - at);
    at = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("data:", 0) != 0) continue;
    std::string data = line.substr(5);
    if (!data.empty() && data.front() == ' ') data.erase(0, 1);
    if (data == "[DONE]") break;
    const Json j = Json::parse(data, nullptr, false);
    if (!j.is_object()) continue;
    if (j.contains("error")) return retry("the server reported an error: " + server_message(data));
    read_usage(j, a.reply);
    if (!j.contains("choices") || !j["choices"].is_array() || j["choices"].empty()) continue;
    any_choice = true;
    const Json& choice = j["choices"][0];
    a.reply.content += text_of(choice.value("delta", Json::object()));
    if (choice.contains("finish_reason") && choice["finish_reason"].is_string()) {
      a.reply.finish_reason = choice["finish_reason"].get<std::string>();
    }
  }
  if (!any_choice) return retry("the stream had no choices");
  return a;
}

}  // namespace

std::string request_body(const ChatRequest& request, const ChatOptions& options) {
  Json messages = Json::array();
  for (const ChatMessage& m : request.messages) {
    messages.push_back({{"role", m.role}, {"content", m.content}});
  }
  Json body = {{"model", options.model},
               {"messages", std::move(messages)},
               {"temperature", options.temperature},
               {"max_tokens", request.max_tokens ? request.max_tokens : options.max_tokens},
               {"stream", options.stream}};
  if (options.stream) body["stream_options"] = {{"include_usage", true}};
  if (!request.schema.empty()) {
    body["response_format"] = {
        {"type", "json_schema"},
        {"json_schema",
         {{"name", request.schema_name.empty() ? "answer" : request.schema_name},
          {"strict", true},
          {"schema", Json::parse(request.schema)}}}};
  }
  return body.dump();
}

Attempt read_response(int status, const std::string& retry_after, const std::string& content_type,
                      const std::string& body) {
  if (status == 200) {
    const bool sse =
        content_type.find("text/event-stream") != std::string::npos || body.rfind("data:", 0) == 0;
    return sse ? read_stream(body) : read_completion(body);
  }
  Attempt a;
  a.retry_after = parse_retry_after(retry_after);
  const bool retryable = status == 408 || status == 409 || status == 429 || status >= 500;
  a.outcome = retryable ? Outcome::kRetry : Outcome::kFatal;
  const std::string message = server_message(body);
  a.reason = message.empty() ? fmt::format("HTTP {}", status)
                             : fmt::format("HTTP {}: {}", status, message);
  return a;
}

}  // namespace lectio::llm
