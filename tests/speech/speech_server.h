#pragma once
// A speech server of our own for the tests: it speaks the OpenAI speech API
// (POST /v1/audio/speech) on 127.0.0.1 at an ephemeral port and answers real speech, made by
// the `flite` command (`espeak-ng` for voice "cmn") and converted by `ffmpeg` to the format
// asked for. Faults on demand: an HTTP status for the next N requests (with Retry-After),
// latency, and a per-input refusal. It counts requests, the most in flight at once, and keeps
// every request body. Header-only, like audio_support.h.
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::testing {

class FakeSpeechServer {
 public:
  struct Request {
    nlohmann::json body;
    std::string authorization;
    std::chrono::steady_clock::time_point arrived;
  };

  FakeSpeechServer() {
    server_.Post("/v1/audio/speech",
                 [this](const httplib::Request& req, httplib::Response& res) { answer(req, res); });
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
    while (!server_.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ~FakeSpeechServer() {
    server_.stop();
    thread_.join();
  }
  FakeSpeechServer(const FakeSpeechServer&) = delete;
  FakeSpeechServer& operator=(const FakeSpeechServer&) = delete;

  std::string base_url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/v1"; }

  // The next `count` requests answer `status` (with Retry-After when given) and no audio.
  void fail_next(int count, int status, std::string retry_after = "") {
    const std::lock_guard lock(mutex_);
    fail_count_ = count;
    fail_status_ = status;
    retry_after_ = std::move(retry_after);
  }
  // Requests whose input contains `word` answer 400 (a refusal, not to be retried).
  void refuse_inputs_with(std::string word) {
    const std::lock_guard lock(mutex_);
    refuse_word_ = std::move(word);
  }
  void set_latency(double seconds) { latency_ = seconds; }
  // WAV answers carry the sizes of a streaming server that does not know the length yet.
  void set_streamed_wav(bool on) { streamed_wav_ = on; }

  int requests() const {
    const std::lock_guard lock(mutex_);
    return static_cast<int>(requests_.size());
  }
  std::vector<Request> request_log() const {
    const std::lock_guard lock(mutex_);
    return requests_;
  }
  int max_in_flight() const { return max_in_flight_; }
  void reset_counts() {
    const std::lock_guard lock(mutex_);
    requests_.clear();
    max_in_flight_ = 0;
  }
  // Seconds of audio sent for an input (its last answer), as flite made it.
  double seconds_sent(const std::string& input) const {
    const std::lock_guard lock(mutex_);
    for (auto it = sent_.rbegin(); it != sent_.rend(); ++it) {
      if (it->first == input) return it->second;
    }
    return -1;
  }

 private:
  // One request: counted, maybe failed or delayed, then answered with audio in its format.
  void answer(const httplib::Request& req, httplib::Response& res) {
    const int now = ++in_flight_;
    int seen = max_in_flight_;
    while (now > seen && !max_in_flight_.compare_exchange_weak(seen, now)) {
    }
    struct Leave {
      std::atomic<int>& n;
      ~Leave() { --n; }
    } leave{in_flight_};
    const auto body = nlohmann::json::parse(req.body, nullptr, false);
    {
      const std::lock_guard lock(mutex_);
      requests_.push_back(
          {body, req.get_header_value("Authorization"), std::chrono::steady_clock::now()});
      if (fail_count_ > 0) {
        --fail_count_;
        if (!retry_after_.empty()) res.set_header("Retry-After", retry_after_);
        res.status = fail_status_;
        res.set_content(R"({"detail":"try again later"})", "application/json");
        return;
      }
    }
    std::this_thread::sleep_for(std::chrono::duration<double>(latency_.load()));
    const std::string input = body.is_object() ? body.value("input", "") : "";
    const std::string format = body.is_object() ? body.value("response_format", "mp3") : "";
    if (input.empty() || !body.contains("model") || !body.contains("voice")) {
      res.status = 422;
      res.set_content(R"({"detail":"model, voice and input are required"})", "application/json");
      return;
    }
    {
      const std::lock_guard lock(mutex_);
      if (!refuse_word_.empty() && input.find(refuse_word_) != std::string::npos) {
        res.status = 400;
        res.set_content(R"({"error":{"message":"input refused"}})", "application/json");
        return;
      }
    }
    res.set_content(speak(input, body.value("voice", "slt"), format), "audio/" + format);
  }

  // Real speech in `format`: flite (or espeak-ng) writes a WAV, ffmpeg converts it.
  std::string speak(const std::string& input, const std::string& voice, const std::string& format) {
    const auto n = std::to_string(++files_);
    const auto wav = dir_.path() / ("speech" + n + ".wav");
    const RunResult made = voice == "cmn"
                               ? run_program({"espeak-ng", "-v", "cmn", "-w", wav.string(), input})
                               : run_program({"flite", "-voice", voice == "af_test" ? "slt" : voice,
                                              "-t", input, "-o", wav.string()});
    if (made.exit_code != 0) throw std::runtime_error("synthesis failed: " + made.err);
    const std::string wav_bytes = slurp(wav);
    {
      const std::lock_guard lock(mutex_);
      // 16-bit mono: data bytes / 2 / rate; flite's and espeak-ng's header is 44 bytes.
      std::uint32_t rate = 0;
      std::memcpy(&rate, wav_bytes.data() + 24, 4);
      sent_.emplace_back(input, static_cast<double>(wav_bytes.size() - 44) / 2 / rate);
    }
    if (format == "wav" && streamed_wav_) {
      std::string streamed = wav_bytes;
      const std::uint32_t unknown = 0xFFFFFFFFu;
      std::memcpy(streamed.data() + 4, &unknown, 4);   // RIFF size
      std::memcpy(streamed.data() + 40, &unknown, 4);  // data size (a 44-byte header)
      return streamed;
    }
    if (format == "wav") return wav_bytes;
    const auto out = dir_.path() / ("speech" + n + "." + format);
    std::vector<std::string> args = {"ffmpeg", "-hide_banner", "-loglevel", "error",
                                     "-y",     "-i",           wav.string()};
    if (format == "pcm")
      args.insert(args.end(), {"-ar", "24000", "-f", "s16le", "-c:a", "pcm_s16le"});
    if (format == "mp3") args.insert(args.end(), {"-f", "mp3"});
    if (format == "flac") args.insert(args.end(), {"-f", "flac"});
    if (format == "opus") args.insert(args.end(), {"-c:a", "libopus", "-f", "ogg"});
    args.push_back(out.string());
    const RunResult converted = run_program(args);
    if (converted.exit_code != 0) throw std::runtime_error("ffmpeg failed: " + converted.err);
    return slurp(out);
  }

  TempDir dir_;
  httplib::Server server_;
  int port_ = 0;
  std::thread thread_;
  mutable std::mutex mutex_;  // guards the fields below
  std::vector<Request> requests_;
  std::vector<std::pair<std::string, double>> sent_;
  int fail_count_ = 0;
  int fail_status_ = 0;
  std::string retry_after_;
  std::string refuse_word_;
  std::atomic<double> latency_{0};
  std::atomic<bool> streamed_wav_{false};
  std::atomic<int> in_flight_{0};
  std::atomic<int> max_in_flight_{0};
  std::atomic<int> files_{0};
};

}  // namespace lectio::testing
