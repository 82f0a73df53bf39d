#pragma once
// The job queue: one interface, two backends, like the store: PostgreSQL (pg_queue.h) for a
// fleet, and SQLite (a table in the data directory's lectio.db) for one machine. Jobs are rows;
// workers claim them, hold them by a lease their heartbeat extends, and complete or fail them
// fenced by the attempt number, so a worker that lost its lease (paused, cut off, killed) can
// never overwrite the result of the attempt that replaced it. Times are the database's clock,
// never a worker's. A job survives the process that queued or ran it.
// A Queue is not thread-safe (it uses one connection): use one per thread.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lectio/store/content_store.h"

namespace lectio::queue {

// The states a job moves through: available → running → done | failed | cancelled, with
// running → available again on a retry, a release or an expired lease.
enum class State { kAvailable, kRunning, kDone, kFailed, kCancelled };
// The one table of state names, as stored in both backends and shown by `lectio jobs`.
inline constexpr std::pair<State, std::string_view> kStateNames[] = {
    {State::kAvailable, "available"},
    {State::kRunning, "running"},
    {State::kDone, "done"},
    {State::kFailed, "failed"},
    {State::kCancelled, "cancelled"}};
std::string_view state_name(State state);
// Throws Internal for a name not in kStateNames.
State parse_state(std::string_view name);

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

// The job's own writes, made through a content store that shares the transaction which marks
// the job done, so they happen exactly once: with the attempt that still holds the lease.
using InTransaction = std::function<void(store::ContentStore&)>;

class Queue {
 public:
  virtual ~Queue() = default;

  // Adds a job (or returns the active one with the same unique key). Wakes waiting workers.
  virtual Enqueued enqueue(const JobSpec& spec) = 0;

  // Takes up to `limit` available jobs, lowest priority value first, then oldest, at once; each
  // gets attempt + 1 and a lease.
  virtual std::vector<Job> claim(std::string_view worker, int limit) = 0;

  // Puts running jobs whose lease expired back to available (failed with "lease expired" when
  // they used their last attempt; cancelled when that was asked). Returns how many.
  virtual int rescue_expired() = 0;

  struct Heartbeat {
    std::vector<std::int64_t> lost;              // no longer held: another attempt owns it
    std::vector<std::int64_t> cancel_requested;  // held, but someone asked to cancel
  };
  // Extends the leases of the jobs still held.
  virtual Heartbeat heartbeat(const std::vector<Job>& jobs) = 0;

  // Marks the job done with its output and runs `in_transaction` in the same transaction.
  // Returns false, and writes nothing, when the lease was lost. Exceptions from in_transaction
  // roll everything back and propagate.
  virtual bool complete(const Job& job, std::string_view output,
                        const InTransaction& in_transaction = {}) = 0;

  // Records a failed attempt: available again after retry_delay, or failed with the error
  // after the last attempt (or at once when retry is false). False when the lease was lost.
  virtual bool fail(const Job& job, std::string_view error, bool retry = true) = 0;

  // Gives the job back untried (the worker is stopping); the attempt does not count.
  virtual bool release(const Job& job) = 0;

  // Ends a running job the worker stopped because cancellation was asked.
  virtual bool mark_cancelled(const Job& job) = 0;

  // Stores progress for the job page. False when the lease was lost.
  virtual bool progress(const Job& job, int done, int total, std::string_view message) = 0;

  // Cancels a job: an available one at once, a running one when its worker next looks
  // (its heartbeat reports it). False when the job is finished or missing.
  virtual bool cancel(std::int64_t id) = 0;

  virtual std::optional<JobInfo> job(std::int64_t id) = 0;
  // The newest jobs first, at most `limit`.
  virtual std::vector<JobInfo> jobs(int limit = 100) = 0;

  // True when nothing is available (now or later) and no lease has expired: a worker started
  // with --until-idle may stop. Running jobs with live leases belong to other workers.
  virtual bool idle() = 0;

  // How long until the earliest available job may run (0 when one may run now);
  // std::nullopt when none is available.
  virtual std::optional<std::chrono::milliseconds> next_due() = 0;

  // Subscribes to the wake-up sent when jobs become available (PostgreSQL: LISTEN; SQLite: a
  // signal within the process, and any commit by another connection to the file).
  virtual void listen() = 0;
  // Waits up to `timeout` for that wake-up; true when one came. Workers also poll, so a missed
  // wake-up only delays a job.
  virtual bool wait(std::chrono::milliseconds timeout) = 0;

  virtual const QueueOptions& options() const = 0;
};

// The SQLite queue in this file (a Lectio data directory's lectio.db), creating its table and
// the store's schema when needed. Throws Io, also for a queue schema newer than this lectio.
std::unique_ptr<Queue> open_sqlite_queue(const std::filesystem::path& file,
                                         QueueOptions options = {});

// The queue of the process's store: the PostgreSQL store's when store::store_url() is set (its
// schema made by `lectio migrate`), else the SQLite queue in <data_dir>/lectio.db. Each call
// opens its own connection.
std::unique_ptr<Queue> open_queue(const std::filesystem::path& data_dir, QueueOptions options = {});

}  // namespace lectio::queue
