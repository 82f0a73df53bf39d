#!/usr/bin/env bash
# Issue 32: what re-rendering an edited lesson costs against a full render, and whether what
# was not edited is reused exactly. For each lesson (the example lesson, and a ~14-minute
# lesson over the bash reference manual, bash-doc's bashref.pdf):
#   1. compose and render it (every sentence synthesised; the clips are cached);
#   2. change one sentence of its script and `lectio lesson apply` it: the partial re-render;
#   3. set the audio directory aside (its clip and unit caches too) and `lectio lesson revert`
#      to that version: the same content rendered in full from nothing;
# then compares 2 with 3: CPU time (the whole command, user + system, children included),
# every transcript cue's start and end, the clips of the unchanged sentences (cached in 1,
# synthesised afresh in 3) and the MP3s.
#   bash bench/edit_bench.sh LECTIO [WORKDIR]      (WORKDIR default /tmp/lectio-edit-bench)
set -euo pipefail
lectio=$(realpath "$1")
work=${2:-/tmp/lectio-edit-bench}
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$work"
mkdir -p "$work"

# CPU seconds (user + system) of a command and its children; its stdout and stderr to files.
cpu() {
  local out=$1
  shift
  python3 - "$out" "$@" <<'PY'
import resource, subprocess, sys
out = sys.argv[1]
with open(out + ".out", "w") as o, open(out + ".err", "w") as e:
    r = subprocess.run(sys.argv[2:], stdout=o, stderr=e)
if r.returncode != 0:
    sys.stderr.write(open(out + ".err").read())
    sys.exit(r.returncode)
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{u.ru_utime + u.ru_stime:.2f}")
PY
}

# Changes the middle cited sentence of a script: appends a short sentence to its text.
edit_one() {
  python3 - "$1" "$2" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
cited = [i for i, l in enumerate(lines) if l.startswith("- ") and "[cite: " in l]
i = cited[len(cited) // 2]
text, cite = lines[i].split(" [cite: ", 1)
lines[i] = text + " That is worth remembering. [cite: " + cite
open(sys.argv[2], "w").write("\n".join(lines))
print(i + 1)
PY
}

compare() {  # DATA: the v2 (partial) and v3 (full) renders
  python3 - "$1" "$2" "$3" <<'PY'
import json, os, re, sqlite3, sys, filecmp
data, partial_dir, cached_clips = sys.argv[1], sys.argv[2], sys.argv[3]
def cues(path):
    out = []
    for m in re.finditer(r"(\d+):(\d+):(\d+)\.(\d+) --> (\d+):(\d+):(\d+)\.(\d+)", open(path).read()):
        g = [int(x) for x in m.groups()]
        out.append((g[0]*3600 + g[1]*60 + g[2] + g[3]/1000, g[4]*3600 + g[5]*60 + g[6] + g[7]/1000))
    return out
vtts = sorted(f for f in os.listdir(partial_dir) if f.endswith(".vtt"))
full_dir = os.path.join(data, "audio")
full = sorted(f for f in os.listdir(full_dir) if f.endswith(".vtt"))
assert len(full) == 1, full
name = full[0]
assert name in vtts, (name, vtts)
a, b = cues(os.path.join(partial_dir, name)), cues(os.path.join(full_dir, name))
assert len(a) == len(b), (len(a), len(b))
worst = max(max(abs(x[0]-y[0]), abs(x[1]-y[1])) for x, y in zip(a, b))
mp3 = name[:-4] + ".mp3"
same_mp3 = filecmp.cmp(os.path.join(partial_dir, mp3), os.path.join(full_dir, mp3), shallow=False)
fresh = os.path.join(full_dir, "clips")
keys = same = 0
for d, _, files in os.walk(cached_clips):
    for f in files:
        other = os.path.join(fresh, os.path.basename(d), f)
        if os.path.exists(other):
            keys += 1
            same += filecmp.cmp(os.path.join(d, f), other, shallow=False)
print(f"cues {len(a)}, worst cue difference {worst*1000:.0f} ms; "
      f"unchanged clips byte-identical {same}/{keys}; MP3 identical: {same_mp3}")
PY
}

run_lesson() {  # NAME SOURCE SOURCE_ID BRIEF
  local name=$1 data=$work/$1/data
  mkdir -p "$work/$name"
  "$lectio" --data "$data" add "$2" --id "$3" >/dev/null
  local full0
  full0=$(cpu "$work/$name/compose" "$lectio" --data "$data" lesson "$4" --json)
  local id
  id=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["id"])' "$work/$name/compose.out")
  local seconds
  seconds=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["duration"]["measured_seconds"])' "$work/$name/compose.out")
  cp -r "$data/audio/clips" "$work/$name/clips-v1"
  "$lectio" --data "$data" lesson script "$id" > "$work/$name/script.md"
  local line
  line=$(edit_one "$work/$name/script.md" "$work/$name/edited.md")
  local partial
  partial=$(cpu "$work/$name/apply" "$lectio" --data "$data" lesson apply "$id" "$work/$name/edited.md")
  mv "$data/audio" "$work/$name/audio-v2"
  local full
  full=$(cpu "$work/$name/revert" "$lectio" --data "$data" lesson revert "$id" 2)
  echo "$name: $(printf '%.1f' "$seconds") s of audio; edited line $line"
  echo "  compose + full render: ${full0} s CPU; full render of the edited version: ${full} s CPU;" \
       "partial re-render (apply): ${partial} s CPU; ratio $(python3 -c "print(f'{$partial/$full:.3f}')")"
  echo "  $(compare "$data" "$work/$name/audio-v2" "$work/$name/clips-v1")"
}

cd "$root"
brief=$work/example.yaml
cp examples/gpu-tpu/brief.yaml "$brief"
run_lesson example examples/gpu-tpu/gpu_tpu_lesson_notes.md gpu001 "$brief"

manual=/usr/share/doc/bash-doc/bashref.pdf
[[ -f $manual ]] || { echo "edit_bench: $manual missing (bash-doc, scripts/debian-packages.txt)" >&2; exit 1; }
cat > "$work/bash.yaml" <<'YAML'
plan: Everyday tools for programmers
topic: How bash turns a command line into words
overview: The expansions bash performs on a command line, in the order it performs them.
insights:
  - Which expansions bash performs and in what order
  - How parameter and command substitution work
  - How quoting stops an expansion
  - How redirections are processed
  - How bash runs a simple command
sources: [file_bashrefpdf]
host: Lena
style: deep
minutes: 14
language: en
tags: [Shell, Unix]
YAML
run_lesson bash "$manual" bashrefpdf "$work/bash.yaml"
