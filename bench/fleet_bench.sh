#!/usr/bin/env bash
# Lessons per minute for the example plan (examples/ai-hardware/plan.yaml, 8 lessons with audio)
# built by 1 and 2 `lectio worker`s on a PostgreSQL store, beside the same plan built in one
# process on the SQLite store (`lectio plan build --jobs N`). docs/benchmarks.md, "Workers".
# Usage: bash bench/fleet_bench.sh [BUILD_DIR]
#
# Every run starts from nothing: a new PostgreSQL 15 (tests/support/pg_server.sh, durable
# settings: fsync and synchronous_commit on) or a new data directory, the notes added, the plan
# built. A worker runs one job at a time (--jobs 1) with the cores shared out between the
# workers for synthesis (--render-threads). BENCH_WORKERS lists the worker counts (default
# "1 2"); BENCH_WORK is the scratch space (default BUILD_DIR/fleet-bench).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-build}" && pwd)
work=${BENCH_WORK:-$build/fleet-bench}
lectio="$build/lectio"
plan="$root/examples/ai-hardware/plan.yaml"
notes="gpu_execution memory_hierarchy tensor_cores interconnects inference_serving cost"
cores=$(nproc)
[ -x "$lectio" ] || cmake --build "$build" --target lectio

now() { date +%s.%N; }
calc() { awk "BEGIN { print $1 }"; }
lessons=$(grep -c '^ *- topic:' "$plan")

add_notes() {  # add_notes DATA [store options...]
  local data=$1
  shift
  for note in $notes; do
    "$lectio" "$@" --data "$data" add "$root/examples/ai-hardware/$note.md" >/dev/null
  done
}

# Workers on PostgreSQL: queue the plan, run N workers until the queue is idle, store the plan.
fleet_run() {
  local n=$1 url start end pids=()
  rm -rf "$work" && mkdir -p "$work"
  LECTIO_PG_DURABLE=1 bash "$root/tests/support/pg_server.sh" start "$work/pg" >/dev/null
  url=$(cat "$work/pg/url")
  "$lectio" --store "$url" migrate >/dev/null
  add_notes "$work/cli" --store "$url"
  "$lectio" --store "$url" --data "$work/cli" plan build "$plan" --queue --no-wait >/dev/null 2>&1
  start=$(now)
  for i in $(seq "$n"); do
    "$lectio" --store "$url" --data "$work/worker$i" worker --until-idle --jobs 1 \
      --media "$work/media" --render-threads $(((cores + n - 1) / n)) 2>"$work/worker$i.log" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  end=$(now)
  "$lectio" --store "$url" --data "$work/cli" plan build "$plan" --queue >/dev/null \
    2>"$work/store-plan.log" || { cat "$work/store-plan.log" >&2; exit 1; }
  done_jobs=$("$lectio" --store "$url" jobs --json | grep -c '"state": "done"')
  bash "$root/tests/support/pg_server.sh" stop "$work/pg"
  [ "$done_jobs" = "$lessons" ] || { echo "$done_jobs of $lessons jobs done" >&2; exit 1; }
  calc "$end - $start"
}

# One process on SQLite: the in-process builder with N lessons at once.
local_run() {
  local n=$1 start end
  rm -rf "$work" && mkdir -p "$work"
  add_notes "$work/data"
  start=$(now)
  "$lectio" --data "$work/data" plan build "$plan" --jobs "$n" >/dev/null 2>"$work/build.log" ||
    { cat "$work/build.log" >&2; exit 1; }
  end=$(now)
  calc "$end - $start"
}

echo "plan: $lessons lessons with audio; $cores cores"
for n in ${BENCH_WORKERS:-1 2}; do
  fleet=$(fleet_run "$n")
  local_s=$(local_run "$n")
  printf 'workers %d: %7.1f s, %5.2f lessons/min | one process --jobs %d: %7.1f s, %5.2f lessons/min | ratio %.2f\n' \
    "$n" "$fleet" "$(calc "$lessons * 60 / $fleet")" "$n" "$local_s" \
    "$(calc "$lessons * 60 / $local_s")" "$(calc "$local_s / $fleet")"
done
