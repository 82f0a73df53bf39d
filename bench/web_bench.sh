#!/usr/bin/env bash
# The web benchmark (docs/benchmarks.md, "Web app", issue 7): requests/s and p99 latency of the
# lesson page from `lectio serve`, side by side with nginx serving the same page (the same bytes,
# saved with curl from lectio) as a static .html file. Goal: lectio >= 0.5x nginx's rate.
#
#  1. a scratch data dir (BUILD_DIR/web-bench): `lectio add` the example notes, `lectio lesson
#     examples/gpu-tpu/brief.yaml --no-audio` (without audio the page lacks only the <audio>
#     player element; the rest of the page is the same and no audio is rendered);
#  2. `lectio serve` and an nginx (its own prefix, pid, logs and temp paths in the scratch dir,
#     access_log off, sendfile on, keep-alive) on the static copy, both pinned to the same CPU
#     set, with nginx's worker_processes = the number of CPUs in that set;
#  3. wrk against each, alternating: one warm-up each, then BENCH_RUNS runs each; requests/s,
#     p99, the server's CPU time per request (user + system, from /proc; a busy machine does not
#     inflate it) and how many wrk connections got no response at all from 40% to 80% of a run
#     (waiting for a worker; wrk leaves them out of its latency figures);
#  4. a table with medians and the ratio lectio/nginx. Servers are stopped on exit.
#
# wrk sends the page's CSRF cookie (a returning visitor), so lectio renders exactly the bytes the
# static file holds (a first visit would get a fresh token and a Set-Cookie each time).
#
# Usage: bash bench/web_bench.sh [BUILD_DIR]
# Environment:
#   BENCH_RUNS        measured runs per server (default 3)
#   BENCH_DURATION    seconds per run (default 10)
#   BENCH_THREADS     wrk threads (default 2)
#   BENCH_CONNS       wrk connections (default 32)
#   BENCH_SERVER_CPUS CPU list for both servers (default 1; "" = no pinning)
#   BENCH_CLIENT_CPUS CPU list for wrk (default 0; "" = no pinning)
#   LECTIO_THREADS    `lectio serve --threads` (default BENCH_CONNS: a keep-alive connection holds
#                     a worker of cpp-httplib's pool, so fewer workers than connections leaves
#                     connections unanswered; "default" = lectio's own default)
#   LECTIO_PRELOAD    a shared object to LD_PRELOAD into lectio only (for experiments, e.g. one
#                     that sets TCP_NODELAY on accepted sockets; lectio now sets it itself)
#   BENCH_WORK        scratch space (default BUILD_DIR/web-bench)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(cd "${1:-build}" && pwd)
runs=${BENCH_RUNS:-3}
duration=${BENCH_DURATION:-10}
wrk_threads=${BENCH_THREADS:-2}
conns=${BENCH_CONNS:-32}
server_cpus=${BENCH_SERVER_CPUS-1}
client_cpus=${BENCH_CLIENT_CPUS-0}
lectio_threads=${LECTIO_THREADS:-$conns}
work=${BENCH_WORK:-$build/web-bench}
lectio="$build/lectio"
[ -x "$lectio" ] || { echo "$lectio not found: build the lectio target first" >&2; exit 1; }
for tool in wrk curl python3; do
  command -v "$tool" >/dev/null || { echo "$tool not found" >&2; exit 1; }
done
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx_bin" ] || { echo "nginx not found (apt-get install nginx-light)" >&2; exit 1; }

pin_server=()
pin_client=()
if [ -n "$server_cpus" ]; then pin_server=(taskset -c "$server_cpus"); fi
if [ -n "$client_cpus" ]; then pin_client=(taskset -c "$client_cpus"); fi
# CPUs the servers may use: nginx gets one worker per CPU, lectio's pool shares them.
if [ -n "$server_cpus" ]; then
  server_ncpu=$(taskset -c "$server_cpus" nproc)
else
  server_ncpu=$(nproc)
fi

pids=()
cleanup() {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

rm -rf "$work"
mkdir -p "$work"
data="$work/data"
"$lectio" --data "$data" add "$root/examples/gpu-tpu/gpu_tpu_lesson_notes.md" --id gpu001 \
  --url https://example.com/gpu-tpu-notes >/dev/null
"$lectio" --data "$data" lesson "$root/examples/gpu-tpu/brief.yaml" --no-audio --json \
  >"$work/lesson.json"
slug=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["slug"])' "$work/lesson.json")

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# ---- lectio ----
lectio_port=$(free_port)
lectio_args=(--data "$data" serve --host 127.0.0.1 --port "$lectio_port")
if [ "$lectio_threads" != default ]; then lectio_args+=(--threads "$lectio_threads"); fi
preload=()
if [ -n "${LECTIO_PRELOAD:-}" ]; then preload=(env "LD_PRELOAD=$LECTIO_PRELOAD"); fi
"${preload[@]}" "${pin_server[@]}" "$lectio" "${lectio_args[@]}" >"$work/lectio.log" 2>&1 &
lectio_pid=$!
pids+=("$lectio_pid")
for _ in $(seq 100); do
  curl -fso /dev/null "http://127.0.0.1:$lectio_port/lessons/$slug" && break
  sleep 0.1
done
lectio_url="http://127.0.0.1:$lectio_port/lessons/$slug"

# The page as a first visit gets it, then again with the CSRF cookie it set: the same bytes.
mkdir -p "$work/www/lessons"
curl -fsS -D "$work/headers.txt" -o "$work/first.html" "$lectio_url"
csrf=$(sed -n 's/^Set-Cookie: lectio_csrf=\([^;]*\);.*/\1/Ip' "$work/headers.txt" | tr -d '\r')
[ -n "$csrf" ] || { echo "no CSRF cookie from lectio" >&2; exit 1; }
cookie="Cookie: lectio_csrf=$csrf"
page="$work/www/lessons/$slug.html"
curl -fsS -H "$cookie" -o "$page" "$lectio_url"
curl -fsS -H "$cookie" -o "$work/again.html" "$lectio_url"
same_bytes=yes
if ! cmp -s "$page" "$work/again.html"; then
  same_bytes="no (lectio sends a fresh CSRF token each time: same size, different token)"
  echo "warning: lectio's page differs between requests with the CSRF cookie" >&2
fi

# ---- nginx ----
nginx_port=$(free_port)
ngx="$work/nginx"
mkdir -p "$ngx/logs" "$ngx/tmp"
user_line=""
if [ "$(id -u)" = 0 ]; then user_line="user root;"; fi  # workers read the scratch dir as-is
cat >"$ngx/nginx.conf" <<EOF
# Generated by bench/web_bench.sh: a static copy of lectio's lesson page.
$user_line
daemon off;
master_process on;
worker_processes $server_ncpu;
pid $ngx/nginx.pid;
error_log $ngx/logs/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 5s;
  keepalive_requests 1000;
  client_body_temp_path $ngx/tmp/body;
  proxy_temp_path $ngx/tmp/proxy;
  fastcgi_temp_path $ngx/tmp/fastcgi;
  uwsgi_temp_path $ngx/tmp/uwsgi;
  scgi_temp_path $ngx/tmp/scgi;
  server {
    listen 127.0.0.1:$nginx_port;
    root $work/www;
    location / { add_header Cache-Control no-store; }
  }
}
EOF
"${pin_server[@]}" "$nginx_bin" -p "$ngx" -c "$ngx/nginx.conf" >"$ngx/logs/stdout.log" 2>&1 &
nginx_pid=$!
pids+=("$nginx_pid")
nginx_url="http://127.0.0.1:$nginx_port/lessons/$slug.html"
for _ in $(seq 100); do
  curl -fso /dev/null "$nginx_url" && break
  sleep 0.1
done
curl -fsS -o "$work/static.html" "$nginx_url"
cmp -s "$page" "$work/static.html" || { echo "nginx does not serve the saved page" >&2; exit 1; }

# ---- measuring ----
clk=$(getconf CLK_TCK)
# user + system ticks of a process and its children processes (nginx's workers)
cpu_ticks() {
  local total=0 p
  for p in "$1" $(pgrep -P "$1" || true); do
    # fields 14 and 15 of /proc/PID/stat, counted after the ")" that ends the command name
    total=$((total + $(sed 's/.*) //' "/proc/$p/stat" | awk '{ print $12 + $13 }')))
  done
  echo "$total"
}
# peers of connections to PORT that have not been sent a byte yet
unsent() {
  ss -Htin state established "( sport = :$1 )" | paste - - |
    awk '!/bytes_acked:/ { print $4 }' | sort
}
to_ms() {  # wrk latency such as 812.00us, 12.34ms, 1.02s
  awk -v v="$1" 'BEGIN {
    if (v ~ /us$/) { sub(/us$/, "", v); print v / 1000 }
    else if (v ~ /ms$/) { sub(/ms$/, "", v); print v + 0 }
    else if (v ~ /s$/) { sub(/s$/, "", v); print v * 1000 }
    else print v }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# run NAME PID PORT URL LABEL: one wrk run; appends "rps p99_ms cpu_us_per_req unanswered
# errors" to $work/NAME.txt unless LABEL is "warm-up"
run() {
  local name=$1 pid=$2 port=$3 url=$4 label=$5 out="$work/wrk-$1-$5.txt" t0 t1 stuck
  t0=$(cpu_ticks "$pid")
  "${pin_client[@]}" wrk -t"$wrk_threads" -c"$conns" -d"${duration}s" --latency -H "$cookie" \
    "$url" >"$out" &
  local wrk_pid=$!
  # Connections that sat without a response from 40% to 80% of the run are waiting for a worker
  # (a connection wrk reopens after 1000 requests is briefly unanswered too, but not for long).
  sleep "$(awk -v d="$duration" 'BEGIN { print d * 0.4 }')"
  unsent "$port" >"$work/unsent-a"
  sleep "$(awk -v d="$duration" 'BEGIN { print d * 0.4 }')"
  unsent "$port" >"$work/unsent-b"
  stuck=$(comm -12 "$work/unsent-a" "$work/unsent-b" | wc -l)
  wait "$wrk_pid"
  t1=$(cpu_ticks "$pid")
  local rps p99 reqs errs cpu_us
  rps=$(awk '/^Requests\/sec:/ { print $2 }' "$out")
  p99=$(to_ms "$(awk '$1 == "99%" { print $2 }' "$out")")
  reqs=$(awk '/requests in/ { print $1 }' "$out")
  errs=$(awk '/Socket errors:/ { gsub(",", ""); print $4 + $6 + $8 + $10 }
              /Non-2xx/ { print $NF }' "$out" | awk '{ s += $1 } END { print s + 0 }')
  cpu_us=$(awk -v t=$((t1 - t0)) -v c="$clk" -v n="$reqs" 'BEGIN { printf "%.0f", t / c * 1e6 / n }')
  printf '  %-6s %-7s %9.1f req/s  p99 %8.2f ms  CPU %6s us/req  never answered conns %2s  errors %s\n' \
    "$name" "$label" "$rps" "$p99" "$cpu_us" "$stuck" "$errs"
  if [ "$label" != warm-up ]; then
    echo "$rps $p99 $cpu_us $stuck $errs" >>"$work/$name.txt"
  fi
}

echo "== machine =="
echo "cores: $(nproc); cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "lectio: $("$lectio" --version 2>/dev/null || echo '?'), binary of $(date -r "$lectio" '+%F %T'),"\
  "serve --threads $lectio_threads${LECTIO_PRELOAD:+, LD_PRELOAD=$LECTIO_PRELOAD}"
echo "nginx: $("$nginx_bin" -v 2>&1 | sed 's/.*: //'), worker_processes $server_ncpu"
echo "wrk: -t$wrk_threads -c$conns -d${duration}s --latency, runs: 1 warm-up + $runs each, alternating"
echo "pinning: servers on CPU ${server_cpus:-any}, wrk on CPU ${client_cpus:-any}"
echo "page: /lessons/$slug, $(wc -c <"$page") bytes (gzip -6: $(gzip -6c "$page" | wc -c) bytes;" \
  "neither server compresses here)"
echo "lectio's bytes per request equal the static file's: $same_bytes"

echo "== runs =="
: >"$work/lectio.txt"
: >"$work/nginx.txt"
run lectio "$lectio_pid" "$lectio_port" "$lectio_url" warm-up
run nginx "$nginx_pid" "$nginx_port" "$nginx_url" warm-up
for i in $(seq "$runs"); do
  run lectio "$lectio_pid" "$lectio_port" "$lectio_url" "run$i"
  run nginx "$nginx_pid" "$nginx_port" "$nginx_url" "run$i"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

col() { awk -v c="$2" '{ print $c }' "$1" | median; }
l_rps=$(col "$work/lectio.txt" 1)
n_rps=$(col "$work/nginx.txt" 1)
l_p99=$(col "$work/lectio.txt" 2)
n_p99=$(col "$work/nginx.txt" 2)
l_cpu=$(col "$work/lectio.txt" 3)
n_cpu=$(col "$work/nginx.txt" 3)
l_stuck=$(col "$work/lectio.txt" 4)
n_stuck=$(col "$work/nginx.txt" 4)
ratio=$(awk -v a="$l_rps" -v b="$n_rps" 'BEGIN { printf "%.3f", a / b }')
echo "== medians of $runs runs =="
printf '| %-24s | %10s | %9s | %11s | %20s |\n' server "requests/s" "p99 (ms)" "CPU us/req" "never answered conns"
printf '|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..26})" "$(printf -- '-%.0s' {1..12})" \
  "$(printf -- '-%.0s' {1..11})" "$(printf -- '-%.0s' {1..13})" "$(printf -- '-%.0s' {1..22})"
printf '| %-24s | %10.1f | %9.2f | %11s | %20s |\n' "lectio serve" "$l_rps" "$l_p99" "$l_cpu" "$l_stuck"
printf '| %-24s | %10.1f | %9.2f | %11s | %20s |\n' "nginx (static file)" "$n_rps" "$n_p99" "$n_cpu" "$n_stuck"
printf 'ratio lectio/nginx (requests/s): %s (goal: >= 0.5) -> %s\n' "$ratio" \
  "$(awk -v r="$ratio" 'BEGIN { print (r >= 0.5) ? "met" : "NOT met" }')"
printf 'CPU per request, nginx/lectio: %s\n' \
  "$(awk -v a="$l_cpu" -v b="$n_cpu" 'BEGIN { printf "%.3f", b / a }')"
