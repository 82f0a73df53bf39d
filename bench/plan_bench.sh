#!/usr/bin/env bash
# The learning-plan benchmark: the example plan (examples/ai-hardware/plan.yaml, 4 chapters,
# 8 lessons) built from nothing, with audio, then rebuilt unchanged. The rebuild must compose
# and render nothing. Prints wall times and their ratio. Usage: bash bench/plan_bench.sh [BUILD_DIR]
#
# Environment: BENCH_RUNS (unchanged rebuilds timed, the fastest is reported; default 5),
# BENCH_JOBS (lessons built at once; default: one per core), BENCH_WORK (scratch space, default
# BUILD_DIR/plan-bench).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-build}" && pwd)
runs=${BENCH_RUNS:-5}
jobs=${BENCH_JOBS:-0}
work=${BENCH_WORK:-$build/plan-bench}
lectio="$build/lectio"
[ -x "$lectio" ] || cmake --build "$build" --target lectio

rm -rf "$work"
mkdir -p "$work"
data="$work/data"
for note in gpu_execution memory_hierarchy tensor_cores interconnects inference_serving cost; do
  "$lectio" --data "$data" add "$root/examples/ai-hardware/$note.md" >/dev/null
done
plan="$root/examples/ai-hardware/plan.yaml"

now() { date +%s.%N; }
calc() { awk "BEGIN { print $1 }"; }
# Runs one build; prints "seconds composed rendered reused failed" from its summary line.
build_once() {
  local start end summary
  start=$(now)
  "$lectio" --data "$data" plan build "$plan" --jobs "$jobs" --json >"$work/plan.json" \
    2>"$work/stderr.txt"
  end=$(now)
  summary=$(grep -E '^lectio: plan .*lessons:' "$work/stderr.txt")
  echo "$(calc "$end - $start") $(echo "$summary" |
    sed -E 's/.*: ([0-9]+) composed, ([0-9]+) rendered, ([0-9]+) reused, ([0-9]+) failed.*/\1 \2 \3 \4/')"
}

read -r first composed rendered reused failed < <(build_once)
[ "$failed" = 0 ] || { echo "the first build failed: see $work/stderr.txt" >&2; exit 1; }
first_total=$(grep -m1 '"seconds"' "$work/plan.json" | sed -E 's/[^0-9.]//g')
echo "first build:  $(printf '%8.2f' "$first") s  (composed $composed, rendered $rendered)"

best=""
for _ in $(seq "$runs"); do
  read -r t c r u f < <(build_once)
  if [ "$c" != 0 ] || [ "$r" != 0 ] || [ "$f" != 0 ]; then
    echo "an unchanged rebuild composed $c, rendered $r, failed $f lessons" >&2
    exit 1
  fi
  if [ -z "$best" ] || [ "$(calc "($t < $best) ? 1 : 0")" = 1 ]; then best=$t; fi
done
echo "rebuild:      $(printf '%8.2f' "$best") s  (composed 0, rendered 0, reused $u; best of $runs)"
echo "ratio:        $(printf '%8.4f' "$(calc "$best / $first")")  (rebuild / first build)"
echo "plan audio:   $(printf '%8.1f' "$first_total") s  (sum of the lessons' measured durations)"
