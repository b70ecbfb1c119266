#!/usr/bin/env bash
# The example bot against a live server, as CI runs it: starts the built
# `backroom` binary on a free loopback port with a throwaway SQLite store,
# and plays a whole match of Sealed Bids and one of X-Men: Mutant Revolution
# with example bots in every seat (match.py), each bounded in time.
#   examples/bots/ci.sh target/debug/backroom
set -euo pipefail
bin=$(realpath "${1:?usage: ci.sh <path to the backroom binary>}")
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d /tmp/backroom-bots.XXXXXX)
pid=""
finish() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap finish EXIT
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$bin" --bind "127.0.0.1:$port" --database-url "sqlite://$tmp/backroom.db" --static-dir "$root/web-client" \
  >"$tmp/server.log" 2>&1 &
pid=$!
for _ in $(seq 100); do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.1
done
server="http://127.0.0.1:$port"
status=0
python3 "$here/match.py" --server "$server" --game sealed-bids --timeout 120 || status=1
python3 "$here/match.py" --server "$server" --game xmen-mutant-revolution --seats 3 --options '{"max_rounds": 1}' --timeout 300 || status=1
if [ "$status" != 0 ]; then
  echo "the example bots did not finish; the server said:" >&2
  tail -n 40 "$tmp/server.log" >&2
fi
exit "$status"
