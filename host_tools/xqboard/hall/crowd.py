"""The audience of the viewers' load run (hall/viewerload.py): thousands
of live-page viewers in one process of their own, as browsers and relay
sites load the pages.

    python -m xqboard.hall.crowd http://127.0.0.1:8017 --viewers 1250 --board-share 0.1 --relay-sites 10

- **A viewer** follows `/stream` as the live page's EventSource does (one
  connection, chunked server-sent events) and checks each frame: its
  token, and that it follows the last (`since` = the last id's cursor: no
  gap). It notes (since, cursor, when) of each frame, the latencies'
  raw matter.
- **A share on one board full size** (`--board-share`) also fetch
  `/export/<board>.json` each time a frame carries their board, on a
  second kept-alive connection, as the game viewer does (viewer.js).
- **A relay site** (`--relay-sites`) polls the round's three relay files
  every `--relay-every` s with If-None-Match, as a cache does.

It says `connected N` once every viewer has its first frame; on a line
`stop T0 T1 PUSHLOG` on its input it ends and prints one JSON line: the
latency of every event pushed between T0 and T1 (the hall's push times,
PUSHLOG: `cursor time` lines) to each viewer as a histogram of ms, frames,
gaps, viewers behind, the exports' and the relay files' answers.
Everything is the standard library's (asyncio streams, HTTP/1.1 by hand):
the client's cost is small and counted apart from the server's.
"""
import argparse
import array
import asyncio
import collections
import json
import random
import re
import sys
import time
from urllib.parse import urlsplit

FRAME = re.compile(rb'id: ([^:\n]+):(\d+)\nevent: update\ndata: \{"since": (null|\d+)')
STRIDE = 7  # a viewer counts every STRIDE-th event's latency (offset by its number): all viewers, a sample each
DRAIN_S = 60.0  # s at most the viewers go on reading after `stop` for the last event of the window (a
# condition: they stop as soon as each has it; a busy machine's viewers come seconds late, late is not lost)
CONNECTING = 100  # connections opened at once (the server's backlog is 2048)
RELAY_FILES = ("iccs.pgn", "chinese.pgn", "games.dhtmlxq")


class Http:
    """One kept-alive HTTP/1.1 connection for plain GETs. A connection
    the server closed while it was idle (uvicorn's keep-alive timeout,
    5 s) is opened again and the GET sent once more, as a browser does
    for an idempotent request (RFC 9112, 9.3.1); Http.reopened counts them
    (all of this process's connections: the report's "reopened")."""

    reopened = 0

    def __init__(self, host, port):
        self.host, self.port = host, port
        self.reader = self.writer = None

    async def get(self, path, headers=()):
        """(status, headers dict, body)."""
        if self.writer is not None:
            try:
                return await self._get(path, headers)
            except (ConnectionResetError, BrokenPipeError, asyncio.IncompleteReadError) as e:
                if isinstance(e, asyncio.IncompleteReadError) and e.partial:
                    raise  # an answer cut short, not a connection found closed
                Http.reopened += 1
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        return await self._get(path, headers)

    async def _get(self, path, headers):
        extra = "".join("%s: %s\r\n" % h for h in headers)
        self.writer.write(("GET %s HTTP/1.1\r\nHost: %s\r\n%s\r\n" % (path, self.host, extra)).encode())
        status, head = await read_head(self.reader)
        body = await self.reader.readexactly(int(head.get("content-length", "0")))
        return status, head, body


async def read_head(reader):
    raw = await reader.readuntil(b"\r\n\r\n")
    lines = raw.decode("latin-1").split("\r\n")
    head = {}
    for line in lines[1:]:
        k, _, v = line.partition(":")
        if k:
            head[k.strip().lower()] = v.strip()
    return int(lines[0].split()[1]), head


class Viewer:
    def __init__(self, number, board=None):
        self.number = number
        self.board = board  # a board full size, or None (the overview)
        self.frames = array.array("q")  # since, cursor, pairs
        self.times = array.array("d")
        self.token = None
        self.cursor = None
        self.gaps = self.token_changes = self.bytes = 0
        self.fetches = []  # s from the frame to the export's answer
        self.fetch_errors = 0
        self.first = asyncio.Event()

    async def follow(self, host, port, gate):
        async with gate:
            reader, writer = await asyncio.open_connection(host, port)
            writer.write(("GET /stream HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\n\r\n" % host).encode())
            status, head = await read_head(reader)
        if status != 200 or head.get("transfer-encoding") != "chunked":
            raise RuntimeError("/stream answered %d %s" % (status, head))
        exports = Http(host, port) if self.board else None
        mark = ('"board": "%s",' % self.board).encode() if self.board else None
        busy = []
        while True:
            n = int((await reader.readline()).split(b";")[0], 16)
            if n == 0:
                return
            chunk = await reader.readexactly(n + 2)
            now = time.time()
            self.bytes += n
            frames = FRAME.findall(chunk)  # one chunk may hold several: a newcomer's whole hall and its patch
            if not frames:
                continue  # retry:, keep-alive
            for frame in frames:
                self.take(frame, now)
            if mark and mark in chunk and not busy:
                busy.append(asyncio.ensure_future(self.fetch(exports, now, busy)))

    def take(self, frame, now):
        token, cursor, since = frame[0], int(frame[1]), None if frame[2] == b"null" else int(frame[2])
        if self.token is not None and token != self.token:
            self.token_changes += 1
        elif since is not None and since != self.cursor:
            self.gaps += 1  # a frame that does not follow the last: a gap (or one twice)
        self.token, self.cursor = token, cursor
        if since is not None:
            self.frames.extend((since, cursor))
            self.times.append(now)
        self.first.set()

    async def fetch(self, http, at, busy):
        try:
            status, head, body = await http.get("/export/%s.json" % self.board)
            json.loads(body)
            if status != 200:
                self.fetch_errors += 1
            self.fetches.append(time.time() - at)
        except (OSError, ValueError, asyncio.IncompleteReadError):
            self.fetch_errors += 1
            http.writer = None
        finally:
            busy.clear()

    def latencies(self, push, t0, t1, hist):
        """Adds the latency (ms) of every STRIDE-th event pushed in [t0, t1]
        to `hist`; returns how many."""
        n = 0
        f, times = self.frames, self.times
        for i, t in enumerate(times):
            since, cursor = f[2 * i], f[2 * i + 1]
            first = since + 1 + (self.number - since - 1) % STRIDE
            for c in range(first, cursor + 1, STRIDE):
                at = push.get(c)
                if at is not None and t0 <= at <= t1:
                    hist[int((t - at) * 1000)] += 1
                    n += 1
        return n


async def relay_site(host, port, every, answers, stopping):
    http = Http(host, port)
    tags = {}
    await asyncio.sleep(random.random() * every)
    while not stopping.is_set():
        try:
            status, head, body = await http.get("/relay/rounds.json")
            rounds = json.loads(body)
            current = rounds.get("current") or (rounds["rounds"][-1]["round"] if rounds["rounds"] else None)
            for name in RELAY_FILES if current else ():
                path = "/relay/%s/%s" % (current, name)
                started = time.time()
                status, head, body = await http.get(path, [("If-None-Match", tags[path])] if path in tags else [])
                answers.append((status, time.time() - started))
                if status == 200:
                    tags[path] = head.get("etag")
        except (OSError, ValueError, KeyError, asyncio.IncompleteReadError):
            answers.append((0, 0.0))
            http.writer = None
        try:
            await asyncio.wait_for(stopping.wait(), every)
        except asyncio.TimeoutError:
            pass


async def run(args):
    url = urlsplit(args.url)
    host, port = url.hostname, url.port
    rng = random.Random(args.index)
    viewers = [Viewer(args.index * 100000 + i, str(rng.randint(1, args.boards)) if rng.random() < args.board_share
                      else None) for i in range(args.viewers)]
    gate = asyncio.Semaphore(CONNECTING)
    tasks = [asyncio.ensure_future(v.follow(host, port, gate)) for v in viewers]
    stopping = asyncio.Event()
    answers = []
    relays = [asyncio.ensure_future(relay_site(host, port, args.relay_every, answers, stopping))
              for _ in range(args.relay_sites)]
    firsts = asyncio.gather(*(v.first.wait() for v in viewers))
    done, _ = await asyncio.wait([firsts] + tasks, return_when=asyncio.FIRST_COMPLETED)
    if firsts not in done:
        for t in done:
            t.result()  # a viewer that failed before its first frame says why
    print("connected %d %.3f" % (len(viewers), time.time()), flush=True)
    line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    stopping.set()
    _, t0, t1, pushlog = line.split()
    t0, t1 = float(t0), float(t1)
    push = {}
    with open(pushlog, encoding="ascii") as f:
        for line in f:
            c, t = line.split()
            push[int(c)] = float(t)
    last = max((c for c, t in push.items() if t <= t1), default=0)
    deadline = time.monotonic() + DRAIN_S  # a viewer that waited for a core may catch up: late, not lost
    while time.monotonic() < deadline and any((v.cursor or 0) < last for v in viewers):
        await asyncio.sleep(0.1)
    ended = sum(t.done() for t in tasks)
    for t in tasks + relays:
        t.cancel()
    return report(viewers, answers, t0, t1, push, last, ended)


def report(viewers, answers, t0, t1, push, last, ended):
    hist = collections.Counter()
    counted = sum(v.latencies(push, t0, t1, hist) for v in viewers)
    fetches = [x for v in viewers for x in v.fetches]
    return {"viewers": len(viewers), "board_viewers": sum(1 for v in viewers if v.board), "counted": counted,
            "hist": {str(k): n for k, n in hist.items()}, "frames": sum(len(v.times) for v in viewers),
            "bytes": sum(v.bytes for v in viewers), "gaps": sum(v.gaps for v in viewers),
            "token_changes": sum(v.token_changes for v in viewers),
            "behind": sum(1 for v in viewers if (v.cursor or 0) < last), "ended": ended,
            "fetch_ms": sorted(int(x * 1000) for x in fetches),
            "fetch_errors": sum(v.fetch_errors for v in viewers), "reopened": Http.reopened,
            "relay": collections.Counter(str(s) for s, _ in answers),
            "relay_ms": sorted(int(d * 1000) for s, d in answers if s)}


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m xqboard.hall.crowd", description=__doc__.split("\n\n")[0])
    ap.add_argument("url")
    ap.add_argument("--viewers", type=int, default=100)
    ap.add_argument("--boards", type=int, default=200, help="the hall's boards (board full size: one of 1..N)")
    ap.add_argument("--board-share", type=float, default=0.1, help="the share of viewers on one board full size")
    ap.add_argument("--relay-sites", type=int, default=0)
    ap.add_argument("--relay-every", type=float, default=5.0, help="s between two polls of a relay site")
    ap.add_argument("--index", type=int, default=0, help="this process's number (its viewers' names and boards)")
    args = ap.parse_args(argv)
    print(json.dumps(asyncio.run(run(args))), flush=True)


if __name__ == "__main__":
    main()
