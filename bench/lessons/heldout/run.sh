#!/usr/bin/env bash
# Held-out briefs for issue 28 over Debian manuals that ../../../../shared/eval/lessons/gold.json
# does not judge (read by hand instead): Git's user manual, SQLite's WAL and datatype pages, and
# (when this machine has them) Debian's Python policy (HTML), the shared MIME-info spec (PDF)
# and grep's manual as plain text (its info file).
#   bench/lessons/heldout/run.sh LECTIO [WORKDIR]   (WORKDIR: run-dev.sh's, with its .debs)
# Prints lesson-lint's line for each brief, lesson-topicality's against ./gold.json (our own
# relevance judgments, made in session 21 by reading these documents; see docs/benchmarks.md),
# where each lesson's sections and FAQ come from, and last ../faq_recap.py's figures (FAQ entries
# that ask an insight again, sections the recap gives a point of).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lectio=$(realpath "$1"); work=${2:-/tmp/lectio-dev-lessons}
lint=$here/../../../../shared/tools/lesson-lint
topicality=$here/../../../../shared/tools/lesson-topicality
doc=$work/root/usr/share/doc
[ -f "$doc/git-doc/user-manual.html" ] || { echo "run.sh: $doc: run ../shared/eval/lessons/run-dev.sh first" >&2; exit 1; }
data=$(mktemp -d "$work/heldout.XXXXXX")
add() { "$lectio" --data "$data" add "$1" --id "$2" >/dev/null; "$lectio" --data "$data" chunks "file_$2" --json > "$data/$2.chunks.json"; }
add "$doc/git-doc/user-manual.html" gitmanual
add "$doc/sqlite3/wal.html" sqlitewal
add "$doc/sqlite3/datatype3.html" sqlitetypes
briefs=("$here"/git-user-manual.yaml "$here"/sqlite-*.yaml)
local_doc() { [ -f "$1" ] && add "$1" "$2" && briefs+=("$here/$3.yaml"); }
local_doc /usr/share/doc/python3/python-policy.html pypolicy python-policy || true
local_doc /usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf mimespec mime-spec || true
if [ -f /usr/share/info/grep.info.gz ]; then
  zcat /usr/share/info/grep.info.gz > "$data/grep-manual.txt"
  local_doc "$data/grep-manual.txt" grepman grep-manual
fi
for b in "${briefs[@]}"; do
  name=$(basename "$b" .yaml)
  "$lectio" --data "$data" lesson "$b" --json --no-audio > "$data/$name.json" 2>"$data/$name.err"
  printf '%-18s ' "$name"; "$lint" "$data/$name.json" "$data"/*.chunks.json
  printf '%-18s ' ""; "$topicality" "$data/$name.json" "$here/gold.json" --brief "$name"
  python3 - "$data/$name.json" "$data" <<'PY'
import glob, json, sys
lesson = json.load(open(sys.argv[1]))
lesson = lesson.get("lesson", lesson)
heads = {}
for f in glob.glob(sys.argv[2] + "/*.chunks.json"):
    for c in json.load(open(f)):
        heads[c["id"]] = " > ".join(c.get("heading_path") or [])[-70:]
for sec in lesson["script"]:
    cited = [s for s in sec["sentences"] if s.get("citations")]
    if sec.get("kind") == "insight":
        where = sorted({heads.get(s["citations"][0], "?") for s in cited})
        print(f"    [{sec['insight'][:40]}] {len(cited)} sentences from: {where[:4]}")
    elif sec.get("kind") == "intro":
        print("    intro: " + " ".join(s["text"] for s in sec["sentences"][-2:])[:200])
for q in lesson.get("faq", []):
    a = q["answer"][0]
    print(f"    FAQ {q['question'][:60]} -> {a['text'][:70]} ({heads.get(a['citations'][0], '?')})")
PY
done
# FAQ entries that ask an insight again, and the sections the recap gives a point of.
python3 "$here/../faq_recap.py" "$data"/*.json --total
echo "lessons in $data"
