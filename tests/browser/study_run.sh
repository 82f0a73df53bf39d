#!/usr/bin/env bash
# Browser test of the study tools (tests/browser/study.test.mjs): a fresh data directory with
# the GPU/TPU lesson composed without audio, `lectio serve` on a free loopback port, headless
# Chromium driven by playwright-core (tests/browser/harness.sh).
#
#   bash tests/browser/study_run.sh <path-to-lectio> <work-dir>
set -euo pipefail
if [[ $# -ne 2 ]]; then
  echo "usage: $0 <path-to-lectio> <work-dir>" >&2
  exit 2
fi
source "$(dirname "${BASH_SOURCE[0]}")/harness.sh"
browser_setup browser.study "$1" "$2"
cd "$root"
"$lectio" --data "$data" add examples/gpu-tpu/gpu_tpu_lesson_notes.md --id gpu001 >/dev/null
"$lectio" --data "$data" lesson examples/gpu-tpu/brief.yaml --no-audio >/dev/null

start_server
status=0
LECTIO_LESSON=gpu_vs_tpu_how_to_choose run_node_test study.test.mjs || status=$?
exit $status
