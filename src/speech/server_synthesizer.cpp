// Voices of OpenAI-compatible speech servers (Kokoro-FastAPI, Speaches, openedai-speech,
// LocalAI, OpenAI): POST {base_url}/audio/speech with {"model", "input", "voice",
// "response_format", "speed"}, answered by audio bytes.
//
// Contract with the render pool: one synthesiser per worker thread (its own HTTP client and
// keep-alive connection); the cap on requests in flight is process-wide per voice, so that
// parallel renders (web jobs, plan builds) together stay within it. The API key, from
// LECTIO_TTS_API_KEY, goes only into the Authorization header, never into a message.
#include <fmt/format.h>
#include <httplib.h>

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <thread>

#include "decode.h"
#include "engines.h"
#include "lectio/core/error.h"
#include "lectio/core/hash.h"
#include "lectio/text/strings.h"
#include "sentence_cache.h"

namespace lectio::speech {

namespace {

constexpr int kAttempts = 4;           // one request and three retries
constexpr double kFirstBackoff = 0.5;  // seconds, doubled on each retry
constexpr double kMaxRetryAfter = 30;  // a server asking for longer fails the render
constexpr std::size_t kMaxAnswerBytes = 64u << 20;
constexpr std::size_t kMaxMessageChars = 200;  // of a server's error body, in our message

// At most `limit` requests in flight.
class Gate {
 public:
  explicit Gate(int limit) : limit_(limit) {}
  void enter() {
    std::unique_lock lock(mutex_);
    free_.wait(lock, [&] { return in_flight_ < limit_; });
    ++in_flight_;
  }
  void leave() {
    const std::lock_guard lock(mutex_);
    --in_flight_;
    free_.notify_one();
  }
  void set_limit(int limit) {
    const std::lock_guard lock(mutex_);
    limit_ = limit;
    free_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable free_;
  int in_flight_ = 0;
  int limit_;
};

// The process's gate for a voice, keyed by name and server; a re-registered voice's new limit
// applies from its next request.
Gate& gate_for(const voices::Host& host) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<Gate>> gates;
  const std::lock_guard lock(mutex);
  auto& gate = gates[host.name + '\n' + host.server->base_url];
  if (!gate) gate = std::make_unique<Gate>(host.server->concurrency);
  gate->set_limit(host.server->concurrency);
  return *gate;
}

class GateSlot {
 public:
  explicit GateSlot(Gate& gate) : gate_(gate) { gate_.enter(); }
  ~GateSlot() { gate_.leave(); }
  GateSlot(const GateSlot&) = delete;
  GateSlot& operator=(const GateSlot&) = delete;

 private:
  Gate& gate_;
};

struct Answer {
  httplib::Error error = httplib::Error::Success;
  int status = 0;
  std::string body;
  std::optional<double> retry_after;  // seconds, from a Retry-After header in seconds
  bool too_large = false;             // the answer passed kMaxAnswerBytes and was cut off
};

// A server's error body as one short line: its JSON message when it has one.
std::string short_message(const std::string& body) {
  std::string message = body;
  const auto doc = nlohmann::json::parse(body, nullptr, false);
  if (doc.is_object()) {
    if (doc.contains("detail")) message = doc["detail"].dump();
    if (doc.contains("error")) {
      const auto& e = doc["error"];
      message = e.is_object() && e.contains("message") && e["message"].is_string()
                    ? e["message"].get<std::string>()
                    : e.dump();
    }
  }
  message = text::collapse_whitespace(message);
  if (message.size() > kMaxMessageChars) message = message.substr(0, kMaxMessageChars) + "...";
  return message;
}

std::chrono::microseconds micros(double seconds) {
  return std::chrono::microseconds(static_cast<std::int64_t>(seconds * 1e6));
}

std::optional<double> parse_retry_after(const std::string& value) {
  static const std::regex kSeconds(R"(\s*([0-9]{1,6}(\.[0-9]+)?)\s*)");
  std::smatch m;
  if (!std::regex_match(value, m, kSeconds)) return std::nullopt;  // an HTTP date: back off
  return std::stod(m[1].str());
}

class ServerSynthesizer final : public Synthesizer {
 public:
  ServerSynthesizer(const voices::Host& host, const std::filesystem::path& cache_dir)
      : host_(host),
        server_(*host_.server),
        name_(fmt::format("voice '{}': speech server {}", host.name, server_.base_url)),
        client_(origin(server_.base_url)),
        path_(server_.base_url.substr(origin(server_.base_url).size()) + "/audio/speech") {
    if (!cache_dir.empty()) cache_.emplace(cache_dir);
    client_.set_connection_timeout(micros(std::min(server_.timeout, 10.0)));
    client_.set_read_timeout(micros(server_.timeout));
    client_.set_write_timeout(micros(server_.timeout));
    client_.set_keep_alive(true);
    if (const char* key = std::getenv("LECTIO_TTS_API_KEY"); key && *key) {
      client_.set_bearer_token_auth(key);
    }
  }

  Pcm speak(std::string_view text) override {
    if (text::collapse_whitespace(text).empty()) return Pcm{server_.sample_rate, {}};
    const std::string key = server_sentence_key(host_, text);
    if (cache_) {
      if (auto bytes = cache_->get(key, server_.format)) {
        return decode_audio(*bytes, server_.format, server_.sample_rate, name_);
      }
    }
    const std::string bytes = request(text);
    Pcm pcm = decode_audio(bytes, server_.format, server_.sample_rate, name_);
    if (cache_) cache_->put(key, server_.format, bytes);  // only audio that decoded
    return pcm;
  }

 private:
  // "http://host:port" of a checked base URL (check_voice), without its path.
  static std::string origin(const std::string& base_url) {
    const auto scheme_end = base_url.find("://") + 3;
    const auto slash = base_url.find('/', scheme_end);
    return slash == std::string::npos ? base_url : base_url.substr(0, slash);
  }

  Answer attempt(const std::string& body) {
    const GateSlot slot(gate_for(host_));
    Answer a;
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::duration<double>(server_.timeout);
    httplib::Request req;
    req.method = "POST";
    req.path = path_;
    req.body = body;
    req.set_header("Content-Type", "application/json");
    req.content_receiver = [&](const char* data, std::size_t n, std::uint64_t, std::uint64_t) {
      a.body.append(data, n);
      a.too_large = a.body.size() > kMaxAnswerBytes;
      return !a.too_large && std::chrono::steady_clock::now() < deadline;
    };
    httplib::Response res;
    if (!client_.send(req, res, a.error)) return a;
    a.status = res.status;
    if (res.has_header("Retry-After"))
      a.retry_after = parse_retry_after(res.get_header_value("Retry-After"));
    return a;
  }

  // The audio bytes for `text`, retrying 429, 5xx and transport failures with backoff.
  std::string request(std::string_view text) {
    const std::string body = nlohmann::json{
        {"model", server_.model},
        {"input", std::string(text)},
        {"voice", host_.voice},
        {"response_format", server_.format},
        {"speed", host_.rate}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    double backoff = kFirstBackoff;
    for (int n = 1;; ++n) {
      const Answer a = attempt(body);
      if (a.error == httplib::Error::Success && a.status >= 200 && a.status < 300) return a.body;
      if (a.too_large) {
        throw InvalidInput(
            fmt::format("{}: answered over {} MiB for one sentence", name_, kMaxAnswerBytes >> 20));
      }
      const bool transient =
          a.error != httplib::Error::Success || a.status == 429 || a.status >= 500;
      if (!transient) {
        throw InvalidInput(fmt::format("{} refused the request: HTTP {}: {}", name_, a.status,
                                       short_message(a.body)));
      }
      if (n == kAttempts) throw Io(failure(a));
      if (a.retry_after && *a.retry_after > kMaxRetryAfter) {
        throw Io(fmt::format("{} is busy: HTTP {} asks to retry after {:.0f} s", name_, a.status,
                             *a.retry_after));
      }
      std::this_thread::sleep_for(
          std::chrono::duration<double>(std::max(backoff, a.retry_after.value_or(0))));
      backoff *= 2;
    }
  }

  std::string failure(const Answer& a) const {
    if (a.error == httplib::Error::Success) {
      return fmt::format("{} failed {} times: HTTP {}: {}", name_, kAttempts, a.status,
                         short_message(a.body));
    }
    const bool slow = a.error == httplib::Error::Read || a.error == httplib::Error::Canceled;
    return fmt::format("{} is not answering ({} after {} attempts{})", name_,
                       httplib::to_string(a.error), kAttempts,
                       slow ? fmt::format(", timeout {:g} s", server_.timeout) : "");
  }

  voices::Host host_;
  const voices::SpeechServer& server_;
  std::string name_;  // "voice 'Nova': speech server http://...", the start of every message
  httplib::Client client_;
  std::string path_;
  std::optional<SentenceCache> cache_;
};

}  // namespace

// Everything that changes the audio for this text: engine, server, model, voice, speed,
// format and the (already normalised) text.
std::string server_sentence_key(const voices::Host& host, std::string_view text) {
  const voices::SpeechServer& server = *host.server;
  const nlohmann::json k = {"openai-speech",    server.base_url,  server.model,
                            host.voice,         host.rate,        server.format,
                            server.sample_rate, std::string(text)};
  return content_hash(k.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

std::unique_ptr<Synthesizer> make_server_synthesizer(const voices::Host& host,
                                                     const std::filesystem::path& cache_dir) {
  if (!host.server) {
    throw Unsupported(fmt::format("host '{}': engine openai-speech without a server", host.name));
  }
  return std::make_unique<ServerSynthesizer>(host, cache_dir);
}

}  // namespace lectio::speech
