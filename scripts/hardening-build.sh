#!/usr/bin/env bash
# Configures the one hardening build directory (default build-asan): clang with AddressSanitizer
# and UndefinedBehaviorSanitizer on every target, and the libFuzzer harnesses. scripts/sanitize.sh
# runs the test suite in it and scripts/fuzz.sh the harnesses, so the code is compiled once for
# both (and ccache shares it between checkouts).
#   source scripts/hardening-build.sh       -> sets $build, configured
#   bash scripts/hardening-build.sh --build -> configures and builds everything in it
# Environment: ASAN_BUILD (build-asan), JOBS (nproc).
set -euo pipefail
build=${ASAN_BUILD:-build-asan}
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    -DLECTIO_SANITIZE=address,undefined -DLECTIO_FUZZ=ON -DLECTIO_BUILD_BENCH=OFF >/dev/null
fi

# LeakSanitizer stops with "does not work under ptrace" when the process is traced (strace, gdb);
# leak checks are then off, and said so once.
if [ "$(awk '/^TracerPid:/ {print $2}' /proc/self/status)" != "0" ]; then
  echo "hardening: traced (strace or gdb), so leak checks are off" >&2
  export LECTIO_LEAK_CHECKS=0
fi
leaks=${LECTIO_LEAK_CHECKS:-1}

# Builds targets of the hardening build (all without arguments). The build runs the test
# binaries to list their tests (gtest_discover_tests), which needs no leak checks and would stop
# under a tracer with them.
build_hardening() {
  ASAN_OPTIONS=detect_leaks=0 nice cmake --build "$build" -j "${JOBS:-$(nproc)}" "$@"
}

if [ "${BASH_SOURCE[0]}" = "$0" ] && [ "${1:-}" = "--build" ]; then
  build_hardening
fi
