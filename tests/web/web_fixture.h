#pragma once
// Shared pieces of the web tests: a data directory holding the GPU/TPU example (source, lesson,
// plan; optionally rendered audio), a real server on a loopback port in a background thread,
// and a small "browser" that keeps the cookies the server sets and sends the CSRF token.
#include <gtest/gtest.h>
#include <httplib.h>

#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "lectio/lesson/lesson.h"
#include "lectio/web/server.h"
#include "support/temp_dir.h"

namespace lectio::web::testing {

inline constexpr const char* kOriginUrl = "https://example.com/gpu-tpu-notes";
inline constexpr const char* kSourceId = "file_gpu001";
inline constexpr const char* kPassword = "correct horse battery";

// What the example data directory holds.
struct ExampleLibrary {
  std::filesystem::path data_dir;
  std::string lesson_id;
  std::string lesson_slug;
  std::string lesson_title;
  std::string plan_id;
  std::string plan_slug;
  // With audio only: a draft copy of the lesson (same audio, owned by a user nobody signs in
  // as) that must never be shown to anyone else, nor reach a feed; and the rendered files.
  std::string draft_id;
  std::filesystem::path mp3;
  std::filesystem::path opus;
  std::filesystem::path vtt;
  std::filesystem::path chapters;
};

// The example library of this test process, built on first use in a temporary directory that
// lives until the process exits: examples/gpu-tpu notes as file_gpu001 (with kOriginUrl), the
// lesson of examples/gpu-tpu/brief.yaml, and a plan holding that lesson. With `audio`, the
// lesson is rendered (once per build tree: the files are kept in a cache beside the test
// binary, shared between processes under a file lock) and copied into <data>/audio.
// Every call in one process must pass the same `audio`.
const ExampleLibrary& example_library(bool audio);

// A Server on 127.0.0.1 (any free port), serving from a background thread until destroyed.
class RunningServer {
 public:
  explicit RunningServer(ServerOptions options);
  ~RunningServer();
  RunningServer(const RunningServer&) = delete;
  RunningServer& operator=(const RunningServer&) = delete;

  int port() const { return server_->port(); }
  const std::string& base_url() const { return server_->base_url(); }

 private:
  std::unique_ptr<Server> server_;
  std::thread thread_;
};

// Options for a test server on the data directory: any port, limits high enough that only the
// tests meant to reach them do.
ServerOptions test_options(const std::filesystem::path& data_dir);

// A browser session against one server: keeps cookies from Set-Cookie (an empty value or
// Max-Age=0 removes one), sends them back, and adds X-CSRF-Token to state-changing requests.
class Browser {
 public:
  explicit Browser(int port);

  httplib::Result get(const std::string& path, const httplib::Headers& extra = {});
  httplib::Result post_json(const std::string& path, const nlohmann::json& body,
                            bool with_csrf = true);
  httplib::Result post_body(const std::string& path, const std::string& body,
                            const std::string& content_type, bool with_csrf = true);
  httplib::Result post_files(const std::string& path, const httplib::MultipartFormDataItems& items,
                             bool with_csrf = true);
  httplib::Result put(const std::string& path, bool with_csrf = true);
  httplib::Result del(const std::string& path, bool with_csrf = true);

  // The value of a cookie this browser holds; empty when none.
  std::string cookie(const std::string& name) const;
  void set_cookie(const std::string& name, const std::string& value) { cookies_[name] = value; }
  // The CSRF token, fetched from /api/me when the browser has none yet.
  std::string csrf();

  // Signs up (expects 201) and returns the user JSON.
  nlohmann::json sign_up(const std::string& name, const std::string& display_name = "");

 private:
  httplib::Headers headers(bool with_csrf, const httplib::Headers& extra = {});
  httplib::Result remember(httplib::Result result);

  httplib::Client client_;
  std::map<std::string, std::string> cookies_;
};

// The Set-Cookie header of a response that sets `name`; empty when none.
std::string set_cookie_header(const httplib::Result& result, const std::string& name);

// A user name no other test of this process has used: "<prefix><n>".
std::string unique_name(const std::string& prefix);

// Parses a JSON response body; a failed test (and an empty object) when it is not JSON.
nlohmann::json body_json(const httplib::Result& result);

// Whether a response is the JSON error {"error":{"status":status,"code":...,"message":...}}
// with a non-empty code and message.
::testing::AssertionResult is_json_error(const httplib::Result& result, int status);

// What Debian's feedparser made of a feed (tests/web/check_feed.py); a failed test when the
// script could not run.
nlohmann::json check_feed(const std::string& xml);

// The bytes of a file.
std::string read_bytes(const std::filesystem::path& path);

// Text as the page templates write it (mustache's HTML escaping).
std::string escaped(const std::string& text);

// A lesson as stored in a data directory (drafts included); fails the test when missing.
lesson::Lesson stored_lesson(const std::filesystem::path& data_dir, const std::string& id);

// Polls a job (GET /api/jobs/<id>) until it is done or failed, with a generous cap so that a
// stuck job fails the test rather than hanging it; returns its last state.
nlohmann::json wait_for_job(Browser& b, const std::string& id);

// Each test gets its own copy of the example data directory and a server on it, so that tests
// cannot see each other's users, reviews or lessons. Subclasses with audio override audio().
class WebTest : public ::testing::Test {
 protected:
  virtual bool audio() const { return false; }
  void SetUp() override;
  void TearDown() override;

  // Replaces the running server with one with these options (on the same data directory).
  void restart(ServerOptions options);
  ServerOptions options() const { return test_options(data_); }
  std::unique_ptr<Browser> new_browser() const { return std::make_unique<Browser>(port()); }
  int port() const { return server_->port(); }
  // A browser that has signed up as a new user.
  std::unique_ptr<Browser> signed_up(const std::string& prefix, nlohmann::json* user = nullptr,
                                     const std::string& display_name = "");

  const ExampleLibrary* lib_ = nullptr;
  std::unique_ptr<lectio::testing::TempDir> dir_;
  std::filesystem::path data_;
  std::unique_ptr<RunningServer> server_;
  std::unique_ptr<Browser> browser_;  // an anonymous visitor
};

}  // namespace lectio::web::testing
