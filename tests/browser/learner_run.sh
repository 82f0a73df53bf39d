#!/usr/bin/env bash
# Browser test of what a learner meets around lessons (issue 30, part B): signing in to create,
# the create form, lengths, plans, list pages, search, sources and covers, at a laptop's and a
# phone's size (tests/browser/learner.test.mjs, tests/browser/harness.sh).
#
#   bash tests/browser/learner_run.sh <path-to-lectio> <work-dir>
#
# Writes <work-dir>/data, <work-dir>/serve.log and <work-dir>/screenshots/*.png (kept as the
# run's artefacts). Environment: CHROMIUM (default /usr/bin/chromium).
set -euo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: $0 <path-to-lectio> <work-dir>" >&2
  exit 2
fi
source "$(dirname "${BASH_SOURCE[0]}")/harness.sh"
browser_setup browser.learner "$1" "$2"

cd "$root"
step "adding the sources"
"$lectio" --data "$data" add examples/gpu-tpu/gpu_tpu_lesson_notes.md --id gpu001 \
  --url https://example.com/gpu-tpu-notes >/dev/null
"$lectio" --data "$data" add examples/ai-hardware/*.md >/dev/null
step "rendering the lesson (audio), composing the plan"
"$lectio" --data "$data" lesson examples/gpu-tpu/brief.yaml >/dev/null
"$lectio" --data "$data" plan build examples/ai-hardware/plan.yaml --no-audio >/dev/null

start_server
status=0
run_node_test learner.test.mjs || status=$?
step "screenshots in $shots"
exit $status
