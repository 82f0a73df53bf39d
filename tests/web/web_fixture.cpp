#include "web/web_fixture.h"

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <fstream>
#include <kainjow/mustache.hpp>
#include <sstream>
#include <thread>
#include <vector>

#include "lectio/compose/composer.h"
#include "lectio/compose/engine.h"
#include "lectio/core/data_dir.h"
#include "lectio/core/file.h"
#include "lectio/ingest/ingest.h"
#include "lectio/lesson/brief.h"
#include "lectio/pipeline/lesson_records.h"
#include "lectio/plan/plan.h"
#include "lectio/plan/totals.h"
#include "lectio/search/index.h"
#include "lectio/speech/render.h"
#include "lectio/store/store.h"
#include "lectio/text/strings.h"
#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::web::testing {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Debian's interpreter, where python3-feedparser is installed.
constexpr const char* kPython = "/usr/bin/python3";

// Renders the lesson into the shared cache (the renderer reuses a set it already made for the
// same content) and copies the files into <data>/audio.
speech::RenderResult render_into(const lesson::Lesson& lesson, const fs::path& data) {
  const fs::path cache = LECTIO_WEB_TEST_CACHE;
  fs::create_directories(cache);
  speech::RenderResult cached;
  {
    const FileLock lock(cache / "render.lock");  // other test processes render too
    speech::RenderOptions options;
    options.out_dir = cache;
    cached = speech::render_lesson(lesson, options);
  }
  const fs::path audio = data / "audio";
  fs::create_directories(audio);
  speech::RenderResult r = cached;
  for (auto [from, to] :
       {std::pair{&cached.mp3, &r.mp3}, std::pair{&cached.opus, &r.opus},
        std::pair{&cached.vtt, &r.vtt}, std::pair{&cached.chapters, &r.chapters}}) {
    *to = audio / from->filename();
    fs::copy_file(*from, *to, fs::copy_options::overwrite_existing);
  }
  return r;
}

ExampleLibrary build_library(const fs::path& data, bool audio) {
  const fs::path examples = lectio::testing::source_dir() / "examples/gpu-tpu";
  ExampleLibrary lib;
  lib.data_dir = data;
  auto store = store::open_content_store(data);
  ingest::AddOptions add;
  add.id = "gpu001";
  add.origin_url = kOriginUrl;
  ingest::add_file(*store, examples / "gpu_tpu_lesson_notes.md", add);

  const lesson::Brief brief = lesson::load_brief(examples / "brief.yaml");
  auto index = search::open_index(*store, data);
  auto engine = compose::make_extractive_engine();
  lesson::Lesson lesson = compose::compose_lesson(brief, *store, *index, *engine);
  if (audio) {
    const speech::RenderResult r = render_into(lesson, data);
    lesson.duration.measured_seconds = r.seconds;
    lesson.audio = lesson::LessonAudio{
        relative_to_data_dir(r.mp3, data), relative_to_data_dir(r.opus, data),
        relative_to_data_dir(r.vtt, data), relative_to_data_dir(r.chapters, data)};
    lib.mp3 = r.mp3;
    lib.opus = r.opus;
    lib.vtt = r.vtt;
    lib.chapters = r.chapters;
  }
  pipeline::save_lesson(*store, lesson);
  lib.lesson_id = lesson.id;
  lib.lesson_slug = lesson.slug;
  lib.lesson_title = lesson.title;

  if (audio) {
    lesson::Lesson draft = lesson;
    draft.id = "lesson_draft_copy_0000abcd";
    draft.slug = "draft_copy";
    draft.title = "An unpublished copy";
    draft.published = false;
    pipeline::save_lesson(*store, draft, "user_nobody");
    lib.draft_id = draft.id;
  }

  plan::Plan p;
  p.title = brief.plan;
  p.language = "en";
  p.id = plan::plan_id(p.title, p.language);
  p.slug = text::slugify(p.title, 60);
  p.description = "Accelerators for AI, from the example notes.";
  p.audience = "Engineers";
  p.host = lesson.host;
  p.style = lesson.style;
  p.date = lesson.date;
  plan::PlanLesson pl;
  pl.label = "chapter 1, lesson 1";
  pl.id = lesson.id;
  pl.title = lesson.title;
  pl.topic = lesson.topic;
  pl.measured_seconds = lesson.duration.measured_seconds;
  pl.estimated_minutes = lesson.duration.estimated_minutes;
  plan::PlanChapter chapter{"Accelerators", {pl}};
  if (!lib.draft_id.empty()) {
    plan::PlanLesson hidden = pl;
    hidden.label = "chapter 1, lesson 2";
    hidden.id = lib.draft_id;
    hidden.title = "An unpublished copy";
    chapter.lessons.push_back(hidden);
  }
  p.chapters = {chapter};
  p.totals = plan::compute_totals(p.chapters, p.language);
  plan::save_plan(*store, p);
  lib.plan_id = p.id;
  lib.plan_slug = p.slug;
  return lib;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

const ExampleLibrary& example_library(bool audio) {
  static const lectio::testing::TempDir dir;
  static const ExampleLibrary lib = build_library(dir.path() / "data", audio);
  return lib;
}

ServerOptions test_options(const fs::path& data_dir) {
  ServerOptions o;
  o.data_dir = data_dir;
  o.host = "127.0.0.1";
  o.port = 0;
  o.threads = 4;
  o.sign_in_per_minute = 1000;
  o.ask_per_minute = 1000;
  return o;
}

RunningServer::RunningServer(ServerOptions options)
    : server_(std::make_unique<Server>(std::move(options))) {
  thread_ = std::thread([this] { server_->run(); });
  // The socket listens already; one answered request proves the accept loop runs, after
  // which stop() is sure to end it.
  httplib::Client client("127.0.0.1", server_->port());
  client.Get("/static/app.css");
}

RunningServer::~RunningServer() {
  server_->stop();
  if (thread_.joinable()) thread_.join();
}

Browser::Browser(int port) : client_("127.0.0.1", port) {
  client_.set_read_timeout(120, 0);
  client_.set_url_encode(false);  // the tests write URLs as a browser sends them
  client_.set_write_timeout(30, 0);
}

httplib::Headers Browser::headers(bool with_csrf, const httplib::Headers& extra) {
  httplib::Headers h = extra;
  if (with_csrf) h.emplace("X-CSRF-Token", csrf());
  std::string jar;
  for (const auto& [name, value] : cookies_) {
    jar += (jar.empty() ? "" : "; ") + name + "=" + value;
  }
  if (!jar.empty()) h.emplace("Cookie", jar);
  return h;
}

httplib::Result Browser::remember(httplib::Result result) {
  if (!result) return result;
  for (std::size_t i = 0, n = result->get_header_value_count("Set-Cookie"); i < n; ++i) {
    const std::string header = result->get_header_value("Set-Cookie", i);
    const std::string pair = header.substr(0, header.find(';'));
    const std::size_t eq = pair.find('=');
    if (eq == std::string::npos) continue;
    const std::string name = pair.substr(0, eq);
    const std::string value = pair.substr(eq + 1);
    if (value.empty() || lower(header).find("max-age=0") != std::string::npos) {
      cookies_.erase(name);
    } else {
      cookies_[name] = value;
    }
  }
  return result;
}

httplib::Result Browser::get(const std::string& path, const httplib::Headers& extra) {
  return remember(client_.Get(path, headers(false, extra)));
}

httplib::Result Browser::post_json(const std::string& path, const json& body, bool with_csrf) {
  return post_body(path, body.dump(), "application/json", with_csrf);
}

httplib::Result Browser::post_body(const std::string& path, const std::string& body,
                                   const std::string& content_type, bool with_csrf) {
  return remember(client_.Post(path, headers(with_csrf), body, content_type));
}

httplib::Result Browser::post_files(const std::string& path,
                                    const httplib::MultipartFormDataItems& items, bool with_csrf) {
  return remember(client_.Post(path, headers(with_csrf), items));
}

httplib::Result Browser::put(const std::string& path, bool with_csrf) {
  return remember(client_.Put(path, headers(with_csrf), std::string(), "application/json"));
}

httplib::Result Browser::del(const std::string& path, bool with_csrf) {
  return remember(client_.Delete(path, headers(with_csrf)));
}

std::string Browser::cookie(const std::string& name) const {
  const auto it = cookies_.find(name);
  return it == cookies_.end() ? std::string() : it->second;
}

std::string Browser::csrf() {
  if (cookie("lectio_csrf").empty()) get("/api/me");
  return cookie("lectio_csrf");
}

json Browser::sign_up(const std::string& name, const std::string& display_name) {
  json body = {{"name", name}, {"password", kPassword}};
  if (!display_name.empty()) body["display_name"] = display_name;
  const httplib::Result r = post_json("/api/signup", body);
  EXPECT_TRUE(r && r->status == 201)
      << "sign up " << name << ": " << (r ? r->body : httplib::to_string(r.error()));
  if (!r || r->status != 201) return json::object();
  return body_json(r).value("user", json::object());
}

std::string set_cookie_header(const httplib::Result& result, const std::string& name) {
  if (!result) return {};
  for (std::size_t i = 0, n = result->get_header_value_count("Set-Cookie"); i < n; ++i) {
    const std::string h = result->get_header_value("Set-Cookie", i);
    if (h.rfind(name + "=", 0) == 0) return h;
  }
  return {};
}

std::string unique_name(const std::string& prefix) {
  static std::atomic<int> counter{0};
  return prefix + std::to_string(++counter);
}

json body_json(const httplib::Result& result) {
  if (!result) {
    ADD_FAILURE() << "no response: " << httplib::to_string(result.error());
    return json::object();
  }
  json j = json::parse(result->body, nullptr, false);
  if (j.is_discarded()) {
    ADD_FAILURE() << "not JSON (status " << result->status << "): " << result->body.substr(0, 300);
    return json::object();
  }
  return j;
}

::testing::AssertionResult is_json_error(const httplib::Result& result, int status) {
  if (!result) {
    return ::testing::AssertionFailure() << "no response: " << httplib::to_string(result.error());
  }
  if (result->status != status) {
    return ::testing::AssertionFailure() << "status " << result->status << ", expected " << status
                                         << "; body: " << result->body.substr(0, 300);
  }
  if (result->get_header_value("Content-Type").rfind("application/json", 0) != 0) {
    return ::testing::AssertionFailure()
           << "Content-Type " << result->get_header_value("Content-Type");
  }
  const json j = json::parse(result->body, nullptr, false);
  if (j.is_discarded() || !j.contains("error") || !j["error"].is_object()) {
    return ::testing::AssertionFailure() << "not an error body: " << result->body;
  }
  const json& e = j["error"];
  if (e.value("status", 0) != status || e.value("code", "").empty() ||
      e.value("message", "").empty()) {
    return ::testing::AssertionFailure() << "incomplete error: " << result->body;
  }
  return ::testing::AssertionSuccess();
}

json check_feed(const std::string& xml) {
  const lectio::testing::TempDir dir;
  const std::string feed = dir.write("feed.xml", xml).string();
  const lectio::testing::RunResult r =
      lectio::testing::run_program({kPython, LECTIO_FEED_CHECK, feed});
  if (r.exit_code != 0) {
    ADD_FAILURE() << "check_feed.py failed: " << r.err;
    return json::object();
  }
  return json::parse(r.out);
}

std::string read_bytes(const fs::path& path) {
  return lectio::testing::slurp(path);
}

// As the templates escape (kainjow's escaper, which the pages use).
std::string escaped(const std::string& text) {
  return kainjow::mustache::html_escape(text);
}

lesson::Lesson stored_lesson(const fs::path& data_dir, const std::string& id) {
  auto store = store::open_content_store(data_dir);
  std::optional<lesson::Lesson> lesson = pipeline::load_lesson(*store, id);
  EXPECT_TRUE(lesson.has_value()) << "no stored lesson " << id;
  return lesson.value_or(lesson::Lesson{});
}

json wait_for_job(Browser& b, const std::string& id) {
  json job;
  for (int i = 0; i < 1200; ++i) {  // 1200 × 100 ms: far beyond what composing takes
    const auto r = b.get("/api/jobs/" + id);
    if (!r || r->status != 200) {
      ADD_FAILURE() << "job " << id << ": " << (r ? r->body : std::string("no response"));
      return json::object();
    }
    job = body_json(r)["job"];
    if (job.value("state", "") == "done" || job.value("state", "") == "failed") return job;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ADD_FAILURE() << "job " << id << " did not finish: " << job.dump();
  return job;
}

void WebTest::SetUp() {
  lib_ = &example_library(audio());
  dir_ = std::make_unique<lectio::testing::TempDir>();
  data_ = dir_->path() / "data";
  fs::copy(lib_->data_dir, data_, fs::copy_options::recursive);
  server_ = std::make_unique<RunningServer>(options());
  browser_ = new_browser();
}

void WebTest::TearDown() {
  browser_.reset();
  server_.reset();
}

void WebTest::restart(ServerOptions options) {
  server_.reset();
  server_ = std::make_unique<RunningServer>(std::move(options));
  browser_ = new_browser();
}

std::unique_ptr<Browser> WebTest::signed_up(const std::string& prefix, json* user,
                                            const std::string& display_name) {
  auto b = new_browser();
  const json u = b->sign_up(unique_name(prefix), display_name);
  if (user) *user = u;
  return b;
}

}  // namespace lectio::web::testing
