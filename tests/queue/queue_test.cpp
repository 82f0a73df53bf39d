#include "lectio/queue/queue.h"

#include <gtest/gtest.h>

#include <mutex>
#include <set>
#include <thread>

#include "claim_sql.h"
#include "support/pg_test.h"

namespace lectio::queue {
namespace {

using namespace std::chrono_literals;
using testing::TestDatabase;

// A migrated database, a connection and a queue on it.
struct Fixture {
  explicit Fixture(QueueOptions options = {})
      : db(test_db.url()), queue((migrate(db), db), options) {
    db.exec("CREATE TABLE outputs (job_id bigint, attempt int)");
  }
  TestDatabase test_db;
  pg::Connection db;
  Queue queue;
};

JobSpec spec(std::string payload = "{}", int priority = 0) {
  JobSpec s;
  s.kind = "test";
  s.payload = std::move(payload);
  s.priority = priority;
  return s;
}

TEST(QueueTest, AQueueRefusesAnUnmigratedDatabase) {
  TestDatabase test_db;
  pg::Connection db(test_db.url());
  EXPECT_THROW(Queue{db}, InvalidInput);
  migrate(db);
  EXPECT_NO_THROW(Queue{db});
  db.exec("UPDATE lectio_schema SET version = version + 1 WHERE component = 'queue'");
  EXPECT_THROW(Queue{db}, Unsupported);
}

TEST(QueueTest, ClaimsByPriorityThenAge) {
  Fixture f;
  const auto a = f.queue.enqueue(spec("\"a\"", 0));
  const auto b = f.queue.enqueue(spec("\"b\"", -1));
  const auto c = f.queue.enqueue(spec("\"c\"", 0));
  std::vector<std::int64_t> order;
  for (int i = 0; i < 3; ++i) {
    const auto jobs = f.queue.claim("w", 1);
    ASSERT_EQ(jobs.size(), 1u);
    EXPECT_EQ(jobs[0].attempt, 1);
    order.push_back(jobs[0].id);
  }
  EXPECT_EQ(order, (std::vector<std::int64_t>{b.id, a.id, c.id}));
  EXPECT_TRUE(f.queue.claim("w", 1).empty());
  const auto info = f.queue.job(a.id);
  ASSERT_TRUE(info);
  EXPECT_EQ(info->state, State::kRunning);
  EXPECT_EQ(info->worker, "w");
}

TEST(QueueTest, ClaimTakesAtMostTheLimitAndNothingScheduledLater) {
  Fixture f;
  for (int i = 0; i < 5; ++i) f.queue.enqueue(spec());
  auto later = spec();
  later.delay = 1h;
  const auto delayed = f.queue.enqueue(later);
  EXPECT_EQ(f.queue.claim("w", 3).size(), 3u);
  const auto rest = f.queue.claim("w", 10);
  EXPECT_EQ(rest.size(), 2u);
  for (const auto& j : rest) EXPECT_NE(j.id, delayed.id);
  EXPECT_FALSE(f.queue.idle());  // the delayed job is still to come
  const auto due = f.queue.next_due();
  ASSERT_TRUE(due);
  EXPECT_GT(*due, 50min);
}

TEST(QueueTest, ConcurrentClaimersNeverShareAJob) {
  Fixture f;
  for (int i = 0; i < 300; ++i) f.queue.enqueue(spec());
  std::mutex mutex;
  std::multiset<std::int64_t> claimed;
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      pg::Connection db(f.test_db.url());
      Queue queue(db);
      for (;;) {
        const auto jobs = queue.claim("w" + std::to_string(t), 3);
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

TEST(QueueTest, TheClaimIsServedByItsIndexWithoutASort) {
  Fixture f;
  f.db.exec(
      "INSERT INTO lectio_jobs (kind, state, priority, run_at)"
      " SELECT 'test', CASE WHEN i % 10 = 0 THEN 'available' ELSE 'done' END, i % 3,"
      "   now() - i * interval '1 second' FROM generate_series(1, 20000) AS i");
  f.db.exec("ANALYZE lectio_jobs");
  const pg::Result plan = f.db.exec("EXPLAIN " + std::string(kClaimSql), {5, "w", 1000});
  std::string text;
  for (int i = 0; i < plan.rows(); ++i) text += plan.text(i, 0) + "\n";
  EXPECT_NE(text.find("Index Scan using lectio_jobs_claim"), std::string::npos) << text;
  EXPECT_EQ(text.find("Sort"), std::string::npos) << text;
  EXPECT_NE(text.find("LockRows"), std::string::npos) << text;
}

TEST(QueueTest, AUniqueKeyHasOneActiveJob) {
  Fixture f;
  auto s = spec();
  s.unique_key = "lesson:abc";
  const auto first = f.queue.enqueue(s);
  const auto again = f.queue.enqueue(s);
  EXPECT_TRUE(first.created);
  EXPECT_FALSE(again.created);
  EXPECT_EQ(again.id, first.id);
  const auto jobs = f.queue.claim("w", 1);
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(f.queue.enqueue(s).id, first.id);  // running counts as active
  ASSERT_TRUE(f.queue.complete(jobs[0], "ok"));
  const auto after = f.queue.enqueue(s);  // finished: the same work may be asked again
  EXPECT_TRUE(after.created);
  EXPECT_NE(after.id, first.id);
}

TEST(QueueTest, ALateAttemptCannotCompleteAfterItsLeaseWasTaken) {
  Fixture f(QueueOptions{50ms, 1000ms, 10000ms});
  f.queue.enqueue(spec());
  const auto first = f.queue.claim("a", 1);
  ASSERT_EQ(first.size(), 1u);
  std::this_thread::sleep_for(120ms);
  EXPECT_EQ(f.queue.rescue_expired(), 1);
  const auto second = f.queue.claim("b", 1);
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0].id, first[0].id);
  EXPECT_EQ(second[0].attempt, 2);
  const auto write = [](int attempt) {
    return
        [attempt](pg::Connection& db) { db.exec("INSERT INTO outputs VALUES (1, $1)", {attempt}); };
  };
  EXPECT_FALSE(f.queue.complete(first[0], "late", write(1)));
  EXPECT_FALSE(f.queue.fail(first[0], "late failure"));
  EXPECT_FALSE(f.queue.progress(first[0], 1, 2, "late"));
  const auto beat = f.queue.heartbeat(first);
  EXPECT_EQ(beat.lost, std::vector<std::int64_t>{first[0].id});
  EXPECT_TRUE(f.queue.complete(second[0], "on time", write(2)));
  const pg::Result outputs = f.db.exec("SELECT attempt FROM outputs");
  ASSERT_EQ(outputs.rows(), 1);
  EXPECT_EQ(outputs.integer(0, 0), 2);
  const auto info = f.queue.job(first[0].id);
  EXPECT_EQ(info->state, State::kDone);
  EXPECT_EQ(info->output, "on time");
}

TEST(QueueTest, AFailedCompletionWritesNothing) {
  Fixture f;
  f.queue.enqueue(spec());
  const auto jobs = f.queue.claim("w", 1);
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_THROW(f.queue.complete(jobs[0], "x",
                                [](pg::Connection& db) {
                                  db.exec("INSERT INTO outputs VALUES (1, 1)");
                                  db.exec("SELECT 1 / 0");
                                }),
               pg::QueryError);
  EXPECT_EQ(f.db.exec("SELECT count(*) FROM outputs").int64(0, 0), 0);
  EXPECT_EQ(f.queue.job(jobs[0].id)->state, State::kRunning);
}

TEST(QueueTest, FailuresRetryLaterThenFailWithTheError) {
  Fixture f(QueueOptions{30s, 60s, 600s});
  auto s = spec();
  s.max_attempts = 2;
  const auto id = f.queue.enqueue(s).id;
  auto jobs = f.queue.claim("w", 1);
  ASSERT_TRUE(f.queue.fail(jobs[0], "first error"));
  auto info = f.queue.job(id);
  EXPECT_EQ(info->state, State::kAvailable);
  EXPECT_EQ(info->error, "first error");
  EXPECT_TRUE(f.queue.claim("w", 1).empty());  // backing off: 30 s at least
  EXPECT_GE(*f.queue.next_due(), 29s);
  f.db.exec("UPDATE lectio_jobs SET run_at = now()");  // the back-off has passed
  jobs = f.queue.claim("w", 1);
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(jobs[0].attempt, 2);
  ASSERT_TRUE(f.queue.fail(jobs[0], "second error"));
  info = f.queue.job(id);
  EXPECT_EQ(info->state, State::kFailed);
  EXPECT_EQ(info->error, "second error");
  EXPECT_FALSE(info->finished_at.empty());
  EXPECT_TRUE(f.queue.idle());
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

TEST(QueueTest, AnExpiredLeaseOnTheLastAttemptFails) {
  Fixture f(QueueOptions{20ms, 1000ms, 1000ms});
  auto s = spec();
  s.max_attempts = 1;
  const auto id = f.queue.enqueue(s).id;
  ASSERT_EQ(f.queue.claim("gone", 1).size(), 1u);
  std::this_thread::sleep_for(80ms);
  EXPECT_EQ(f.queue.rescue_expired(), 1);
  const auto info = f.queue.job(id);
  EXPECT_EQ(info->state, State::kFailed);
  EXPECT_NE(info->error.find("gone"), std::string::npos) << info->error;
}

TEST(QueueTest, HeartbeatsKeepTheLease) {
  Fixture f(QueueOptions{300ms, 1000ms, 1000ms});
  f.queue.enqueue(spec());
  const auto jobs = f.queue.claim("w", 1);
  for (int i = 0; i < 6; ++i) {
    std::this_thread::sleep_for(100ms);
    const auto beat = f.queue.heartbeat(jobs);
    EXPECT_TRUE(beat.lost.empty());
    EXPECT_EQ(f.queue.rescue_expired(), 0);
  }
  EXPECT_TRUE(f.queue.complete(jobs[0], ""));
}

TEST(QueueTest, CancellingStopsAWaitingJobAtOnceAndARunningOneViaItsHeartbeat) {
  Fixture f;
  const auto waiting = f.queue.enqueue(spec()).id;
  const auto running = f.queue.enqueue(spec()).id;
  f.db.exec("UPDATE lectio_jobs SET priority = -1 WHERE id = $1", {running});
  const auto jobs = f.queue.claim("w", 1);
  ASSERT_EQ(jobs[0].id, running);
  EXPECT_TRUE(f.queue.cancel(waiting));
  EXPECT_EQ(f.queue.job(waiting)->state, State::kCancelled);
  EXPECT_TRUE(f.queue.claim("w", 1).empty());
  EXPECT_TRUE(f.queue.cancel(running));
  EXPECT_EQ(f.queue.job(running)->state, State::kRunning);
  EXPECT_EQ(f.queue.heartbeat(jobs).cancel_requested, std::vector<std::int64_t>{running});
  EXPECT_TRUE(f.queue.mark_cancelled(jobs[0]));
  EXPECT_EQ(f.queue.job(running)->state, State::kCancelled);
  EXPECT_FALSE(f.queue.cancel(running));  // finished
  EXPECT_FALSE(f.queue.cancel(999999));   // missing
}

TEST(QueueTest, AReleasedJobIsTakenAgainWithoutSpendingAnAttempt) {
  Fixture f;
  auto s = spec();
  s.max_attempts = 1;
  const auto id = f.queue.enqueue(s).id;
  const auto first = f.queue.claim("stopping", 1);
  ASSERT_TRUE(f.queue.release(first[0]));
  const auto second = f.queue.claim("next", 1);
  ASSERT_EQ(second.size(), 1u);
  EXPECT_EQ(second[0].attempt, 2);  // the fencing number still grows
  EXPECT_FALSE(f.queue.complete(first[0], ""));
  ASSERT_TRUE(f.queue.fail(second[0], "boom"));
  EXPECT_EQ(f.queue.job(id)->state, State::kFailed);  // the one real attempt was the last
}

TEST(QueueTest, ProgressIsStoredForTheJobPage) {
  Fixture f;
  const auto id = f.queue.enqueue(spec()).id;
  const auto jobs = f.queue.claim("w", 1);
  ASSERT_TRUE(f.queue.progress(jobs[0], 2, 5, "rendering"));
  auto info = f.queue.job(id);
  EXPECT_EQ(info->progress_done, 2);
  EXPECT_EQ(info->progress_total, 5);
  EXPECT_EQ(info->progress_message, "rendering");
  ASSERT_TRUE(f.queue.complete(jobs[0], "{}"));
  info = f.queue.job(id);
  EXPECT_EQ(info->progress_done, 5);
  const auto all = f.queue.jobs();
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].id, id);
  EXPECT_EQ(all[0].created_at.size(), 20u) << all[0].created_at;
}

TEST(QueueTest, EnqueueingWakesAListener) {
  Fixture f;
  pg::Connection other(f.test_db.url());
  Queue listener(other);
  listener.listen();
  EXPECT_FALSE(listener.wait(20ms));
  f.queue.enqueue(spec());
  EXPECT_TRUE(listener.wait(5s));
}

TEST(QueueTest, BadSpecsAreRefused) {
  Fixture f;
  JobSpec s;
  EXPECT_THROW(f.queue.enqueue(s), InvalidInput);
  s = spec();
  s.max_attempts = 0;
  EXPECT_THROW(f.queue.enqueue(s), InvalidInput);
}

}  // namespace
}  // namespace lectio::queue
