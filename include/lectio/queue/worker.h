#pragma once
// A worker's engine, over either queue backend: N job slots (threads, each with its own queue
// connection) that claim jobs and run the handler registered for their kind, and one heartbeat
// thread that extends the leases of the jobs in hand and learns of cancellations and lost
// leases. `lectio worker` runs one per process; the web server runs one in process with the
// SQLite store.
#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "lectio/core/error.h"
#include "lectio/queue/queue.h"

namespace lectio::queue {

// Thrown by JobContext::check() when the handler should stop: cancellation was asked, the lease
// was lost, or the worker is stopping.
class Interrupted : public Error {
 public:
  using Error::Error;
};

// A failure that retrying cannot fix (a bad payload): the job fails without further attempts.
class PermanentFailure : public Error {
 public:
  using Error::Error;
};

// What a running handler sees. Its methods are called on the handler's own thread.
class JobContext {
 public:
  struct Flags {
    std::atomic<bool> lost{false};
    std::atomic<bool> cancel_requested{false};
  };
  JobContext(const Job& job, Queue& queue, const Flags& flags, const std::atomic<bool>& stop)
      : job_(job), queue_(queue), flags_(flags), stop_(stop) {}
  const Job& job() const { return job_; }
  // Stores progress for `lectio jobs` and the web: at most once a second (100 workers then
  // write about 100 rows a second), and always the last step.
  void progress(int done, int total, std::string_view message);
  bool lost() const { return flags_.lost; }
  bool cancel_requested() const { return flags_.cancel_requested; }
  bool stopping() const { return stop_; }
  // Throws Interrupted when the job should stop early; long handlers call it between steps.
  void check() const;

 private:
  const Job& job_;
  Queue& queue_;
  const Flags& flags_;
  const std::atomic<bool>& stop_;
  std::chrono::steady_clock::time_point last_progress_{};
  bool flags_lost_seen_ = false;  // a progress update found the lease gone
};

// What a handler hands back: the job's output, and its writes, which run in the transaction
// that marks the job done (on that transaction's connection), so they happen exactly once.
struct Outcome {
  std::string output;
  InTransaction commit;
};
using Handler = std::function<Outcome(JobContext&)>;

struct WorkerOptions {
  // Opens a queue connection with the `queue` options below (called once per slot and for
  // the heartbeat, and again after a connection broke): open_queue(data_dir, …), or a test's.
  std::function<std::unique_ptr<Queue>(const QueueOptions&)> connect;
  std::string name;                        // shown as the job's worker; default "<host>:<pid>"
  int jobs = 1;                            // jobs run at once
  bool until_idle = false;                 // exit when the queue has nothing for this worker
  std::chrono::milliseconds poll{5'000};   // the slow poll beside LISTEN/NOTIFY
  std::chrono::milliseconds heartbeat{0};  // 0: a third of the lease
  QueueOptions queue;
  std::function<void(std::string_view)> log;  // one line per event; default: stderr
};

struct WorkerStats {
  int done = 0;
  int failed = 0;  // attempts that failed (retried or not)
  int lost = 0;    // results discarded because the lease had passed to another attempt
  int cancelled = 0;
  int released = 0;  // given back untried on stop
};

class Worker {
 public:
  explicit Worker(WorkerOptions options);
  void handle(const std::string& kind, Handler handler);
  // Runs until `stop` becomes true or, with until_idle, the queue is idle. On stop, running
  // handlers finish, or give their jobs back when they call check(). Throws Io (InvalidInput
  // for an unmigrated PostgreSQL queue) when the queue cannot be opened at the start; later
  // connection failures are logged and retried.
  WorkerStats run(const std::atomic<bool>& stop);

 private:
  WorkerOptions options_;
  std::map<std::string, Handler, std::less<>> handlers_;
};

}  // namespace lectio::queue
