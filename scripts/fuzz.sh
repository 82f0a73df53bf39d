#!/usr/bin/env bash
# Builds the libFuzzer harnesses (fuzz/, clang + ASan + UBSan) in the hardening build directory and
# runs each for a bounded time on its seed corpus. Exit 1 on any finding: a crash, a sanitizer
# report, an escaped exception, a leak, an input slower than 10 s or one using over 2 GB. The
# input is kept in <build>/fuzz-findings/<name>/ (replay: <build>/fuzz/fuzz_<name> FILE).
#   scripts/fuzz.sh [SECONDS_PER_HARNESS (30)] [NAME...]   e.g. scripts/fuzz.sh 60 html pdf
# Environment: ASAN_BUILD (build-asan, scripts/hardening-build.sh), JOBS (nproc). Prints the
# executions and coverage of each harness (docs/benchmarks.md, "Hardening").
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
shift || true

source scripts/hardening-build.sh
build_hardening --target fuzzers

if [ $# -gt 0 ]; then
  names=("$@")
else
  mapfile -t names < <(ls fuzz/corpus)
fi

failed=()
printf '%-13s %10s %8s %8s %6s\n' harness executions exec/s cov ft
for name in "${names[@]}"; do
  # The working corpus grows across runs; the committed seeds stay as they are.
  work="$build/fuzz-corpus/$name"
  findings="$build/fuzz-findings/$name"
  mkdir -p "$work" "$findings"
  log="$build/fuzz-logs/$name.log"
  mkdir -p "$(dirname "$log")"
  status=0
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=$leaks} \
    LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/scripts/lsan.supp:print_suppressions=0} \
    nice "$build/fuzz/fuzz_$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$findings/" "$work" "fuzz/corpus/$name" \
    >"$log" 2>&1 || status=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
  ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
  printf '%-13s %10s %8s %8s %6s\n' "$name" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}"
  if [ "$status" -ne 0 ]; then
    failed+=("$name")
    echo "fuzz: $name found a fault (exit $status); log $log, input in $findings/" >&2
    grep -E 'ERROR:|SUMMARY:|==[0-9]+==|terminate called|what\(\)' "$log" | head -8 >&2 || true
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: findings in ${failed[*]}" >&2
  exit 1
fi
