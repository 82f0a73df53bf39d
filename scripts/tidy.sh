#!/usr/bin/env bash
# clang-tidy with the project's chosen checks (.clang-tidy) over the project's own sources, on
# the compile commands of a configured build directory. Any finding fails (WarningsAsErrors).
#   scripts/tidy.sh [BUILD_DIR]   (default: build; it must have been configured)
set -uo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
if [ ! -f "$build/compile_commands.json" ]; then
  echo "tidy: $build/compile_commands.json is missing; configure the build first" >&2
  exit 2
fi
mapfile -t files < <(git ls-files 'src/*.cpp' 'app/*.cpp')
jobs=$(nproc)
printf '%s\n' "${files[@]}" |
  xargs -P "$jobs" -n 8 clang-tidy -p "$build" --quiet 2> /dev/null
status=${PIPESTATUS[1]}
if [ "$status" -ne 0 ]; then
  echo "tidy: clang-tidy found problems (above) in ${#files[@]} files"
  exit 1
fi
echo "tidy: ${#files[@]} files clean"
