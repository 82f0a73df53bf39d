// The queue's behaviour on both backends (queue_backends.h), then PostgreSQL's own checks.
#include "lectio/queue/queue.h"

#include <gtest/gtest.h>

#include <mutex>
#include <set>
#include <thread>

#include "claim_sql.h"
#include "lectio/queue/pg_queue.h"
#include "queue_backends.h"
#include "support/pg_test.h"

namespace lectio::queue {
namespace {

using namespace std::chrono_literals;
using testing::TestDatabase;

JobSpec spec(std::string payload = "{}", int priority = 0) {
  JobSpec s;
  s.kind = "test";
  s.payload = std::move(payload);
  s.priority = priority;
  return s;
}

TEST_P(QueueBackendTest, ClaimsByPriorityThenAge) {
  const auto queue = open();
  const auto a = queue->enqueue(spec("\"a\"", 0));
  const auto b = queue->enqueue(spec("\"b\"", -1));
  const auto c = queue->enqueue(spec("\"c\"", 0));
  std::vector<std::int64_t> order;
  for (int i = 0; i < 3; ++i) {
    const auto jobs = queue->claim("w", 1);
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].attempt, 1);
    order.push_back(jobs[0].id);
  }
  EXPECT_EQ(order, (std::vector<std::int64_t>{b.id, a.id, c.id}));
  EXPECT_TRUE(queue->claim("w", 1).empty());
  const auto info = queue->job(a.id);
  ASSERT_TRUE(info);
  EXPECT_EQ(info->state, State::kRunning);
  EXPECT_EQ(info->worker, "w");
  EXPECT_EQ(info->payload, "\"a\"");
}

TEST_P(QueueBackendTest, ClaimTakesAtMostTheLimitAndNothingScheduledLater) {
  const auto queue = open();
  for (int i = 0; i < 5; ++i) queue->enqueue(spec());
  auto later = spec();
  later.delay = 1h;
  const auto delayed = queue->enqueue(later);
  EXPECT_EQ(queue->claim("w", 3).size(), 3u);
  const auto rest = queue->claim("w", 10);
  EXPECT_EQ(rest.size(), 2u);
  for (const auto& j : rest) EXPECT_NE(j.id, delayed.id);
  EXPECT_FALSE(queue->idle());  // the delayed job is still to come
  const auto due = queue->next_due();
  ASSERT_TRUE(due);
  EXPECT_GT(*due, 50min);
}

TEST_P(QueueBackendTest, ConcurrentClaimersNeverShareAJob) {
  const auto queue = open();
  for (int i = 0; i < 300; ++i) queue->enqueue(spec());
  std::mutex mutex;
  std::multiset<std::int64_t> claimed;
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      const auto own = open();
      for (;;) {
        const auto jobs = own->claim("w" + std::to_string(t), 3);
        if (jobs.empty()) return;
        std::lock_guard lock(mutex);
        for (const auto& j : jobs) claimed.insert(j.id);
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(claimed.size(), 300u);
  EXPECT_EQ(std::set<std::int64_t>(claimed.begin(), claimed.end()).size(), 300u);
}

TEST_P(QueueBackendTest, AUniqueKeyHasOneActiveJob) {
  const auto queue = open();
  auto s = spec();
  s.unique_key = "lesson:abc";
  const auto first = queue->enqueue(s);
  const auto again = queue->enqueue(s);
  EXPECT_TRUE(first.created);
  EXPECT_FALSE(again.created);
  EXPECT_EQ(again.id, first.id);
  const auto jobs = queue->claim("w", 1);
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(queue->enqueue(s).id, first.id);  // running counts as active
  ASSERT_TRUE(queue->complete(jobs[0], "ok"));
  const auto after = queue->enqueue(s);  // finished: the same work may be asked again
  EXPECT_TRUE(after.created);
  EXPECT_NE(after.id, first.id);
}

TEST_P(QueueBackendTest, ALateAttemptCannotCompleteAfterItsLeaseWasTaken) {
  const auto queue = open(QueueOptions{50ms, 1000ms, 10000ms});
  queue->enqueue(spec());
  const auto first = queue->claim("a", 1);
  ASSERT_EQ(first.size(), 1u);
  std::this_thread::sleep_for(120ms);
  EXPECT_EQ(queue->rescue_expired(), 1);
  const auto second = queue->claim("b", 1);
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0].id, first[0].id);
  EXPECT_EQ(second[0].attempt, 2);
  const auto write = [](const Job& job, const std::string& worker) {
    return [job, worker](store::ContentStore& s) {
      s.put_record(store::RecordKind::kLesson, output_record(job, worker));
    };
  };
  EXPECT_FALSE(queue->complete(first[0], "late", write(first[0], "a")));
  EXPECT_FALSE(queue->fail(first[0], "late failure"));
  EXPECT_FALSE(queue->progress(first[0], 1, 2, "late"));
  const auto beat = queue->heartbeat(first);
  EXPECT_EQ(beat.lost, std::vector<std::int64_t>{first[0].id});
  EXPECT_TRUE(queue->complete(second[0], "on time", write(second[0], "b")));
  const auto written = outputs();
  ASSERT_EQ(written.size(), 1u);
  EXPECT_EQ(written[0].title, "b");
  const auto info = queue->job(first[0].id);
  EXPECT_EQ(info->state, State::kDone);
  EXPECT_EQ(info->output, "on time");
}

TEST_P(QueueBackendTest, AFailedCompletionWritesNothing) {
  const auto queue = open();
  queue->enqueue(spec());
  const auto jobs = queue->claim("w", 1);
  ASSERT_EQ(jobs.size(), 1u);
  // put_source opens a transaction of its own: inside the completion it is a savepoint.
  Source source;
  source.id = "file_notes";
  source.title = "Notes";
  source.content_hash = "abc";
  Chunk chunk;
  chunk.text = "A cache keeps recent data close.";
  chunk.word_count = 6;
  EXPECT_THROW(queue->complete(jobs[0], "x",
                               [&](store::ContentStore& s) {
                                 s.put_record(store::RecordKind::kLesson,
                                              output_record(jobs[0], "w"));
                                 EXPECT_EQ(s.put_source(source, {chunk}).version, 1);
                                 throw Io("the disk is full");
                               }),
               Io);
  EXPECT_TRUE(outputs().empty());
  EXPECT_TRUE(store()->sources().empty());
  EXPECT_EQ(queue->job(jobs[0].id)->state, State::kRunning);
  // The connection is usable afterwards, and the attempt still holds its lease.
  EXPECT_TRUE(queue->complete(jobs[0], "y", [&](store::ContentStore& s) {
    s.put_record(store::RecordKind::kLesson, output_record(jobs[0], "w"));
    s.put_source(source, {chunk});
  }));
  EXPECT_EQ(outputs().size(), 1u);
  EXPECT_EQ(store()->sources().size(), 1u);
  EXPECT_EQ(store()->chunks("file_notes", std::nullopt).size(), 1u);
}

TEST_P(QueueBackendTest, FailuresRetryLaterThenFailWithTheError) {
  const auto queue = open(QueueOptions{30s, 60s, 600s});
  auto s = spec();
  s.max_attempts = 2;
  const auto id = queue->enqueue(s).id;
  auto jobs = queue->claim("w", 1);
  ASSERT_TRUE(queue->fail(jobs[0], "first error"));
  auto info = queue->job(id);
  EXPECT_EQ(info->state, State::kAvailable);
  EXPECT_EQ(info->error, "first error");
  EXPECT_TRUE(queue->claim("w", 1).empty());  // backing off: 30 s at least
  EXPECT_GE(*queue->next_due(), 29s);
  exec(GetParam().due_now_sql);  // the back-off has passed
  jobs = queue->claim("w", 1);
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(jobs[0].attempt, 2);
  ASSERT_TRUE(queue->fail(jobs[0], "second error"));
  info = queue->job(id);
  EXPECT_EQ(info->state, State::kFailed);
  EXPECT_EQ(info->error, "second error");
  EXPECT_FALSE(info->finished_at.empty());
  EXPECT_TRUE(queue->idle());
}

TEST_P(QueueBackendTest, AnExpiredLeaseOnTheLastAttemptFails) {
  const auto queue = open(QueueOptions{20ms, 1000ms, 1000ms});
  auto s = spec();
  s.max_attempts = 1;
  const auto id = queue->enqueue(s).id;
  ASSERT_EQ(queue->claim("gone", 1).size(), 1u);
  std::this_thread::sleep_for(80ms);
  EXPECT_EQ(queue->rescue_expired(), 1);
  const auto info = queue->job(id);
  EXPECT_EQ(info->state, State::kFailed);
  EXPECT_NE(info->error.find("gone"), std::string::npos) << info->error;
}

TEST_P(QueueBackendTest, HeartbeatsKeepTheLease) {
  const auto queue = open(QueueOptions{300ms, 1000ms, 1000ms});
  queue->enqueue(spec());
  const auto jobs = queue->claim("w", 1);
  for (int i = 0; i < 6; ++i) {
    std::this_thread::sleep_for(100ms);
    const auto beat = queue->heartbeat(jobs);
    EXPECT_TRUE(beat.lost.empty());
    EXPECT_EQ(queue->rescue_expired(), 0);
  }
  EXPECT_TRUE(queue->complete(jobs[0], ""));
}

TEST_P(QueueBackendTest, CancellingStopsAWaitingJobAtOnceAndARunningOneViaItsHeartbeat) {
  const auto queue = open();
  const auto waiting = queue->enqueue(spec("{}", 0)).id;
  const auto running = queue->enqueue(spec("{}", -1)).id;
  const auto jobs = queue->claim("w", 1);
  ASSERT_EQ(jobs[0].id, running);
  EXPECT_TRUE(queue->cancel(waiting));
  EXPECT_EQ(queue->job(waiting)->state, State::kCancelled);
  EXPECT_FALSE(queue->job(waiting)->finished_at.empty());
  EXPECT_TRUE(queue->claim("w", 1).empty());
  EXPECT_TRUE(queue->cancel(running));
  EXPECT_EQ(queue->job(running)->state, State::kRunning);
  EXPECT_EQ(queue->heartbeat(jobs).cancel_requested, std::vector<std::int64_t>{running});
  EXPECT_TRUE(queue->mark_cancelled(jobs[0]));
  EXPECT_EQ(queue->job(running)->state, State::kCancelled);
  EXPECT_FALSE(queue->cancel(running));  // finished
  EXPECT_FALSE(queue->cancel(999999));   // missing
}

TEST_P(QueueBackendTest, AReleasedJobIsTakenAgainWithoutSpendingAnAttempt) {
  const auto queue = open();
  auto s = spec();
  s.max_attempts = 1;
  const auto id = queue->enqueue(s).id;
  const auto first = queue->claim("stopping", 1);
  ASSERT_TRUE(queue->release(first[0]));
  const auto second = queue->claim("next", 1);
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0].attempt, 2);  // the fencing number still grows
  EXPECT_FALSE(queue->complete(first[0], ""));
  ASSERT_TRUE(queue->fail(second[0], "boom"));
  EXPECT_EQ(queue->job(id)->state, State::kFailed);  // the one real attempt was the last
}

TEST_P(QueueBackendTest, ProgressIsStoredForTheJobPage) {
  const auto queue = open();
  const auto id = queue->enqueue(spec()).id;
  const auto jobs = queue->claim("w", 1);
  ASSERT_TRUE(queue->progress(jobs[0], 2, 5, "rendering"));
  auto info = queue->job(id);
  EXPECT_EQ(info->progress_done, 2);
  EXPECT_EQ(info->progress_total, 5);
  EXPECT_EQ(info->progress_message, "rendering");
  ASSERT_TRUE(queue->complete(jobs[0], "{}"));
  info = queue->job(id);
  EXPECT_EQ(info->progress_done, 5);
  const auto all = queue->jobs();
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].id, id);
  EXPECT_EQ(all[0].created_at.size(), 20u) << all[0].created_at;
  EXPECT_EQ(all[0].finished_at.size(), 20u) << all[0].finished_at;
}

TEST_P(QueueBackendTest, EnqueueingWakesAListener) {
  const auto queue = open();
  const auto listener = open();
  listener->listen();
  EXPECT_FALSE(listener->wait(20ms));
  queue->enqueue(spec());
  EXPECT_TRUE(listener->wait(5s));
}

TEST_P(QueueBackendTest, JobsOutliveTheirConnection) {
  std::int64_t id = 0;
  {
    const auto queue = open();
    id = queue->enqueue(spec("{\"n\": 1}")).id;
  }
  const auto again = open();
  const auto jobs = again->claim("w", 1);
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(jobs[0].id, id);
  EXPECT_EQ(jobs[0].payload, "{\"n\": 1}");
}

TEST_P(QueueBackendTest, BadSpecsAreRefused) {
  const auto queue = open();
  JobSpec s;
  EXPECT_THROW(queue->enqueue(s), InvalidInput);
  s = spec();
  s.max_attempts = 0;
  EXPECT_THROW(queue->enqueue(s), InvalidInput);
}

INSTANTIATE_TEST_SUITE_P(Backends, QueueBackendTest, ::testing::ValuesIn(queue_backends()),
                         queue_backend_name);

TEST(QueueTest, StateNamesComeFromOneTable) {
  for (const auto& [state, name] : kStateNames) {
    EXPECT_EQ(state_name(state), name);
    EXPECT_EQ(parse_state(name), state);
  }
  EXPECT_THROW(parse_state("sleeping"), Internal);
}

TEST(QueueTest, RetryDelaysGrowExponentiallyWithJitterUpToTheCap) {
  EXPECT_EQ(retry_delay(1, 1000ms, 60s, 0.5), 1000ms);
  EXPECT_EQ(retry_delay(2, 1000ms, 60s, 0.5), 2000ms);
  EXPECT_EQ(retry_delay(4, 1000ms, 60s, 0.5), 8000ms);
  EXPECT_EQ(retry_delay(4, 1000ms, 60s, 0.0), 4000ms);
  EXPECT_EQ(retry_delay(4, 1000ms, 60s, 0.999), 11992ms);
  EXPECT_EQ(retry_delay(30, 1000ms, 60s, 0.5), 60s);
  EXPECT_EQ(retry_delay(1000, 1000ms, 60s, 0.5), 60s);
}

TEST(QueueTest, ASqliteQueueRefusesANewerQueueSchema) {
  testing::TempDir dir;
  const auto file = dir.path() / "lectio.db";
  open_sqlite_queue(file);
  sqlite_exec(file, "UPDATE lectio_queue_schema SET version = version + 1");
  EXPECT_THROW(open_sqlite_queue(file), Io);
}

TEST(PgQueueTest, AQueueRefusesAnUnmigratedDatabase) {
  TestDatabase test_db;
  pg::Connection db(test_db.url());
  EXPECT_THROW(PgQueue{db}, InvalidInput);
  migrate(db);
  EXPECT_NO_THROW(PgQueue{db});
  db.exec("UPDATE lectio_schema SET version = version + 1 WHERE component = 'queue'");
  EXPECT_THROW(PgQueue{db}, Unsupported);
}

TEST(PgQueueTest, TheClaimIsServedByItsIndexWithoutASort) {
  TestDatabase test_db;
  pg::Connection db(test_db.url());
  migrate(db);
  db.exec(
      "INSERT INTO lectio_jobs (kind, state, priority, run_at)"
      " SELECT 'test', CASE WHEN i % 10 = 0 THEN 'available' ELSE 'done' END, i % 3,"
      "   now() - i * interval '1 second' FROM generate_series(1, 20000) AS i");
  db.exec("ANALYZE lectio_jobs");
  const pg::Result plan = db.exec("EXPLAIN " + std::string(kClaimSql), {5, "w", 1000});
  std::string text;
  for (int i = 0; i < plan.rows(); ++i) text += plan.text(i, 0) + "\n";
  EXPECT_NE(text.find("Index Scan using lectio_jobs_claim"), std::string::npos) << text;
  EXPECT_EQ(text.find("Sort"), std::string::npos) << text;
  EXPECT_NE(text.find("LockRows"), std::string::npos) << text;
}

}  // namespace
}  // namespace lectio::queue
