#!/usr/bin/env bash
# Search in a fleet, measured: how PostgreSQL's own full-text search ranks Cranfield (or another
# BEIR set) beside Lectio's search index, scored by the same code (lectio_search_bench score);
# then Lectio as a node of a fleet, in SQLite mode and in PostgreSQL mode (`lectio eval ir
# --in-store`: the corpus put into the store, the node's index following the change feed),
# which must rank within 0.01 nDCG@10 of each other (exit 1 otherwise).
# Usage: bash bench/pg_search_eval.sh BUILD [BEIR_DIR]
# Starts a throwaway PostgreSQL (tests/support/pg_server.sh) in BUILD/pg-search-eval and drops it.
set -euo pipefail
build=${1:?usage: pg_search_eval.sh BUILD [BEIR_DIR]}
root=$(cd "$(dirname "$0")/.." && pwd)
beir=${2:-$root/../shared/eval/cranfield}
work=$build/pg-search-eval
mkdir -p "$work"
cmake --build "$build" --target lectio lectio_search_corpus lectio_search_bench >/dev/null
bash "$root/tests/support/pg_server.sh" start "$work/pg" >/dev/null
trap 'bash "$root/tests/support/pg_server.sh" stop "$work/pg"' EXIT
url=$(cat "$work/pg/url")

"$build/bench/lectio_search_corpus" export "$beir" "$work/beir.tsv"
psql -q -X -v ON_ERROR_STOP=1 "$url" <<SQL
DROP TABLE IF EXISTS docs, queries;
CREATE TABLE docs (id text PRIMARY KEY, body text NOT NULL);
CREATE TABLE queries (id text PRIMARY KEY, body text NOT NULL);
\copy docs FROM '$work/beir.tsv' WITH (FORMAT csv, DELIMITER E'\t', QUOTE E'\x01')
\copy queries FROM '$work/beir.tsv.queries' WITH (FORMAT csv, DELIMITER E'\t', QUOTE E'\x01')
ALTER TABLE docs ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', body)) STORED;
CREATE INDEX docs_tsv ON docs USING gin (tsv);
-- The OR of the query's words (plainto_tsquery ANDs them), as Lectio and FTS5 are queried.
ALTER TABLE queries ADD COLUMN q tsquery;
UPDATE queries SET q = replace(plainto_tsquery('english', body)::text, ' & ', ' | ')::tsquery;
ANALYZE;
SQL

run() {  # name, rank expression over d.tsv and q.q
  psql -q -X -A -t -F ' ' -v ON_ERROR_STOP=1 "$url" -c "
    SELECT q.id, 'Q0', r.id, row_number() OVER (PARTITION BY q.id ORDER BY r.score DESC, r.id),
           r.score, '$1'
    FROM queries q CROSS JOIN LATERAL (
      SELECT d.id, $2 AS score FROM docs d WHERE d.tsv @@ q.q ORDER BY score DESC, d.id LIMIT 100
    ) r" >"$work/$1.run"
  printf '%-28s %s\n' "$1" "$("$build/bench/lectio_search_bench" score "$beir" "$work/$1.run")"
}
run ts_rank "ts_rank(d.tsv, q.q)"
run ts_rank_norm1 "ts_rank(d.tsv, q.q, 1)"
run ts_rank_cd "ts_rank_cd(d.tsv, q.q)"
run ts_rank_cd_norm1 "ts_rank_cd(d.tsv, q.q, 1)"

# Lectio in both store modes, each a fresh store and data directory.
ndcg() { sed -n 's/^nDCG@10 *//p' "$1"; }
rm -rf "$work/node-sqlite" "$work/node-pg"
quiet() { "$@" 2>"$work/stderr" || { cat "$work/stderr" >&2; exit 1; }; }
quiet "$build/lectio" --data "$work/node-sqlite" eval ir "$beir" --in-store >"$work/sqlite.out"
psql -q -X -v ON_ERROR_STOP=1 "$url" -c "DROP DATABASE IF EXISTS lectio_eval" \
  -c "CREATE DATABASE lectio_eval"
pg_url=${url/\/\/\/postgres\?/\/\/\/lectio_eval?}
"$build/lectio" --store "$pg_url" migrate >/dev/null
quiet "$build/lectio" --store "$pg_url" --data "$work/node-pg" eval ir "$beir" --in-store \
  >"$work/pg.out"
for mode in sqlite pg; do
  printf '%-28s nDCG@10 %s  (%s)\n' "lectio $mode mode" "$(ndcg "$work/$mode.out")" \
    "$(sed -n 's/^index: //p' "$work/$mode.out")"
done
awk -v a="$(ndcg "$work/sqlite.out")" -v b="$(ndcg "$work/pg.out")" 'BEGIN {
  d = a - b; if (d < 0) d = -d
  printf "difference                   %.4f (%s)\n", d, d <= 0.01 ? "within 0.01" : "NOT within 0.01"
  exit d <= 0.01 ? 0 : 1 }'
