#!/usr/bin/env bash
# Summarization quality: ROUGE-1/2/L F1 of `lectio summarize`'s sentence selection against
# LEAD-3 on the CNN/DailyMail dev set (see docs/benchmarks.md, "Summarization (ROUGE)").
# Usage: bash bench/summarize_eval.sh [BUILD_DIR] [ARTICLES.jsonl] [extra eval options...]
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-build}" && pwd)
articles=${2:-$root/../shared/eval/cnndm-dev/articles.jsonl}
shift $(( $# > 2 ? 2 : $# ))

if [ ! -f "$articles" ]; then
  echo "summarize_eval: $articles: no such file (the dev set lives in ../shared/eval)" >&2
  exit 1
fi
if [ ! -x "$build/lectio" ]; then
  cmake --build "$build" --target lectio
fi
"$build/lectio" eval summarize "$articles" "$@"
