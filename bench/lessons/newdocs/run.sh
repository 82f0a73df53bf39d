#!/usr/bin/env bash
# Briefs over documents no composer rule was written against, read as a new user would add
# them: GNU manuals as Info text (sed, find, diffutils: /usr/share/info/*.info.gz as shipped),
# Git's FAQ (HTML, a definition list of questions) and git-log's manual page (HTML, a
# definition list of options). No relevance judgments: this prints lesson-lint's line, what a
# listener would hear of Info's own markup and navigation, how many option definitions were said
# with their names, and where each section comes from.
#   bench/lessons/newdocs/run.sh LECTIO [WORKDIR]   (WORKDIR: run-dev.sh's, with its .debs)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lectio=$(realpath "$1"); work=${2:-/tmp/lectio-dev-lessons}
lint=$here/../../../../shared/tools/lesson-lint
doc=$work/root/usr/share/doc
data=$(mktemp -d "$work/newdocs.XXXXXX")
briefs=()
add() { "$lectio" --data "$data" add "$1" --id "$2" >/dev/null; "$lectio" --data "$data" chunks "file_$2" --json > "$data/$2.chunks.json"; briefs+=("$here/$3.yaml"); }
info() {  # an Info manual as Debian ships it (gzip-compressed; a split one's parts beside it)
  local main=/usr/share/info/$1.info.gz
  [ -f "$main" ] || { echo "run.sh: no $main here; $3 skipped" >&2; return 0; }
  add "$main" "$2" "$3"
}
info sed sedman sed-manual
info find findman find-manual
info diffutils diffman diffutils-manual
if [ -f "$doc/git-doc/gitfaq.html" ]; then add "$doc/git-doc/gitfaq.html" gitfaq git-faq; fi
if [ -f "$doc/git-doc/git-log.html" ]; then add "$doc/git-doc/git-log.html" gitlog git-log; fi
for b in "${briefs[@]}"; do
  name=$(basename "$b" .yaml)
  "$lectio" --data "$data" lesson "$b" --json --no-audio > "$data/$name.json" 2>"$data/$name.err"
  printf '%-18s ' "$name"; "$lint" "$data/$name.json" "$data"/*.chunks.json
  python3 - "$data/$name.json" "$data" <<'PY'
import glob, json, re, sys
lesson = json.load(open(sys.argv[1]))
heads = {}
for f in glob.glob(sys.argv[2] + "/*.chunks.json"):
    for c in json.load(open(f)):
        heads[c["id"]] = " > ".join(c.get("heading_path") or [])[-60:]
said = [s for sec in lesson["script"] for s in sec["sentences"] if s.get("citations")]
said += [s for q in lesson.get("faq", []) for s in q["answer"]]
marks = {
    "cross-reference": r"\*[Nn]ote\s",
    "emphasis": r"(^|\W)_\w[^_]*\w_(\W|$)",
    "navigation": r"File: \S+,\s+Node:|\* Menu:|INFO-DIR|Tag Table",
    "term run into text": r"^(‘[^’]+’|'[^']+')( (‘[^’]+’|'[^']+'))* [A-Z]",
}
found = {k: sum(bool(re.search(p, s["text"])) for s in said) for k, p in marks.items()}
print(f"{'':18} heard of Info's markup: " + ", ".join(f"{k} {v}" for k, v in found.items()))
named = sum(bool(re.match(r"The [a-z]+ [-‘']", s["text"])) for s in said)
print(f"{'':18} definitions said with their names: {named}")
for sec in lesson["script"]:
    if sec.get("kind") != "insight":
        continue
    cited = [s for s in sec["sentences"] if s.get("citations")]
    where = sorted({heads.get(s["citations"][0], "?") for s in cited})
    print(f"    [{sec['insight'][:40]}] {len(cited)} sentences from: {where[:3]}")
PY
done
# FAQ entries that ask an insight again, and the sections the recap gives a point of.
python3 "$here/../faq_recap.py" "$data"/*.json --total
echo "lessons in $data"
