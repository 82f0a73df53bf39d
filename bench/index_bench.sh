#!/usr/bin/env bash
# The indexing benchmark (docs/benchmarks.md, "Indexing"): `lectio add` end to end and
# `lectio reindex` beside SQLite FTS5 building a full-text index of the same chunk texts, on a
# generated Markdown corpus with a realistic vocabulary; then Lectio's splitting beside the
# chunkers people pick instead (LangChain, LlamaIndex, Chonkie). Everything is pinned to core 0.
# The machine is shared, so contenders alternate (A B A B ...), each pair gives a ratio, and the
# medians are reported, in wall time and in CPU time. Usage: bash bench/index_bench.sh [BUILD_DIR]
#
# Environment: BENCH_MB (corpus size, default 16), BENCH_SEED (42), BENCH_VOCABULARY (made-up
# words beside the fixed ones, 200000), BENCH_PAIRS (pairs per comparison, 3), BENCH_LLAMA_MB
# (how much of the corpus LlamaIndex splits, 1), BENCH_CHUNKERS (0 skips the splitting
# comparison), BENCH_WORK (scratch, BUILD_DIR/index-bench).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-build}" && pwd)
mb=${BENCH_MB:-16}
seed=${BENCH_SEED:-42}
vocabulary=${BENCH_VOCABULARY:-200000}
pairs=${BENCH_PAIRS:-3}
llama_mb=${BENCH_LLAMA_MB:-1}
work=${BENCH_WORK:-$build/index-bench}

lectio="$build/lectio"
corpus_bin="$build/bench/lectio_make_corpus"
ingest_bin="$build/bench/lectio_ingest_bench"
if [ ! -x "$lectio" ] || [ ! -x "$corpus_bin" ] || [ ! -x "$ingest_bin" ]; then
  cmake --build "$build" --target lectio lectio_make_corpus lectio_ingest_bench
fi
command -v sqlite3 >/dev/null || { echo "sqlite3 not found (see scripts/debian-packages.txt)" >&2; exit 1; }
pin=()
if command -v taskset >/dev/null; then pin=(taskset -c 0); else echo "note: running unpinned" >&2; fi

corpus="$work/corpus-mb$mb-seed$seed-vocabulary$vocabulary"
if [ ! -d "$corpus" ]; then
  "$corpus_bin" "$corpus.tmp" --mb "$mb" --seed "$seed" --vocabulary "$vocabulary"
  mv "$corpus.tmp" "$corpus"
fi
find "$corpus" -name '*.md' -exec cat {} + >/dev/null  # warm the page cache
bytes=$(find "$corpus" -name '*.md' -printf '%s\n' | awk '{ s += $1 } END { print s }')
out="$work/out"
rm -rf "$out" "$work"/data-* "$work"/*.db
mkdir -p "$out"

# Runs a command pinned and timed; appends "wall cpu" (seconds) to the file $1.
timed() {
  local file=$1
  shift
  /usr/bin/time -f '%e %U %S' -o "$out/time" "${pin[@]}" "$@" >"$out/last" 2>&1 ||
    { cat "$out/last" >&2; exit 1; }
  awk '{ printf "%s %.2f\n", $1, $2 + $3 }' "$out/time" >>"$file"
}
# FTS5 over the chunk texts of a store (heading path and body, as Lectio indexes them) in a
# fresh database; only the INSERT is timed (the shell's .timer line), as in bench/search_bench.sh.
fts5_build() {
  rm -f "$work/fts5.db"
  "${pin[@]}" sqlite3 "$work/fts5.db" >"$out/fts_last" <<SQL
ATTACH '$1/lectio.db' AS store;
CREATE TABLE raw AS SELECT heading_path || ' ' || body AS body FROM store.chunks;
DETACH store;
CREATE VIRTUAL TABLE docs USING fts5(body, tokenize='porter');
.timer on
INSERT INTO docs (body) SELECT body FROM raw;
SQL
  sed -n 's/^Run Time: real \([0-9.]*\) user \([0-9.]*\) sys \([0-9.]*\).*/\1 \2 \3/p' \
    "$out/fts_last" | awk '{ printf "%s %.2f\n", $1, $2 + $3 }' >>"$2"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# Column $2 of file $1, divided pair by pair by column $2 of file $3 (or by $3 when a number).
ratios() { paste -d' ' "$1" "$3" | awk -v c="$2" '{ print $c / $(c + 2) }'; }

echo "== $pairs pairs: lectio add (fresh data directory), lectio reindex, sqlite3 FTS5 build =="
for i in $(seq "$pairs"); do
  data="$work/data-$i"
  timed "$out/add" "$lectio" --data "$data" add "$corpus"
  timed "$out/reindex" "$lectio" --data "$data" reindex
  fts5_build "$data" "$out/fts5"
  echo "pair $i: add $(tail -n1 "$out/add")  reindex $(tail -n1 "$out/reindex")" \
    " fts5 $(tail -n1 "$out/fts5")  (wall cpu, s)"
  [ "$i" -lt "$pairs" ] && rm -rf "$data"
done
chunks=$(sqlite3 "$work/data-$pairs/lectio.db" 'SELECT count(*) FROM chunks')
index_mb=$(du -sm "$work/data-$pairs/index" | cut -f1)
fts_mb=$(du -sm "$work/fts5.db" | cut -f1)

echo "== $pairs pairs: lectio split-only and the chunkers from npm =="
chunkers=0
if [ "${BENCH_CHUNKERS:-1}" = 0 ]; then
  echo "note: BENCH_CHUNKERS=0; skipping the chunkers" >&2
elif command -v node >/dev/null && command -v npm >/dev/null; then
  (
    cd "$root/bench/chunkers"
    if [ ! -f node_modules/.package-lock.json ] ||
      [ package-lock.json -nt node_modules/.package-lock.json ]; then
      # Not `npm ci`: npm 11 refuses this lock file, which has no entries for the other
      # platforms' builds of an optional dependency of @chonkiejs/core; `npm install`
      # installs exactly the locked versions all the same.
      npm install --no-audit --no-fund --loglevel=error
    fi
  ) >&2
  chunkers=1
else
  echo "note: node/npm not found; skipping the chunkers" >&2
fi
field() { grep '^{' "$1" | tail -n 1 | sed -n "s/.*\"$2\":\([0-9.]*\).*/\1/p"; }
for i in $(seq "$pairs"); do
  "${pin[@]}" "$ingest_bin" split "$corpus" --runs 1 >"$out/split_last"
  awk -v b="$(field "$out/split_last" bytes)" -v s="$(field "$out/split_last" seconds)" \
    -v r="$(field "$out/split_last" read_seconds)" 'BEGIN { printf "%.2f\n", b / 1e6 / (s - r) }' \
    >>"$out/split"
  if [ "$chunkers" = 1 ]; then
    for c in langchain chonkie llamaindex; do
      max=()
      [ "$c" = llamaindex ] && max=(--max-mb "$llama_mb")
      "${pin[@]}" node "$root/bench/chunkers/chunk.mjs" "$corpus" --chunker "$c" "${max[@]}" \
        >"$out/${c}_last"
      echo "$(field "$out/${c}_last" mb_per_s) $(field "$out/${c}_last" mb_per_cpu_s)" >>"$out/$c"
    done
  fi
  echo "pair $i: lectio split $(tail -n1 "$out/split") MB/s" \
    "$( [ "$chunkers" = 1 ] && for c in langchain chonkie llamaindex; do printf ' %s %s' "$c" "$(tail -n1 "$out/$c" | cut -d' ' -f1)"; done)"
done

mbs() { awk -v b="$bytes" -v s="$1" 'BEGIN { printf "%.2f", b / 1e6 / s }'; }
add_wall=$(cut -d' ' -f1 "$out/add" | median)
add_cpu=$(cut -d' ' -f2 "$out/add" | median)
echo
echo "Corpus: $(find "$corpus" -name '*.md' | wc -l) files, $bytes bytes, $chunks chunks" \
  "(seed $seed, vocabulary $vocabulary); one core; medians of $pairs pairs; load $(cut -d' ' -f1-3 /proc/loadavg)"
{
  printf '%-40s %12s %12s\n' "measure (median)" "wall" "CPU"
  printf '%-40s %12s %12s\n' "lectio add, s" "$add_wall" "$add_cpu"
  printf '%-40s %12s %12s\n' "lectio add, MB/s" "$(mbs "$add_wall")" "$(mbs "$add_cpu")"
  printf '%-40s %12s %12s\n' "lectio reindex, s" "$(cut -d' ' -f1 "$out/reindex" | median)" \
    "$(cut -d' ' -f2 "$out/reindex" | median)"
  printf '%-40s %12s %12s\n' "sqlite3 FTS5 build, s" "$(cut -d' ' -f1 "$out/fts5" | median)" \
    "$(cut -d' ' -f2 "$out/fts5" | median)"
  printf '%-40s %11.2fx %11.2fx\n' "reindex / FTS5 (pair by pair)" \
    "$(ratios "$out/reindex" 1 "$out/fts5" | median)" "$(ratios "$out/reindex" 2 "$out/fts5" | median)"
  printf '%-40s %12s %12s\n' "index size, MB (lectio / FTS5)" "$index_mb" "$fts_mb"
  printf '%-40s %12s\n' "lectio split-only, MB/s (in memory)" "$(median <"$out/split")"
  if [ "$chunkers" = 1 ]; then
    for c in langchain chonkie llamaindex; do
      printf '%-40s %12s %12s\n' "$c, MB/s" "$(cut -d' ' -f1 "$out/$c" | median)" \
        "$(cut -d' ' -f2 "$out/$c" | median)"
      printf '%-40s %11.2fx\n' "lectio split / $c (pair by pair, wall)" \
        "$(paste -d' ' "$out/split" "$out/$c" | awk '{ print $1 / $2 }' | median)"
    done
  fi
} | tee "$out/table"
