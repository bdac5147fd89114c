"""Relay files for relay sites and any HTTP cache in front of the hall:
per round, every game of it in one file, at a stable URL.

  /relay/rounds.json              the rounds, their games and files' URLs; `current`:
                                  the round of the latest event (the live page's default tab)
  /relay/<round>/iccs.pgn         PGN, ICCS moves with [%clk] (record/pgn.py)
  /relay/<round>/chinese.pgn      the same in Chinese notation
  /relay/<round>/games.dhtmlxq    a DhtmlXQ block per game (hall/exports.py)

Each answer has a strong ETag (of its bytes), Last-Modified and
Cache-Control; a conditional request (If-None-Match, else
If-Modified-Since, RFC 9110 13.2.2) whose copy is current gets 304 with no
body, so a cache or a relay site polling every few seconds costs a header.
The files are built from the hub they are given: the public one (with a
broadcast delay, hall/delay.py, the delayed one), never the boards' topics.

Last-Modified has whole seconds, and two changes may fall in one: it is
the second after the round's last change once that second is over (no
later change can share it), and the change's own second until then;
If-Modified-Since answers 304 only from the second after, so a copy taken
in the middle of a busy second is never called current.
"""
import hashlib
import math
import threading
import time
from email.utils import formatdate, parsedate_to_datetime

from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from ..record.pgn import write_pgn
from . import exports
from .rounds import Rounds

MAX_AGE_S = 5  # a cache may serve a round's file this long without asking
PGN = "application/x-chess-pgn; charset=utf-8"
FILES = {  # name: (writer of one game's record, how games are joined, media type)
    "iccs.pgn": (lambda g: write_pgn(g, "ICCS"), "\n", PGN),
    "chinese.pgn": (lambda g: write_pgn(g, "Chinese"), "\n", PGN),
    "games.dhtmlxq": (exports.dhtmlxq, "\n\n", "text/plain; charset=utf-8"),
}


def round_text(views, name, write=None):
    """The relay file `name` (a key of FILES) of a round's games
    (`write(view)`: a game's text, the file's writer by default)."""
    writer, joiner, _ = FILES[name]
    write = write or (lambda v: writer(v.record))
    return joiner.join(write(v) for v in views) + ("\n" if views else "")


def last_modified(changed_s, now_s):
    """Whole seconds of Last-Modified for a change at `changed_s` (above)."""
    second = math.floor(changed_s)
    return second + 1 if now_s >= second + 1 else second


def not_modified(headers, etag, changed_s):
    """Whether a conditional request's copy is the current one."""
    match = headers.get("if-none-match")
    if match is not None:  # it outranks If-Modified-Since
        tags = [t.strip() for t in match.split(",")]
        return "*" in tags or etag in tags or ("W/" + etag) in tags
    since = headers.get("if-modified-since")
    if since is None:
        return False
    try:
        at = parsedate_to_datetime(since).timestamp()
    except (TypeError, ValueError, IndexError):
        return False  # a date it cannot read: the whole file
    return at >= math.floor(changed_s) + 1


def _listed(v):
    """A game's line of rounds.json."""
    return {"board": v.board, "device": v.game_key[0], "game": v.game_key[1], "red": v.info.get("red"),
            "black": v.info.get("black"), "plies": len(v.record.plies), "result": v.record.result}


class Relay:
    """The relay files of the games `hub` has taken (hub: hall/hub.py's Hub)."""

    def __init__(self, hub, clock=time.time):
        self.clock = clock
        self.rounds = Rounds(hub, clock)
        self.lock = threading.Lock()
        self.cache = {}  # (round, file): (the round's cursor, bytes, etag)
        self.pieces = {}  # (device, game, file): (its change count, its text): a round of 200 boards
        # rewrites only the games that changed (relay sites poll it while every board plays)

    def file(self, round_name, name):
        """(bytes, etag, host time s of the round's last change), or None if
        the hall has no such round."""
        changed = self.rounds.changed(round_name)
        if changed is None:
            return None
        cursor, at = changed
        with self.lock:
            kept = self.cache.get((round_name, name))
            if kept is None or kept[0] != cursor:
                body = round_text(self.rounds.games(round_name), name, lambda v: self._piece(v, name)).encode("utf-8")
                kept = self.cache[(round_name, name)] = (cursor, body, '"%s"' % hashlib.sha256(body).hexdigest()[:32])
        return kept[1], kept[2], at

    def _piece(self, view, name):
        key, count = view.game_key + (name,), self.rounds.change_of(view)
        kept = self.pieces.get(key)
        if kept is None or kept[0] != count:
            # (a game's view may be the hub's: read under its lock, Rounds.read)
            kept = self.pieces[key] = (count, self.rounds.read(view, lambda v: FILES[name][0](v.record)))
        return kept[1]

    def index(self):
        out = []
        for name in self.rounds.names():
            games = [self.rounds.read(v, _listed) for v in self.rounds.games(name)]
            out.append({"round": name, "games": games,
                        "files": {f: "/relay/%s/%s" % (name, f) for f in FILES}})
        return {"rounds": out, "current": self.rounds.current()}

    async def serve_index(self, request):
        return JSONResponse(self.index(), headers={"Cache-Control": "public, max-age=%d" % MAX_AGE_S})

    def serve_file(self, request):
        # (not async: Starlette runs it on a worker thread, so building a
        # round's file never holds up the event loop and its thousands of streams)
        round_name, name = request.path_params["round"], request.path_params["file"]
        if name not in FILES:
            return PlainTextResponse("relay files: %s" % ", ".join(FILES), status_code=404)
        got = self.file(round_name, name)
        if got is None:
            return PlainTextResponse("no round %s in this hall" % round_name, status_code=404)
        body, etag, at = got
        headers = {"ETag": etag, "Cache-Control": "public, max-age=%d" % MAX_AGE_S,
                   "Last-Modified": formatdate(last_modified(at, self.clock()), usegmt=True)}
        if not_modified(request.headers, etag, at):
            return Response(status_code=304, headers=headers)
        return Response(body, media_type=FILES[name][2], headers=headers)

    def routes(self):
        return [Route("/relay/rounds.json", self.serve_index),
                Route("/relay/{round}/{file}", self.serve_file)]

