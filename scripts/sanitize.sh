#!/usr/bin/env bash
# Builds everything but the benchmarks with AddressSanitizer and UndefinedBehaviorSanitizer
# (clang; the build directory of scripts/hardening-build.sh) and runs the whole test suite in
# it. Any sanitizer report aborts its process, so it fails the test that caused it.
#   scripts/sanitize.sh [CTEST_ARGS...]        e.g. scripts/sanitize.sh -R Html
# Environment: ASAN_BUILD (build-asan), JOBS (nproc).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-$(nproc)}
source scripts/hardening-build.sh
build_hardening
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=$leaks:abort_on_error=1:detect_stack_use_after_return=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/scripts/lsan.supp:print_suppressions=0}
start=$(date +%s)
status=0
# Left out here (they run in `make test`): the no-network tests, whose LD_PRELOAD probe cannot
# interpose connect() in front of ASan's own interceptor, and the soak, whose flat-RSS bound
# ASan's quarantine of freed memory breaks by design (RSS 496 -> 578 MB in one run).
excluded='NoNetwork|OnlyToTheEndpoint|WebSoakTest'
(cd "$build" && ctest --output-on-failure -j "$jobs" -E "$excluded" "$@") || status=$?
echo "sanitize: the test suite under ASan+UBSan took $(($(date +%s) - start)) s (exit $status)"
exit $status
