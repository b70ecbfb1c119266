#!/usr/bin/env bash
# The database's floor under the race: Postgres CPU per stored move.
#
# Backroom commits every move as one `actions` row before its ack, many
# matches' rows to one statement (group commit). This script stores rows of
# the same table and shape as the server's (migrations/postgres/0001 + 0002;
# a Sealed Bids bid with its log lines), B rows per committed statement, from
# one psql session with nothing else to do, and reports the CPU every
# postgres process spent per row (the session's backend, read from /proc
# before it exits, plus the WAL writer, checkpointer and the rest).
# It is the least any server that stores a row per move pays Postgres per
# bid; bench/README.md ("The floor") has the figures.
#
# usage: bench/db-floor.sh [B ...]       (default: 25 50 100 400)
# env: PG_BASE [postgres://postgres@127.0.0.1:5432]  ROWS [100000] rows per B
# Local Postgres only; a fresh database per run, dropped at the end.
set -euo pipefail
PG_BASE=${PG_BASE:-postgres://postgres@127.0.0.1:5432}
ROWS=${ROWS:-100000}
SIZES=("${@:-25 50 100 400}")
read -r -a SIZES <<<"${SIZES[*]}"
case "$PG_BASE" in *@127.0.0.1*|*@localhost*|*@\[::1\]*) ;; *) echo "local Postgres only" >&2; exit 2 ;; esac
DB=dbfloor_$$
TMP=$(mktemp -d /tmp/backroom-dbfloor.XXXXXX)
psql() { command psql -X -q -v ON_ERROR_STOP=1 "$@"; }
cleanup() { psql "$PG_BASE/postgres" -c "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true; rm -rf "$TMP"; }
trap cleanup EXIT

# CPU ticks of every postgres process now alive.
pg_ticks() {
  local t=0 p
  for p in $(pgrep -x postgres); do
    set -- $(awk '{print $14, $15}' "/proc/$p/stat" 2>/dev/null || echo "0 0")
    t=$((t + $1 + $2))
  done
  echo "$t"
}

psql "$PG_BASE/postgres" -c "CREATE DATABASE $DB"
psql "$PG_BASE/$DB" -c "CREATE TABLE actions (lobby_id UUID NOT NULL, seq BIGINT NOT NULL, seat SMALLINT NOT NULL, rid TEXT, action TEXT NOT NULL, log TEXT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (lobby_id, seq))" \
  -c "CREATE TABLE lobby AS SELECT gen_random_uuid() AS id, g AS n FROM generate_series(1, 1000) g"

for B in "${SIZES[@]}"; do
  stmts=$(( (ROWS + B - 1) / B ))
  f=$TMP/insert.sql
  {
    echo 'SELECT pg_backend_pid() AS pid \gset'
    echo '\setenv PGPID :pid'
    echo "\\! awk '{print \$14+\$15}' /proc/\$PGPID/stat > $TMP/b0"
    for i in $(seq 1 "$stmts"); do
      # One group commit: B matches' next move, each its own lobby and seq.
      echo "INSERT INTO actions SELECT id, $i, n % 4, 'r$i-' || n, '{\"type\":\"bid\",\"value\":7,\"round\":3}', '[{\"text\":\"Bea locks a bid.\"},{\"seat\":1,\"text\":\"You bid 7 for round 3.\"}]', 1763900000000 + $i FROM lobby WHERE n <= $B;"
    done
    echo "\\! awk '{print \$14+\$15}' /proc/\$PGPID/stat > $TMP/b1"
  } >"$f"
  c0=$(pg_ticks)
  s0=$(date +%s.%N)
  psql "$PG_BASE/$DB" -f "$f"
  s1=$(date +%s.%N)
  c1=$(pg_ticks)
  backend=$(( $(cat "$TMP/b1") - $(cat "$TMP/b0") ))
  # The backend has exited by now: add its ticks to the others'.
  total=$(( c1 - c0 + backend ))
  rows=$(( stmts * B ))
  awk -v b="$B" -v r="$rows" -v t="$total" -v be="$backend" -v w="$(echo "$s1 - $s0" | bc)" 'BEGIN {
    printf "rows per commit %4d: %7d rows, Postgres CPU %.2f s (backend %.2f s) = %5.2f µs per row, %.0f rows/s\n", b, r, t / 100, be / 100, t * 1e4 / r, r / w }'
  psql "$PG_BASE/$DB" -c "TRUNCATE actions"
done
