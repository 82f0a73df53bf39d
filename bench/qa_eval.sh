#!/usr/bin/env bash
# Ask and verify quality (docs/benchmarks.md, "Ask and verify"): `lectio ask`'s core on SQuAD
# beside SQLite FTS5 bm25() over the same sentences, and `lectio verify`'s score on FRANK
# beside ROUGE-1 precision, as Pearson correlations with the human factuality scores.
# Usage: bash bench/qa_eval.sh [BUILD_DIR] [QA_DIR] [FACTUALITY_ITEMS.jsonl]
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-build}" && pwd)
qa=${2:-$root/../shared/eval/qa-dev}
items=${3:-$root/../shared/eval/factuality-dev/items.jsonl}
work=${BENCH_WORK:-$build/qa-bench}

for f in "$qa/questions.jsonl" "$items"; do
  [ -f "$f" ] || { echo "qa_eval: $f: no such file (the dev sets live in ../shared/eval)" >&2; exit 1; }
done
if [ ! -x "$build/bench/lectio_qa_bench" ] || [ ! -x "$build/bench/lectio_factuality_bench" ]; then
  cmake --build "$build" --target lectio_qa_bench lectio_factuality_bench
fi
mkdir -p "$work"
echo "== ask: $(basename "$qa") =="
"$build/bench/lectio_qa_bench" "$qa" "$work/qa" --k 3 --failures "$work/qa_failures.txt"
echo "== verify: $(basename "$(dirname "$items")") =="
"$build/bench/lectio_factuality_bench" "$items" "$work/factuality" --scores "$work/factuality.tsv"
