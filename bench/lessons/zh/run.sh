#!/usr/bin/env bash
# Issue 28 in Chinese: briefs over the Debian Reference in Simplified Chinese (package
# debian-reference-zh-cn, HTML), chapter 1 (GNU/Linux tutorial: files, permissions, the shell)
# and chapter 2 (Debian package management). gold.json holds relevance judgments made by
# reading those chapters' chunks, in the format of ../../../../shared/eval/lessons/gold.json.
#   bench/lessons/zh/run.sh LECTIO [WORKDIR]   (WORKDIR default /tmp/lectio-zh-lessons)
# Prints, per brief, the listener's lint (bench/lesson_lint_zh.py: the shared lesson-lint with
# Chinese word lists) and lesson-topicality's figures against gold.json.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lectio=$(realpath "$1"); work=${2:-/tmp/lectio-zh-lessons}
tools=$here/../../../../shared/tools
mkdir -p "$work/debs" "$work/root"
ref=$work/root/usr/share/debian-reference
if [ ! -f "$ref/ch01.zh-cn.html" ]; then
  (cd "$work/debs" && apt-get download debian-reference-zh-cn >/dev/null 2>&1)
  for d in "$work"/debs/debian-reference-zh-cn_*.deb; do dpkg-deb -x "$d" "$work/root"; done
fi
data=$(mktemp -d "$work/data.XXXXXX")
add() { "$lectio" --data "$data" add "$1" --id "$2" >/dev/null; "$lectio" --data "$data" chunks "file_$2" --json > "$data/$2.chunks.json"; }
add "$ref/ch01.zh-cn.html" drzh01
add "$ref/ch02.zh-cn.html" drzh02
for b in "$here"/*.yaml; do
  name=$(basename "$b" .yaml)
  "$lectio" --data "$data" lesson "$b" --json --no-audio > "$data/$name.json" 2>"$data/$name.err"
  printf '%-18s ' "$name"; "$here/../../lesson_lint_zh.py" "$data/$name.json" "$data"/*.chunks.json
  printf '%-18s ' ""; "$tools/lesson-topicality" "$data/$name.json" "$here/gold.json" --brief "$name"
done
echo "lessons and chunks in $data; details: bench/lesson_lint_zh.py LESSON.json CHUNKS.json... --show 20"
