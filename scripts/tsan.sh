#!/usr/bin/env bash
# The server's tests under ThreadSanitizer: clang with -fsanitize=thread in its own build
# directory (default build-tsan), only the web tests (label web, the browser test left out) and
# the `lectio` binary they start. A data race aborts its process and fails its test. Not part of
# CI: a second clang build does not fit CI's time beside the ASan one (docs/benchmarks.md,
# "Hardening").
#   scripts/tsan.sh [CTEST_ARGS...]        e.g. scripts/tsan.sh -R WebSoak
# Environment: TSAN_BUILD (build-tsan), JOBS (nproc).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${TSAN_BUILD:-build-tsan}
jobs=${JOBS:-$(nproc)}
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    -DLECTIO_SANITIZE=thread -DLECTIO_BUILD_BENCH=OFF >/dev/null
fi
# The test targets of tests/web/tests.cmake, by the name each lectio_test() gives them.
targets=(lectio)
for name in $(sed -n 's/^ *foreach(name \(.*\))$/\1/p' tests/web/tests.cmake) \
  $(sed -n 's/^lectio_test(web \([a-z_]*\).*/\1/p' tests/web/tests.cmake); do
  targets+=("test_web_$name")
done
nice cmake --build "$build" -j "$jobs" --target "${targets[@]}"
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/scripts/tsan.supp}
start=$(date +%s)
status=0
(cd "$build" && ctest --output-on-failure -j "$jobs" -L web -E 'browser' "$@") || status=$?
echo "tsan: the web tests under ThreadSanitizer took $(($(date +%s) - start)) s (exit $status)"
exit $status
