// Two `lectio serve` processes on one PostgreSQL store: what one writes the other reads.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <regex>
#include <thread>

#include "support/pg_test.h"
#include "support/run.h"
#include "support/temp_dir.h"
#include "web_fixture.h"

namespace lectio::web::testing {
namespace {

using lectio::testing::BackgroundProcess;
using lectio::testing::run_lectio;
using lectio::testing::source_dir;
using lectio::testing::TempDir;
using lectio::testing::TestDatabase;

// `lectio serve` on any free loopback port, with its own data directory (its search index),
// on the shared store.
class ServeProcess {
 public:
  ServeProcess(const std::filesystem::path& data, const std::vector<std::string>& env)
      : process_({LECTIO_BIN, "--data", data.string(), "serve", "--port", "0"}, env) {
    const std::regex address(R"(on http://127\.0\.0\.1:(\d+))");
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    std::smatch m;
    std::string err;
    while (std::chrono::steady_clock::now() < deadline) {
      err = process_.err_so_far();
      if (std::regex_search(err, m, address)) {
        port_ = std::stoi(m[1]);
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ADD_FAILURE() << "lectio serve did not start: " << err;
  }
  ~ServeProcess() {
    process_.signal(SIGTERM);
    process_.wait();
  }
  int port() const { return port_; }

 private:
  BackgroundProcess process_;
  int port_ = 0;
};

TEST(WebFleetTest, TwoServersOnOneDatabaseShareLessonsAccountsAndReviews) {
  TestDatabase db;
  const std::vector<std::string> env{"LECTIO_STORE=" + db.url()};
  ASSERT_EQ(run_lectio({"migrate"}, env).exit_code, 0);
  TempDir cli_data;
  const auto examples = source_dir() / "examples" / "gpu-tpu";
  const auto add = run_lectio({"--data", cli_data.path().string(), "add",
                               (examples / "gpu_tpu_lesson_notes.md").string(), "--id", "gpu001"},
                              env);
  ASSERT_EQ(add.exit_code, 0) << add.err;
  const auto lesson = run_lectio({"--data", cli_data.path().string(), "lesson",
                                  (examples / "brief.yaml").string(), "--no-audio", "--json"},
                                 env);
  ASSERT_EQ(lesson.exit_code, 0) << lesson.err;
  const std::string lesson_id = nlohmann::json::parse(lesson.out).at("id");

  TempDir data_a, data_b;
  ServeProcess a(data_a.path(), env);
  ServeProcess b(data_b.path(), env);
  ASSERT_NE(a.port(), 0);
  ASSERT_NE(b.port(), 0);

  Browser via_a(a.port());
  const std::string name = unique_name("fleet");
  via_a.sign_up(name, "Ada");
  const auto posted = via_a.post_json("/api/lessons/" + lesson_id + "/reviews",
                                      {{"rating", 5}, {"text", "Clear and grounded"}});
  ASSERT_TRUE(posted);
  ASSERT_EQ(posted->status, 201) << posted->body;

  Browser via_b(b.port());
  const auto reviews = body_json(via_b.get("/api/lessons/" + lesson_id + "/reviews"));
  ASSERT_EQ(reviews["reviews"].size(), 1u) << reviews.dump();
  EXPECT_EQ(reviews["reviews"][0]["text"], "Clear and grounded");
  EXPECT_EQ(reviews["rating"]["count"], 1);
  const auto signin = via_b.post_json("/api/signin", {{"name", name}, {"password", kPassword}});
  ASSERT_TRUE(signin);
  EXPECT_EQ(signin->status, 200) << signin->body;  // the account made through a
  const auto lessons = body_json(via_b.get("/api/lessons"));
  ASSERT_EQ(lessons["lessons"].size(), 1u) << lessons.dump();
  EXPECT_EQ(lessons["lessons"][0]["id"], lesson_id);
}

// The state of a job through a signed-in browser.
nlohmann::json job_of(Browser& browser, const std::string& id) {
  return body_json(browser.get("/api/jobs/" + id))["job"];
}

TEST(WebFleetTest, ALessonCreatedThroughOneServerIsBuiltByAWorkerAndPublishedThroughTheOther) {
  TestDatabase db;
  TempDir data_a, data_b, worker_data, media;
  // The media directory is the fleet's shared filesystem: uploads travel through it.
  const std::vector<std::string> env{"LECTIO_STORE=" + db.url(),
                                     "LECTIO_MEDIA=" + media.path().string()};
  ASSERT_EQ(run_lectio({"migrate"}, env).exit_code, 0);
  ServeProcess a(data_a.path(), env);
  ServeProcess b(data_b.path(), env);
  ASSERT_NE(a.port(), 0);
  ASSERT_NE(b.port(), 0);

  Browser via_a(a.port());
  const std::string name = unique_name("maker");
  via_a.sign_up(name, "Grace");
  const std::string notes =
      "# Sourdough bread\n\n## The starter\n\n"
      "A sourdough starter is a culture of wild yeast and lactic acid bacteria kept alive in "
      "flour and water.\nBakers feed the starter every day with equal weights of fresh flour "
      "and water.\n\n## Fermentation\n\n"
      "The dough ferments slowly for eight to twelve hours at room temperature.\n"
      "During bulk fermentation the yeast produces carbon dioxide that makes the dough rise.\n";
  const auto upload =
      via_a.post_files("/api/sources", {{"files", notes, "notes.md", "text/markdown"}});
  ASSERT_TRUE(upload);
  ASSERT_EQ(upload->status, 202) << upload->body;
  const nlohmann::json upload_job = body_json(upload)["files"][0]["job"];
  EXPECT_EQ(upload_job["kind"], "ingest");
  EXPECT_EQ(upload_job["state"], "queued") << "no server ingests it itself";
  EXPECT_TRUE(body_json(Browser(b.port()).get("/api/sources"))["sources"].empty());

  const auto ingest =
      run_lectio({"--data", worker_data.path().string(), "worker", "--until-idle"}, env);
  ASSERT_EQ(ingest.exit_code, 0) << ingest.err;

  Browser via_b(b.port());
  const auto signin = via_b.post_json("/api/signin", {{"name", name}, {"password", kPassword}});
  ASSERT_TRUE(signin);
  ASSERT_EQ(signin->status, 200) << signin->body;
  const nlohmann::json ingested = job_of(via_b, upload_job["id"]);
  EXPECT_EQ(ingested["state"], "done") << ingested.dump();
  EXPECT_EQ(ingested["file_name"], "notes.md");
  const auto sources = body_json(via_b.get("/api/sources"))["sources"];
  ASSERT_EQ(sources.size(), 1u) << sources.dump();
  EXPECT_EQ(sources[0]["file_name"], "notes.md");
  const std::string source = sources[0]["id"];
  // b's own search index applies the change the worker made.
  const auto found = body_json(via_b.get("/api/search?q=starter"))["chunks"];
  ASSERT_FALSE(found.empty());
  EXPECT_EQ(found[0]["source_id"], source);

  const auto created = via_a.post_json(
      "/api/lessons", {{"topic", "Baking sourdough bread"},
                       {"insights", {"What a sourdough starter is", "How the dough ferments"}},
                       {"sources", {source}},
                       {"audio", false}});
  ASSERT_TRUE(created);
  ASSERT_EQ(created->status, 202) << created->body;
  const std::string job = body_json(created)["job"]["id"];
  EXPECT_EQ(body_json(created)["job"]["state"], "queued") << "no server builds it itself";

  const auto worker = run_lectio({"--data", worker_data.path().string(), "worker", "--until-idle",
                                  "--media", media.path().string()},
                                 env);
  ASSERT_EQ(worker.exit_code, 0) << worker.err;

  const auto status = body_json(via_b.get("/api/jobs/" + job));
  ASSERT_EQ(status["job"]["state"], "done") << status.dump();
  const std::string lesson = status["job"]["lesson_id"];
  EXPECT_TRUE(body_json(Browser(b.port()).get("/api/lessons"))["lessons"].empty())
      << "a draft until its creator publishes it";
  const auto published =
      via_b.post_json("/api/lessons/" + lesson + "/publish", nlohmann::json::object());
  ASSERT_TRUE(published);
  ASSERT_EQ(published->status, 200) << published->body;
  const auto listed = body_json(Browser(a.port()).get("/api/lessons"));
  ASSERT_EQ(listed["lessons"].size(), 1u) << listed.dump();
  EXPECT_EQ(listed["lessons"][0]["id"], lesson);
}

TEST(WebFleetTest, ABadUploadEndsAsAFailedJobWithAOneLineErrorOnTheJobPage) {
  TestDatabase db;
  TempDir data, worker_data, media;
  const std::vector<std::string> env{"LECTIO_STORE=" + db.url(),
                                     "LECTIO_MEDIA=" + media.path().string()};
  ASSERT_EQ(run_lectio({"migrate"}, env).exit_code, 0);
  ServeProcess server(data.path(), env);
  ASSERT_NE(server.port(), 0);
  Browser browser(server.port());
  browser.sign_up(unique_name("bad"), "Alan");
  // A page upload, as the create form sends it: the answer is the job's page.
  const auto sent = browser.post_files(
      "/create/sources", {{"files", "%PDF-1.7 not really a PDF", "broken.pdf", "application/pdf"}});
  ASSERT_TRUE(sent);
  ASSERT_EQ(sent->status, 303) << sent->body;
  const std::string page = sent->get_header_value("Location");
  ASSERT_EQ(page.rfind("/jobs/job_q", 0), 0u) << page;

  const auto worker =
      run_lectio({"--data", worker_data.path().string(), "worker", "--until-idle"}, env);
  ASSERT_EQ(worker.exit_code, 0) << worker.err;
  const nlohmann::json job = job_of(browser, page.substr(std::string("/jobs/").size()));
  EXPECT_EQ(job["state"], "failed") << job.dump();
  const std::string error = job["error"];
  EXPECT_EQ(error.rfind("broken.pdf: ", 0), 0u) << "names the file as uploaded: " << error;
  EXPECT_EQ(error.find('\n'), std::string::npos) << error;
  EXPECT_EQ(error.find(worker_data.path().string()), std::string::npos) << error;
  const auto shown = browser.get(page);
  ASSERT_TRUE(shown);
  EXPECT_NE(shown->body.find("broken.pdf: "), std::string::npos) << "shown without the script";
  EXPECT_TRUE(body_json(browser.get("/api/sources"))["sources"].empty());
}

TEST(WebFleetTest, AServerOnAnUnmigratedDatabaseSaysToMigrate) {
  TestDatabase db;
  TempDir data;
  const auto r = run_lectio({"--data", data.path().string(), "serve", "--port", "0"},
                            {"LECTIO_STORE=" + db.url()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("lectio migrate"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace lectio::web::testing
