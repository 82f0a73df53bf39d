#!/usr/bin/env bash
# Browser end-to-end test of `lectio serve`: builds a fresh data directory (one rendered lesson
# plus a plan composed without audio), serves it on a free loopback port and drives headless
# Chromium through it with playwright-core (tests/browser/e2e.test.mjs, tests/browser/harness.sh).
#
#   bash tests/browser/run.sh <path-to-lectio> <work-dir> [test-file]
#
# test-file (default e2e.test.mjs) is another node test over the same data: player.test.mjs,
# a11y.test.mjs.
#
# Writes <work-dir>/data (the data directory), <work-dir>/serve.log (the server's output) and
# <work-dir>/screenshots/*.png. Environment: CHROMIUM (default /usr/bin/chromium).
set -euo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
  echo "usage: $0 <path-to-lectio> <work-dir> [test-file]" >&2
  exit 2
fi
test_file=${3:-e2e.test.mjs}
source "$(dirname "${BASH_SOURCE[0]}")/harness.sh"
browser_setup "browser.${test_file%%.*}" "$1" "$2"
[[ -f "$here/$test_file" ]] || fail "no test file $here/$test_file"

cd "$root"
step "adding the sources"
"$lectio" --data "$data" add examples/gpu-tpu/gpu_tpu_lesson_notes.md --id gpu001 \
  --url https://example.com/gpu-tpu-notes
"$lectio" --data "$data" add examples/ai-hardware/*.md >/dev/null
step "rendering the lesson (audio)"
start=$SECONDS
"$lectio" --data "$data" lesson examples/gpu-tpu/brief.yaml >/dev/null
step "rendered in $((SECONDS - start)) s; composing the related plan"
"$lectio" --data "$data" plan build examples/ai-hardware/plan.yaml --no-audio >/dev/null

# The rendered length, for the player's duration check.
render_json="$(ls "$data"/audio/gpu_vs_tpu_how_to_choose-*.render.json 2>/dev/null | head -n1)"
[[ -n "$render_json" ]] || fail "no render.json for the lesson under $data/audio"
LECTIO_EXPECTED_SECONDS="$(node -e \
  'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).seconds)' \
  "$render_json")"
export LECTIO_EXPECTED_SECONDS

start_server
status=0
run_node_test "$test_file" || status=$?
step "screenshots in $shots"
exit $status
