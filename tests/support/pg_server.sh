#!/usr/bin/env bash
# The tests' own PostgreSQL server: `pg_server.sh start STATE_DIR` creates a throwaway cluster
# (initdb) in a new temporary directory and starts it (pg_ctl) listening on a Unix socket only,
# so that it never takes a TCP port; `pg_server.sh stop STATE_DIR` stops it and removes it.
# STATE_DIR (in the build tree) receives `url`, the libpq URL of the `postgres` database, and
# `cluster`, the temporary directory. initdb refuses to run as root, so as root (CI) the server
# runs as the `postgres` system user that Debian's postgresql-common creates.
set -euo pipefail
command=${1:?usage: pg_server.sh start|stop STATE_DIR}
state=${2:?usage: pg_server.sh start|stop STATE_DIR}
bin=${LECTIO_PG_BIN:-/usr/lib/postgresql/15/bin}

as_server_user() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop() {
  [ -f "$state/cluster" ] || return 0
  local cluster
  cluster=$(cat "$state/cluster")
  if [ -f "$cluster/data/postmaster.pid" ]; then
    as_server_user "$bin/pg_ctl" -D "$cluster/data" -m immediate -w stop >/dev/null || true
  fi
  rm -rf "$cluster"
  rm -f "$state/cluster" "$state/url"
}

start() {
  stop  # a cluster left by an interrupted run
  mkdir -p "$state"
  local cluster
  cluster=$(mktemp -d /tmp/lectio-pg.XXXXXX)
  echo "$cluster" >"$state/cluster"
  mkdir "$cluster/data" "$cluster/socket"
  [ "$(id -u)" -eq 0 ] && chown -R postgres: "$cluster"
  as_server_user "$bin/initdb" -D "$cluster/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 \
    --no-sync >"$cluster/initdb.log" 2>&1 || { cat "$cluster/initdb.log" >&2; exit 1; }
  # A throwaway cluster: durability off for speed (LECTIO_PG_DURABLE=1 keeps a real server's
  # fsync and synchronous commit, for benchmarks); room for many test workers.
  local durability="-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  [ "${LECTIO_PG_DURABLE:-0}" = 1 ] && durability=""
  as_server_user "$bin/pg_ctl" -D "$cluster/data" -l "$cluster/server.log" -w -t 60 \
    -o "-c listen_addresses='' -k $cluster/socket -c max_connections=300 $durability" \
    start >/dev/null ||
    { cat "$cluster/server.log" >&2; exit 1; }
  echo "postgresql:///postgres?host=$cluster/socket&user=postgres" >"$state/url"
  echo "postgresql test server at $cluster/socket"
}

case $command in
  start) start ;;
  stop) stop ;;
  *) echo "pg_server.sh: unknown command '$command'" >&2; exit 2 ;;
esac
