#!/usr/bin/env bash
# Ask and verify quality (docs/benchmarks.md, "Ask and verify"): `lectio ask`'s core on SQuAD
# beside SQLite FTS5 bm25() over the same sentences, and `lectio verify`'s score on FRANK
# beside ROUGE-1 precision, as Pearson correlations with the human factuality scores.
# Ask's figures come three ways: the shipped model on every article (pooled and by article);
# leave-one-article-out (the ranker and refusal model refitted on the other articles, each
# article scored by the fit that never saw it: lectio_qa_loao), with the spread across
# articles and the refusal curve; verify's, with what each of its signals adds.
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
for t in lectio_qa_bench lectio_qa_loao lectio_factuality_bench; do
  [ -x "$build/bench/$t" ] || cmake --build "$build" -j2 --target "$t"
done
mkdir -p "$work"
echo "== ask: $(basename "$qa") =="
"$build/bench/lectio_qa_bench" "$qa" "$work/qa" --k 3 --failures "$work/qa_failures.txt" \
  --features "$work/features.jsonl"
echo "== ask, leave-one-article-out: $(basename "$qa") =="
"$build/bench/lectio_qa_loao" "$work/features.jsonl" --curve
echo "== verify: $(basename "$(dirname "$items")") =="
"$build/bench/lectio_factuality_bench" "$items" "$work/factuality" --scores "$work/factuality.tsv" \
  --signals
