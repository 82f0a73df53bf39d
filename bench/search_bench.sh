#!/usr/bin/env bash
# The search benchmark: Lectio's search index against SQLite FTS5 (the sqlite3 command, porter
# tokenizer, bm25(), OR of the query's words) on the same synthetic collection of 200k chunks,
# each pinned to one core; then both on the Cranfield collection for quality. Prints a
# side-by-side table with ratios. Usage: bash bench/search_bench.sh [BUILD_DIR]
#
# Environment: BENCH_BEIR (the collection the text and quality come from; default
# ../shared/eval/cranfield), BENCH_CHUNKS (default 200000), BENCH_QUERIES (default 1000),
# BENCH_SEED (default 42), BENCH_WORK (scratch space, default BUILD_DIR/search-bench).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-build}" && pwd)
beir=${BENCH_BEIR:-$root/../shared/eval/cranfield}
chunks=${BENCH_CHUNKS:-200000}
queries=${BENCH_QUERIES:-1000}
seed=${BENCH_SEED:-42}
work=${BENCH_WORK:-$build/search-bench}

bench="$build/bench/lectio_search_bench"
corpus_bin="$build/bench/lectio_search_corpus"
lectio="$build/lectio"
if [ ! -x "$bench" ] || [ ! -x "$corpus_bin" ] || [ ! -x "$lectio" ]; then
  cmake --build "$build" --target lectio lectio_search_bench lectio_search_corpus
fi
command -v sqlite3 >/dev/null || { echo "sqlite3 not found (apt-get install sqlite3)" >&2; exit 1; }

pin=()
if command -v taskset >/dev/null; then
  pin=(taskset -c 0)
else
  echo "note: taskset not found; running unpinned" >&2
fi

corpus="$work/corpus-$chunks-$seed"
if [ ! -f "$corpus/queries.tsv" ]; then
  "$corpus_bin" make "$beir" "$corpus" --chunks "$chunks" --queries "$queries" --seed "$seed"
fi
out="$work/out"
rm -rf "$out" "$work/data" "$work"/*.db
mkdir -p "$out"
cat "$corpus"/*.tsv >/dev/null  # warm the page cache for both contenders

# Percentiles of the numbers in a file (one a line): p50 p99 mean.
stats() { sort -g "$1" | awk '{ v[NR] = $1; s += $1 } END {
  i50 = int(0.5 * (NR - 1) + 0.5) + 1; i99 = int(0.99 * (NR - 1) + 0.5) + 1
  printf "%.3f %.3f %.3f", v[i50], v[i99], s / NR }'; }
# The value of a numeric field of a JSON line.
field() { sed -n "s/.*\"$2\":\([0-9.]*\).*/\1/p" "$1" | tail -n 1; }

echo "== lectio: build the index from the store =="
"${pin[@]}" "$bench" build "$corpus/chunks.tsv" "$work/data" | tee "$out/build"
echo "== lectio: $queries queries, k=10, no snippets =="
"${pin[@]}" "$bench" query "$work/data" "$corpus/queries.tsv" --k 10 --no-snippets | tee "$out/query"
echo "== lectio: $queries queries, k=10, with snippets (as lectio search) =="
"${pin[@]}" "$bench" query "$work/data" "$corpus/queries.tsv" --k 10 | tee "$out/query_snip"

echo "== sqlite3 FTS5: build =="
fts="$work/fts5.db"
"${pin[@]}" sqlite3 "$fts" <<SQL | tee "$out/fts_build"
CREATE TABLE raw (id TEXT, body TEXT);
.mode tabs
.import $corpus/chunks.tsv raw
CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, body, tokenize='porter');
.timer on
INSERT INTO docs (id, body) SELECT id, body FROM raw;
SQL
fts_build_s=$(sed -n 's/^Run Time: real \([0-9.]*\).*/\1/p' "$out/fts_build" | tail -n 1)
fts_build_cpu=$(sed -n 's/^Run Time: real [0-9.]* user \([0-9.]*\) sys \([0-9.]*\).*/\1 \2/p' \
  "$out/fts_build" | tail -n 1 | awk '{ print $1 + $2 }')
echo "== sqlite3 FTS5: $queries queries, k=10 =="
"$corpus_bin" fts5 "$corpus/queries.tsv" "$out/fts_queries.sql" --k 10
"${pin[@]}" sqlite3 "$fts" <"$out/fts_queries.sql" >"$out/fts_query"
sed -n 's/^Run Time: real \([0-9.]*\) user \([0-9.]*\) sys \([0-9.]*\).*/\1 \2 \3/p' \
  "$out/fts_query" >"$out/fts_times"
awk '{ print $1 * 1000 }' "$out/fts_times" >"$out/fts_wall"
awk '{ print ($2 + $3) * 1000 }' "$out/fts_times" >"$out/fts_cpu"
read -r fts_p50 fts_p99 fts_mean <<<"$(stats "$out/fts_wall")"
read -r fts_cpu50 fts_cpu99 fts_cpumean <<<"$(stats "$out/fts_cpu")"
echo "fts5: $(wc -l <"$out/fts_wall") queries, p50 $fts_p50 ms, p99 $fts_p99 ms (cpu p50 $fts_cpu50, p99 $fts_cpu99)"

echo "== quality on $(basename "$beir") =="
"$lectio" eval ir "$beir" --run "$out/lectio.run" | tee "$out/lectio_quality"
"$corpus_bin" export "$beir" "$out/beir.tsv"
"$corpus_bin" fts5 "$out/beir.tsv.queries" "$out/beir_queries.sql" --k 100
sqlite3 "$work/beir.db" <<SQL >/dev/null
CREATE TABLE raw (id TEXT, body TEXT);
.mode tabs
.import $out/beir.tsv raw
CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, body, tokenize='porter');
INSERT INTO docs (id, body) SELECT id, body FROM raw;
SQL
sqlite3 "$work/beir.db" <"$out/beir_queries.sql" | grep -v '^Run Time' >"$out/fts5.run"
"$bench" score "$beir" "$out/fts5.run" | tee "$out/fts_quality"

metric() { awk -v n="$2" '$1 == n { print $2 }' "$1"; }
l_ndcg=$(metric "$out/lectio_quality" "nDCG@10")
l_map=$(metric "$out/lectio_quality" "MAP@100")
l_rec=$(metric "$out/lectio_quality" "Recall@100")
l_p10=$(metric "$out/lectio_quality" "P@10")
n=$(field "$out/build" chunks)
echo
echo "Synthetic collection: $n chunks, $(field "$out/build" bytes) bytes, $queries queries," \
  "one core ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))"
{
  printf '%-34s %14s %14s %8s\n' "measure" "lectio" "fts5" "ratio"
  awk -v l="$(field "$out/build" chunks_per_s)" -v s="$fts_build_s" -v n="$n" \
    -v lc="$(field "$out/build" index_cpu_seconds)" -v sc="$fts_build_cpu" 'BEGIN {
    printf "%-34s %14.0f %14.0f %7.2fx\n", "index build, chunks/s", l, n / s, l / (n / s)
    printf "%-34s %14.0f %14.0f %7.2fx\n", "index build, chunks per CPU s", n / lc, n / sc,
      (n / lc) / (n / sc) }'
  # Wall time, then the CPU time of the query alone: on a shared machine the wall time also
  # counts waiting for the core.
  row() {
    awk -v name="$1" -v l="$2" -v f="$3" 'BEGIN {
      printf "%-34s %14.3f %14.3f %7.2fx\n", name, l, f, (l > 0 ? f / l : 0) }'
  }
  row "query p50 ms (no snippets)" "$(field "$out/query" p50_ms)" "$fts_p50"
  row "query p99 ms (no snippets)" "$(field "$out/query" p99_ms)" "$fts_p99"
  row "query p50 ms (with snippets)" "$(field "$out/query_snip" p50_ms)" "$fts_p50"
  row "query p99 ms (with snippets)" "$(field "$out/query_snip" p99_ms)" "$fts_p99"
  row "query p50 CPU ms (no snippets)" "$(field "$out/query" cpu_p50_ms)" "$fts_cpu50"
  row "query p99 CPU ms (no snippets)" "$(field "$out/query" cpu_p99_ms)" "$fts_cpu99"
  row "query p50 CPU ms (with snippets)" "$(field "$out/query_snip" cpu_p50_ms)" "$fts_cpu50"
  row "query p99 CPU ms (with snippets)" "$(field "$out/query_snip" cpu_p99_ms)" "$fts_cpu99"
  for m in "nDCG@10 $l_ndcg ndcg_10" "MAP@100 $l_map map_100" "Recall@100 $l_rec recall_100" \
    "P@10 $l_p10 p_10"; do
    set -- $m
    awk -v name="$1 ($(basename "$beir"))" -v l="$2" -v f="$(field "$out/fts_quality" "$3")" 'BEGIN {
      printf "%-34s %14.4f %14.4f %7.3fx\n", name, l, f, l / f }'
  done
} | tee "$out/table"
echo "(speed ratios: fts5 time / lectio time; build and quality ratios: lectio / fts5)"
