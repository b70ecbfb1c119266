#!/usr/bin/env bash
# The race: Backroom side by side with boardgame.io, Colyseus (patch=immediate)
# and the plain Node reference, all driven by the anchors' Node driver
# (../shared/bench/anchors/driver.js) in one invocation, every server pinned
# to the same single core (and Postgres pinned there too: its CPU counts as
# Backroom's), plus the Rust load tool against Backroom alone for its ceiling.
#
# usage: bench/race.sh [all|race|ceiling]      (default: all)
#
# env (defaults in brackets):
#   N_LIST ["1 50 250 1000"]   matches per wave for the race
#   CEIL_N_LIST ["250 1000"]   matches per wave for the ceiling runs
#   DUR [20] WARM [3]          play / warm-up seconds per run
#   REPEATS [1]                repeats of each point (interleaved)
#   PEERS ["bgio colyseus plainws"]  BACKENDS ["postgres sqlite"]
#   SERVER_CPU [0] DRIVER_CPU [1]    taskset CPU lists
#   PORT [9300]                Backroom's port (127.0.0.1 only)
#   BACKROOM_BIN [target/release/backroom]  LOAD_BIN [target/release/backroom-load]
#   BACKROOM_ARGS []           extra `backroom serve` flags
#   BUILD [auto]               auto: build the release binaries if missing; 1: always; 0: never
#   OUT_DIR [bench/results]    RESULTS [OUT_DIR/race-<stamp>.jsonl]
#   ANCHORS_DIR [../shared/bench/anchors]
#
# Only loopback addresses are used; every run is bounded (run.sh/driver.js
# wall limits, `timeout` around everything here); the servers started here
# are stopped by pid; Postgres's CPU affinity is restored on exit.
set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
ANCHORS=${ANCHORS_DIR:-$ROOT/../shared/bench/anchors}
ANCHORS=$(cd "$ANCHORS" && pwd) || { echo "no anchors folder at $ANCHORS" >&2; exit 1; }
MODE=${1:-all}
N_LIST=${N_LIST:-"1 50 250 1000"}
CEIL_N_LIST=${CEIL_N_LIST:-"250 1000"}
DUR=${DUR:-20}
WARM=${WARM:-3}
REPEATS=${REPEATS:-1}
PEERS=${PEERS:-"bgio colyseus plainws"}
BACKENDS=${BACKENDS:-"postgres sqlite"}
SERVER_CPU=${SERVER_CPU:-0}
DRIVER_CPU=${DRIVER_CPU:-1}
PORT=${PORT:-9300}
BIN=${BACKROOM_BIN:-$ROOT/target/release/backroom}
LOAD_BIN=${LOAD_BIN:-$ROOT/target/release/backroom-load}
SERVER_ARGS=${BACKROOM_ARGS:-}
PG_BASE=${PG_BASE:-postgres://postgres@127.0.0.1:5432}
BUILD=${BUILD:-auto}
STAMP=$(date -u +%Y%m%dT%H%M%SZ)
OUT_DIR=${OUT_DIR:-$ROOT/bench/results}
mkdir -p "$OUT_DIR"
RESULTS=${RESULTS:-$OUT_DIR/race-$STAMP.jsonl}
case "$RESULTS" in /*) ;; *) RESULTS=$PWD/$RESULTS ;; esac
TMP=$(mktemp -d /tmp/backroom-race.XXXXXX)
ADAPTER=$ROOT/bench/anchors-adapter/backroom.js
TABLE=$ROOT/bench/anchors-adapter/table.js
VERSION=$(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo dev)
ALL_CPUS=$(cat /sys/devices/system/cpu/online 2>/dev/null || echo 0-1)
ulimit -n 20000 2>/dev/null || true

log() { echo "[race $(date -u +%H:%M:%S)] $*" >&2; }

case "$MODE" in all|race|ceiling) ;; *) echo "usage: $0 [all|race|ceiling]" >&2; exit 2 ;; esac

# ---------- binaries and node_modules ----------
need_build=0
[ "$BUILD" = 1 ] && need_build=1
[ "$BUILD" = auto ] && { [ -x "$BIN" ] && [ -x "$LOAD_BIN" ] || need_build=1; }
if [ "$need_build" = 1 ]; then
  log "building release binaries"
  (cd "$ROOT" && timeout 1800 cargo build --release -p backroom-server -p backroom-loadtest) || { log "build failed"; exit 1; }
fi
[ -x "$BIN" ] || { log "no server binary at $BIN"; exit 1; }
# Race one fixed build even if target/ is rebuilt meanwhile.
cp "$BIN" "$TMP/backroom" && BIN=$TMP/backroom
if [ -x "$LOAD_BIN" ]; then cp "$LOAD_BIN" "$TMP/backroom-load" && LOAD_BIN=$TMP/backroom-load; fi
if [ ! -d "$ANCHORS/node_modules/ws" ]; then
  log "npm install in $ANCHORS"
  (cd "$ANCHORS" && timeout 600 npm install --no-audit --no-fund) || { log "npm install failed"; exit 1; }
fi

# ---------- Postgres: pinning and databases ----------
pg_pids() {
  local d
  for d in /proc/[0-9]*; do
    [ "$(cat "$d/comm" 2>/dev/null)" = postgres ] && echo "${d#/proc/}"
  done
}
pin_pg() {  # every postgres process (the postmaster too, so new backends inherit it)
  local p
  for p in $(pg_pids); do taskset -a -pc "$1" "$p" >/dev/null 2>&1 || true; done
}
PINNED=0
cleanup() {
  [ -n "${SRV_PID:-}" ] && stop_server
  if [ "$PINNED" = 1 ]; then pin_pg "$ALL_CPUS"; log "postgres affinity restored to $ALL_CPUS"; fi
  rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

psql_do() { timeout 60 psql -X -q -h 127.0.0.1 -p 5432 -U postgres -d postgres -v ON_ERROR_STOP=1 -c "$1"; }

db_name() { echo "race_${STAMP}_$1" | tr -c 'a-zA-Z0-9\n' '_' | tr 'A-Z' 'a-z'; }

# Prints the database URL for a fresh store of this backend.
fresh_db() {  # backend tag
  local name
  case "$1" in
    postgres)
      name=$(db_name "$2")
      psql_do "DROP DATABASE IF EXISTS $name" >/dev/null 2>&1
      psql_do "CREATE DATABASE $name" >/dev/null || return 1
      echo "$PG_BASE/$name" ;;
    sqlite)
      echo "sqlite://$TMP/$2.db" ;;
  esac
}
drop_db() {  # backend tag
  [ "$1" = postgres ] || return 0
  local name; name=$(db_name "$2")
  psql_do "DROP DATABASE IF EXISTS $name WITH (FORCE)" >/dev/null 2>&1 || true
}

server_cmd() {  # db url
  # The per-address limits are off: every client here comes from 127.0.0.1,
  # sets up 1 000 lobbies in seconds and holds 4 000 sockets.
  echo "$BIN serve --bind 127.0.0.1:$PORT --database-url $1 --static-dir $TMP --lobby-rate-per-minute 0 --max-sockets-per-address 0 $SERVER_ARGS"
}

# ---------- one driver.js run (peers, or Backroom through the adapter) ----------
peer_run() {  # peer N
  local fw=$1 n=$2
  case "$fw" in
    bgio)     (cd "$ANCHORS" && RESULTS=$RESULTS LABEL=bgio SERVER_CPU=$SERVER_CPU DRIVER_CPU=$DRIVER_CPU ./run.sh bgio "$n" "$DUR" "$WARM") ;;
    colyseus) (cd "$ANCHORS" && RESULTS=$RESULTS LABEL=colyseus COLYSEUS_PATCH=immediate SERVER_CPU=$SERVER_CPU DRIVER_CPU=$DRIVER_CPU ./run.sh colyseus "$n" "$DUR" "$WARM") ;;
    plainws)  (cd "$ANCHORS" && RESULTS=$RESULTS LABEL=plainws SERVER_CPU=$SERVER_CPU DRIVER_CPU=$DRIVER_CPU ./run.sh plainws "$n" "$DUR" "$WARM") ;;
    *) log "unknown peer $fw"; return 1 ;;
  esac
}

backroom_driver_run() {  # backend N
  local be=$1 n=$2 tag="drv_${1}_${2}_$RANDOM"
  local url; url=$(fresh_db "$be" "$tag") || { log "cannot create a $be database"; return 1; }
  [ "$be" = postgres ] && { pin_pg "$SERVER_CPU"; PINNED=1; }
  local tmpres=$TMP/$tag.jsonl dbstats=$TMP/$tag.db.json
  local dbenv=""
  [ "$be" = postgres ] && dbenv="BACKROOM_DB_STATS=$dbstats BACKROOM_DB_PROC=postgres"
  (cd "$ANCHORS" && env RESULTS="$tmpres" LABEL="backroom $be" SERVER_CPU="$SERVER_CPU" DRIVER_CPU="$DRIVER_CPU" \
      SERVER_CMD="$(server_cmd "$url")" ADAPTER="$ADAPTER" URL="ws://127.0.0.1:$PORT/ws" PORT="$PORT" \
      DRIVER_EXTRA="--framework Backroom --version $VERSION" BACKROOM_WARMUP_S="$WARM" $dbenv \
      ./run.sh "backroom-$be" "$n" "$DUR" "$WARM")
  local rc=$?
  if [ -s "$tmpres" ]; then
    # Merge the adapter's database CPU (measured over the same play phases) into the driver's line.
    node -e '
      const fs = require("fs");
      const r = JSON.parse(fs.readFileSync(process.argv[1], "utf8").trim().split("\n").pop());
      let s = null; try { s = JSON.parse(fs.readFileSync(process.argv[2], "utf8")); } catch {}
      r.backend = process.argv[3];
      if (s) {
        r.db_cpu_s_play = Math.round(s.db_cpu_s_play * 100) / 100;
        r.db_cpu_s_whole_run = Math.round(s.db_cpu_s_all * 100) / 100;
        r.adapter_rejected = s.rejected; r.adapter_errors = s.errors;
      } else if (process.argv[3] === "sqlite") { r.db_cpu_s_play = 0; }
      const db = r.db_cpu_s_play || 0;
      r.total_cpu_us_per_bid = r.bids_acked ? Math.round(((r.server_cpu_s_play + db) / r.bids_acked) * 1e8) / 100 : null;
      fs.appendFileSync(process.argv[4], JSON.stringify(r) + "\n");
    ' "$tmpres" "$dbstats" "$be" "$RESULTS"
  fi
  drop_db "$be" "$tag"
  return $rc
}

# ---------- the load tool against Backroom alone ----------
SRV_PID=
start_server() {  # db url log
  if ss -ltn "sport = :$PORT" | grep -q LISTEN; then log "port $PORT busy"; return 1; fi
  bash -c "exec taskset -c $SERVER_CPU $(server_cmd "$1")" >"$2" 2>&1 &
  SRV_PID=$!
  local i
  for i in $(seq 1 150); do
    ss -ltn "sport = :$PORT" | grep -q LISTEN && return 0
    kill -0 "$SRV_PID" 2>/dev/null || { log "server died, see $2"; SRV_PID=; return 1; }
    sleep 0.1
  done
  log "server not listening after 15 s"; stop_server; return 1
}
stop_server() {
  [ -n "$SRV_PID" ] || return 0
  kill "$SRV_PID" 2>/dev/null || true
  local i
  for i in $(seq 1 50); do kill -0 "$SRV_PID" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$SRV_PID" 2>/dev/null || true
  wait "$SRV_PID" 2>/dev/null || true
  SRV_PID=
}

ceiling_run() {  # backend N
  local be=$1 n=$2 tag="load_${1}_${2}_$RANDOM"
  [ -x "$LOAD_BIN" ] || { log "no load tool at $LOAD_BIN"; return 1; }
  local url; url=$(fresh_db "$be" "$tag") || { log "cannot create a $be database"; return 1; }
  [ "$be" = postgres ] && { pin_pg "$SERVER_CPU"; PINNED=1; }
  start_server "$url" "$OUT_DIR/$tag.server.log" || { drop_db "$be" "$tag"; return 1; }
  local dbflag=""
  [ "$be" = postgres ] && dbflag="--db-proc postgres"
  timeout $((DUR + WARM + 200)) taskset -c "$DRIVER_CPU" "$LOAD_BIN" --url "http://127.0.0.1:$PORT" \
      --game sealed-bids --options '{"rounds":20}' --matches "$n" --duration "$DUR" --warmup "$WARM" \
      --max-wall $((DUR + WARM + 150)) --server-pid "$SRV_PID" $dbflag \
      --label "backroom-load $be" --out "$RESULTS" >"$OUT_DIR/$tag.out" 2>&1
  local rc=$?
  tail -4 "$OUT_DIR/$tag.out" >&2
  stop_server
  drop_db "$be" "$tag"
  rm -f "$OUT_DIR/$tag.server.log" "$OUT_DIR/$tag.out"
  return $rc
}

one() { "$@" || log "FAILED ($?): $*"; sleep 1; }

log "results: $RESULTS (mode $MODE, N_LIST='$N_LIST', DUR=$DUR, WARM=$WARM, REPEATS=$REPEATS)"
T_START=$(date +%s)
if [ "$MODE" = all ] || [ "$MODE" = race ]; then
  for n in $N_LIST; do
    for rep in $(seq 1 "$REPEATS"); do
      for p in $PEERS; do log "peer $p N=$n (#$rep)"; one peer_run "$p" "$n"; done
      for be in $BACKENDS; do log "backroom $be N=$n (#$rep)"; one backroom_driver_run "$be" "$n"; done
    done
  done
fi
if [ "$MODE" = all ] || [ "$MODE" = ceiling ]; then
  for n in $CEIL_N_LIST; do
    for be in $BACKENDS; do log "backroom-load $be N=$n"; one ceiling_run "$be" "$n"; done
  done
fi
log "done in $(( $(date +%s) - T_START )) s"

echo
echo "Race $(date -u +%Y-%m-%d) ($STAMP), $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), servers on CPU $SERVER_CPU, clients on CPU $DRIVER_CPU, play ${DUR}s + warm-up ${WARM}s per run"
echo "Raw: $RESULTS"
echo
[ -s "$RESULTS" ] && node "$TABLE" "$RESULTS"
