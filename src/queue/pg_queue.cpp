// The PostgreSQL backend of the job queue.
#include "lectio/queue/pg_queue.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "claim_sql.h"
#include "lectio/pg/migrate.h"
#include "lectio/store/pg_store.h"
#include "random.h"
#include "schema.h"

namespace lectio::queue {

namespace {

constexpr std::string_view kChannel = "lectio_jobs";

// The clause that fences every call a worker makes about a job it claimed.
constexpr std::string_view kFence = " WHERE id = $1 AND attempt = $2 AND state = 'running'";

constexpr std::string_view kInfoColumns =
    "id, kind, state, attempt, max_attempts, coalesce(worker, ''), progress_done, "
    "progress_total, progress_message, coalesce(error, ''), coalesce(output, ''), "
    "coalesce(unique_key, ''), cancel_requested, "
    "to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), "
    "coalesce(to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), ''), "
    "payload";

JobInfo info_at(const pg::Result& r, int row) {
  JobInfo j;
  j.id = r.int64(row, 0);
  j.kind = r.text(row, 1);
  j.state = parse_state(r.text(row, 2));
  j.attempt = r.integer(row, 3);
  j.max_attempts = r.integer(row, 4);
  j.worker = r.text(row, 5);
  j.progress_done = r.integer(row, 6);
  j.progress_total = r.integer(row, 7);
  j.progress_message = r.text(row, 8);
  j.error = r.text(row, 9);
  j.output = r.text(row, 10);
  j.unique_key = r.text(row, 11);
  j.cancel_requested = r.boolean(row, 12);
  j.created_at = r.text(row, 13);
  j.finished_at = r.text(row, 14);
  j.payload = r.text(row, 15);
  return j;
}

std::string int_array(const std::vector<Job>& jobs, bool attempts) {
  std::string out = "{";
  for (const Job& j : jobs) {
    if (out.size() > 1) out += ',';
    out += std::to_string(attempts ? j.attempt : j.id);
  }
  return out + "}";
}

}  // namespace

PgQueue::PgQueue(pg::Connection& db, QueueOptions options) : db_(db), options_(options) {
  pg::require_schema(db_, "queue", known_schema_version());
}

PgQueue::PgQueue(std::unique_ptr<pg::Connection> db, QueueOptions options)
    : owned_(std::move(db)), db_(*owned_), options_(options) {
  pg::require_schema(db_, "queue", known_schema_version());
}

std::unique_ptr<Queue> open_pg_queue(const std::string& url, QueueOptions options) {
  return std::make_unique<PgQueue>(std::make_unique<pg::Connection>(url), options);
}

Enqueued PgQueue::enqueue(const JobSpec& spec) {
  if (spec.kind.empty()) throw InvalidInput("job: empty kind");
  if (spec.max_attempts < 1) throw InvalidInput("job: max_attempts must be at least 1");
  // A unique job that finishes between the two statements leaves no conflict and no row to
  // return; trying again inserts it then.
  for (int round = 0; round < 3; ++round) {
    const pg::Result inserted = db_.exec(
        "INSERT INTO lectio_jobs (kind, payload, priority, max_attempts, unique_key, run_at)"
        " VALUES ($1, $2, $3, $4, NULLIF($5, ''), now() + $6::bigint * interval '1 millisecond')"
        " ON CONFLICT (unique_key) WHERE unique_key IS NOT NULL"
        "   AND state IN ('available', 'running') DO NOTHING RETURNING id",
        {spec.kind, spec.payload, spec.priority, spec.max_attempts, spec.unique_key,
         static_cast<std::int64_t>(spec.delay.count())});
    if (inserted.rows() == 1) return {inserted.int64(0, 0), true};
    const pg::Result active = db_.exec(
        "SELECT id FROM lectio_jobs WHERE unique_key = $1 AND state IN ('available', 'running')",
        {spec.unique_key});
    if (active.rows() == 1) return {active.int64(0, 0), false};
  }
  throw Io(fmt::format("{}: job with key '{}' kept changing while enqueueing", db_.name(),
                       spec.unique_key));
}

std::vector<Job> PgQueue::claim(std::string_view worker, int limit) {
  const pg::Result r =
      db_.exec(kClaimSql, {limit, worker, static_cast<std::int64_t>(options_.lease.count())});
  std::vector<Job> jobs;
  for (int i = 0; i < r.rows(); ++i) {
    jobs.push_back({r.int64(i, 0), r.text(i, 1), r.text(i, 2), r.integer(i, 3), r.integer(i, 4)});
  }
  return jobs;
}

int PgQueue::rescue_expired() {
  return db_
      .exec(
          "UPDATE lectio_jobs SET"
          "  state = CASE WHEN cancel_requested THEN 'cancelled'"
          "    WHEN attempt >= max_attempts THEN 'failed' ELSE 'available' END,"
          "  error = 'lease expired: worker ' || coalesce(worker, '?') || ' stopped answering',"
          "  finished_at = CASE WHEN cancel_requested OR attempt >= max_attempts THEN now() END,"
          "  lease_expires_at = NULL, run_at = now()"
          " WHERE state = 'running' AND lease_expires_at < now()")
      .affected();
}

Queue::Heartbeat PgQueue::heartbeat(const std::vector<Job>& jobs) {
  Heartbeat out;
  if (jobs.empty()) return out;
  const pg::Result r = db_.exec(
      "UPDATE lectio_jobs j SET lease_expires_at = now() + $3::bigint * interval '1 millisecond'"
      " FROM unnest($1::bigint[], $2::integer[]) AS h(id, attempt)"
      " WHERE j.id = h.id AND j.attempt = h.attempt AND j.state = 'running'"
      " RETURNING j.id, j.cancel_requested",
      {int_array(jobs, false), int_array(jobs, true),
       static_cast<std::int64_t>(options_.lease.count())});
  std::set<std::int64_t> held;
  for (int i = 0; i < r.rows(); ++i) {
    held.insert(r.int64(i, 0));
    if (r.boolean(i, 1)) out.cancel_requested.push_back(r.int64(i, 0));
  }
  for (const Job& j : jobs) {
    if (!held.contains(j.id)) out.lost.push_back(j.id);
  }
  return out;
}

bool PgQueue::complete(const Job& job, std::string_view output,
                       const InTransaction& in_transaction) {
  pg::Transaction tx(db_);
  // The fenced update comes first: it locks the row, so a rescue waits for this transaction
  // and then finds the job done.
  if (!fenced(job,
              "state = 'done', output = $3, error = NULL, finished_at = now(),"
              " lease_expires_at = NULL, progress_done = greatest(progress_done, progress_total)",
              {output})) {
    return false;
  }
  if (in_transaction) {
    // A store on this connection, which it does not own: its writes join the transaction.
    const auto store = store::open_pg_content_store(
        std::shared_ptr<pg::Connection>(std::shared_ptr<void>(), &db_));
    in_transaction(*store);
  }
  tx.commit();
  return true;
}

// Updates a job only while this attempt still holds it: $1 id, $2 attempt, then `more`.
bool PgQueue::fenced(const Job& job, std::string_view assignments, std::vector<pg::Param> more) {
  std::vector<pg::Param> params{job.id, job.attempt};
  params.insert(params.end(), more.begin(), more.end());
  return db_.exec(fmt::format("UPDATE lectio_jobs SET {}{}", assignments, kFence), params)
             .affected() == 1;
}

bool PgQueue::fail(const Job& job, std::string_view error, bool retry) {
  const auto delay =
      retry_delay(job.attempt, options_.retry_base, options_.retry_cap, unit_random());
  return fenced(job,
                "state = CASE WHEN $4 AND attempt < max_attempts THEN 'available' ELSE 'failed'"
                " END, finished_at = CASE WHEN $4 AND attempt < max_attempts THEN NULL ELSE now()"
                " END, run_at = now() + $5::bigint * interval '1 millisecond', error = $3,"
                " lease_expires_at = NULL",
                {error, retry, static_cast<std::int64_t>(delay.count())});
}

bool PgQueue::release(const Job& job) {
  // The attempt number stays (it fences); the budget grows by the attempt not made.
  return fenced(job,
                "state = 'available', run_at = now(), max_attempts = max_attempts + 1,"
                " lease_expires_at = NULL",
                {});
}

bool PgQueue::mark_cancelled(const Job& job) {
  return fenced(job, "state = 'cancelled', finished_at = now(), lease_expires_at = NULL", {});
}

bool PgQueue::progress(const Job& job, int done, int total, std::string_view message) {
  return fenced(job, "progress_done = $3, progress_total = $4, progress_message = $5",
                {done, total, message});
}

bool PgQueue::cancel(std::int64_t id) {
  return db_.exec(
                "UPDATE lectio_jobs SET cancel_requested = true,"
                "  state = CASE WHEN state = 'available' THEN 'cancelled' ELSE state END,"
                "  finished_at = CASE WHEN state = 'available' THEN now() END"
                " WHERE id = $1 AND state IN ('available', 'running')",
                {id})
             .affected() == 1;
}

std::optional<JobInfo> PgQueue::job(std::int64_t id) {
  const pg::Result r =
      db_.exec(fmt::format("SELECT {} FROM lectio_jobs WHERE id = $1", kInfoColumns), {id});
  if (r.rows() == 0) return std::nullopt;
  return info_at(r, 0);
}

std::vector<JobInfo> PgQueue::jobs(int limit) {
  const pg::Result r = db_.exec(
      fmt::format("SELECT {} FROM lectio_jobs ORDER BY id DESC LIMIT $1", kInfoColumns), {limit});
  std::vector<JobInfo> out;
  for (int i = 0; i < r.rows(); ++i) out.push_back(info_at(r, i));
  return out;
}

bool PgQueue::idle() {
  return db_
      .exec(
          "SELECT NOT EXISTS (SELECT 1 FROM lectio_jobs WHERE state = 'available')"
          " AND NOT EXISTS (SELECT 1 FROM lectio_jobs"
          "   WHERE state = 'running' AND lease_expires_at < now())")
      .boolean(0, 0);
}

std::optional<std::chrono::milliseconds> PgQueue::next_due() {
  const pg::Result r = db_.exec(
      "SELECT ceil(extract(epoch FROM min(run_at) - now()) * 1000)::bigint"
      " FROM lectio_jobs WHERE state = 'available'");
  if (r.is_null(0, 0)) return std::nullopt;
  return std::chrono::milliseconds(std::max<std::int64_t>(0, r.int64(0, 0)));
}

void PgQueue::listen() {
  db_.listen(kChannel);
}

bool PgQueue::wait(std::chrono::milliseconds timeout) {
  bool woken = false;
  // Drain: several notifications may be queued; one wake-up is enough.
  for (auto n = db_.wait_notification(timeout); n; n = db_.wait_notification({})) woken = true;
  return woken;
}

}  // namespace lectio::queue
