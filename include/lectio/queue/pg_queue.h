#pragma once
// The job queue in PostgreSQL, for a fleet: workers claim with FOR UPDATE SKIP LOCKED and wake
// on LISTEN/NOTIFY. `lectio migrate` creates its table beside the store's.
#include <memory>
#include <string>

#include "lectio/pg/connection.h"
#include "lectio/queue/queue.h"

namespace lectio::queue {

// The queue's schema migrations (component "queue"), applied by pg::migrate.
void migrate(pg::Connection& db);

class PgQueue final : public Queue {
 public:
  // On a connection the caller keeps (and may use between calls). Throws Unsupported for a
  // newer queue schema, InvalidInput for an older one.
  explicit PgQueue(pg::Connection& db, QueueOptions options = {});
  // Owning its connection.
  explicit PgQueue(std::unique_ptr<pg::Connection> db, QueueOptions options = {});

  Enqueued enqueue(const JobSpec& spec) override;
  std::vector<Job> claim(std::string_view worker, int limit) override;
  int rescue_expired() override;
  Heartbeat heartbeat(const std::vector<Job>& jobs) override;
  bool complete(const Job& job, std::string_view output,
                const InTransaction& in_transaction = {}) override;
  bool fail(const Job& job, std::string_view error, bool retry = true) override;
  bool release(const Job& job) override;
  bool mark_cancelled(const Job& job) override;
  bool progress(const Job& job, int done, int total, std::string_view message) override;
  bool cancel(std::int64_t id) override;
  std::optional<JobInfo> job(std::int64_t id) override;
  std::vector<JobInfo> jobs(int limit = 100) override;
  bool idle() override;
  std::optional<std::chrono::milliseconds> next_due() override;
  void listen() override;
  bool wait(std::chrono::milliseconds timeout) override;
  const QueueOptions& options() const override { return options_; }

 private:
  bool fenced(const Job& job, std::string_view assignments, std::vector<pg::Param> more);

  std::unique_ptr<pg::Connection> owned_;  // empty when the connection is the caller's
  pg::Connection& db_;
  QueueOptions options_;
};

// A PostgreSQL queue on its own connection to `url`.
std::unique_ptr<Queue> open_pg_queue(const std::string& url, QueueOptions options = {});

}  // namespace lectio::queue
