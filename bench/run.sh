#!/usr/bin/env bash
# The ingestion benchmark (`make bench`): Lectio split-only and end to end into the SQLite store,
# and LangChain's RecursiveCharacterTextSplitter, on the same generated Markdown corpus, each
# pinned to one core. Prints a side-by-side table. Usage: bash bench/run.sh [BUILD_DIR]
#
# Environment: BENCH_MB (corpus size, default 64), BENCH_SEED (default 42), BENCH_RUNS (runs per
# measurement, the fastest is reported; default 3), BENCH_CORPUS (default bench/corpus).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-build}" && pwd)
mb=${BENCH_MB:-64}
seed=${BENCH_SEED:-42}
runs=${BENCH_RUNS:-3}
corpus=${BENCH_CORPUS:-$root/bench/corpus}

bench_bin="$build/bench/lectio_ingest_bench"
corpus_bin="$build/bench/lectio_make_corpus"
if [ ! -x "$bench_bin" ] || [ ! -x "$corpus_bin" ]; then
  cmake --build "$build" --target lectio_ingest_bench lectio_make_corpus
fi

# One core, so the figures do not depend on how many cores the machine happens to have.
pin=()
if command -v taskset >/dev/null; then
  pin=(taskset -c 0)
else
  echo "note: taskset not found; running unpinned" >&2
fi

# The corpus is regenerated only when its size or seed changes; the stamp records both.
stamp="$corpus/.lectio-corpus-mb$mb-seed$seed"
if [ ! -f "$stamp" ]; then
  rm -rf "$corpus"/part_* "$corpus"/.lectio-corpus-*
  "$corpus_bin" "$corpus" --mb "$mb" --seed "$seed"
  touch "$stamp"
fi
# Warm the page cache so that every contender reads the corpus from memory.
find "$corpus" -name '*.md' -exec cat {} + >/dev/null

# Stores go next to the build, on a real disk rather than a tmpfs, and are removed at exit.
data_root=$(mktemp -d "$build/bench-data.XXXXXX")
trap 'rm -rf "$data_root"' EXIT

# Prints the value of a numeric field of the last JSON line of a file.
field() { grep '^{' "$1" | tail -n 1 | sed -n "s/.*\"$2\":\([0-9.]*\).*/\1/p"; }

out="$data_root/out"
mkdir -p "$out"
echo "== lectio split-only (read + sniff + extract + chunk) =="
"${pin[@]}" "$bench_bin" split "$corpus" --runs "$runs" | tee "$out/split"
echo "== lectio end to end (add_file into SQLite) =="
"${pin[@]}" "$bench_bin" ingest "$corpus" "$data_root/stores" --runs "$runs" | tee "$out/ingest"

langchain=0
if command -v node >/dev/null && command -v npm >/dev/null; then
  echo "== langchain RecursiveCharacterTextSplitter (chunkSize 1000, overlap 0) =="
  (
    cd "$root/bench/langchain"
    # Install only when missing or when the lock file changed since the last install.
    if [ ! -f package-lock.json ]; then
      npm install --no-audit --no-fund --loglevel=error
    elif [ ! -f node_modules/.package-lock.json ] ||
      [ package-lock.json -nt node_modules/.package-lock.json ]; then
      npm ci --no-audit --no-fund --loglevel=error
    fi
  ) >&2
  "${pin[@]}" node "$root/bench/langchain/split.mjs" "$corpus" --runs "$runs" | tee "$out/lc"
  "${pin[@]}" node "$root/bench/langchain/split.mjs" "$corpus" --runs "$runs" \
    --splitter markdown | tee "$out/lc_md"
  langchain=1
else
  echo "note: node/npm not found; skipping the LangChain comparison" >&2
fi

# The side-by-side table. Ratios compare splitting with splitting: Lectio's split-only rate
# without file reading against LangChain's, which is timed after its files are in memory.
split_only=$(awk -v b="$(field "$out/split" bytes)" -v s="$(field "$out/split" seconds)" \
  -v r="$(field "$out/split" read_seconds)" -v c="$(field "$out/split" chunks)" \
  'BEGIN { printf "%.2f %.1f", b / 1e6 / (s - r), c / (s - r) }')
echo
echo "Corpus: $(field "$out/split" files) files, $(field "$out/split" bytes) bytes (seed $seed)," \
  "one core ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))," \
  "best of $runs runs"
{
  printf '%-44s %10s %12s %10s\n' "contender" "MB/s" "chunks/s" "chunks"
  printf '%-44s %10s %12s %10s\n' "lectio end to end (into SQLite)" \
    "$(field "$out/ingest" mb_per_s)" "$(field "$out/ingest" chunks_per_s)" \
    "$(field "$out/ingest" chunks)"
  printf '%-44s %10s %12s %10s\n' "lectio split-only, incl. file reads" \
    "$(field "$out/split" mb_per_s)" "$(field "$out/split" chunks_per_s)" \
    "$(field "$out/split" chunks)"
  printf '%-44s %10s %12s %10s\n' "lectio split-only, files in memory" $split_only \
    "$(field "$out/split" chunks)"
  if [ "$langchain" = 1 ]; then
    for f in lc lc_md; do
      name="langchain recursive (default separators)"
      [ "$f" = lc_md ] && name="langchain recursive (markdown separators)"
      printf '%-44s %10s %12s %10s\n' "$name" "$(field "$out/$f" mb_per_s)" \
        "$(field "$out/$f" chunks_per_s)" "$(field "$out/$f" chunks)"
    done
  fi
} | tee "$out/table"

if [ "$langchain" = 1 ]; then
  ours=${split_only%% *}
  echo
  for f in lc lc_md; do
    theirs=$(field "$out/$f" mb_per_s)
    awk -v o="$ours" -v t="$theirs" -v n="$f" -v e="$(field "$out/ingest" mb_per_s)" 'BEGIN {
      label = (n == "lc") ? "default separators " : "markdown separators"
      printf "ratio vs langchain (%s): split-only %.2fx, end to end %.2fx\n", label, o / t, e / t
    }'
  done
fi
