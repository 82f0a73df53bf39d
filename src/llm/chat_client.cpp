// The chat-completions client: one HTTP exchange per attempt, a retry loop around it.
#include <fmt/format.h>
#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <semaphore>
#include <thread>

#include "chat_wire.h"
#include "lectio/llm/chat.h"

namespace lectio::llm {

namespace {

using Clock = std::chrono::steady_clock;

struct Origin {
  std::string scheme_host_port;  // "http://127.0.0.1:8080"
  std::string prefix;            // "/v1", no trailing slash
};

Origin split_base(const std::string& base) {
  const std::size_t scheme_end = base.find("://");
  const std::size_t path_at = base.find('/', scheme_end + 3);
  Origin o;
  o.scheme_host_port = base.substr(0, path_at);
  if (path_at != std::string::npos) o.prefix = base.substr(path_at);
  while (!o.prefix.empty() && o.prefix.back() == '/') o.prefix.pop_back();
  return o;
}

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

void seconds_to(double s, const std::function<void(time_t, time_t)>& set) {
  const double whole = std::floor(s);
  set(static_cast<time_t>(whole), static_cast<time_t>((s - whole) * 1e6));
}

}  // namespace

ChatOptions with_environment(ChatOptions o) {
  if (o.base_url.empty()) o.base_url = env("LECTIO_LLM_BASE_URL");
  if (o.model.empty()) o.model = env("LECTIO_LLM_MODEL");
  if (o.api_key.empty()) o.api_key = env("LECTIO_LLM_API_KEY");
  if (o.api_key.empty()) o.api_key = env("OPENAI_API_KEY");
  return o;
}

void check_options(const ChatOptions& o) {
  if (o.base_url.empty()) {
    throw InvalidInput(
        "--llm-base-url: not set (or set LECTIO_LLM_BASE_URL), e.g. "
        "http://127.0.0.1:11434/v1");
  }
  const bool http = o.base_url.rfind("http://", 0) == 0 || o.base_url.rfind("https://", 0) == 0;
  if (!http || o.base_url.find("://") + 3 >= o.base_url.size()) {
    throw InvalidInput(
        fmt::format("--llm-base-url: '{}' is not an http:// or https:// URL", o.base_url));
  }
  if (o.model.empty()) throw InvalidInput("--llm-model: not set (or set LECTIO_LLM_MODEL)");
  if (o.max_attempts < 1 || o.max_in_flight < 1 || o.max_tokens < 16) {
    throw InvalidInput(
        "llm options: attempts and requests in flight must be at least 1, "
        "max tokens at least 16");
  }
  if (o.connect_timeout_seconds <= 0 || o.total_timeout_seconds <= 0) {
    throw InvalidInput("llm options: timeouts must be positive");
  }
}

struct ChatClient::Impl {
  explicit Impl(ChatOptions o)
      : options(std::move(o)),
        origin(split_base(options.base_url)),
        slots(options.max_in_flight),
        rng(std::random_device{}()) {}

  ChatOptions options;
  Origin origin;
  std::counting_semaphore<1024> slots;
  mutable std::mutex mutex;  // guards stats and rng
  ChatStats stats;
  std::mt19937 rng;

  std::string endpoint() const { return options.base_url + "/chat/completions"; }

  // One HTTP exchange, holding a slot for its duration.
  Attempt send(const std::string& body) {
    slots.acquire();
    struct Release {
      std::counting_semaphore<1024>& s;
      ~Release() { s.release(); }
    } release{slots};
    {
      std::lock_guard lock(mutex);
      ++stats.requests;
    }
    httplib::Client client(origin.scheme_host_port);
    seconds_to(options.connect_timeout_seconds,
               [&](time_t s, time_t us) { client.set_connection_timeout(s, us); });
    seconds_to(options.total_timeout_seconds,
               [&](time_t s, time_t us) { client.set_read_timeout(s, us); });
    client.set_keep_alive(false);
    const auto deadline =
        Clock::now() + std::chrono::duration<double>(options.total_timeout_seconds);
    httplib::Request req;
    req.method = "POST";
    req.path = origin.prefix + "/chat/completions";
    req.body = body;
    req.set_header("Content-Type", "application/json");
    req.set_header("Accept", options.stream ? "text/event-stream" : "application/json");
    if (!options.api_key.empty()) req.set_header("Authorization", "Bearer " + options.api_key);
    std::string received;
    bool late = false;
    req.content_receiver = [&](const char* data, std::size_t n, std::uint64_t, std::uint64_t) {
      received.append(data, n);
      late = Clock::now() > deadline;
      return !late;
    };
    httplib::Response res;
    httplib::Error error = httplib::Error::Success;
    if (!client.send(req, res, error)) return transport_failure(error, late);
    return read_response(res.status, res.get_header_value("Retry-After"),
                         res.get_header_value("Content-Type"), received);
  }

  Attempt transport_failure(httplib::Error error, bool late) const {
    Attempt a;
    switch (error) {
      case httplib::Error::Connection:
        a.outcome = Outcome::kFatal;
        a.reason = "cannot connect (is the server running?)";
        break;
      case httplib::Error::ConnectionTimeout:
        a.outcome = Outcome::kRetry;
        a.reason = fmt::format("no connection within {:g} s", options.connect_timeout_seconds);
        break;
      case httplib::Error::Read:
      case httplib::Error::Canceled:
        a.outcome = Outcome::kRetry;
        a.reason =
            late || error == httplib::Error::Read
                ? fmt::format("no complete answer within {:g} s", options.total_timeout_seconds)
                : "the answer was cut off";
        break;
      case httplib::Error::SSLConnection:
      case httplib::Error::SSLServerVerification:
      case httplib::Error::SSLLoadingCerts:
        a.outcome = Outcome::kFatal;
        a.reason = "TLS failed (" + httplib::to_string(error) + ")";
        break;
      default:
        a.outcome = Outcome::kRetry;
        a.reason = "transport error (" + httplib::to_string(error) + ")";
    }
    return a;
  }

  double backoff(int retry, std::optional<double> retry_after) {
    if (retry_after) return std::min(*retry_after, options.max_backoff_seconds);
    std::lock_guard lock(mutex);
    std::uniform_real_distribution<double> jitter(0.5, 1.5);
    const double base = options.backoff_seconds * std::pow(2.0, retry);
    return std::min(base * jitter(rng), options.max_backoff_seconds);
  }

  ChatReply run(const ChatRequest& request, const AnswerCheck& check, bool want_json);
};

ChatReply ChatClient::Impl::run(const ChatRequest& request, const AnswerCheck& check,
                                bool want_json) {
  const std::string body = request_body(request, options);
  std::string last_reason;
  for (int attempt = 1; attempt <= options.max_attempts; ++attempt) {
    Attempt a = send(body);
    if (a.outcome == Outcome::kOk) {
      {
        std::lock_guard lock(mutex);
        stats.prompt_tokens += a.reply.prompt_tokens;
        stats.completion_tokens += a.reply.completion_tokens;
      }
      a.reply.attempts = attempt;
      if (a.reply.finish_reason == "length") {
        throw Truncated(fmt::format("{}: the answer was cut off at max_tokens ({})", endpoint(),
                                    request.max_tokens ? request.max_tokens : options.max_tokens));
      }
      if (!want_json) return std::move(a.reply);
      if (auto object = extract_json_object(a.reply.content)) {
        const auto problem = check ? check(*object) : std::nullopt;
        if (!problem) {
          a.reply.json = std::move(*object);
          return std::move(a.reply);
        }
        a.reason = *problem;
      } else {
        a.reason =
            a.reply.content.empty() ? "the answer was empty" : "the answer held no JSON object";
      }
      a.outcome = Outcome::kRetry;
    }
    last_reason = a.reason;
    if (a.outcome == Outcome::kFatal) break;
    if (attempt == options.max_attempts) {
      last_reason += fmt::format(" (after {} attempts)", attempt);
      break;
    }
    const double wait = backoff(attempt - 1, a.retry_after);
    {
      std::lock_guard lock(mutex);
      ++stats.retries;
      stats.waits.push_back(wait);
    }
    std::this_thread::sleep_for(std::chrono::duration<double>(wait));
  }
  throw Io(fmt::format("{}: {}", endpoint(), last_reason));
}

ChatClient::ChatClient(ChatOptions options) {
  check_options(options);
  impl_ = std::make_unique<Impl>(std::move(options));
}

ChatClient::~ChatClient() = default;

ChatReply ChatClient::complete(const ChatRequest& request) {
  return impl_->run(request, {}, false);
}

ChatReply ChatClient::complete_json(const ChatRequest& request, const AnswerCheck& check) {
  return impl_->run(request, check, true);
}

const ChatOptions& ChatClient::options() const {
  return impl_->options;
}

std::string ChatClient::endpoint() const {
  return impl_->endpoint();
}

ChatStats ChatClient::stats() const {
  std::lock_guard lock(impl_->mutex);
  return impl_->stats;
}

}  // namespace lectio::llm
