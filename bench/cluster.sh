#!/usr/bin/env bash
# Moves per second through HAProxy with 1, 2 and 3 Backroom nodes on one
# Postgres (docs/scale-out.md, "Figures"), next to a single server without
# leases reached directly, all on this machine's loopback.
#
# Each run: fresh database, the nodes (`backroom serve --node`), HAProxy on
# deploy/haproxy.cfg, then `backroom-load` plays 4-seat Sealed Bids for
# DURATION seconds with N concurrent matches through the proxy, and reports
# throughput, latency and the CPU of every backroom, haproxy and postgres
# process per move. Bounded: each load run stops after DURATION + 120 s.
#
# usage: bench/cluster.sh            env: N [250] DURATION [10] PG_BASE
# Needs release builds: cargo build --release -p backroom-server -p backroom-loadtest
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-250}
DURATION=${DURATION:-10}
PG_BASE=${PG_BASE:-postgres://postgres@127.0.0.1:5432}
case "$PG_BASE" in *@127.0.0.1*|*@localhost*) ;; *) echo "local Postgres only" >&2; exit 2 ;; esac
T=${CARGO_TARGET_DIR:-target}/release
BIN=$T/backroom
LOAD=$T/backroom-load
OUT=${OUT:-bench/results/cluster-$(date -u +%Y%m%dT%H%M).md}
DB=cluster_bench_$$
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql -X -q "$PG_BASE/postgres" -c "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true
}
trap cleanup EXIT

wait_http() { # url
  for _ in $(seq 200); do curl -sf -o /dev/null "$1" && return 0; sleep 0.05; done
  echo "no answer from $1" >&2; exit 1
}

run() { # label nodes(0 = single server without leases, direct) [direct]
  local label=$1 nodes=$2 direct=${3:-}
  psql -X -q "$PG_BASE/postgres" -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" >/dev/null
  pids=()
  local common=(--database-url "$PG_BASE/$DB" --static-dir web-client --bot-delay-ms 0
    --lobby-rate-per-minute 0 --read-rate-per-second 0 --max-sockets-per-address 0)
  local url
  if [ "$nodes" = 0 ]; then
    "$BIN" serve --bind 127.0.0.1:18181 "${common[@]}" >/dev/null 2>&1 & pids+=($!)
    wait_http http://127.0.0.1:18181/healthz
    url=http://127.0.0.1:18181
  else
    local cfg=/tmp/backroom-cluster-bench-$$.cfg
    grep -v -E "server node[$((nodes + 1))-9]" deploy/haproxy.cfg > "$cfg"
    local env=(BACKROOM_PROXY_BIND=127.0.0.1:18180)
    for n in $(seq "$nodes"); do
      "$BIN" serve --bind 127.0.0.1:1818$n --node node$n "${common[@]}" >/dev/null 2>&1 & pids+=($!)
      wait_http http://127.0.0.1:1818$n/healthz
      env+=(BACKROOM_NODE$n=127.0.0.1:1818$n)
    done
    if [ -n "$direct" ]; then
      url=http://127.0.0.1:18181
    else
      env "${env[@]}" haproxy -db -f "$cfg" >/dev/null 2>&1 & pids+=($!)
      wait_http http://127.0.0.1:18180/api/games
      url=http://127.0.0.1:18180
    fi
  fi
  echo "### $label" >> "$OUT"
  "$LOAD" --url "$url" --game sealed-bids --seats 4 --matches "$N" --duration "$DURATION" \
    --max-wall $((DURATION + 120)) --db-proc backroom --db-proc haproxy --db-proc postgres --label "$label" | tee -a "$OUT"
  echo >> "$OUT"
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  pids=()
}

mkdir -p bench/results
{ echo "# Cluster load, $(date -u +%FT%TZ), N=$N, ${DURATION}s each ('db µs/action' here is every backroom, haproxy and postgres process)"; echo; } > "$OUT"
run "single server, direct (no leases)" 0
run "1 node with leases, direct (the fence's cost)" 1 direct
run "1 node through HAProxy" 1
run "2 nodes through HAProxy" 2
run "3 nodes through HAProxy" 3
echo "results: $OUT"
