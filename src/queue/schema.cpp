// The queue's tables in PostgreSQL. Never edit a shipped migration: append one.
#include "schema.h"

#include <array>
#include <string_view>

#include "lectio/pg/migrate.h"
#include "lectio/queue/pg_queue.h"

namespace lectio::queue {

namespace {

constexpr std::string_view kV1 = R"sql(
CREATE TABLE lectio_jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  payload text NOT NULL DEFAULT '{}',
  state text NOT NULL DEFAULT 'available'
    CHECK (state IN ('available', 'running', 'done', 'failed', 'cancelled')),
  priority integer NOT NULL DEFAULT 0,
  run_at timestamptz NOT NULL DEFAULT now(),
  attempt integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
  unique_key text,
  worker text,
  lease_expires_at timestamptz,
  cancel_requested boolean NOT NULL DEFAULT false,
  progress_done integer NOT NULL DEFAULT 0,
  progress_total integer NOT NULL DEFAULT 0,
  progress_message text NOT NULL DEFAULT '',
  error text,
  output text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
-- Serves exactly the claim: available jobs in (priority, run_at, id) order.
CREATE INDEX lectio_jobs_claim ON lectio_jobs (priority, run_at, id) WHERE state = 'available';
-- Serves the rescue of expired leases.
CREATE INDEX lectio_jobs_lease ON lectio_jobs (lease_expires_at) WHERE state = 'running';
-- The same work never waits or runs twice at once.
CREATE UNIQUE INDEX lectio_jobs_unique ON lectio_jobs (unique_key)
  WHERE unique_key IS NOT NULL AND state IN ('available', 'running');

-- Wakes listening workers when jobs become available; they also poll, so a lost
-- notification only delays a job.
CREATE FUNCTION lectio_jobs_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lectio_jobs', '');
  RETURN NULL;
END $$;
CREATE TRIGGER lectio_jobs_inserted AFTER INSERT ON lectio_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION lectio_jobs_notify();
CREATE TRIGGER lectio_jobs_requeued AFTER UPDATE OF state ON lectio_jobs
  FOR EACH ROW WHEN (NEW.state = 'available' AND OLD.state <> 'available')
  EXECUTE FUNCTION lectio_jobs_notify();
)sql";

constexpr std::array<std::string_view, 1> kMigrations = {kV1};

}  // namespace

void migrate(pg::Connection& db) {
  pg::migrate(db, "queue", kMigrations);
}

int known_schema_version() {
  return static_cast<int>(kMigrations.size());
}

}  // namespace lectio::queue
