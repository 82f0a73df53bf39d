#!/usr/bin/env bash
# Browser test of the study tools (tests/browser/study.test.mjs): a fresh data directory with
# the GPU/TPU lesson composed without audio, `lectio serve` on a free loopback port, headless
# Chromium driven by playwright-core.
#
#   bash tests/browser/study_run.sh <path-to-lectio> <work-dir>
set -euo pipefail
if [[ $# -ne 2 ]]; then
  echo "usage: $0 <path-to-lectio> <work-dir>" >&2
  exit 2
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
lectio="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
mkdir -p "$2"
work="$(cd "$2" && pwd)"
data="$work/data"
log="$work/serve.log"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
fail() { printf 'browser.study: %s\n' "$*" >&2; exit 1; }
[[ -x "$CHROMIUM" ]] || fail "Chromium not found at $CHROMIUM"
if [[ ! -d "$here/node_modules/playwright-core" ]]; then
  (cd "$here" && npm ci --no-audit --no-fund) || fail "npm ci failed in $here"
fi
rm -rf "$data"
cd "$root"
"$lectio" --data "$data" add examples/gpu-tpu/gpu_tpu_lesson_notes.md --id gpu001 >/dev/null
"$lectio" --data "$data" lesson examples/gpu-tpu/brief.yaml --no-audio >/dev/null

server_pid=""
stop_server() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
}
trap stop_server EXIT
"$lectio" --data "$data" serve --port 0 >"$log" 2>&1 &
server_pid=$!
base=""
for _ in $(seq 100); do
  base="$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$log" | head -n1 || true)"
  [[ -n "$base" ]] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$log" >&2; fail "lectio serve exited early"; }
  sleep 0.1
done
[[ -n "$base" ]] || { cat "$log" >&2; fail "lectio serve did not report its address"; }

status=0
LECTIO_URL="$base" LECTIO_LESSON=gpu_vs_tpu_how_to_choose LECTIO_SCREENSHOTS="$work/screenshots" \
  node --test --test-reporter=spec "$here/study.test.mjs" || status=$?
if [[ $status -ne 0 ]]; then tail -n 40 "$log" >&2 || true; fi
exit $status
