// Crash safety of the web creation job: the real `lectio serve` killed with SIGKILL while a
// job renders leaves no half-written audio and no lesson pointing at missing files; the job is
// kept in the SQLite store's queue, so after a restart its page still shows it and, once its
// lease has expired, the restarted server resumes it to the end. Uploads a crash left behind
// are removed at start.
#include <gtest/gtest.h>
#include <httplib.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <thread>

#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::web {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::BackgroundProcess;

constexpr const char* kCsrf = "crashtestcsrf0123456789";

// `lectio serve` on a free loopback port, with the address it printed.
struct Served {
  explicit Served(const std::string& data)
      : process({testing::lectio_binary(), "--data", data, "serve", "--port", "0"}) {
    const std::regex address(R"(on (http://127\.0\.0\.1:(\d+)))");
    for (int i = 0; i < 3000; ++i) {
      std::smatch m;
      const std::string err = process.err_so_far();
      if (std::regex_search(err, m, address)) {
        port = std::stoi(m[2]);
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ADD_FAILURE() << "lectio serve did not start: " << process.err_so_far();
  }
  BackgroundProcess process;
  int port = 0;
};

struct Browser {
  explicit Browser(int port) : client("127.0.0.1", port) { client.set_read_timeout(60, 0); }
  httplib::Result post(const std::string& path, const json& body) {
    return client.Post(path.c_str(), headers(), body.dump(), "application/json");
  }
  httplib::Result get(const std::string& path) { return client.Get(path.c_str(), headers()); }
  httplib::Headers headers() const {
    std::string cookies = std::string("lectio_csrf=") + csrf;
    if (!session.empty()) cookies += "; lectio_session=" + session;
    return {{"Cookie", cookies}, {"X-CSRF-Token", csrf}};
  }
  httplib::Client client;
  std::string session;
  std::string csrf = kCsrf;
};

std::string cookie_of(const httplib::Result& r, const std::string& name) {
  for (const auto& [key, value] : r->headers) {
    if (key == "Set-Cookie" && value.rfind(name + "=", 0) == 0) {
      return value.substr(name.size() + 1, value.find(';') - name.size() - 1);
    }
  }
  return "";
}

json job_of(Browser& b, const std::string& id) {
  const auto r = b.get("/api/jobs/" + id);
  if (!r || r->status != 200) return json{{"http", r ? r->status : 0}};
  return json::parse(r->body)["job"];
}

bool staged(const fs::path& p) {
  const std::string name = p.filename().string();
  return name.front() == '.' && name.find(".tmp") != std::string::npos;
}

const json kBrief = {{"topic", "GPU vs TPU"},
                     {"insights", {"Why GPUs became the default", "Where TPUs are strongest"}},
                     {"minutes", 2},
                     {"audio", true}};

}  // namespace

TEST(WebCrashTest, JobKilledWhileRenderingLeavesNoHalfWrittenAudioAndIsResumedAfterARestart) {
  testing::TempDir dir;
  const std::string data = (dir.path() / "data").string();
  const fs::path audio = dir.path() / "data" / "audio";
  const auto added = testing::run_lectio(
      {"--data", data, "add",
       (testing::source_dir() / "examples/gpu-tpu/gpu_tpu_lesson_notes.md").string()});
  ASSERT_EQ(added.exit_code, 0) << added.err;

  std::string job_id;
  std::string session;
  std::string csrf;
  {
    Served served(data);
    ASSERT_GT(served.port, 0);
    Browser browser(served.port);
    const auto signup =
        browser.post("/api/signup", {{"name", "maker"}, {"password", "long-pass-1"}});
    ASSERT_TRUE(signup);
    ASSERT_EQ(signup->status, 201) << signup->body;
    session = browser.session = cookie_of(signup, "lectio_session");
    csrf = browser.csrf = cookie_of(signup, "lectio_csrf");
    const auto made = browser.post("/api/lessons", kBrief);
    ASSERT_TRUE(made);
    ASSERT_EQ(made->status, 202) << made->body;
    job_id = json::parse(made->body)["job"]["id"];
    // Killed while it writes: a staged file of the lesson's audio exists.
    bool writing = false;
    for (int i = 0; i < 60000 && !writing; ++i) {
      std::error_code ec;
      for (const auto& e : fs::directory_iterator(audio, ec)) writing = writing || staged(e.path());
      if (!writing) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ASSERT_TRUE(writing) << job_of(browser, job_id);
    served.process.signal(SIGKILL);
    EXPECT_EQ(served.process.wait().exit_code, 128 + SIGKILL);
  }
  // No lesson was stored for the killed job, so none points at missing audio.
  const auto lessons = testing::run_lectio({"--data", data, "lessons", "--json"});
  ASSERT_EQ(lessons.exit_code, 0) << lessons.err;
  EXPECT_EQ(json::parse(lessons.out).size(), 0u) << lessons.out;
  for (const auto& e : fs::directory_iterator(audio)) {
    // The sentence clip and encoded unit caches (issue 32) are written as sentences are
    // synthesised and units encoded: kept.
    const auto name = e.path().filename();
    if (staged(e.path()) || name == "clips" || name == "units") continue;
    ADD_FAILURE() << "a final file from the killed job: " << e.path();
  }

  // What a request killed mid-upload leaves: removed at the next start once old enough.
  const fs::path left_upload = dir.path() / "data" / "uploads" / "a1b2c3d4e5f6";
  fs::create_directories(left_upload);
  { std::ofstream(left_upload / "notes.md") << "# Notes\n"; }
  const auto long_ago = fs::file_time_type::clock::now() - std::chrono::hours(2);
  fs::last_write_time(left_upload / "notes.md", long_ago);
  fs::last_write_time(left_upload, long_ago);

  Served again(data);
  ASSERT_GT(again.port, 0);
  EXPECT_FALSE(fs::exists(left_upload)) << again.process.err_so_far();
  Browser back(again.port);
  back.session = session;
  back.csrf = csrf;
  // The killed job is still there: running (its lease not yet expired), then resumed.
  EXPECT_NE(job_of(back, job_id).value("http", 200), 404);
  json job;
  for (int i = 0; i < 1800; ++i) {
    job = job_of(back, job_id);
    if (job.value("state", "") == "done" || job.value("state", "") == "failed") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_EQ(job.value("state", ""), "done") << job;
  const auto lesson = back.get("/api/lessons/" + job["lesson_id"].get<std::string>());
  ASSERT_TRUE(lesson);
  ASSERT_EQ(lesson->status, 200) << lesson->body;
  const json body = json::parse(lesson->body);
  for (const char* kind : {"mp3", "opus", "vtt"}) {
    const auto media = back.get(body["media"][kind].get<std::string>());
    ASSERT_TRUE(media) << kind;
    EXPECT_EQ(media->status, 200) << kind << " " << body["media"];
  }
  int left = 0;
  for (const auto& e : fs::directory_iterator(audio)) left += staged(e.path());
  EXPECT_EQ(left, 0) << "the killed job's staged files are still there";
}

}  // namespace lectio::web
