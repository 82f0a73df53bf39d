# Shared by the browser tests' runners (run.sh, study_run.sh); source it, do not run it.
#
#   browser_setup NAME LECTIO WORK_DIR   sets here, root, lectio, work, data, shots, log and
#                                        CHROMIUM; checks lectio, Chromium and node; installs
#                                        playwright-core and axe-core from the lock file when missing;
#                                        starts from an empty data directory and screenshots
#   start_server                         `lectio serve` on a free loopback port over $data;
#                                        sets base once it answers; stopped on exit
#   run_node_test FILE                   node --test FILE against $base; prints the server's
#                                        last lines when it fails; returns its status

step() { printf '== %s\n' "$*" >&2; }
fail() { printf '%s: %s\n' "$test_name" "$*" >&2; exit 1; }

browser_setup() {
  test_name=$1
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  root="$(cd "$here/../.." && pwd)"
  lectio="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
  mkdir -p "$3"
  work="$(cd "$3" && pwd)"
  data="$work/data"
  shots="$work/screenshots"
  log="$work/serve.log"
  export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"

  [[ -x "$lectio" ]] || fail "lectio binary not found or not executable: $2"
  [[ -x "$CHROMIUM" ]] || fail "Chromium not found at $CHROMIUM (apt-get install chromium, or set CHROMIUM)"
  command -v node >/dev/null || fail "node not found (Node.js 20 or later is needed)"

  # playwright-core (driver only: the browser is the system's Chromium) and axe-core (the
  # accessibility check) from the lock file.
  if [[ ! -d "$here/node_modules/playwright-core" || ! -d "$here/node_modules/axe-core" ]]; then
    step "npm ci in tests/browser"
    (cd "$here" && npm ci --no-audit --no-fund) || fail "npm ci failed in $here"
  fi
  rm -rf "$data" "$shots"
  mkdir -p "$shots"
}

server_pid=""
stop_server() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
}

start_server() {
  step "starting lectio serve"
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
}

run_node_test() {
  local status=0
  LECTIO_URL="$base" LECTIO_SCREENSHOTS="$shots" \
    node --test --test-reporter=spec "$here/$1" || status=$?
  if [[ $status -ne 0 ]]; then
    echo "--- serve.log (last 40 lines) ---" >&2
    tail -n 40 "$log" >&2 || true
  fi
  return $status
}
