#!/usr/bin/env python3
"""A minimal Backroom bot: it takes a program seat and plays any game to the end.

    python3 examples/bots/bot.py 'http://127.0.0.1:8080/#/program/<lobby>/<token>' [--name NAME]

It knows no game. It reads each prompt the server sends its seat (the asks,
their params and options, as docs/bots.md describes) and answers with one of
the offered choices, picked at random; when the server refuses a choice
(`rejected`), it picks again. It leaves once the match is over, printing the
outcome. Standard library plus the `websockets` package only.
"""

import argparse
import asyncio
import json
import random
import sys
import urllib.parse

from websockets.exceptions import ConnectionClosed

try:
    from websockets.asyncio.client import connect
except ImportError:  # websockets before 13
    from websockets import connect

# Etiquette: the server takes at most 20 messages a second from a socket
# (burst 40); this bot sends at most one move every PAUSE seconds.
PAUSE = 0.06
# Choices tried on one prompt before the bot waits for the table to move on
# (the turn clock or a stand-in covers a seat that cannot find a move).
MAX_TRIES = 200
# Seconds without a message after which the bot looks at the latest state
# afresh (a lost answer, a state it decided not to act on).
QUIET = 5


def parse_link(link):
    """The WebSocket address, the lobby and the token of a program seat's link."""
    u = urllib.parse.urlsplit(link)
    parts = [p for p in u.fragment.split("/") if p]
    if len(parts) != 3 or parts[0] != "program":
        sys.exit("expected a program seat's link: http(s)://host/#/program/<lobby>/<token>")
    lobby, token = parts[1], parts[2]
    scheme = "wss" if u.scheme == "https" else "ws"
    return f"{scheme}://{u.netloc}/ws?lobby={lobby}", lobby, token


def awaited(pending):
    """The seats the game waits for (`pending`, by its mode)."""
    mode = pending.get("mode")
    if mode == "turn":
        return {pending["seat"]}
    if mode == "simultaneous":
        return set(pending["waiting"])
    if mode == "window":
        return set(pending["seats"]) - set(pending["answered"])
    if mode == "negotiation":
        return set(pending["seats"]) - set(pending["ready"])
    return set()


def enabled(items):
    return [x for x in items if not x.get("disabled")]


def value_of(inp, rng):
    """A value from one param's domain (`input.kind`), never a disabled option."""
    kind = inp["kind"]
    options = enabled(inp.get("options", []))
    if kind == "one":
        return rng.choice(options) if options else None  # the option itself: its `then` follows
    if kind == "many":
        pool = [o["value"] for o in options for _ in range(max(1, o.get("up_to", 1)))]
        hi = min(inp["max"], len(pool))
        lo = min(inp["min"], hi)
        return rng.sample(pool, rng.randint(lo, hi))
    if kind == "number":
        return rng.randint(inp["min"], inp["max"])
    if kind == "real":
        return rng.uniform(inp["min"], inp["max"])
    if kind == "order":
        values = [o["value"] for o in inp["options"]]
        rng.shuffle(values)
        return values
    if kind == "hex":
        return list(rng.choice(inp["cells"])) if inp["cells"] else None
    if kind in ("point", "record") and options:
        return rng.choice(options)["value"]  # a ready-made value the game knows to work
    if kind == "point":
        return [rng.uniform(inp["min_x"], inp["max_x"]), rng.uniform(inp["min_y"], inp["max_y"])]
    if kind == "record":
        fields = {}
        for f in inp["fields"]:
            v = value_of(f["input"], rng)
            fields[f["name"]] = v["value"] if f["input"]["kind"] == "one" and v is not None else v
        return fields
    if kind == "text":
        return ""
    raise ValueError(f"unknown input kind {kind!r}")


def fill(params, rng, action):
    """Chooses every param into `action`, and the follow-ups (`then`) of each option chosen."""
    for p in params:
        v = value_of(p["input"], rng)
        if p["input"]["kind"] == "one":
            if v is None:
                action[p["name"]] = None
                continue
            action[p["name"]] = v["value"]
            fill(v.get("then", []), rng, action)
        else:
            action[p["name"]] = v


def choose(prompt, rng):
    """An action for this prompt: an enabled ask (an any-time one only if nothing else), its params chosen."""
    asks = enabled(prompt["asks"])
    asks = [a for a in asks if not a.get("any_time")] or asks
    if not asks:
        return None
    ask = rng.choice(asks)
    action = {"type": ask["verb"], **ask.get("fixed", {})}
    fill(ask.get("params", []), rng, action)
    return action


async def session(url, lobby, token, name, rng, since):
    """One connection: plays until the match is over (its outcome) or the socket closes."""
    async with connect(url, max_size=16 * 1024 * 1024) as ws:
        hello = {"type": "hello", "lobby": lobby, "token": token, "program": name}
        if since is not None:
            hello["since"] = since
        await ws.send(json.dumps(hello))
        seat, state, waiting_for, tries, n = None, None, None, 0, 0
        # The oldest state version worth acting on: after an ack, the state
        # that follows it (the ack comes first); after `stale_version`, a
        # newer one than the move was chosen against.
        fresh_from = 0
        while True:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), QUIET))
            except asyncio.TimeoutError:
                # Nothing for a while: look at the latest state afresh.
                msg, waiting_for, fresh_from, tries = {"type": "quiet"}, None, 0, 0
            t = msg["type"]
            if t == "welcome":
                seat = msg["viewer"].get("seat") if isinstance(msg["viewer"], dict) else None
                print(f"{name}: seated at {seat}", flush=True)
            elif t == "state":
                state, tries = msg, 0
                since = msg["version"]
                if msg.get("outcome") or msg["pending"].get("mode") == "over":
                    print(f"{name}: the match is over: {msg['outcome']['summary']}", flush=True)
                    return msg["outcome"]
            elif t == "ack" and msg["rid"] == waiting_for:
                waiting_for, fresh_from = None, msg["version"]
            elif t == "rejected" and msg["rid"] == waiting_for:
                waiting_for = None
                tries += 1
                if msg["code"] == "stale_version":
                    fresh_from = state["version"] + 1
                elif msg["code"] == "rate_limited":
                    await asyncio.sleep(1)
                elif msg["code"] not in ("illegal_move", "malformed_action", "not_your_turn"):
                    print(f"{name}: refused: {msg['code']}: {msg['message']}", file=sys.stderr, flush=True)
            elif t == "error":
                print(f"{name}: {msg['code']}: {msg['message']}", file=sys.stderr, flush=True)
                if msg["code"] == "rate_limited":
                    await asyncio.sleep(1)
            if waiting_for or state is None or seat is None or not state.get("prompt"):
                continue
            if state["version"] < fresh_from:
                continue
            if seat not in awaited(state["pending"]) or tries >= MAX_TRIES:
                continue
            action = choose(state["prompt"], rng)
            if action is None:
                continue
            n += 1
            waiting_for = f"m{n}"
            await asyncio.sleep(PAUSE)
            await ws.send(json.dumps({"type": "act", "rid": waiting_for, "version": state["version"], "action": action}))


# Close codes after which a client comes back (the server restarting, a
# socket too slow or silent, too many sockets); 4001 and 4002 are final.
RECONNECT = {1006, 1011, 1012, 1013, 4008}


async def play(link, name, seed=None):
    """Plays the program seat of `link` to the end of the match; the outcome."""
    url, lobby, token = parse_link(link)
    rng = random.Random(seed)
    for attempt in range(20):
        try:
            return await session(url, lobby, token, name, rng, None)
        except ConnectionClosed as e:
            code = e.rcvd.code if e.rcvd else 1006
            if code not in RECONNECT:
                raise SystemExit(f"{name}: the server closed the connection: {code} {e.rcvd.reason if e.rcvd else ''}")
            print(f"{name}: connection closed ({code}); reconnecting", file=sys.stderr, flush=True)
            await asyncio.sleep(min(0.5 * 2**attempt, 8))
    raise SystemExit(f"{name}: could not stay connected")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("link", help="the program seat's link the host gave you")
    ap.add_argument("--name", default="Random Example Bot", help="the name the table sees (1-32 characters)")
    ap.add_argument("--seed", type=int, default=None, help="seed the bot's choices, to repeat a run")
    args = ap.parse_args()
    asyncio.run(play(args.link, args.name, args.seed))


if __name__ == "__main__":
    main()
