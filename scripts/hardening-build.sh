#!/usr/bin/env bash
# Configures the one hardening build directory (default build-asan): clang with AddressSanitizer
# and UndefinedBehaviorSanitizer on every target, and the libFuzzer harnesses. scripts/sanitize.sh
# runs the test suite in it and scripts/fuzz.sh the harnesses, so the code is compiled once for
# both (and ccache shares it between checkouts).
#   source scripts/hardening-build.sh   -> sets $build, configured
set -euo pipefail
build=${ASAN_BUILD:-build-asan}
if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    -DLECTIO_SANITIZE=address,undefined -DLECTIO_FUZZ=ON -DLECTIO_BUILD_BENCH=OFF >/dev/null
fi
