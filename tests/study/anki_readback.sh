#!/usr/bin/env bash
# A plan's cards as one Anki package (a deck for the plan, a subdeck per lesson), read back by
# two readers that share nothing with lectio's writer: npm anki-reader (zip.js, sql.js) and
# Python's zipfile and sqlite3 following Anki's schema (read_apkg.py). Every note and card of
# every lesson must come back.
#
#   bash tests/study/anki_readback.sh <path-to-lectio> <work-dir>
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
lectio="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
mkdir -p "$2"
work="$(cd "$2" && pwd)"
data="$work/data"
fail() { printf 'study.anki_readback: %s\n' "$*" >&2; exit 1; }
bench="$root/bench/study"
if [[ ! -d "$bench/node_modules/anki-reader" ]]; then
  (cd "$bench" && npm ci --no-audit --no-fund >/dev/null) || fail "npm ci failed in $bench"
fi
rm -rf "$data"
cd "$root"
"$lectio" --data "$data" add examples/ai-hardware/*.md >/dev/null
"$lectio" --data "$data" plan build examples/ai-hardware/plan.yaml --no-audio >/dev/null
plan="$("$lectio" --data "$data" plans --json | node -e \
  'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s)[0].id))')"
"$lectio" --data "$data" cards "$plan" --anki "$work/plan.apkg"
expected="$("$lectio" --data "$data" cards "$plan" --json | node -e \
  'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);
   console.log(j.lessons.reduce((n,l)=>n+l.cards.length,0), j.lessons.length)})')"
read -r cards lessons <<<"$expected"
[[ "$cards" -gt 0 ]] || fail "the plan has no cards"
node_out="$(node "$bench/anki_readback.mjs" "$work/plan.apkg" "$cards")" || fail "anki-reader: $node_out"
py_out="$(python3 "$here/read_apkg.py" "$work/plan.apkg")" || fail "read_apkg.py failed"
node -e '
  const [nodeOut, pyOut, cards, lessons] = process.argv.slice(1);
  const a = JSON.parse(nodeOut), b = JSON.parse(pyOut);
  const sub = Object.keys(b.decks).filter((d) => d.startsWith("How AI hardware works::"));
  if (b.notes !== Number(cards)) throw new Error(`read_apkg: ${b.notes} notes, want ${cards}`);
  if (sub.length !== Number(lessons)) throw new Error(`${sub.length} subdecks, want ${lessons}`);
  console.log(`${cards} cards in ${sub.length} subdecks read back by anki-reader and read_apkg.py`);
' "$node_out" "$py_out" "$cards" "$lessons"
