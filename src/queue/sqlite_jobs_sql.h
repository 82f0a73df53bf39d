#pragma once
// The SQLite job table's SQL and its one row reader, apart from the queue's logic
// (sqlite_queue.cpp). Internal to the queue module.
#include <string>
#include <string_view>

#include "lectio/queue/queue.h"
#include "lectio/sqlite/database.h"

namespace lectio::queue::sqlite_jobs {

inline constexpr int kSchemaVersion = 1;

// The database's clock in milliseconds since the epoch (julianday('now') has milliseconds).
inline constexpr std::string_view kNow =
    "CAST(round((julianday('now') - 2440587.5) * 86400000.0) AS INTEGER)";

// A format string: {states} is the list of state names; braces of the SQL are doubled.
inline constexpr std::string_view kSchema = R"sql(
CREATE TABLE IF NOT EXISTS lectio_jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL DEFAULT '{{}}',
  state TEXT NOT NULL DEFAULT 'available' CHECK (state IN ({states})),
  priority INTEGER NOT NULL DEFAULT 0,
  run_at INTEGER NOT NULL,
  attempt INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
  unique_key TEXT,
  worker TEXT,
  lease_expires_at INTEGER,
  cancel_requested INTEGER NOT NULL DEFAULT 0,
  progress_done INTEGER NOT NULL DEFAULT 0,
  progress_total INTEGER NOT NULL DEFAULT 0,
  progress_message TEXT NOT NULL DEFAULT '',
  error TEXT,
  output TEXT,
  created_at INTEGER NOT NULL,
  started_at INTEGER,
  finished_at INTEGER
);
CREATE INDEX IF NOT EXISTS lectio_jobs_claim ON lectio_jobs (priority, run_at, id)
  WHERE state = 'available';
CREATE INDEX IF NOT EXISTS lectio_jobs_lease ON lectio_jobs (lease_expires_at)
  WHERE state = 'running';
CREATE UNIQUE INDEX IF NOT EXISTS lectio_jobs_unique ON lectio_jobs (unique_key)
  WHERE unique_key IS NOT NULL AND state IN ('available', 'running');
CREATE TABLE IF NOT EXISTS lectio_queue_schema (version INTEGER NOT NULL);
)sql";

inline constexpr std::string_view kFence = " WHERE id = ?1 AND attempt = ?2 AND state = 'running'";

inline constexpr std::string_view kInfoColumns =
    "id, kind, state, attempt, max_attempts, coalesce(worker, ''), progress_done, "
    "progress_total, progress_message, coalesce(error, ''), coalesce(output, ''), "
    "coalesce(unique_key, ''), cancel_requested, "
    "strftime('%Y-%m-%dT%H:%M:%SZ', created_at / 1000, 'unixepoch'), "
    "coalesce(strftime('%Y-%m-%dT%H:%M:%SZ', finished_at / 1000, 'unixepoch'), ''), payload";

// The quoted state names for the table's CHECK, from the one state table.
[[nodiscard]] std::string state_list();

// A JobInfo from a row selected with kInfoColumns.
[[nodiscard]] JobInfo info_of(const sqlite::Statement& r);

}  // namespace lectio::queue::sqlite_jobs
