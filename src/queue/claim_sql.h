#pragma once
// The claim statement, here so that a test can check its plan: $1 limit, $2 worker, $3 lease
// in milliseconds. MATERIALIZED: the planner may otherwise run the LIMIT subquery once per
// outer row and update more rows than the limit (Oban's note). The partial index
// lectio_jobs_claim (priority, run_at, id) WHERE state = 'available' serves exactly the
// inner SELECT's filter and order.
#include <string_view>

namespace lectio::queue {

inline constexpr std::string_view kClaimSql =
    "WITH picked AS MATERIALIZED ("
    "  SELECT id FROM lectio_jobs"
    "  WHERE state = 'available' AND run_at <= now()"
    "  ORDER BY priority, run_at, id"
    "  LIMIT $1 FOR UPDATE SKIP LOCKED)"
    " UPDATE lectio_jobs SET state = 'running', attempt = attempt + 1, worker = $2,"
    "   lease_expires_at = now() + $3::bigint * interval '1 millisecond', started_at = now()"
    " WHERE id IN (SELECT id FROM picked)"
    " RETURNING id, kind, payload, attempt, max_attempts";

}  // namespace lectio::queue
