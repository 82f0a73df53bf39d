// The SQLite backend of the job queue: a lectio_jobs table in the data directory's lectio.db,
// beside the store, so that a job's writes commit with it. Every write runs under BEGIN
// IMMEDIATE (one writer at a time: a claim never hands a job to two workers). Times are the
// database's clock in milliseconds since the epoch.
#include <fmt/format.h>

#include <condition_variable>
#include <map>
#include <mutex>

#include "lectio/core/error.h"
#include "lectio/queue/queue.h"
#include "lectio/sqlite/database.h"
#include "lectio/store/sqlite_shared.h"
#include "lectio/store/store.h"
#include "random.h"
#include "sqlite_jobs_sql.h"

namespace lectio::queue {

namespace {

using sqlite::Transaction;
using sqlite::Value;
using sqlite_jobs::info_of;
using sqlite_jobs::kFence;
using sqlite_jobs::kInfoColumns;
using sqlite_jobs::kNow;
using sqlite_jobs::kSchema;
using sqlite_jobs::kSchemaVersion;
using sqlite_jobs::state_list;
using std::chrono::milliseconds;

// How long a statement waits for another connection's write lock before failing with Io.
constexpr milliseconds kBusyTimeout{10'000};

// The wake-up of the workers of one file within this process (SQLite has no LISTEN): a counter
// that grows whenever jobs may have become available.
struct Signal {
  std::mutex mutex;
  std::condition_variable changed;
  std::uint64_t count = 0;
};

std::shared_ptr<Signal> signal_of(const std::string& file) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<Signal>> signals;
  const std::lock_guard lock(mutex);
  auto& signal = signals[file];
  if (!signal) signal = std::make_shared<Signal>();
  return signal;
}

std::string canonical_name(const std::filesystem::path& file) {
  std::error_code ec;
  const auto canonical = std::filesystem::weakly_canonical(file, ec);
  return ec ? file.string() : canonical.string();
}

class SqliteQueue final : public Queue {
 public:
  SqliteQueue(const std::filesystem::path& file, QueueOptions options)
      : file_(file),
        db_((store::open_sqlite_content_store(file), file), kBusyTimeout),
        options_(options),
        signal_(signal_of(canonical_name(file))) {
    db_.exec("PRAGMA synchronous = NORMAL");
    Transaction tx(db_);
    db_.exec(fmt::format(fmt::runtime(kSchema), fmt::arg("states", state_list())));
    const std::int64_t at = [&] {
      auto version = db_.query("SELECT coalesce(max(version), 0) FROM lectio_queue_schema");
      version.step();
      return version.int64(0);
    }();
    if (at > kSchemaVersion) {
      throw Io(fmt::format("{}: job queue schema version {} is newer than this lectio knows ({})",
                           db_.name(), at, kSchemaVersion));
    }
    if (at == 0)
      db_.exec("INSERT INTO lectio_queue_schema (version) VALUES (?1)", {kSchemaVersion});
    tx.commit();
  }

  Enqueued enqueue(const JobSpec& spec) override {
    if (spec.kind.empty()) throw InvalidInput("job: empty kind");
    if (spec.max_attempts < 1) throw InvalidInput("job: max_attempts must be at least 1");
    Transaction tx(db_);
    if (!spec.unique_key.empty()) {
      auto active = db_.query(
          "SELECT id FROM lectio_jobs WHERE unique_key = ?1 AND state IN ('available', 'running')",
          {spec.unique_key});
      if (active.step()) return {active.int64(0), false};
    }
    db_.exec(fmt::format("INSERT INTO lectio_jobs (kind, payload, priority, max_attempts, "
                         "unique_key, run_at, created_at) VALUES (?1, ?2, ?3, ?4, NULLIF(?5, ''), "
                         "{0} + ?6, {0})",
                         kNow),
             {spec.kind, spec.payload, std::int64_t{spec.priority}, std::int64_t{spec.max_attempts},
              spec.unique_key, static_cast<std::int64_t>(spec.delay.count())});
    const std::int64_t id = db_.last_insert_rowid();
    tx.commit();
    wake();
    return {id, true};
  }

  std::vector<Job> claim(std::string_view worker, int limit) override {
    Transaction tx(db_);
    auto r = db_.query(
        fmt::format("UPDATE lectio_jobs SET state = 'running', attempt = attempt + 1, worker = ?2,"
                    " lease_expires_at = {0} + ?3, started_at = {0}"
                    " WHERE id IN (SELECT id FROM lectio_jobs"
                    "   WHERE state = 'available' AND run_at <= {0}"
                    "   ORDER BY priority, run_at, id LIMIT ?1)"
                    " RETURNING id, kind, payload, attempt, max_attempts",
                    kNow),
        {std::int64_t{limit}, std::string(worker),
         static_cast<std::int64_t>(options_.lease.count())});
    std::vector<Job> jobs;
    while (r.step()) {
      jobs.push_back({r.int64(0), r.text(1), r.text(2), static_cast<int>(r.int64(3)),
                      static_cast<int>(r.int64(4))});
    }
    tx.commit();
    return jobs;
  }

  int rescue_expired() override {
    Transaction tx(db_);
    db_.exec(fmt::format(
        "UPDATE lectio_jobs SET"
        "  state = CASE WHEN cancel_requested THEN 'cancelled'"
        "    WHEN attempt >= max_attempts THEN 'failed' ELSE 'available' END,"
        "  error = 'lease expired: worker ' || coalesce(worker, '?') || ' stopped answering',"
        "  finished_at = CASE WHEN cancel_requested OR attempt >= max_attempts THEN {0} END,"
        "  lease_expires_at = NULL, run_at = {0}"
        " WHERE state = 'running' AND lease_expires_at < {0}",
        kNow));
    const int rescued = db_.changes();
    tx.commit();
    if (rescued > 0) wake();
    return rescued;
  }

  Heartbeat heartbeat(const std::vector<Job>& jobs) override {
    Heartbeat out;
    if (jobs.empty()) return out;
    Transaction tx(db_);
    for (const Job& j : jobs) {
      auto r = db_.query(
          fmt::format("UPDATE lectio_jobs SET lease_expires_at = {} + ?3{}"
                      " RETURNING cancel_requested",
                      kNow, kFence),
          {j.id, std::int64_t{j.attempt}, static_cast<std::int64_t>(options_.lease.count())});
      if (!r.step()) {
        out.lost.push_back(j.id);
      } else if (r.int64(0) != 0) {
        out.cancel_requested.push_back(j.id);
      }
    }
    tx.commit();
    return out;
  }

  bool complete(const Job& job, std::string_view output,
                const InTransaction& in_transaction) override {
    Transaction tx(db_);
    if (!fenced(job,
                fmt::format("state = 'done', output = ?3, error = NULL, finished_at = {},"
                            " lease_expires_at = NULL,"
                            " progress_done = max(progress_done, progress_total)",
                            kNow),
                {std::string(output)})) {
      return false;
    }
    if (in_transaction) {
      // A store on this connection: its writes are savepoints inside this transaction.
      const auto store = store::open_sqlite_content_store(db_);
      in_transaction(*store);
    }
    tx.commit();
    return true;
  }

  bool fail(const Job& job, std::string_view error, bool retry) override {
    const auto delay =
        retry_delay(job.attempt, options_.retry_base, options_.retry_cap, unit_random());
    const bool held = write_fenced(
        job,
        fmt::format("state = CASE WHEN ?4 AND attempt < max_attempts THEN 'available'"
                    " ELSE 'failed' END,"
                    " finished_at = CASE WHEN ?4 AND attempt < max_attempts THEN NULL ELSE {0} END,"
                    " run_at = {0} + ?5, error = ?3, lease_expires_at = NULL",
                    kNow),
        {std::string(error), std::int64_t{retry ? 1 : 0},
         static_cast<std::int64_t>(delay.count())});
    if (held) wake();
    return held;
  }

  bool release(const Job& job) override {
    // The attempt number stays (it fences); the budget grows by the attempt not made.
    const bool held = write_fenced(
        job,
        fmt::format("state = 'available', run_at = {}, max_attempts = max_attempts + 1,"
                    " lease_expires_at = NULL",
                    kNow),
        {});
    if (held) wake();
    return held;
  }

  bool mark_cancelled(const Job& job) override {
    return write_fenced(
        job, fmt::format("state = 'cancelled', finished_at = {}, lease_expires_at = NULL", kNow),
        {});
  }

  bool progress(const Job& job, int done, int total, std::string_view message) override {
    return write_fenced(job, "progress_done = ?3, progress_total = ?4, progress_message = ?5",
                        {std::int64_t{done}, std::int64_t{total}, std::string(message)});
  }

  bool cancel(std::int64_t id) override {
    Transaction tx(db_);
    db_.exec(fmt::format("UPDATE lectio_jobs SET cancel_requested = 1,"
                         "  finished_at = CASE WHEN state = 'available' THEN {} END,"
                         "  state = CASE WHEN state = 'available' THEN 'cancelled' ELSE state END"
                         " WHERE id = ?1 AND state IN ('available', 'running')",
                         kNow),
             {id});
    const bool cancelled = db_.changes() == 1;
    tx.commit();
    return cancelled;
  }

  std::optional<JobInfo> job(std::int64_t id) override {
    auto r = db_.query(fmt::format("SELECT {} FROM lectio_jobs WHERE id = ?1", kInfoColumns), {id});
    if (!r.step()) return std::nullopt;
    return info_of(r);
  }

  std::vector<JobInfo> jobs(int limit) override {
    auto r =
        db_.query(fmt::format("SELECT {} FROM lectio_jobs ORDER BY id DESC LIMIT ?1", kInfoColumns),
                  {std::int64_t{limit}});
    std::vector<JobInfo> out;
    while (r.step()) out.push_back(info_of(r));
    return out;
  }

  bool idle() override {
    auto r = db_.query(
        fmt::format("SELECT NOT EXISTS (SELECT 1 FROM lectio_jobs WHERE state = 'available')"
                    " AND NOT EXISTS (SELECT 1 FROM lectio_jobs"
                    "   WHERE state = 'running' AND lease_expires_at < {})",
                    kNow));
    r.step();
    return r.int64(0) != 0;
  }

  std::optional<milliseconds> next_due() override {
    auto r = db_.query(
        fmt::format("SELECT min(run_at) - {} FROM lectio_jobs WHERE state = 'available'", kNow));
    r.step();
    if (r.is_null(0)) return std::nullopt;
    return milliseconds(std::max<std::int64_t>(0, r.int64(0)));
  }

  void listen() override {
    const std::lock_guard lock(signal_->mutex);
    seen_ = signal_->count;
    data_version_ = data_version();
  }

  bool wait(milliseconds timeout) override {
    {
      std::unique_lock lock(signal_->mutex);
      if (signal_->changed.wait_for(lock, timeout, [&] { return signal_->count != seen_; })) {
        seen_ = signal_->count;
        return true;
      }
    }
    // Another process (or connection) committed to the file: it may have queued a job.
    const std::int64_t version = data_version();
    const bool changed = version != data_version_;
    data_version_ = version;
    return changed;
  }

  const QueueOptions& options() const override { return options_; }

 private:
  // Updates a job only while this attempt still holds it: ?1 id, ?2 attempt, then `more`.
  bool fenced(const Job& job, const std::string& assignments, std::vector<Value> more) {
    std::vector<Value> values{job.id, std::int64_t{job.attempt}};
    values.insert(values.end(), more.begin(), more.end());
    db_.exec(fmt::format("UPDATE lectio_jobs SET {}{}", assignments, kFence), values);
    return db_.changes() == 1;
  }

  bool write_fenced(const Job& job, const std::string& assignments, std::vector<Value> more) {
    Transaction tx(db_);
    const bool held = fenced(job, assignments, std::move(more));
    tx.commit();
    return held;
  }

  std::int64_t data_version() {
    auto r = db_.query("PRAGMA data_version");
    r.step();
    return r.int64(0);
  }

  void wake() {
    {
      const std::lock_guard lock(signal_->mutex);
      ++signal_->count;
      seen_ = signal_->count;  // this queue's own change wakes the others, not itself
    }
    signal_->changed.notify_all();
  }

  std::filesystem::path file_;
  sqlite::Database db_;
  QueueOptions options_;
  std::shared_ptr<Signal> signal_;
  std::uint64_t seen_ = 0;
  std::int64_t data_version_ = 0;
};

}  // namespace

std::unique_ptr<Queue> open_sqlite_queue(const std::filesystem::path& file, QueueOptions options) {
  return std::make_unique<SqliteQueue>(file, options);
}

}  // namespace lectio::queue
