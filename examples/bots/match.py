#!/usr/bin/env python3
"""A whole match of example bots against a live server, start to finish.

    python3 examples/bots/match.py --server http://127.0.0.1:8080 --game sealed-bids

It does what a host does in the browser, over the HTTP lobby API (standard
library `urllib`): creates a lobby, stands up from the host's seat, makes
every seat a program seat, starts the match; then runs one example bot
(`bot.py`) per seat over the WebSocket until the match is over, and checks
that the lobby says it is finished. Exits non-zero on any failure or when
the match takes longer than `--timeout` seconds. CI runs it for two games.
"""

import argparse
import asyncio
import json
import sys
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bot  # noqa: E402  (the example bot, beside this file)


def call(server, method, path, body=None, token=None):
    """One lobby API call; the answer's JSON (or None for 204)."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server + path, data=data, method=method)
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            raw = r.read()
    except urllib.error.HTTPError as e:
        sys.exit(f"{method} {path}: {e.code} {e.read().decode(errors='replace')}")
    return json.loads(raw) if raw else None


def open_table(server, game, seats, options):
    """A lobby whose every seat is a program seat: the lobby id, host token and program links."""
    body = {"game": game, "name": "Example host", "options": options}
    if seats:
        body["seats"] = seats
    joined = call(server, "POST", "/api/lobbies", body)
    lobby, token = joined["lobby"], joined["token"]
    # The host watches: its seat goes to a program too.
    info = call(server, "POST", f"/api/lobbies/{lobby}/seat", {"seat": None}, token)
    links = []
    for s in range(info["seats"]):
        held = call(server, "POST", f"/api/lobbies/{lobby}/program", {"seat": s}, token)
        links.append(server + held["url"])
    return lobby, token, links


async def run(server, game, seats, options, timeout):
    lobby, token, links = open_table(server, game, seats, options)
    print(f"{game}: lobby {lobby}, {len(links)} program seats", flush=True)
    # Every program says hello first, so the match starts with everyone here.
    bots = [asyncio.create_task(bot.play(link, f"Example {i + 1}", seed=i)) for i, link in enumerate(links)]
    await asyncio.sleep(0.5)
    call(server, "POST", f"/api/lobbies/{lobby}/start", None, token)
    outcomes = await asyncio.wait_for(asyncio.gather(*bots), timeout)
    info = call(server, "GET", f"/api/lobbies/{lobby}", None, token)
    if info["status"] != "finished":
        sys.exit(f"{game}: the lobby is {info['status']}, not finished")
    programs = [p for p in info["players"] if p.get("program")]
    if len(programs) != len(links) or any(not p["name"].startswith("Example") for p in programs):
        sys.exit(f"{game}: the seats are not the programs that played: {info['players']}")
    print(f"{game}: finished after {info['version']} moves: {outcomes[0]['summary']}", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--server", default="http://127.0.0.1:8080")
    ap.add_argument("--game", required=True, help="a game id from GET /api/games")
    ap.add_argument("--seats", type=int, default=None, help="seat count (default: the game's)")
    ap.add_argument("--options", type=json.loads, default={}, help="the game's options, as JSON")
    ap.add_argument("--timeout", type=float, default=300, help="seconds the match may take")
    args = ap.parse_args()
    try:
        asyncio.run(run(args.server.rstrip("/"), args.game, args.seats, args.options, args.timeout))
    except asyncio.TimeoutError:
        sys.exit(f"{args.game}: the match did not end within {args.timeout} s")


if __name__ == "__main__":
    main()
