#include "support/chat_server.h"

#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace lectio::testing {

namespace {

using Json = nlohmann::json;

int word_count(const std::string& s) {
  std::istringstream in(s);
  int n = 0;
  for (std::string w; in >> w;) ++n;
  return n;
}

Json usage(const ScriptedReply& r, const Json& request) {
  const int prompt = r.prompt_tokens >= 0 ? r.prompt_tokens : word_count(request.dump());
  const int completion = r.completion_tokens >= 0 ? r.completion_tokens : word_count(r.content);
  return {{"prompt_tokens", prompt},
          {"completion_tokens", completion},
          {"total_tokens", prompt + completion}};
}

Json completion(const ScriptedReply& r, const Json& request) {
  Json choices = Json::array();
  if (!r.no_choices) {
    choices.push_back({{"index", 0},
                       {"message", {{"role", "assistant"}, {"content", r.content}}},
                       {"finish_reason", r.finish_reason}});
  }
  return {{"id", "chatcmpl-test"},
          {"object", "chat.completion"},
          {"model", request.value("model", "")},
          {"choices", choices},
          {"usage", usage(r, request)}};
}

// The answer as SSE events: a role delta, the content in pieces of a few characters, the
// finish reason, the usage (as with stream_options.include_usage) and [DONE].
std::string stream(const ScriptedReply& r, const Json& request) {
  auto event = [](const Json& j) { return "data: " + j.dump() + "\n\n"; };
  auto chunk = [&](const Json& delta, const Json& finish) {
    Json choices = Json::array();
    if (!r.no_choices) {
      choices.push_back({{"index", 0}, {"delta", delta}, {"finish_reason", finish}});
    }
    return event(
        {{"id", "chatcmpl-test"}, {"object", "chat.completion.chunk"}, {"choices", choices}});
  };
  std::string out = chunk({{"role", "assistant"}}, nullptr);
  // Pieces of about 7 bytes, never splitting a UTF-8 sequence.
  for (std::size_t at = 0; at < r.content.size();) {
    std::size_t end = std::min(at + 7, r.content.size());
    while (end < r.content.size() && (static_cast<unsigned char>(r.content[end]) & 0xC0) == 0x80) {
      ++end;
    }
    out += chunk({{"content", r.content.substr(at, end - at)}}, nullptr);
    at = end;
  }
  out += chunk(Json::object(), r.finish_reason);
  out += event({{"id", "chatcmpl-test"}, {"choices", Json::array()}, {"usage", usage(r, request)}});
  return out + "data: [DONE]\n\n";
}

}  // namespace

struct ChatServer::Impl {
  ChatHandler handler;
  httplib::Server server;
  std::thread thread;
  int port = 0;
  mutable std::mutex mutex;
  std::vector<ReceivedCall> calls;
  int active = 0;
  int max_active = 0;

  void answer(const httplib::Request& req, httplib::Response& res) {
    Json body = Json::parse(req.body, nullptr, false);
    int number = 0;
    {
      std::lock_guard lock(mutex);
      number = static_cast<int>(calls.size());
      calls.push_back({body, req.get_header_value("Authorization"), req.path});
      max_active = std::max(max_active, ++active);
    }
    const ScriptedReply r = handler(body, number);
    if (r.delay_seconds > 0) {
      std::this_thread::sleep_for(std::chrono::duration<double>(r.delay_seconds));
    }
    {
      std::lock_guard lock(mutex);
      --active;
    }
    res.status = r.status;
    if (!r.retry_after.empty()) res.set_header("Retry-After", r.retry_after);
    if (!r.raw_body.empty() || r.status != 200) {
      res.set_content(r.raw_body, r.content_type.c_str());
    } else if (body.is_object() && body.value("stream", false)) {
      res.set_content(stream(r, body), "text/event-stream");
    } else {
      res.set_content(completion(r, body).dump(), "application/json");
    }
  }
};

ChatServer::ChatServer(ChatHandler handler) : impl_(std::make_unique<Impl>()) {
  impl_->handler = std::move(handler);
  impl_->server.Post(
      "/v1/chat/completions",
      [this](const httplib::Request& req, httplib::Response& res) { impl_->answer(req, res); });
  impl_->port = impl_->server.bind_to_any_port("127.0.0.1");
  if (impl_->port <= 0) throw std::runtime_error("chat test server: cannot bind a loopback port");
  impl_->thread = std::thread([this] { impl_->server.listen_after_bind(); });
  while (!impl_->server.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

ChatServer::~ChatServer() {
  impl_->server.stop();
  if (impl_->thread.joinable()) impl_->thread.join();
}

int ChatServer::port() const {
  return impl_->port;
}

std::string ChatServer::base_url() const {
  return "http://127.0.0.1:" + std::to_string(impl_->port) + "/v1";
}

std::vector<ReceivedCall> ChatServer::calls() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->calls;
}

int ChatServer::max_concurrent() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->max_active;
}

std::string user_message(const Json& request) {
  if (!request.is_object() || !request.contains("messages")) return "";
  std::string out;
  for (const Json& m : request["messages"]) {
    if (m.value("role", "") == "user") out = m.value("content", "");
  }
  return out;
}

std::string schema_name(const Json& request) {
  if (!request.is_object() || !request.contains("response_format")) return "";
  return request["response_format"].value("json_schema", Json::object()).value("name", "");
}

}  // namespace lectio::testing
