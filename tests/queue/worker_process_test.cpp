// The queue with real worker processes (tests/queue/test_worker_main.cpp) that are killed,
// paused past their lease, stopped and cancelled. Each successful job inserts a row into
// test_outputs in its completion transaction: its count is how often a result was committed.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <functional>
#include <memory>
#include <thread>

#include "lectio/queue/queue.h"
#include "support/pg_test.h"
#include "support/run.h"

namespace lectio::queue {
namespace {

using namespace std::chrono_literals;
using lectio::testing::BackgroundProcess;
using lectio::testing::TestDatabase;

struct Fixture {
  Fixture() : db(test_db.url()), queue((migrate(db), db)) {
    db.exec("CREATE TABLE test_outputs (job_id bigint, attempt int, worker text)");
  }
  std::int64_t enqueue(const std::string& payload, int max_attempts = 5) {
    JobSpec spec;
    spec.kind = "test";
    spec.payload = payload;
    spec.max_attempts = max_attempts;
    return queue.enqueue(spec).id;
  }
  std::unique_ptr<BackgroundProcess> worker(const std::string& name,
                                            std::vector<std::string> options) {
    std::vector<std::string> args{LECTIO_TEST_WORKER, test_db.url(), name};
    args.insert(args.end(), options.begin(), options.end());
    return std::make_unique<BackgroundProcess>(args);
  }
  std::int64_t count(const std::string& sql) { return db.exec(sql).int64(0, 0); }
  TestDatabase test_db;
  pg::Connection db;
  Queue queue;
};

// Polls until the condition holds; false after a deadline far beyond any normal run (the test
// then fails instead of hanging).
bool eventually(const std::function<bool()>& condition) {
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  while (std::chrono::steady_clock::now() < deadline) {
    if (condition()) return true;
    std::this_thread::sleep_for(20ms);
  }
  return false;
}

bool running(Fixture& f, std::int64_t id) {
  return f.queue.job(id)->state == State::kRunning;
}

bool lease_expired(Fixture& f, std::int64_t id) {
  return f.db.exec("SELECT lease_expires_at < now() FROM lectio_jobs WHERE id = $1", {id})
      .boolean(0, 0);
}

// The job's result was committed once, by `worker`'s second attempt.
void expect_done_once_by_second_attempt(Fixture& f, std::int64_t id, const std::string& worker) {
  const pg::Result outputs = f.db.exec("SELECT attempt, worker FROM test_outputs");
  ASSERT_EQ(outputs.rows(), 1);
  EXPECT_EQ(outputs.integer(0, 0), 2);
  EXPECT_EQ(outputs.text(0, 1), worker);
  const auto info = f.queue.job(id);
  EXPECT_EQ(info->state, State::kDone);
  EXPECT_EQ(info->attempt, 2);
  EXPECT_EQ(info->output, "by " + worker);
}

TEST(QueueWorkerProcessTest, ManyWorkersDoEveryJobExactlyOnce) {
  Fixture f;
  constexpr int kJobs = 200;
  for (int i = 0; i < kJobs; ++i) f.enqueue(R"({"sleep_ms": 10})");
  std::vector<std::unique_ptr<BackgroundProcess>> workers;
  for (int w = 0; w < 4; ++w) {
    workers.push_back(f.worker("w" + std::to_string(w), {"--until-idle", "--jobs", "2"}));
  }
  for (auto& w : workers) {
    const auto r = w->wait();
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
  EXPECT_EQ(f.count("SELECT count(*) FROM test_outputs"), kJobs);
  EXPECT_EQ(f.count("SELECT count(DISTINCT job_id) FROM test_outputs"), kJobs);
  EXPECT_EQ(f.count("SELECT count(*) FROM lectio_jobs WHERE state = 'done' AND attempt = 1"),
            kJobs);
  EXPECT_GT(f.count("SELECT count(DISTINCT worker) FROM test_outputs"), 1);
}

TEST(QueueWorkerProcessTest, AKilledWorkersJobIsTakenAgainAfterItsLeaseAndDoneOnce) {
  Fixture f;
  const auto id = f.enqueue(R"({"sleep_ms": 1500})");
  auto a = f.worker("a", {"--lease-ms", "600"});
  ASSERT_TRUE(eventually([&] { return running(f, id); }));
  a->signal(SIGKILL);
  EXPECT_EQ(a->wait().exit_code, 128 + SIGKILL);
  EXPECT_EQ(f.queue.job(id)->worker, "a");
  ASSERT_TRUE(eventually([&] { return lease_expired(f, id); }));
  auto b = f.worker("b", {"--until-idle", "--lease-ms", "600"});
  const auto r = b->wait();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  expect_done_once_by_second_attempt(f, id, "b");
}

TEST(QueueWorkerProcessTest, AWorkerPausedPastItsLeaseCannotOverwriteTheNewAttempt) {
  Fixture f;
  const auto id = f.enqueue(R"({"sleep_ms": 2000})");
  auto a = f.worker("a", {"--until-idle", "--lease-ms", "500"});
  ASSERT_TRUE(eventually([&] { return running(f, id); }));
  a->signal(SIGSTOP);
  ASSERT_TRUE(eventually([&] { return lease_expired(f, id); }));
  auto b = f.worker("b", {"--until-idle", "--lease-ms", "500"});
  const auto rb = b->wait();
  EXPECT_EQ(rb.exit_code, 0) << rb.err;
  ASSERT_EQ(f.queue.job(id)->state, State::kDone);
  a->signal(SIGCONT);  // a wakes up, finishes its sleep and tries to complete attempt 1
  const auto ra = a->wait();
  EXPECT_EQ(ra.exit_code, 0) << ra.err;
  EXPECT_NE(ra.out.find("lost=1"), std::string::npos) << ra.out << ra.err;
  EXPECT_NE(ra.err.find("result discarded"), std::string::npos) << ra.err;
  expect_done_once_by_second_attempt(f, id, "b");
}

TEST(QueueWorkerProcessTest, AnAlwaysFailingJobEndsFailedAfterItsAttemptsWithItsError) {
  Fixture f;
  const auto id = f.enqueue(R"({"fail": "the disk is on fire"})", 3);
  auto w = f.worker("w", {"--until-idle", "--retry-base-ms", "20"});
  const auto r = w->wait();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("failed=3"), std::string::npos) << r.out;
  const auto info = f.queue.job(id);
  EXPECT_EQ(info->state, State::kFailed);
  EXPECT_EQ(info->attempt, 3);
  EXPECT_EQ(info->error, "the disk is on fire");
  EXPECT_EQ(f.count("SELECT count(*) FROM test_outputs"), 0);
}

TEST(QueueWorkerProcessTest, SigtermReleasesAJobThatChecksIn) {
  Fixture f;
  const auto id = f.enqueue(R"({"sleep_ms": 60000, "check": true})");
  auto w = f.worker("w", {});
  ASSERT_TRUE(eventually([&] { return running(f, id); }));
  w->signal(SIGTERM);
  const auto r = w->wait();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("released=1"), std::string::npos) << r.out;
  const auto info = f.queue.job(id);
  EXPECT_EQ(info->state, State::kAvailable);
  EXPECT_EQ(info->max_attempts, 6);  // the released attempt is given back
}

TEST(QueueWorkerProcessTest, CancellingARunningJobStopsItsWorker) {
  Fixture f;
  const auto id = f.enqueue(R"({"sleep_ms": 60000, "check": true})");
  auto w = f.worker("w", {"--until-idle", "--lease-ms", "600"});
  ASSERT_TRUE(eventually([&] { return running(f, id); }));
  ASSERT_TRUE(f.queue.cancel(id));
  const auto r = w->wait();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("cancelled=1"), std::string::npos) << r.out;
  EXPECT_EQ(f.queue.job(id)->state, State::kCancelled);
  EXPECT_EQ(f.count("SELECT count(*) FROM test_outputs"), 0);
}

TEST(QueueWorkerProcessTest, AWorkerOnAnUnmigratedDatabaseSaysSo) {
  TestDatabase test_db;
  lectio::testing::BackgroundProcess w({LECTIO_TEST_WORKER, test_db.url(), "w", "--until-idle"});
  const auto r = w.wait();
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("lectio migrate"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace lectio::queue
