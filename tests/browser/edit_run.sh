#!/usr/bin/env bash
# Browser test of the lesson editor (tests/browser/edit.test.mjs): a fresh data directory with
# the GPU/TPU notes added, `lectio serve` on a free loopback port, headless Chromium driven by
# playwright-core (tests/browser/harness.sh). The test makes its own lesson (with audio) as a
# signed-up creator, since only a lesson's creator may edit it.
#
#   bash tests/browser/edit_run.sh <path-to-lectio> <work-dir>
set -euo pipefail
if [[ $# -ne 2 ]]; then
  echo "usage: $0 <path-to-lectio> <work-dir>" >&2
  exit 2
fi
source "$(dirname "${BASH_SOURCE[0]}")/harness.sh"
browser_setup browser.edit "$1" "$2"
cd "$root"
"$lectio" --data "$data" add examples/gpu-tpu/gpu_tpu_lesson_notes.md --id gpu001 >/dev/null

start_server
status=0
run_node_test edit.test.mjs || status=$?
exit $status
