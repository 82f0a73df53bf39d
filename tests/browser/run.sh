#!/usr/bin/env bash
# Browser end-to-end test of `lectio serve`: builds a fresh data directory (one rendered lesson
# plus a plan composed without audio), serves it on a free loopback port and drives headless
# Chromium through it with playwright-core (tests/browser/e2e.test.mjs).
#
#   bash tests/browser/run.sh <path-to-lectio> <work-dir>
#
# Writes <work-dir>/data (the data directory), <work-dir>/serve.log (the server's output) and
# <work-dir>/screenshots/*.png. Environment: CHROMIUM (default /usr/bin/chromium).
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
shots="$work/screenshots"
log="$work/serve.log"
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"

step() { printf '== %s\n' "$*" >&2; }
fail() { printf 'browser.e2e: %s\n' "$*" >&2; exit 1; }

[[ -x "$lectio" ]] || fail "lectio binary not found or not executable: $1"
[[ -x "$CHROMIUM" ]] || fail "Chromium not found at $CHROMIUM (apt-get install chromium, or set CHROMIUM)"
command -v node >/dev/null || fail "node not found (Node.js 20 or later is needed)"

# playwright-core (driver only: the browser is the system's Chromium) from the lock file.
if [[ ! -d "$here/node_modules/playwright-core" ]]; then
  step "npm ci in tests/browser"
  (cd "$here" && npm ci --no-audit --no-fund) || fail "npm ci failed in $here"
fi

rm -rf "$data" "$shots"
mkdir -p "$shots"
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

step "starting lectio serve"
server_pid=""
stop_server() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
}
trap stop_server EXIT
trap 'exit 130' INT TERM
"$lectio" --data "$data" serve --port 0 >"$log" 2>&1 &
server_pid=$!

# serve prints "lectio: serving DIR on http://127.0.0.1:PORT ..." once it listens.
base=""
for _ in $(seq 100); do
  base="$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$log" | head -n1 || true)"
  [[ -n "$base" ]] && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$log" >&2; fail "lectio serve exited early"; }
  sleep 0.1
done
[[ -n "$base" ]] || { cat "$log" >&2; fail "lectio serve did not report its address in 10 s"; }
node -e '
  const url = process.argv[1];
  const until = Date.now() + 10000;
  (async () => {
    for (;;) {
      try { const r = await fetch(url); if (r.ok) return; } catch {}
      if (Date.now() > until) { console.error(`no answer from ${url}`); process.exit(1); }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();' "$base/" || { cat "$log" >&2; fail "lectio serve does not answer at $base"; }
step "serving on $base"

status=0
LECTIO_URL="$base" LECTIO_SCREENSHOTS="$shots" \
  node --test --test-reporter=spec "$here/e2e.test.mjs" || status=$?
if [[ $status -ne 0 ]]; then
  echo "--- serve.log (last 40 lines) ---" >&2
  tail -n 40 "$log" >&2 || true
fi
step "screenshots in $shots"
exit $status
