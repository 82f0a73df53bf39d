// `lectio voices` end to end: the real binary, a real data directory, and a speech server of
// our own on a loopback port (tests/speech/speech_server.h) for `voices test` and a lesson
// whose host is a registered voice.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>

#include "speech/speech_server.h"
#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::cli {

namespace {

namespace fs = std::filesystem;
using testing::run_lectio;

struct Data {
  testing::TempDir dir;
  std::string data = (dir.path() / "data").string();

  // `voices add NAME` for a Kokoro voice at `url`; `extra` adds options or replaces
  // --language.
  testing::RunResult add(const std::string& name, const std::string& url,
                         std::vector<std::string> extra = {}) const {
    std::vector<std::string> args = {
        "--data",     data, "voices",  "add",    name,      "--engine", "openai-speech",
        "--base-url", url,  "--model", "kokoro", "--voice", "slt"};
    if (std::find(extra.begin(), extra.end(), "--language") == extra.end()) {
      extra.insert(extra.end(), {"--language", "en"});
    }
    args.insert(args.end(), extra.begin(), extra.end());
    return run_lectio(args);
  }
};

nlohmann::json voices_json(const Data& d) {
  const auto r = run_lectio({"--data", d.data, "voices", "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

}  // namespace

TEST(CliVoicesTest, AddsListsAndRemovesAVoice) {
  Data d;
  const auto added = d.add("Nova", "http://127.0.0.1:8880/v1/",
                           {"--gender", "female", "--description", "Kokoro, bright",
                            "--concurrency", "3", "--speed", "1.1"});
  ASSERT_EQ(added.exit_code, 0) << added.err;
  EXPECT_TRUE(fs::exists(fs::path(d.data) / "voices.json"));

  const auto all = voices_json(d);
  ASSERT_EQ(all.size(), 7u) << "six built-in voices and Nova";
  const auto& nova = all.back();
  EXPECT_EQ(nova["name"], "Nova");
  EXPECT_EQ(nova["engine"], "openai-speech");
  EXPECT_EQ(nova["base_url"], "http://127.0.0.1:8880/v1") << "the trailing '/' is dropped";
  EXPECT_EQ(nova["concurrency"], 3);
  EXPECT_DOUBLE_EQ(nova["rate"].get<double>(), 1.1);
  EXPECT_EQ(all.front()["name"], "Lena");
  EXPECT_EQ(all.front()["engine"], "flite");

  const auto text = run_lectio({"--data", d.data, "voices"});
  EXPECT_NE(text.out.find("openai-speech/slt (http://127.0.0.1:8880/v1, kokoro)"),
            std::string::npos)
      << text.out;

  const auto twice = d.add("nova", "http://127.0.0.1:8880/v1");
  EXPECT_EQ(twice.exit_code, 1);
  EXPECT_NE(twice.err.find("already registered"), std::string::npos) << twice.err;

  const auto removed = run_lectio({"--data", d.data, "voices", "remove", "NOVA"});
  EXPECT_EQ(removed.exit_code, 0) << removed.err;
  EXPECT_EQ(voices_json(d).size(), 6u);
  const auto again = run_lectio({"--data", d.data, "voices", "remove", "Nova"});
  EXPECT_EQ(again.exit_code, 1);
  EXPECT_EQ(again.err, "lectio: error: voice 'Nova': not registered (see `lectio voices`)\n");
  const auto builtin = run_lectio({"--data", d.data, "voices", "remove", "Lena"});
  EXPECT_EQ(builtin.exit_code, 1);
  EXPECT_NE(builtin.err.find("built in"), std::string::npos) << builtin.err;
}

TEST(CliVoicesTest, RefusesABadVoiceInOneLineAndStoresNothing) {
  Data d;
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--language", "fr"}, "language: must be en or zh"},
      {{"--concurrency", "0"}, "concurrency: must be 1-32"},
      {{"--timeout", "0.5"}, "timeout: must be 1-600 seconds"},
      {{"--format", "aac"}, "format: must be wav, pcm, flac, mp3 or opus"},
      {{"--speed", "9"}, "speed: must be 0.25-4"},
      {{"--gender", "robot"}, "gender: must be female or male"},
  };
  for (const auto& [extra, message] : cases) {
    const auto r = d.add("Nova", "http://127.0.0.1:8880/v1", extra);
    EXPECT_EQ(r.exit_code, 1) << extra[0];
    EXPECT_EQ(r.err, "lectio: error: voice 'Nova': " + message + "\n");
  }
  const auto url = d.add("Nova", "ftp://example.com");
  EXPECT_NE(url.err.find("base URL: must be http(s)://"), std::string::npos) << url.err;
  const auto name = d.add("Lena", "http://127.0.0.1:8880/v1");
  EXPECT_EQ(name.err, "lectio: error: voice 'Lena': the name of a built-in voice\n");
  const auto spaced = d.add("Two words", "http://127.0.0.1:8880/v1");
  EXPECT_NE(spaced.err.find("must be 1-32 letters"), std::string::npos) << spaced.err;
  const auto engine =
      run_lectio({"--data", d.data, "voices", "add", "Nova", "--engine", "flite", "--base-url",
                  "http://x", "--model", "m", "--voice", "v", "--language", "en"});
  EXPECT_EQ(engine.exit_code, 1);
  EXPECT_NE(engine.err.find("only openai-speech voices can be added"), std::string::npos);
  EXPECT_FALSE(fs::exists(fs::path(d.data) / "voices.json"));
}

TEST(CliVoicesTest, TestSpeaksOneSentenceAndReportsLatency) {
  testing::FakeSpeechServer server;
  Data d;
  ASSERT_EQ(d.add("Nova", server.base_url()).exit_code, 0);
  const auto r = run_lectio({"--data", d.data, "voices", "test", "Nova"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::regex line(
      R"(Nova: [0-9.]+ s latency, ([0-9.]+) s of audio at 16000 Hz \(openai-speech/slt\)\n)");
  std::smatch m;
  ASSERT_TRUE(std::regex_match(r.out, m, line)) << r.out;
  EXPECT_GT(std::stod(m[1].str()), 1.0);
  ASSERT_EQ(server.requests(), 1);
  EXPECT_EQ(server.request_log()[0].body["input"], "Hello, I'm Nova, one of the voices of Lectio.");

  const auto again = run_lectio({"--data", d.data, "voices", "test", "Nova"});
  EXPECT_EQ(again.exit_code, 0);
  EXPECT_EQ(server.requests(), 2) << "a test always asks the server";
}

TEST(CliVoicesTest, TestOfADownServerFailsInOneLine) {
  std::string url;
  {
    testing::FakeSpeechServer gone;
    url = gone.base_url();
  }
  Data d;
  ASSERT_EQ(d.add("Nova", url).exit_code, 0);
  const auto r = run_lectio({"--data", d.data, "voices", "test", "Nova"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err.find("lectio: error: voice 'Nova': speech server " + url + " is not answering"),
            0u)
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1);
}

TEST(CliVoicesTest, ALessonHostedByARegisteredVoiceIsSpokenByTheServer) {
  testing::FakeSpeechServer server;
  Data d;
  ASSERT_EQ(d.add("Nova", server.base_url()).exit_code, 0);
  const auto notes = testing::source_dir() / "examples/gpu-tpu/gpu_tpu_lesson_notes.md";
  ASSERT_EQ(run_lectio({"--data", d.data, "add", notes.string(), "--id", "gpu001"}).exit_code, 0);
  std::string brief = testing::slurp(testing::source_dir() / "examples/gpu-tpu/brief.yaml");
  brief = std::regex_replace(brief, std::regex("host: Lena"), "host: Nova");
  const auto path = d.dir.write("brief.yaml", brief + "date: 2026-04-22\n");

  const auto r = run_lectio({"--data", d.data, "lesson", path.string(), "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lesson = nlohmann::json::parse(r.out);
  EXPECT_EQ(lesson["host"], "Nova");
  EXPECT_NE(lesson["script"][0]["sentences"][0]["text"].get<std::string>().find("Nova"),
            std::string::npos);
  const int sent = server.requests();
  EXPECT_GT(sent, 5);
  EXPECT_GT(lesson["duration"]["measured_seconds"].get<double>(), 10.0);

  const auto again = run_lectio({"--data", d.data, "lesson", path.string(), "--json"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.err.find("unchanged, not rendered again"), std::string::npos) << again.err;
  EXPECT_EQ(server.requests(), sent);
}

}  // namespace lectio::cli
