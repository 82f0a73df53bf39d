// `lectio worker` against the test PostgreSQL server: queued lessons and uploads are built by
// the real binary and their output is in the store when the job is done; bad payloads fail at
// once with their error; SIGTERM finishes or gives back the jobs in hand.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <functional>
#include <nlohmann/json.hpp>
#include <thread>

#include "lectio/core/data_dir.h"
#include "lectio/jobs/jobs.h"
#include "lectio/lesson/brief.h"
#include "lectio/lesson/lesson.h"
#include "lectio/media/media.h"
#include "lectio/pipeline/lesson_records.h"
#include "lectio/queue/pg_queue.h"
#include "lectio/queue/queue.h"
#include "lectio/store/pg_store.h"
#include "lectio/store/store.h"
#include "support/chat_server.h"
#include "support/fake_author.h"
#include "support/pg_test.h"
#include "support/run.h"
#include "support/temp_dir.h"

namespace lectio::jobs {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::BackgroundProcess;
using testing::run_lectio;
using testing::TempDir;
using testing::TestDatabase;

fs::path examples() {
  return testing::source_dir() / "examples" / "gpu-tpu";
}

struct Fleet {
  Fleet() {
    EXPECT_EQ(run_lectio({"migrate"}, env()).exit_code, 0);
    const auto add =
        lectio({"add", (examples() / "gpu_tpu_lesson_notes.md").string(), "--id", "gpu001"});
    EXPECT_EQ(add.exit_code, 0) << add.err;
  }
  std::vector<std::string> env() const { return {"LECTIO_STORE=" + db.url()}; }
  testing::RunResult lectio(std::vector<std::string> args) const {
    args.insert(args.begin(), {"--data", data.path().string()});
    return run_lectio(args, env());
  }
  std::vector<std::string> worker_args(std::vector<std::string> more) const {
    std::vector<std::string> args{LECTIO_BIN, "--data",  data.path().string(),
                                  "worker",   "--media", media.path().string()};
    args.insert(args.end(), more.begin(), more.end());
    return args;
  }
  std::int64_t enqueue(const queue::JobSpec& spec) {
    return queue::open_pg_queue(db.url())->enqueue(spec).id;
  }
  queue::JobInfo job(std::int64_t id) { return *queue::open_pg_queue(db.url())->job(id); }
  TestDatabase db;
  TempDir data, media;
};

LessonRequest short_lesson(bool audio) {
  LessonRequest request;
  request.brief = lesson::load_brief(examples() / "brief.yaml");
  request.brief.minutes = 1;  // a short render
  request.audio = audio;
  return request;
}

bool eventually(const std::function<bool()>& condition) {
  const auto deadline = std::chrono::steady_clock::now() + 120s;
  while (std::chrono::steady_clock::now() < deadline) {
    if (condition()) return true;
    std::this_thread::sleep_for(50ms);
  }
  return false;
}

TEST(JobsWorkerTest, BuildsAQueuedLessonAndStoresItWithTheJob) {
  Fleet f;
  const std::int64_t id = f.enqueue(lesson_job(short_lesson(false)));
  const auto run = testing::run_program(f.worker_args({"--until-idle"}), f.env());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const queue::JobInfo info = f.job(id);
  EXPECT_EQ(info.state, queue::State::kDone) << info.error;
  const auto output = lesson_output(info.output);
  ASSERT_TRUE(output) << info.output;
  EXPECT_TRUE(output->composed);
  auto store = store::open_pg_content_store(f.db.url());
  const auto lesson = pipeline::load_lesson(*store, output->lesson_id);
  ASSERT_TRUE(lesson) << "the job is done, so its lesson is stored";
  EXPECT_EQ(lesson->topic, "GPU vs TPU for practical AI workloads");
  EXPECT_FALSE(fs::exists(f.data.path() / "lectio.db")) << "no SQLite store on a worker";
}

TEST(JobsWorkerTest, PublishesTheAudioUnderContentKeysInTheMediaDirectory) {
  Fleet f;
  const std::int64_t id = f.enqueue(lesson_job(short_lesson(true)));
  const auto run = testing::run_program(f.worker_args({"--until-idle"}), f.env());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto output = lesson_output(f.job(id).output);
  ASSERT_TRUE(output) << f.job(id).error;
  auto store = store::open_pg_content_store(f.db.url());
  const auto lesson = pipeline::load_lesson(*store, output->lesson_id);
  ASSERT_TRUE(lesson && lesson->audio);
  for (const std::string& file : {lesson->audio->mp3, lesson->audio->opus, lesson->audio->vtt}) {
    const fs::path path(file);
    EXPECT_EQ(path.parent_path().parent_path(), f.media.path()) << file;
    const std::string bytes = read_file(path, media::kMaxObjectBytes);
    EXPECT_EQ(path.filename().string(),
              media::content_key(bytes, path.extension().string().substr(1)));
  }
}

TEST(JobsWorkerTest, IngestsAnUploadedFileFromTheMediaStore) {
  Fleet f;
  auto media = media::open_media_dir(f.media.path());
  const std::string key =
      media->put("# Caches\n\nA cache keeps recent data close to the processor.\n", "md");
  const std::int64_t id = f.enqueue(ingest_job({key, "caches.md", "caches", "", ""}));
  const auto run = testing::run_program(f.worker_args({"--until-idle"}), f.env());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(f.job(id).state, queue::State::kDone) << f.job(id).error;
  auto store = store::open_pg_content_store(f.db.url());
  const auto chunks = store->chunks("file_caches", std::nullopt);
  ASSERT_EQ(chunks.size(), 1u);
  EXPECT_NE(chunks[0].text.find("close to the processor"), std::string::npos);
}

TEST(JobsWorkerTest, APayloadThatCannotRunFailsAtOnceWithItsError) {
  Fleet f;
  queue::JobSpec bad;
  bad.kind = std::string(kLesson);
  bad.payload = R"({"brief": {"topic": "No insights"}})";
  const std::int64_t lesson = f.enqueue(bad);
  const std::int64_t upload =
      f.enqueue(ingest_job({std::string(64, 'a') + ".md", "x.md", "", "", ""}));
  const auto run = testing::run_program(f.worker_args({"--until-idle"}), f.env());
  ASSERT_EQ(run.exit_code, 0) << run.err;
  for (const std::int64_t id : {lesson, upload}) {
    const queue::JobInfo info = f.job(id);
    EXPECT_EQ(info.state, queue::State::kFailed);
    EXPECT_EQ(info.attempt, 1) << "no retry can fix it";
    EXPECT_FALSE(info.error.empty());
  }
  EXPECT_NE(f.job(lesson).error.find("insights"), std::string::npos) << f.job(lesson).error;
  EXPECT_NE(f.job(upload).error.find("no uploaded file"), std::string::npos);
}

TEST(JobsWorkerTest, SigtermFinishesOrGivesBackItsJobAndLeavesTheRest) {
  Fleet f;
  const std::int64_t first = f.enqueue(lesson_job(short_lesson(true)));
  const std::int64_t second = f.enqueue(lesson_job(short_lesson(true)));
  BackgroundProcess worker(f.worker_args({"--jobs", "1"}), f.env());
  ASSERT_TRUE(eventually([&] { return f.job(first).state == queue::State::kRunning; }));
  worker.signal(SIGTERM);
  const auto run = worker.wait();
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const queue::JobInfo one = f.job(first);
  EXPECT_TRUE(one.state == queue::State::kDone || one.state == queue::State::kAvailable)
      << queue::state_name(one.state);
  const queue::JobInfo two = f.job(second);
  EXPECT_EQ(two.state, queue::State::kAvailable);
  EXPECT_EQ(two.attempt, 0) << "never started";
}

TEST(JobsWorkerTest, AQueuedPlanIsBuiltByWorkersAndStoredByTheCommandThatFollows) {
  Fleet f;
  const fs::path notes = testing::source_dir() / "examples" / "ai-hardware";
  for (const char* note : {"gpu_execution", "memory_hierarchy", "tensor_cores", "interconnects",
                           "inference_serving", "cost"}) {
    ASSERT_EQ(f.lectio({"add", (notes / (std::string(note) + ".md")).string()}).exit_code, 0);
  }
  const std::string plan = (notes / "plan.yaml").string();
  const auto queued = f.lectio({"plan", "build", plan, "--queue", "--no-wait", "--no-audio"});
  ASSERT_EQ(queued.exit_code, 0) << queued.err;
  const auto again = f.lectio({"plan", "build", plan, "--queue", "--no-wait", "--no-audio"});
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.out, queued.out) << "a lesson queued already is not queued twice";
  EXPECT_EQ(std::count(queued.out.begin(), queued.out.end(), '\n'), 8) << queued.out;

  BackgroundProcess worker(f.worker_args({"--jobs", "2"}), f.env());
  const auto followed = f.lectio({"plan", "build", plan, "--queue", "--no-audio", "--json"});
  ASSERT_EQ(followed.exit_code, 0) << followed.err;
  const auto built = nlohmann::json::parse(followed.out);
  EXPECT_EQ(built["build"]["failed"], 0);
  // The worker may finish a lesson before this command looks for it, which then finds it
  // stored and reuses it: each of the 8 is composed (by the worker) or reused, none twice.
  EXPECT_EQ(built["build"]["composed"].get<int>() + built["build"]["reused"].get<int>(), 8)
      << followed.out;
  worker.signal(SIGTERM);
  EXPECT_EQ(worker.wait().exit_code, 0);

  const auto rebuilt = f.lectio({"plan", "build", plan, "--queue", "--no-audio", "--json"});
  ASSERT_EQ(rebuilt.exit_code, 0) << rebuilt.err;
  EXPECT_NE(rebuilt.err.find("0 lesson jobs queued, 8 lessons reused"), std::string::npos)
      << rebuilt.err;
  const auto shown = f.lectio({"plan", "show", built["id"], "--json"});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_EQ(nlohmann::json::parse(shown.out)["totals"]["lessons"], 8);
}

// Without a PostgreSQL store the queue is a table in the data directory's lectio.db, and a
// worker on that directory runs it: the job and its lesson are in the same file.
TEST(JobsWorkerTest, AWorkerRunsTheSqliteQueueOfItsDataDirectory) {
  TempDir data;
  const auto add =
      run_lectio({"--data", data.path().string(), "add",
                  (examples() / "gpu_tpu_lesson_notes.md").string(), "--id", "gpu001"});
  ASSERT_EQ(add.exit_code, 0) << add.err;
  const fs::path file = data.path() / "lectio.db";
  const std::int64_t id =
      queue::open_sqlite_queue(file)->enqueue(lesson_job(short_lesson(false))).id;
  const auto run = run_lectio({"--data", data.path().string(), "worker", "--until-idle"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const queue::JobInfo info = *queue::open_sqlite_queue(file)->job(id);
  EXPECT_EQ(info.state, queue::State::kDone) << info.error;
  const auto output = lesson_output(info.output);
  ASSERT_TRUE(output) << info.output;
  const auto lesson =
      pipeline::load_lesson(*store::open_content_store(data.path()), output->lesson_id);
  ASSERT_TRUE(lesson) << "the job is done, so its lesson is stored";
  const auto listed = run_lectio({"--data", data.path().string(), "jobs", "--json"});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  const auto jobs = nlohmann::json::parse(listed.out);
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(jobs[0]["state"], "done");
}

TEST(JobsWorkerTest, AQueuedLlmLessonIsWrittenByTheModelWithTheWorkersOwnKey) {
  Fleet f;
  testing::FakeAuthor author;
  testing::ChatServer server(author.handler());
  const std::string plan =
      f.data
          .write("plan.yaml",
                 "title: Queued model\ndate: 2026-04-22\nsources: [file_gpu001]\nchapters:\n"
                 "  - title: One\n    lessons:\n"
                 "      - topic: Why GPUs\n        insights: [Why GPUs became the default "
                 "accelerator]\n")
          .string();
  std::vector<std::string> build = {
      "--data",          f.data.path().string(), "plan",     "build", plan,
      "--queue",         "--no-audio",           "--engine", "llm",   "--llm-base-url",
      server.base_url(), "--llm-model",          "q-model"};
  std::vector<std::string> env = f.env();
  env.push_back("LECTIO_LLM_API_KEY=sk-enqueuer");
  std::vector<std::string> no_wait = build;
  no_wait.push_back("--no-wait");
  const auto queued = run_lectio(no_wait, env);
  ASSERT_EQ(queued.exit_code, 0) << queued.err;
  const queue::JobInfo job = f.job(std::stoll(queued.out));
  EXPECT_NE(job.payload.find(server.base_url()), std::string::npos) << job.payload;
  EXPECT_EQ(job.payload.find("sk-enqueuer"), std::string::npos) << "no key in the queue";
  EXPECT_EQ(server.calls().size(), 0u);

  std::vector<std::string> worker_env = f.env();
  worker_env.push_back("LECTIO_LLM_API_KEY=sk-worker");
  const auto run = testing::run_program(f.worker_args({"--until-idle"}), worker_env);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto output = lesson_output(f.job(job.id).output);
  ASSERT_TRUE(output) << f.job(job.id).error;
  ASSERT_GT(server.calls().size(), 0u);
  for (const auto& call : server.calls()) EXPECT_EQ(call.authorization, "Bearer sk-worker");
  auto store = store::open_pg_content_store(f.db.url());
  const auto lesson = pipeline::load_lesson(*store, output->lesson_id);
  ASSERT_TRUE(lesson);
  EXPECT_EQ(lesson->engine, "llm:q-model");
  for (const auto& section : lesson->script) {
    for (const auto& s : section.sentences) {
      EXPECT_EQ(s.text.find("Zorblax"), std::string::npos) << s.text;
    }
  }

  // Following the plan reuses the worker's lesson: the same engine, the same build key.
  build.push_back("--json");
  const auto followed = run_lectio(build, env);
  ASSERT_EQ(followed.exit_code, 0) << followed.err;
  EXPECT_EQ(nlohmann::json::parse(followed.out)["build"]["reused"], 1) << followed.out;
}

}  // namespace
}  // namespace lectio::jobs
