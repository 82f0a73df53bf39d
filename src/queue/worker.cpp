#include "lectio/queue/worker.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "lectio/pg/connection.h"

namespace lectio::queue {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// The jobs in hand, shared by the slots and the heartbeat thread.
class Ledger {
 public:
  void add(const Job& job, JobContext::Flags* flags) {
    std::lock_guard lock(mutex_);
    active_[job.id] = {job, flags};
  }
  void remove(std::int64_t id) {
    std::lock_guard lock(mutex_);
    active_.erase(id);
  }
  std::vector<Job> jobs() {
    std::lock_guard lock(mutex_);
    std::vector<Job> out;
    for (const auto& [id, entry] : active_) out.push_back(entry.job);
    return out;
  }
  void mark(const Queue::Heartbeat& beat) {
    std::lock_guard lock(mutex_);
    for (const auto id : beat.lost) {
      if (const auto it = active_.find(id); it != active_.end()) it->second.flags->lost = true;
    }
    for (const auto id : beat.cancel_requested) {
      if (const auto it = active_.find(id); it != active_.end()) {
        it->second.flags->cancel_requested = true;
      }
    }
  }

 private:
  struct Entry {
    Job job;
    JobContext::Flags* flags = nullptr;
  };
  std::mutex mutex_;
  std::map<std::int64_t, Entry> active_;
};

// Sleeps up to `total`, in short steps so that `stop` is seen soon.
void sleep_unless(const std::atomic<bool>& stop, milliseconds total) {
  const auto end = Clock::now() + total;
  while (!stop && Clock::now() < end) {
    std::this_thread::sleep_for(std::min<Clock::duration>(milliseconds(100), end - Clock::now()));
  }
}

std::string default_name() {
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
  return fmt::format("{}:{}", host[0] ? host : "worker", ::getpid());
}

// The queue connection of one thread, made again after the connection broke.
struct Link {
  std::unique_ptr<Queue> queue;
  Queue& get(const WorkerOptions& options, bool listen) {
    if (!queue) {
      queue = options.connect(options.queue);
      if (listen) queue->listen();
    }
    return *queue;
  }
  void drop() { queue.reset(); }
};

class Slot {
 public:
  Slot(const WorkerOptions& options, const std::map<std::string, Handler, std::less<>>& handlers,
       Ledger& ledger, const std::atomic<bool>& stop)
      : options_(options), handlers_(handlers), ledger_(ledger), stop_(stop) {}

  void run() {
    while (!stop_) {
      try {
        if (!step(link_.get(options_, true))) return;
      } catch (const Io& e) {
        options_.log(fmt::format("worker {}: {}; reconnecting", options_.name, e.what()));
        link_.drop();
        sleep_unless(stop_, milliseconds(1000));
      }
    }
  }
  const WorkerStats& stats() const { return stats_; }

 private:
  // One claim and its job, or a wait. False when the worker should exit (until_idle).
  bool step(Queue& queue) {
    if (Clock::now() - last_rescue_ > milliseconds(1000)) {
      if (const int n = queue.rescue_expired(); n > 0) {
        options_.log(fmt::format("worker {}: {} expired lease(s) rescued", options_.name, n));
      }
      last_rescue_ = Clock::now();
    }
    const std::vector<Job> jobs = queue.claim(options_.name, 1);
    if (!jobs.empty()) {
      run_job(queue, jobs.front());
      return true;
    }
    if (options_.until_idle && queue.idle()) return false;
    milliseconds wait = options_.poll;
    if (const auto due = queue.next_due()) wait = std::clamp(*due, milliseconds(10), wait);
    const auto end = Clock::now() + wait;
    while (!stop_ && Clock::now() < end) {
      const auto left = std::chrono::duration_cast<milliseconds>(end - Clock::now());
      if (queue.wait(std::clamp(left, milliseconds(1), milliseconds(200)))) break;
    }
    return true;
  }

  void run_job(Queue& queue, const Job& job) {
    JobContext::Flags flags;
    ledger_.add(job, &flags);
    struct Remove {
      Ledger& ledger;
      std::int64_t id;
      ~Remove() { ledger.remove(id); }
    } remove{ledger_, job.id};
    const std::string what = fmt::format("worker {}: job {} ({}) attempt {}", options_.name, job.id,
                                         job.kind, job.attempt);
    JobContext context(job, queue, flags, stop_);
    try {
      const auto handler = handlers_.find(job.kind);
      if (handler == handlers_.end()) {
        throw PermanentFailure(fmt::format("no handler for job kind '{}'", job.kind));
      }
      const Outcome outcome = handler->second(context);
      if (queue.complete(job, outcome.output, outcome.commit)) {
        ++stats_.done;
        options_.log(what + " done");
      } else {
        ++stats_.lost;
        options_.log(what + ": lease lost to another attempt; result discarded");
      }
    } catch (const Interrupted&) {
      interrupted(queue, job, flags, what);
    } catch (const PermanentFailure& e) {
      ++stats_.failed;
      queue.fail(job, e.what(), false);
      options_.log(fmt::format("{} failed: {}", what, e.what()));
    } catch (const pg::QueryError& e) {
      if (e.sqlstate().empty()) throw;  // the connection broke: the lease will expire
      failed(queue, job, e.what(), what);
    } catch (const std::exception& e) {
      failed(queue, job, e.what(), what);
    }
  }

  void failed(Queue& queue, const Job& job, const std::string& error, const std::string& what) {
    ++stats_.failed;
    const bool held = queue.fail(job, error, true);
    options_.log(fmt::format("{} failed: {}{}", what, error, held ? "" : " (lease already lost)"));
  }

  void interrupted(Queue& queue, const Job& job, const JobContext::Flags& flags,
                   const std::string& what) {
    if (flags.lost) {
      ++stats_.lost;
      options_.log(what + ": lease lost to another attempt; stopped");
    } else if (flags.cancel_requested) {
      ++stats_.cancelled;
      queue.mark_cancelled(job);
      options_.log(what + " cancelled");
    } else {
      ++stats_.released;
      queue.release(job);
      options_.log(what + " released (worker stopping)");
    }
  }

  const WorkerOptions& options_;
  const std::map<std::string, Handler, std::less<>>& handlers_;
  Ledger& ledger_;
  const std::atomic<bool>& stop_;
  Link link_;
  WorkerStats stats_;
  Clock::time_point last_rescue_{};
};

void heartbeat_loop(const WorkerOptions& options, Ledger& ledger,
                    const std::atomic<bool>& slots_done) {
  Link link;
  while (!slots_done) {
    sleep_unless(slots_done, options.heartbeat);
    try {
      const std::vector<Job> jobs = ledger.jobs();
      if (!jobs.empty()) ledger.mark(link.get(options, false).heartbeat(jobs));
    } catch (const Io& e) {
      options.log(fmt::format("worker {}: heartbeat: {}", options.name, e.what()));
      link.drop();
    }
  }
}

}  // namespace

void JobContext::progress(int done, int total, std::string_view message) {
  const auto now = Clock::now();
  if (done < total && now - last_progress_ < milliseconds(1000)) return;
  last_progress_ = now;
  if (!queue_.progress(job_, done, total, message)) flags_lost_seen_ = true;
}

void JobContext::check() const {
  if (flags_.lost || flags_lost_seen_) throw Interrupted("lease lost");
  if (flags_.cancel_requested) throw Interrupted("cancelled");
  if (stop_) throw Interrupted("worker stopping");
}

Worker::Worker(WorkerOptions options) : options_(std::move(options)) {
  if (options_.name.empty()) options_.name = default_name();
  if (options_.jobs < 1) throw InvalidInput("worker: --jobs must be at least 1");
  if (!options_.connect) throw InvalidInput("worker: no queue to connect to");
  if (options_.heartbeat.count() <= 0) options_.heartbeat = options_.queue.lease / 3;
  if (!options_.log) {
    options_.log = [](std::string_view line) {
      std::fprintf(stderr, "%.*s\n", static_cast<int>(line.size()), line.data());
    };
  }
}

void Worker::handle(const std::string& kind, Handler handler) {
  handlers_[kind] = std::move(handler);
}

WorkerStats Worker::run(const std::atomic<bool>& stop) {
  options_.connect(options_.queue);  // fails early and plainly when unreachable or unmigrated
  Ledger ledger;
  std::vector<std::unique_ptr<Slot>> slots;
  for (int i = 0; i < options_.jobs; ++i) {
    slots.push_back(std::make_unique<Slot>(options_, handlers_, ledger, stop));
  }
  std::atomic<bool> slots_done{false};
  std::thread heartbeat([&] { heartbeat_loop(options_, ledger, slots_done); });
  std::vector<std::thread> threads;
  for (auto& slot : slots) threads.emplace_back([&slot] { slot->run(); });
  for (auto& t : threads) t.join();
  slots_done = true;
  heartbeat.join();
  WorkerStats total;
  for (const auto& slot : slots) {
    total.done += slot->stats().done;
    total.failed += slot->stats().failed;
    total.lost += slot->stats().lost;
    total.cancelled += slot->stats().cancelled;
    total.released += slot->stats().released;
  }
  return total;
}

}  // namespace lectio::queue
