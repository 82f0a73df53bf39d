#!/usr/bin/env bash
# Study tools (issue 31): FSRS against ts-fsrs, cards on the dev briefs against gold.json, and
# the time cards and a quiz add to composing a lesson.
#
#   bash bench/study/study_bench.sh BUILD_DIR [WORK_DIR]
#
# Needs the Debian manuals the dev briefs are written from (git-doc, sqlite3-doc, bash-doc in
# scripts/debian-packages.txt) and ../shared/eval/lessons (gold.json, briefs) with
# ../shared/tools/lesson-topicality. Prints the figures docs/benchmarks.md quotes.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="$(cd "$1" && pwd)"
work="${2:-$(mktemp -d /tmp/lectio-study-bench.XXXXXX)}"
mkdir -p "$work"
shared="${LECTIO_SHARED:-$root/../shared}"
[[ -d "$shared/eval/lessons" ]] || shared=/work/shared
lectio="$build/lectio"
doc=/usr/share/doc

echo "== FSRS: 1,000 random histories through lectio and ts-fsrs"
if [[ ! -d "$here/node_modules/ts-fsrs" ]]; then (cd "$here" && npm ci --no-audit --no-fund >/dev/null); fi
node "$here/fsrs_compare.mjs" "$build/bench/lectio_fsrs_replay" 1000

echo "== cards on the dev briefs"
data="$work/data"
rm -rf "$data"
"$lectio" --data "$data" add "$doc/git-doc/gittutorial.html" --id gittutorial >/dev/null
"$lectio" --data "$data" add "$doc/sqlite3/lockingv3.html" --id sqlitelocking >/dev/null
"$lectio" --data "$data" add "$doc/sqlite3/testing.html" --id sqlitetesting >/dev/null
"$lectio" --data "$data" add "$doc/bash/bashref.pdf" --id bashrefpdf >/dev/null
pairs=()
ids=()
for b in "$shared"/eval/lessons/briefs/*.yaml; do
  name=$(basename "$b" .yaml)
  start=$(date +%s%N)
  "$lectio" --data "$data" lesson "$b" --json --no-audio >"$work/$name.json"
  ms=$(( ($(date +%s%N) - start) / 1000000 ))
  id=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1])).id)' "$work/$name.json")
  echo "$name: lesson made (composed, cards and quiz included) in $ms ms"
  pairs+=("$name=$work/$name.json")
  ids+=("$id")
done
python3 "$here/study_eval.py" "$shared/eval/lessons/gold.json" "$shared/tools/lesson-topicality" "${pairs[@]}"

echo "== time of the cards and quiz alone (median of 5, the pipeline's step)"
"$build/bench/lectio_study_time" "$data" "${ids[@]}" --runs 5
