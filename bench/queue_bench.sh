#!/usr/bin/env bash
# Queue claim latency and throughput for 10,000 empty jobs with 1, 4 and 16 workers
# (docs/benchmarks.md, "Queue"). Usage: bash bench/queue_bench.sh BUILD
# Starts its own PostgreSQL 15 (tests/support/pg_server.sh) with the durable settings of a
# real server (fsync, synchronous_commit on; BENCH_DURABLE=0 turns both off) in
# BUILD/queue-bench, and drops it at the end. BENCH_JOBS and BENCH_WORKERS change the load.
set -euo pipefail
build=${1:?usage: queue_bench.sh BUILD}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$build/queue-bench
jobs=${BENCH_JOBS:-10000}
cmake --build "$build" --target lectio_queue_bench >/dev/null
LECTIO_PG_DURABLE=${BENCH_DURABLE:-1} bash "$root/tests/support/pg_server.sh" start "$work/pg" >/dev/null
trap 'bash "$root/tests/support/pg_server.sh" stop "$work/pg"' EXIT
url=$(cat "$work/pg/url")
for workers in ${BENCH_WORKERS:-1 4 16}; do
  "$build/bench/lectio_queue_bench" "$url" --jobs "$jobs" --workers "$workers"
done
