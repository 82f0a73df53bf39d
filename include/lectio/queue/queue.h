#pragma once
// The job queue in PostgreSQL: jobs are rows; workers claim them with FOR UPDATE SKIP LOCKED,
// hold them by a lease their heartbeat extends, and complete or fail them fenced by the attempt
// number, so a worker that lost its lease (paused, cut off) can never overwrite the result of
// the attempt that replaced it. Times are the database's clock, never a worker's.
// A Queue is not thread-safe (it uses one connection): use one per thread.
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lectio/pg/connection.h"

namespace lectio::queue {

// The states a job moves through: available → running → done | failed | cancelled, with
// running → available again on a retry, a release or an expired lease.
enum class State { kAvailable, kRunning, kDone, kFailed, kCancelled };
std::string_view state_name(State state);

struct JobSpec {
  std::string kind;     // which handler runs it ("lesson", "plan", …)
  std::string payload;  // JSON text given to the handler
  int priority = 0;     // lower runs first
  int max_attempts = 5;
  // Jobs with the same non-empty key never wait or run at the same time: enqueueing while one
  // is available or running returns that one.
  std::string unique_key;
  std::chrono::milliseconds delay{0};  // not before now + delay
};

struct Enqueued {
  std::int64_t id = 0;
  bool created = false;  // false: an active job with the same unique key was returned
};

// A claimed job. (id, attempt) is the lease: every later call is fenced by it.
struct Job {
  std::int64_t id = 0;
  std::string kind;
  std::string payload;
  int attempt = 0;  // 1 on the first run
  int max_attempts = 0;
};

// What `lectio jobs` and the web's job page show.
struct JobInfo {
  std::int64_t id = 0;
  std::string kind;
  State state = State::kAvailable;
  int attempt = 0;
  int max_attempts = 0;
  std::string worker;  // who holds (or last held) it
  int progress_done = 0;
  int progress_total = 0;
  std::string progress_message;
  std::string error;   // the last failure
  std::string output;  // what the handler returned on success
  std::string unique_key;
  bool cancel_requested = false;
  std::string created_at;  // ISO 8601 UTC
  std::string finished_at;
  std::string payload;  // as enqueued (the web checks whose job it is)
};

struct QueueOptions {
  std::chrono::milliseconds lease{30'000};  // how long a claim holds without a heartbeat
  std::chrono::milliseconds retry_base{2'000};
  std::chrono::milliseconds retry_cap{600'000};
};

// The delay before retrying after failed attempt `attempt` (1-based): base·2^(attempt-1),
// at most cap, scaled by a jitter factor 0.5 + unit_random (unit_random in [0, 1)), so that
// jobs that failed together do not retry together.
std::chrono::milliseconds retry_delay(int attempt, std::chrono::milliseconds base,
                                      std::chrono::milliseconds cap, double unit_random);

// The queue's schema migrations (component "queue"), applied by pg::migrate.
void migrate(pg::Connection& db);

class Queue {
 public:
  // Throws Unsupported for a newer queue schema, InvalidInput for an older one.
  explicit Queue(pg::Connection& db, QueueOptions options = {});

  // Adds a job (or returns the active one with the same unique key). Wakes listening workers.
  Enqueued enqueue(const JobSpec& spec);

  // Takes up to `limit` available jobs, lowest priority value first, then oldest, in one
  // statement; each gets attempt + 1 and a lease.
  std::vector<Job> claim(std::string_view worker, int limit);

  // Puts running jobs whose lease expired back to available (failed with "lease expired" when
  // they used their last attempt). Returns how many were rescued.
  int rescue_expired();

  struct Heartbeat {
    std::vector<std::int64_t> lost;              // no longer held: another attempt owns it
    std::vector<std::int64_t> cancel_requested;  // held, but someone asked to cancel
  };
  // Extends the leases of the jobs still held.
  Heartbeat heartbeat(const std::vector<Job>& jobs);

  // Marks the job done with its output and runs `in_transaction` (the job's own writes, on
  // this queue's connection) in the same transaction. Returns false, and writes nothing, when
  // the lease was lost. Exceptions from in_transaction roll everything back and propagate.
  bool complete(const Job& job, std::string_view output,
                const std::function<void(pg::Connection&)>& in_transaction = {});

  // Records a failed attempt: available again after retry_delay, or failed with the error
  // after the last attempt (or at once when retry is false). False when the lease was lost.
  bool fail(const Job& job, std::string_view error, bool retry = true);

  // Gives the job back untried (the worker is stopping); the attempt does not count.
  bool release(const Job& job);

  // Ends a running job the worker stopped because cancellation was asked.
  bool mark_cancelled(const Job& job);

  // Stores progress for the job page. False when the lease was lost.
  bool progress(const Job& job, int done, int total, std::string_view message);

  // Cancels a job: an available one at once, a running one when its worker next looks
  // (its heartbeat reports it). False when the job is finished or missing.
  bool cancel(std::int64_t id);

  std::optional<JobInfo> job(std::int64_t id);
  // The newest jobs first, at most `limit`.
  std::vector<JobInfo> jobs(int limit = 100);

  // True when nothing is available (now or later) and no lease has expired: a worker started
  // with --until-idle may stop. Running jobs with live leases belong to other workers.
  bool idle();

  // How long until the earliest available job may run (0 when one may run now);
  // std::nullopt when none is available.
  std::optional<std::chrono::milliseconds> next_due();

  // Subscribes this connection to the wake-up notification sent when jobs become available.
  void listen();
  // Waits up to `timeout` for that notification; true when one came.
  bool wait(std::chrono::milliseconds timeout);

  const QueueOptions& options() const { return options_; }

 private:
  bool fenced(const Job& job, std::string_view assignments, std::vector<pg::Param> more);

  pg::Connection& db_;
  QueueOptions options_;
};

}  // namespace lectio::queue
