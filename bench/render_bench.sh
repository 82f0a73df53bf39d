#!/usr/bin/env bash
# The speech benchmark (docs/benchmarks.md, "Speech and audio"), on the example lesson
# (examples/gpu-tpu, host Lena = flite's slt voice):
#  1. speed: `lectio lesson` (compose + render MP3 + Opus + transcript + chapters) against the
#     same script text through the `flite` command and then the `lame` command, alternating,
#     BENCH_RUNS times each, in one run;
#  2. intelligibility: pocketsphinx's word error rate on the rendered audio, with and without
#     the text normaliser, both scored against the normalised script (what a listener should
#     hear), and the flite command's own output for comparison;
#  3. loudness and true peak by ffmpeg's ebur128 filter, chapters and duration by ffprobe.
# Usage: bash bench/render_bench.sh [BUILD_DIR]
# Environment: BENCH_RUNS (speed runs, default 3), BENCH_ASR_REPEATS (renders per variant for the
# word error rate, default 2), BENCH_WORK (scratch space, default BUILD_DIR/render-bench).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-build}" && pwd)
runs=${BENCH_RUNS:-3}
repeats=${BENCH_ASR_REPEATS:-2}
work=${BENCH_WORK:-$build/render-bench}
lectio="$build/lectio"
helper="$build/bench/lectio_render_bench"
if [ ! -x "$lectio" ] || [ ! -x "$helper" ]; then
  cmake --build "$build" --target lectio lectio_render_bench
fi
for tool in flite lame ffmpeg ffprobe pocketsphinx_continuous; do
  command -v "$tool" >/dev/null || { echo "$tool not found (add it to scripts/debian-packages.txt, then make deps)" >&2; exit 1; }
done

rm -rf "$work"
mkdir -p "$work"
data="$work/data"
"$lectio" --data "$data" add "$root/examples/gpu-tpu/gpu_tpu_lesson_notes.md" --id gpu001 >/dev/null
brief="$work/brief.yaml"
{ cat "$root/examples/gpu-tpu/brief.yaml"; echo "date: 2026-04-22"; } >"$brief"
"$lectio" --data "$data" lesson "$brief" --json --no-audio >"$work/lesson.json"
"$helper" text "$work/lesson.json" >"$work/text.txt"

now() { date +%s.%N; }
field() { sed -n "s/.*\"$2\":\(-\{0,1\}[0-9.]*\).*/\1/p" "$1" | tail -n 1; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
min() { sort -g | head -n 1; }

echo "== machine =="
echo "cores: $(nproc); cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "script: $(wc -l <"$work/text.txt") sentences, $(wc -w <"$work/text.txt") words"

echo "== 1. speed: lectio lesson vs flite then lame, alternating, $runs runs each =="
echo "(wall seconds; CPU = user + system seconds, which a busy machine does not inflate)"
mkdir -p "$work/speed"
: >"$work/ours.txt"
: >"$work/base.txt"
timed() {  # out_file command... : appends "wall cpu" to out_file
  local out=$1
  shift
  /usr/bin/time -f '%e %U %S' -o "$out.time" "$@"
  awk '{ printf "%.2f %.2f\n", $1, $2 + $3 }' "$out.time" >>"$out"
}
for i in $(seq "$runs"); do
  # LECTIO_RENDER_TIMES: the renderer reports each stage's wall and CPU time on stderr.
  timed "$work/ours-$i.txt" env LECTIO_RENDER_TIMES=1 "$lectio" --data "$data" lesson "$brief" \
    --json --out "$work/speed/$i" >/dev/null 2>"$work/speed-$i.err"
  timed "$work/flite-$i.txt" flite -voice slt -f "$work/text.txt" -o "$work/base.wav"
  timed "$work/lame-$i.txt" lame --quiet "$work/base.wav" "$work/base.mp3"
  read -r ow oc <"$work/ours-$i.txt"
  read -r fw fc <"$work/flite-$i.txt"
  read -r lw lc <"$work/lame-$i.txt"
  bw=$(echo "$fw + $lw" | bc -l)
  bc_=$(echo "$fc + $lc" | bc -l)
  printf 'run %d: lectio lesson %.2f s (CPU %.2f) | flite %.2f + lame %.2f = %.2f s (CPU %.2f)\n' \
    "$i" "$ow" "$oc" "$fw" "$lw" "$bw" "$bc_"
  grep '^render:' "$work/speed-$i.err" | sed 's/^/  /' || true
  echo "$ow $oc" >>"$work/ours.txt"
  echo "$bw $bc_" >>"$work/base.txt"
done
col() { awk -v c="$2" '{ print $c }' "$1"; }
ours_med=$(col "$work/ours.txt" 1 | median)
base_med=$(col "$work/base.txt" 1 | median)
printf 'wall, median: lectio %.2f s, flite+lame %.2f s, ratio %.2f (bar: <= 0.50)\n' "$ours_med" \
  "$base_med" "$(echo "$ours_med / $base_med" | bc -l)"
ours_min=$(col "$work/ours.txt" 1 | min)
base_min=$(col "$work/base.txt" 1 | min)
printf 'wall, best:   lectio %.2f s, flite+lame %.2f s, ratio %.2f\n' "$ours_min" "$base_min" \
  "$(echo "$ours_min / $base_min" | bc -l)"
ours_cpu=$(col "$work/ours.txt" 2 | median)
base_cpu=$(col "$work/base.txt" 2 | median)
printf 'CPU, median:  lectio %.2f s, flite+lame %.2f s, ratio %.2f\n' "$ours_cpu" "$base_cpu" \
  "$(echo "$ours_cpu / $base_cpu" | bc -l)"
echo "-- where the time goes (one thread, CPU seconds) --"
"$helper" stages "$work/lesson.json"

echo "== 2. intelligibility: pocketsphinx WER =="
transcribe() {  # audio file -> $2.hyp.txt
  ffmpeg -v error -y -i "$1" -ar 16000 -ac 1 -c:a pcm_s16le "$2.wav"
  pocketsphinx_continuous -infile "$2.wav" -logfn /dev/null >"$2.hyp.txt"
}
json_path() { sed -n "s/.*\"$2\":\"\([^\"]*\)\".*/\1/p" "$1"; }
wer_of() { "$helper" wer "$1" "$2" | sed -n 's/.*"wer":\([0-9.]*\).*/\1/p'; }
mean() { awk '{ s += $1 } END { printf "%.4f", s / NR }'; }
# Renders LESSON.json with and without the normaliser ($repeats times each: flite's clustergen
# voices draw random noise for unvoiced sounds, so every render differs a little), and the
# written text once through the flite command (deterministic); transcribes each and scores it
# against REFERENCE and, when the written text has no digits or symbols that no recogniser
# could output (score_written = yes), against the written text's words.
intelligibility() {  # name lesson.json reference.txt written.txt score_written
  local name=$1 lesson=$2 ref=$3 written=$4 score_written=$5
  "$helper" reference "$lesson" --raw >"$work/$name-written-words.txt"
  flite -voice slt -f "$written" -o "$work/$name-flite.wav"
  transcribe "$work/$name-flite.wav" "$work/asr-$name-flite"
  for v in normalised raw; do
    : >"$work/$name-$v.wer"
    : >"$work/$name-$v.wer-written"
    for k in $(seq "$repeats"); do
      local flag=()
      [ "$v" = raw ] && flag=(--raw)
      "$helper" render "$lesson" "$work/$name-$v-$k" "${flag[@]}" >"$work/$name-$v-$k.json"
      transcribe "$(json_path "$work/$name-$v-$k.json" mp3)" "$work/asr-$name-$v-$k"
      wer_of "$ref" "$work/asr-$name-$v-$k.hyp.txt" >>"$work/$name-$v.wer"
      wer_of "$work/$name-written-words.txt" "$work/asr-$name-$v-$k.hyp.txt" >>"$work/$name-$v.wer-written"
    done
  done
  wer_of "$ref" "$work/asr-$name-flite.hyp.txt" >"$work/$name-flite.wer"
  wer_of "$work/$name-written-words.txt" "$work/asr-$name-flite.hyp.txt" >"$work/$name-flite.wer-written"
  echo "$name: $(wc -w <"$ref") reference words"
  for v in normalised raw flite; do
    printf '  %-10s WER vs reference %s (runs: %s)' "$v" "$(mean <"$work/$name-$v.wer")" \
      "$(tr '\n' ' ' <"$work/$name-$v.wer")"
    [ "$score_written" = yes ] && printf '| vs written text %s' "$(mean <"$work/$name-$v.wer-written")"
    echo
  done
}
# The example: its reference is the normalised script (what a listener should hear).
"$helper" reference "$work/lesson.json" >"$work/example-reference.txt"
intelligibility example "$work/lesson.json" "$work/example-reference.txt" "$work/text.txt" yes
# Written forms (numbers, units, symbols, links, markup): a reference written by hand.
forms="$root/bench/speech/written_forms.tsv"
"$helper" tsv-lesson "$forms" >"$work/forms.json"
grep -v '^#' "$forms" | cut -f2 >"$work/forms-reference.txt"
grep -v '^#' "$forms" | cut -f1 >"$work/forms-text.txt"
intelligibility forms "$work/forms.json" "$work/forms-reference.txt" "$work/forms-text.txt" no

echo "== 3. loudness (ffmpeg ebur128) and chapters (ffprobe) =="
mp3=$(json_path "$work/example-normalised-1.json" mp3)
opus=$(json_path "$work/example-normalised-1.json" opus)
for f in "$mp3" "$opus"; do
  summary=$(ffmpeg -hide_banner -nostats -i "$f" -af ebur128=peak=true -f null - 2>&1 |
    sed -n '/Summary:/,$p')
  printf '%s: I = %s LUFS, true peak = %s dBFS\n' "$(basename "$f")" \
    "$(echo "$summary" | sed -n 's/ *I: *\(-\{0,1\}[0-9.]*\) LUFS/\1/p')" \
    "$(echo "$summary" | sed -n 's/ *Peak: *\(-\{0,1\}[0-9.]*\) dBFS/\1/p')"
done
printf 'renderer: %s s, ffprobe MP3 duration: %s s, Opus: %s s\n' "$(field "$work/example-normalised-1.json" seconds)" \
  "$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$mp3")" \
  "$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$opus")"
for f in "$mp3" "$opus"; do
  echo "chapters in $(basename "$f"):"
  ffprobe -v error -show_chapters -of csv=p=0 "$f" | awk -F, '{
    t = $7; for (i = 8; i <= NF; i++) t = t "," $i; printf "  %8.3f-%8.3f  %s\n", $4, $6, t }'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
