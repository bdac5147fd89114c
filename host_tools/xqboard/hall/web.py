"""The hall's pages: the live page for spectators and the arbiter's page,
a Starlette app served by uvicorn (docs/HALL.md, "Pages").

    app = make_app(hub, arbiters)            # hub: hall/hub.py's Hub; arbiters: hall/arbiters.py
    uvicorn.run(app, host="127.0.0.1", port=8017)

Routes:
  /                      the live page (static/live.html): every board
  /stream                server-sent events: the boards that changed
  /feed                  server-sent events: every board event once, in order
  /api/boards            the same as one JSON document (a full snapshot)
  /export/<board>.pgn    the board's game, PGN with [%clk] (hall/exports.py)
  /export/<board>.dhtmlxq   the same in DhtmlXQ
  /export/<board>.json   the same ply by ply, for the page's game viewer
  /relay/...             per round, every game: PGN, Chinese PGN, DhtmlXQ (hall/relay.py)
  /rounds/..., /event/..., /standings   every round's games, the players, pairings and
                         standings of the tournament file (hall/eventpages.py)
  /arbiter               the arbiter's page, or its login form
  /arbiter/login         POST name=...&secret=...: opens a session, sets its cookie
  /arbiter/logout        POST: ends the session (its cookie is refused from then on)
  /arbiter/stream        server-sent events with the incidents (cookie)
  /arbiter/command       POST {device, words, req}: a keyed command to a board, down the broker (hall/desk.py)
  /arbiter/conflicts     the boards' results the event file differs from (hall/conflicts.py)
  /arbiter/conflict      POST {round, board, keep: board|file}: the arbiter settles one
  /arbiter/quarantine    the events that failed verification and the boards without a key (hall/quarantine.py)
  /arbiter/accept        POST {flag}: an unverified game (a board without a key) counts; {id}: refused, with why
  /arbiter/dismiss       POST {id}: a quarantine entry dismissed (kept on record, never counted)
  /arbiter/round         POST {round}: the round started through the running loggers
  /static/...            hall/static/ (static/eval/: the eval bar's engine, hall/evalbar.py)

All but the arbiter's read the public hub: with a broadcast delay
(hall/delay.py) the delayed one, else the arbiter's own.

A stream's events carry `id: <hub token>:<cursor>`; a browser that
reconnects sends it back as Last-Event-ID (EventSource does so by itself),
and the stream goes on from there: the boards changed since, the incidents
since, no gap. Another hub's token (the server restarted) gets everything.
After the first frame (the whole hall), a frame carries of each changed
board only what changed since the stream's last (hub.py's patch: its new
plies, its clocks, a note or result that changed), one board whole when
the stream could not hold it (new to it, or behind the hub's snapshots).

Run by hand: `python -m xqboard.hall.web --demo` feeds a Hub from master
games on a timer and serves it (the screenshots in docs/hall/ come so).
"""
import asyncio
import contextlib
import html
import json
import socket
import threading
import time
from pathlib import Path
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.responses import (FileResponse, HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response,
                                 StreamingResponse)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from . import conflicts, evalbar, exports
from .arbiters import ArbiterError, Arbiters, demo_arbiter
from ..tournament.eventzone import clock_text
from .eventpages import EventPages, EventZone
from .login import Sessions, Throttle
from .relay import Relay
from ..textsafe import visible

STATIC = Path(__file__).resolve().parent / "static"
COOKIE = "xq_arbiter"
ACT_WAIT_S = 30.0  # s an accept or a dismissal waits for the intake's thread (it runs between batches)
COOKIE_PATH = "/arbiter"  # the arbiter's routes, and only they, get the cookie
MAX_FORM = 4096  # bytes of a login form read
KEEP_ALIVE_S = 15.0  # a comment line this often keeps proxies from closing a quiet stream
RETRY_MS = 1000  # how soon a browser whose stream broke tries again
TICK_S = 0.25  # a stream is woken at most this often (Bell): the p99 budget of 1 s holds it 4 times


class Bell:
    """Wakes the app's streams when the hub takes an event. The hub calls
    ring() from whatever thread pushes; the streams wait on the loop.

    Thousands of streams (docs/HALL.md, "Thousands of viewers"): the bell
    rings at once after a quiet TICK_S, else at most once a TICK_S, so a
    hall taking 200 events a second wakes each stream a few times a second,
    not 200; and the streams woken by one ring share their frames
    (`shared`, emptied at each ring): viewers at the same cursor get the
    same bytes, built once while the hub stays where it was (its cursor
    is in the key: a viewer coming between two rings is never given a
    hall older than the hub's)."""

    def __init__(self, tick=None):
        self.tick = TICK_S if tick is None else tick
        self.loop = None
        self.event = asyncio.Event()
        self.shared = {}  # (stream kind, token, cursor, the hub's cursor) -> what take() returned
        self.pending = False  # a ring is scheduled on the loop
        self.last = -1e9  # loop time of the last ring

    def attach(self, loop):
        self.loop = loop
        self.event = asyncio.Event()  # one of this loop (a restarted server has another)
        self.pending = False

    def ring(self, cursor=None):
        # a ring already scheduled will find this event in the hub (pushed before this call): the loop is
        # not woken again (200 events a second: 200 writes to the loop's self-pipe, ~9% of a replica's samples)
        if self.pending:
            return
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._schedule)

    def _schedule(self):
        if not self.pending:
            self.pending = True
            self.loop.call_later(max(0.0, self.last + self.tick - self.loop.time()), self._ring)

    def _ring(self):
        self.pending, self.last = False, self.loop.time()
        self.shared = {}
        rung, self.event = self.event, asyncio.Event()
        rung.set()

    def current(self):
        """The event the next ring sets: take it before reading the hub,
        so that nothing pushed in between is missed."""
        return self.event

    def share(self, key, make):
        """make()'s value for `key`, built once per ring."""
        got = self.shared.get(key)
        if got is None:
            got = self.shared[key] = make()
        return got


MAX_ID = 64  # characters of a stream event id (a hub token of 8 and a cursor: far fewer)


class BadId(ValueError):
    """A Last-Event-ID or ?since= that is no id of a stream (400)."""


def parse_last_id(text):
    """(token, cursor) of a stream event id `token:cursor`; (None, None)
    for none. BadId for anything else: bounded before it is read (a
    5,000-digit cursor is no int to parse).

    >>> parse_last_id("ab12cd34:17"), parse_last_id(None)
    (('ab12cd34', 17), (None, None))
    >>> parse_last_id("9" * 5000)
    Traceback (most recent call last):
    ...
    xqboard.hall.web.BadId: an event id of 5000 characters (at most 64)
    """
    if not text:
        return None, None
    if len(text) > MAX_ID:
        raise BadId("an event id of %d characters (at most %d)" % (len(text), MAX_ID))
    token, colon, cursor = text.partition(":")
    if not (colon and token.replace("-", "").replace("_", "").isalnum() and token.isascii() and cursor.isdigit()
            and cursor.isascii()):
        raise BadId("%r is no event id (token:cursor)" % text)
    return token, int(cursor)


def sse_frame(view, incidents, since=None, zone=None):
    """One server-sent event of a hub View, as bytes (sent as they are to
    every stream at the same cursor). `since`: the cursor it follows (None
    for a whole hall), first in the data so that a client checks there is
    no gap without parsing the rest (hall/crowd.py). A View of patches
    (Hub.since) goes as it is: the page applies each to the board it holds
    (static/board.js, follow). The incidents' `clock`:
    their time in the event's zone (`zone`, hall/eventpages.py's EventZone), 24-hour."""
    data = {"since": None if view.full else since, "full": view.full, "boards": view.boards,
            "now": int(time.time() * 1000)}
    if incidents:
        tz = (zone or EventZone()).name()
        data["incidents"] = [dict(i, clock=clock_text(i["wall"] / 1000, tz)) for i in view.incidents]
    return ("id: %s:%d\nevent: update\ndata: %s\n\n" % (view.token, view.cursor, json.dumps(
        data, ensure_ascii=False))).encode("utf-8")


def feed_frames(token, rows):
    """The server-sent events of Hub.events_since's rows: one per board
    event, its id `token:cursor`, its data the event's key and line."""
    return "".join("id: %s:%d\nevent: board-event\ndata: %s\n\n" % (
        token, cursor, json.dumps({"board": board, "device": device, "game": game, "seq": seq, "line": line},
                                  ensure_ascii=False))
        for cursor, board, device, game, seq, line in rows).encode("utf-8")


def steps_json(record):
    """exports.steps as the JSON bytes served (the hub keeps them until the
    board changes: Hub.written)."""
    return json.dumps(exports.steps(record), ensure_ascii=False).encode("utf-8")


def login_page(message=None, status_code=401, headers=None):
    """The login form, with why the last try was refused."""
    text = (STATIC / "login.html").read_text(encoding="utf-8")
    if message:
        text = text.replace("<!-- refused -->", '<p id="refused" role="alert">%s</p>' % html.escape(message))
    return HTMLResponse(text, status_code=status_code, headers=headers)


class Pages:
    """The handlers, over one hub and the arbiters' accounts."""

    def __init__(self, hub, arbiters, public=None, throttle=None, sessions=None, desk=None, tournament=None,
                 round_starter=None, quarantine=None, zone=None):
        if arbiters is not None and not isinstance(arbiters, Arbiters):
            raise TypeError("the arbiters: an Arbiters of hall/arbiters.py (an account each), not %r" % (arbiters,))
        self.hub = hub
        self.desk = desk  # hall/desk.py's Desk: the arbiter's commands down the broker (None: read-only)
        self.tournament = tournament  # the event file (conflicts)
        self.zone = zone or EventZone(tournament)  # its time zone: the clock of the times shown
        self.round_starter = round_starter  # hall/deskround.py's DeskRound: .start(round, by), .clocks(round, by)
        self.quarantine = quarantine  # hall/quarantine.py's Quarantine over the store (None: a hall without one)
        self.public = hub if public is None else public  # what spectators see (hall/delay.py)
        self.arbiters = arbiters
        self.throttle = throttle or Throttle()
        self.sessions = sessions or Sessions()
        self.bell = Bell()
        self.streams = {False: {}, True: {}}  # the live streams, the arbiter's: {stream: (token, cursor)}
        self.closed = False  # set when the server stops: the streams end
        self.stop_listening = None

    def arbiter_of(self, request):
        """The name of the arbiter logged in on this request, or None: what
        the desk's commands carry as by=<name> (arbiters.by_arbiter)."""
        name = self.sessions.check(request.cookies.get(COOKIE))
        if name is None or not self.accounts():
            return None
        return name if name in self.arbiters.accounts else None  # an account removed: its sessions end

    def accounts(self):
        """The arbiters, as their file says now (an account added or
        removed while the hall runs counts at once)."""
        if self.arbiters is not None:
            try:
                self.arbiters.refresh()
            except ArbiterError:
                pass  # a file being rewritten: the accounts read before stand
        return self.arbiters

    def is_arbiter(self, request):
        return self.arbiter_of(request) is not None

    def arbiter_name(self, request):
        """The arbiter's name for `by=`: the account logged in (arbiter_of)."""
        return self.arbiter_of(request) or "?"

    async def command(self, request):
        """A keyed command for one board, from the desk: sent down the
        broker (Desk.send); answers when the board did, or said nothing
        within the desk's patience. The same `req` again is the same
        command (a retry), never a second run."""
        if not self.is_arbiter(request):
            return PlainTextResponse("an arbiter's login is needed", status_code=401)
        if self.desk is None:
            return PlainTextResponse("this hall has no broker to send commands down", status_code=503)
        try:
            d = json.loads((await request.body())[:4096])
            device, words, req = d["device"], d["words"], d.get("req")
            if not (isinstance(device, str) and isinstance(words, list) and words
                    and all(isinstance(w, str) and w and " " not in w for w in words)
                    and (req is None or (isinstance(req, str) and 0 < len(req) <= 40 and req.isascii()
                                         and req.replace("-", "").isalnum()))):
                raise ValueError("want {device, words: [...], req}")
        except (ValueError, KeyError, TypeError) as e:
            return PlainTextResponse("bad command: %s" % e, status_code=400)
        p = await self.desk_call(device, words, self.arbiter_name(request), req and "desk-" + req)
        return JSONResponse({"req": p.req, "cid": p.cid, "reply": p.reply, "ok": p.reply[:1] == ["ok"]})

    async def desk_call(self, device, words, by, req=None):
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        self.desk.send(device, words, by, req=req,
                       on_done=lambda p: loop.call_soon_threadsafe(lambda: done.done() or done.set_result(p)))
        return await done

    async def conflicts(self, request):
        if not self.is_arbiter(request):
            return PlainTextResponse("an arbiter's login is needed", status_code=401)
        if not self.tournament:
            return JSONResponse({"conflicts": [], "tournament": None})
        boards = self.hub.since(None).boards
        found = await asyncio.get_running_loop().run_in_executor(None, conflicts.conflicts, boards, self.tournament)
        return JSONResponse({"conflicts": found, "tournament": str(self.tournament)})

    async def quarantined(self, request):
        """What failed verification and the boards without a key, newest
        first (the arbiter's alone: a forger's texts, escaped)."""
        if not self.is_arbiter(request):
            return PlainTextResponse("an arbiter's login is needed", status_code=401)
        if self.quarantine is None:
            return JSONResponse({"quarantined": [], "unverified": [], "counts": None})
        found = await asyncio.get_running_loop().run_in_executor(None, self.quarantine.listing)
        for row in found["quarantined"] + found["unverified"]:
            row["clock"] = self.zone.clock(row["at"])  # the event's zone, 24-hour
            done = row.get("dismissed") or row.get("accepted")
            if done:
                done["clock"] = self.zone.clock(done["at"])
        return JSONResponse(found, headers={"Cache-Control": "no-store"})

    async def accept(self, request):
        return await self.quarantine_act(request, "accept")

    async def dismiss(self, request):
        return await self.quarantine_act(request, "dismiss")

    async def quarantine_act(self, request, what):
        """The arbiter's act on the quarantine list (Quarantine.act), run
        on the intake's thread; answers once it ran, with the arbiter's
        name recorded."""
        if not self.is_arbiter(request):
            return PlainTextResponse("an arbiter's login is needed", status_code=401)
        if self.quarantine is None or self.quarantine.intake is None:
            return PlainTextResponse("this hall's store is not taken in here: nothing to accept or dismiss",
                                     status_code=503)
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        try:
            d = json.loads((await request.body())[:1024])
            if not isinstance(d, dict):
                raise ValueError("want a JSON object")
            self.quarantine.act(what, d, self.arbiter_name(request),
                                lambda a: loop.call_soon_threadsafe(lambda: done.done() or done.set_result(a)))
        except (ValueError, KeyError, TypeError) as e:
            return PlainTextResponse("bad request: %s" % e, status_code=400)
        try:
            answer = await asyncio.wait_for(done, ACT_WAIT_S)
        except asyncio.TimeoutError:
            return PlainTextResponse("the hall's intake did not answer: try again", status_code=503)
        # (its words name a board: a forger's choice, bidi controls escaped like the list's)
        answer = {k: [visible(w) for w in v] if k == "reply" else visible(v) for k, v in answer.items()}
        return JSONResponse(answer, status_code=200 if answer["ok"] else 409)

    async def settle(self, request):
        """Settles one conflict: `keep: board` writes the board's result
        into the event file; `keep: file` sends the board the overrule
        that gives it the file's (recorded with the arbiter's name)."""
        if not self.is_arbiter(request):
            return PlainTextResponse("an arbiter's login is needed", status_code=401)
        try:
            d = json.loads((await request.body())[:1024])
            rnd, board, keep = int(d["round"]), int(d["board"]), d["keep"]
        except (ValueError, KeyError, TypeError) as e:
            return PlainTextResponse("bad request: %s" % e, status_code=400)
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(None, conflicts.conflicts, self.hub.since(None).boards, self.tournament)
        c = next((c for c in found if (c["round"], c["board"]) == (rnd, board)), None)
        if c is None:
            return JSONResponse({"ok": False, "reply": ["no", "conflict", "there", "now"]})
        by = self.arbiter_name(request)
        if keep == "board":
            await loop.run_in_executor(None, conflicts.take_boards, c, self.tournament, by)
            if self.desk is not None:
                self.desk.note(by, c["device"], c["game"], "file: round %d board %d := %s (the board's)" % (
                    rnd, board, c["board_result"]), "ok")
            return JSONResponse({"ok": True, "reply": ["ok"]})
        if self.desk is None:
            return PlainTextResponse("this hall has no broker to send commands down", status_code=503)
        p = await self.desk_call(c["device"], conflicts.keep_files_words(c), by)
        return JSONResponse({"ok": p.reply[:1] == ["ok"], "reply": p.reply})

    async def start_round(self, request):
        if not self.is_arbiter(request):
            return PlainTextResponse("an arbiter's login is needed", status_code=401)
        if self.round_starter is None:
            return PlainTextResponse("this hall starts no rounds (no event file or no broker)", status_code=503)
        try:
            d = json.loads((await request.body())[:256])
            rnd = int(d["round"])
        except (ValueError, KeyError, TypeError) as e:
            return PlainTextResponse("bad request: %s" % e, status_code=400)
        by = self.arbiter_name(request)
        act = self.round_starter.clocks if d.get("clocks") else self.round_starter.start
        out = await asyncio.get_running_loop().run_in_executor(None, act, rnd, by)
        return JSONResponse(out)

    async def live(self, request):
        return FileResponse(STATIC / "live.html", headers=evalbar.ISOLATED)

    async def boards(self, request):
        view = self.public.since(None)
        return JSONResponse({"cursor": "%s:%d" % (view.token, view.cursor), "boards": view.boards})

    async def stream(self, request):
        return self.sse(request, incidents=False)

    async def feed(self, request):
        """Every board event once, in the order the hall took them: for
        relay sites and tools that follow the moves themselves (and the
        benchmark's client). Resumes after Last-Event-ID like /stream."""
        def make(token, cursor):
            got, rows = self.public.events_since(cursor, token)
            if got != token:
                cursor = 0  # none yet, or another Hub's (the server restarted): from its first event
            if not rows:
                return b"", got, cursor, False
            return feed_frames(got, rows), got, rows[-1][0], True  # (more may wait past the limit)

        return self.event_stream(request, lambda token, cursor: self.bell.share(
            ("feed", token, cursor, self.public.cursor), lambda: make(token, cursor)))

    async def arbiter_stream(self, request):
        if not self.is_arbiter(request):
            return PlainTextResponse("an arbiter's login is needed", status_code=401)
        return self.sse(request, incidents=True)

    def attach(self):
        """Ties the bell to the running loop and the hub, once per loop: at
        start-up, or at the first stream when the server runs the app with
        lifespan="off"."""
        loop = asyncio.get_running_loop()
        if self.bell.loop is not loop:
            self.bell.attach(loop)
            self.closed = False
        if self.stop_listening is None:
            stops = [h.listen(self.bell.ring) for h in {id(self.hub): self.hub, id(self.public): self.public}.values()]
            self.stop_listening = lambda: [stop() for stop in stops]

    def detach(self):
        if self.stop_listening is not None:
            self.stop_listening()
            self.stop_listening = None

    def sse(self, request, incidents):
        hub = self.hub if incidents else self.public  # the arbiter's stream is never delayed
        links_sent = [0]  # (a hall without links, the embedded one, sends none)
        streams = self.streams[incidents]  # every open stream of this kind: where it is
        me = object()

        def make(token, cursor):
            view = hub.since(cursor, token, patches=True)  # what changed on each board, not its whole state
            return self.frame_of(view, incidents, cursor)

        def take(token, cursor):
            # the boards' frame is shared by the streams at the same cursor: those woken by one ring get
            # theirs from one reading of the hub (ring_frames); one that came between rings (a new viewer)
            # its own, shared while the hub stays where it was; the links go by each stream's own
            got = self.bell.share(("ring", incidents), lambda: self.ring_frames(hub, incidents, streams.values()))
            frames = got.get((token, cursor))
            if frames is None:
                frames = self.newcomer_frames(hub, incidents, token, cursor, make)
            frames, token, cursor, more = frames
            streams[me] = (token, cursor)
            return frames + self.links_frame(links_sent), token, cursor, more

        return self.event_stream(request, take, ended=lambda: streams.pop(me, None))

    def frame_of(self, view, incidents, cursor):
        """take()'s (frame, token, cursor, more) of a View of the hub after `cursor`."""
        changed = view.full or view.boards or (incidents and view.incidents)
        return (sse_frame(view, incidents, cursor, self.zone) if changed else b""), view.token, view.cursor, False

    def newcomer_frames(self, hub, incidents, token, cursor, make):
        """take()'s answer for a stream the ring did not read for (a viewer
        that came since, or one back with its last id). The whole hall (no
        cursor, or another hub's) is read once per ring and shared by every
        viewer that comes before the next, each then brought up to the hub
        by the patch from the whole's cursor (shared by those at the same
        hub's cursor): a hall taking 200 events a second moves its cursor
        every 5 ms, and a whole hall per hub's cursor was one per viewer
        (200 boards late in their games: 440 kB and 27 ms; 5,000 viewers on
        the hall's own server took 183 s to connect, docs/HALL.md,
        "Thousands of viewers")."""
        if not hub.gives_whole(cursor, token):
            return self.bell.share((incidents, token, cursor, hub.cursor), lambda: make(token, cursor))
        whole, token, cursor, _ = self.bell.share(("whole", incidents), lambda: make(None, None))
        rest, token, cursor, more = self.bell.share((incidents, token, cursor, hub.cursor),
                                                    lambda: make(token, cursor))
        return whole + rest, token, cursor, more

    def ring_frames(self, hub, incidents, where):
        """{(token, cursor): take()'s answer} for the streams at `where`
        (their (token, cursor)s), read from the hub at one instant (Hub.since_each):
        built once per ring, so that they all go on from one cursor. Were each
        to read the hub as it came, every batch of events taken while the
        ring's streams are served would split them into another cursor, and the
        next ring would build a frame for each (thousands of viewers: hundreds
        of frames a ring)."""
        views = hub.since_each([w for w in where if w[1] is not None], patches=True)
        return {at: self.frame_of(view, incidents, at[1]) for at, view in views.items()}

    def links_frame(self, sent):
        """The boards' links (Hub.links: state, not history, the arbiter's
        hub's whatever the delay) when they changed since this stream
        last sent them (sent[0]); "" else."""
        version, links = self.hub.links()
        if version == sent[0]:
            return b""
        sent[0] = version
        return self.bell.share(("links", version), lambda: ("event: links\ndata: %s\n\n" % json.dumps(
            {"links": links, "now": int(time.time() * 1000)}, ensure_ascii=False)).encode("utf-8"))

    def event_stream(self, request, take, ended=None):
        """A text/event-stream from where the client left off (Last-Event-ID,
        or ?since=): `take(token, cursor)` returns (frames, token, cursor,
        more) each time the hub rings; a keep-alive comment between;
        ended() when the stream ends."""
        try:
            token, cursor = parse_last_id(request.headers.get("last-event-id") or request.query_params.get("since"))
        except BadId as e:
            return PlainTextResponse(str(e), status_code=400)
        self.attach()

        async def events():
            nonlocal token, cursor
            try:
                yield b"retry: %d\n\n" % RETRY_MS
                while not self.closed:
                    rung = self.bell.current()
                    frames, token, cursor, more = take(token, cursor)
                    if frames:
                        yield frames
                    if more:
                        continue
                    try:
                        await asyncio.wait_for(rung.wait(), KEEP_ALIVE_S)
                    except asyncio.TimeoutError:
                        yield b": keep-alive\n\n"
            finally:
                if ended is not None:
                    ended()

        return StreamingResponse(events(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    async def export(self, request):
        board, fmt = request.path_params["board"], request.path_params["fmt"]
        writer = {"pgn": exports.pgn, "dhtmlxq": exports.dhtmlxq, "json": steps_json}.get(fmt)
        if writer is None:
            return PlainTextResponse("exports: .pgn, .dhtmlxq or .json", status_code=404)
        try:
            text = self.public.written(board, writer)
        except KeyError:
            return PlainTextResponse("no board %s in this hall" % board, status_code=404)
        if fmt == "json":
            return Response(text, media_type="application/json")
        media = "application/x-chess-pgn; charset=utf-8" if fmt == "pgn" else "text/plain"
        return PlainTextResponse(text, media_type=media)

    async def arbiter(self, request):
        name = self.arbiter_of(request)
        if name is None:
            return login_page()
        text = (STATIC / "arbiter.html").read_text(encoding="utf-8")
        return HTMLResponse(text.replace("<!-- who -->", html.escape(name)), headers={"Cache-Control": "no-store"})

    async def login(self, request):
        """A name and a secret in, a session's cookie out. Each address
        may fail a few times, then waits longer at each failure
        (hall/login.py); a try inside the wait is refused unchecked."""
        if not self.accounts():
            return login_page("this hall has no arbiter accounts: the page stays shut", 403)
        address = request.client.host if request.client else "?"
        wait = self.throttle.attempt(address)
        if wait:
            return login_page("too many failed logins from %s: try again in %d s" % (address, int(wait) + 1), 429,
                              {"Retry-After": str(int(wait) + 1)})
        form = parse_qs((await request.body())[:MAX_FORM].decode("utf-8", "replace"))
        name, secret = ((form.get(k) or [""])[0] for k in ("name", "secret"))
        if not await run_in_threadpool(self.arbiters.check, name, secret):  # scrypt: off the loop
            return login_page("wrong name or secret")
        self.throttle.passed(address)
        cookie = self.sessions.open(name)
        response = RedirectResponse("/arbiter", status_code=303)
        response.set_cookie(COOKIE, cookie, max_age=self.sessions.expiry(cookie), path=COOKIE_PATH, httponly=True,
                            samesite="strict", secure=request.url.scheme == "https")
        return response

    async def logout(self, request):
        self.sessions.close(request.cookies.get(COOKIE))  # server-side: a copy of the cookie is refused too
        response = RedirectResponse("/arbiter", status_code=303)
        response.delete_cookie(COOKIE, path=COOKIE_PATH, httponly=True, samesite="strict",
                               secure=request.url.scheme == "https")
        return response

    def close(self):
        """Ends the streams (from any thread), so that the server can stop
        at once; their browsers come back, with their last id, to the next."""
        self.closed = True
        self.bell.ring()

    @contextlib.asynccontextmanager
    async def lifespan(self, app):
        self.attach()
        try:
            yield
        finally:
            self.detach()


def make_app(hub, arbiters=None, public=None, tournament=None, throttle=None, sessions=None, desk=None,
             round_starter=None, quarantine=None, published=None):
    """The Starlette app of the hall's pages over `hub`; the arbiter's page
    opens to the accounts of `arbiters` (hall/arbiters.py; None or none:
    the arbiter's page stays shut). `public`: the hub spectators see (a
    Delay's), if not `hub` itself. `tournament`: the event file whose
    players, pairings and standings the pages show (hall/eventpages.py)
    and whose results the desk's conflicts list compares. `throttle`,
    `sessions`: hall/login.py's, if not new ones (tests give theirs a
    clock). `desk`: the Desk that sends the arbiter's commands down the
    broker (hall/desk.py); `round_starter`: a DeskRound, rounds through
    the running loggers (hall/deskround.py); `quarantine`: the store's
    Quarantine (hall/quarantine.py), listed on the desk. `published`: a
    replica's lists of the primary (hall/replica.py), served in place of a
    file's. Every time shown is in the event's zone (hall/eventpages.py's EventZone)."""
    zone = EventZone(tournament)
    pages = Pages(hub, arbiters, public, throttle, sessions, desk=desk, tournament=tournament,
                  round_starter=round_starter, quarantine=quarantine, zone=zone)
    relay = Relay(pages.public)
    routes = [
        Route("/", pages.live),
        Route("/api/boards", pages.boards),
        Route("/stream", pages.stream),
        Route("/feed", pages.feed),
        Route("/export/{board}.{fmt}", pages.export),
        Route("/arbiter", pages.arbiter),
        Route("/arbiter/login", pages.login, methods=["POST"]),
        Route("/arbiter/logout", pages.logout, methods=["POST"]),
        Route("/arbiter/stream", pages.arbiter_stream),
        Route("/arbiter/command", pages.command, methods=["POST"]),
        Route("/arbiter/conflicts", pages.conflicts),
        Route("/arbiter/conflict", pages.settle, methods=["POST"]),
        Route("/arbiter/round", pages.start_round, methods=["POST"]),
        Route("/arbiter/quarantine", pages.quarantined),
        Route("/arbiter/accept", pages.accept, methods=["POST"]),
        Route("/arbiter/dismiss", pages.dismiss, methods=["POST"]),
        *relay.routes(),
        *EventPages(relay.rounds, tournament, zone, published).routes(),
        evalbar.mount(),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=pages.lifespan)
    app.state.close_streams = pages.close
    app.state.pages = pages  # the desk's routes: pages.arbiter_of(request)
    return app


class Serving:
    """uvicorn serving `app` on a loopback port (0: a free one) in a thread
    of this process, for tests and the demo: `with Serving(app) as url:`.
    `tls`: (certificate file, key file): served over HTTPS (the arbiter's
    cookie then goes Secure). `grace`: the seconds uvicorn waits for open
    connections when it stops (the app closes its streams first)."""

    def __init__(self, app, port=0, host="127.0.0.1", lifespan="on", tls=None, grace=1):
        import uvicorn
        self.app = app
        self.scheme = "https" if tls else "http"
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # the same port again at once
        self.sock.bind((host, port))
        self.host, self.port = self.sock.getsockname()[:2]
        certfile, keyfile = tls or (None, None)
        config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=grace,
                                lifespan=lifespan, ssl_certfile=certfile, ssl_keyfile=keyfile)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    @property
    def url(self):
        return "%s://%s:%d" % (self.scheme, self.host, self.port)

    def __enter__(self):
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("uvicorn did not start on %s" % self.url)
            time.sleep(0.02)
        return self.url

    def __exit__(self, *exc):
        close_streams = getattr(self.app.state, "close_streams", None)
        if close_streams is not None:
            close_streams()
        self.server.should_exit = True
        self.thread.join(10)
        self.sock.close()


def main(argv=None):
    """`python -m xqboard.hall.web --demo`: a hall of master games, live."""
    import argparse
    from .hub import Hub
    from .masters import hall_lines, play
    ap = argparse.ArgumentParser(prog="python -m xqboard.hall.web", description=main.__doc__)
    ap.add_argument("--demo", action="store_true", help="feed the hall from master games on a timer")
    ap.add_argument("--boards", type=int, default=8)
    ap.add_argument("--speed", type=float, default=1.0, help="board time per wall time")
    ap.add_argument("--port", type=int, default=8017)
    args = ap.parse_args(argv)
    if not args.demo:
        ap.error("only --demo runs alone; `xqboard broadcast` serves a real hall")
    hub, stop = Hub(), threading.Event()
    feeder = threading.Thread(target=play, args=(hub, hall_lines(args.boards), stop, args.speed), daemon=True)
    name, secret = demo_arbiter()
    with Serving(make_app(hub, Arbiters.of({name: secret})), args.port) as url:
        print("hall demo: %s (arbiter: %s/arbiter, %s / %r); Ctrl-C stops" % (url, url, name, secret), flush=True)
        feeder.start()
        try:
            while feeder.is_alive():
                feeder.join(0.5)
            while True:
                time.sleep(1)
        except KeyboardInterrupt:
            stop.set()


if __name__ == "__main__":
    main()
