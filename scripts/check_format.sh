#!/usr/bin/env bash
# Fails when a C++ file of the project is not formatted as .clang-format says (`make format`
# formats them). Run by CTest as `format` (label house).
set -euo pipefail
cd "$(dirname "$0")/.."
if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
  files=$(git ls-files '*.cpp' '*.h')
else
  files=$(find app src include tests bench fuzz -name '*.cpp' -o -name '*.h')
fi
report=$(mktemp)
trap 'rm -f "$report"' EXIT
# shellcheck disable=SC2086
if ! clang-format --dry-run --Werror $files 2> "$report"; then
  grep -o '^[^:]*\.\(cpp\|h\):[0-9]*' "$report" | sort -u | head -20
  echo "format: the files above differ from .clang-format; run make format"
  exit 1
fi
echo "format: $(echo "$files" | wc -l) files formatted as .clang-format says"
