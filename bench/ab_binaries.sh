#!/usr/bin/env bash
# Two builds of lectio side by side on the same work, in turn (A B A B …), so that a change that
# should not move speed can be shown not to: adding a 16 MB generated corpus to a fresh data
# directory, reindexing it, and composing and rendering the example lesson (flite, MP3, Opus)
# from a fresh data directory. Prints the median user+system CPU seconds and wall seconds of
# each, and the median of the pairwise ratios A/B (docs/benchmarks.md, "The house").
#
#   bash bench/ab_binaries.sh A_LECTIO B_LECTIO [MAKE_CORPUS]
#
# MAKE_CORPUS is a lectio_make_corpus binary (default: beside B_LECTIO in bench/). Environment:
# BENCH_RUNS (pairs, default 5), BENCH_MB (corpus size, default 16), BENCH_WORK (scratch space,
# default a temporary directory, removed at the end).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
a="$(realpath "${1:?usage: ab_binaries.sh A_LECTIO B_LECTIO [MAKE_CORPUS]}")"
b="$(realpath "${2:?usage: ab_binaries.sh A_LECTIO B_LECTIO [MAKE_CORPUS]}")"
make_corpus="${3:-$(dirname "$b")/bench/lectio_make_corpus}"
runs="${BENCH_RUNS:-5}"
work="${BENCH_WORK:-$(mktemp -d)}"
[[ -n "${BENCH_WORK:-}" ]] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work"

"$make_corpus" "$work/corpus" --mb "${BENCH_MB:-16}" --seed 42 --vocabulary 200000 >/dev/null
notes="$root/examples/gpu-tpu/gpu_tpu_lesson_notes.md"
brief="$root/examples/gpu-tpu/brief.yaml"

# step NAME BINARY: runs one step on the binary's own data directory; prints "cpu wall".
step() {
  local name=$1 bin=$2 data="$work/data-$(basename "$(dirname "$2")")-$3"
  local t="$work/time"
  case $name in
    add) rm -rf "$data"; /usr/bin/time -f '%U %S %e' -o "$t" "$bin" --data "$data" add "$work/corpus" >/dev/null ;;
    reindex) /usr/bin/time -f '%U %S %e' -o "$t" "$bin" --data "$data" reindex >/dev/null ;;
    render)
      rm -rf "$data-r"
      "$bin" --data "$data-r" add "$notes" --id gpu001 >/dev/null
      /usr/bin/time -f '%U %S %e' -o "$t" "$bin" --data "$data-r" lesson "$brief" >/dev/null 2>&1 ;;
  esac
  awk '{ printf "%.3f %.3f\n", $1 + $2, $3 }' "$t"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '| step | A cpu s | B cpu s | A/B cpu | A wall s | B wall s | A/B wall |\n|---|---|---|---|---|---|---|\n'
for name in add reindex render; do
  : >"$work/$name.tsv"
  for ((i = 0; i < runs; i++)); do
    read -r ca wa < <(step "$name" "$a" A)
    read -r cb wb < <(step "$name" "$b" B)
    echo "$ca $cb $wa $wb" >>"$work/$name.tsv"
  done
  col() { awk "{ print $1 }" "$work/$name.tsv" | median; }
  printf '| %s | %s | %s | %.3f | %s | %s | %.3f |\n' "$name" "$(col '$1')" "$(col '$2')" \
    "$(col '$1 / $2')" "$(col '$3')" "$(col '$4')" "$(col '$3 / $4')"
done
