"""The hall's pages: the live page for spectators and the arbiter's page,
a Starlette app served by uvicorn (docs/HALL.md, "Pages").

    app = make_app(hub, arbiter_secret)      # hub: hall/hub.py's Hub
    uvicorn.run(app, host="127.0.0.1", port=8017)

Routes:
  /                      the live page (static/live.html): every board
  /stream                server-sent events: the boards that changed
  /feed                  server-sent events: every board event once, in order
  /api/boards            the same as one JSON document (a full snapshot)
  /export/<board>.pgn    the board's game, PGN with [%clk] (hall/exports.py)
  /export/<board>.dhtmlxq   the same in DhtmlXQ
  /arbiter               the arbiter's page, or its login form
  /arbiter/login         POST secret=...: sets the arbiter's cookie
  /arbiter/stream        server-sent events with the incidents (cookie)
  /static/...            hall/static/

A stream's events carry `id: <hub token>:<cursor>`; a browser that
reconnects sends it back as Last-Event-ID (EventSource does so by itself),
and the stream goes on from there: the boards changed since, the incidents
since, no gap. Another hub's token (the server restarted) gets everything.

Run by hand: `python -m xqboard.hall.web --demo` feeds a Hub from master
games on a timer and serves it (the screenshots in docs/hall/ come so).
"""
import asyncio
import contextlib
import hashlib
import hmac
import json
import socket
import threading
import time
from pathlib import Path
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, RedirectResponse, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from . import exports

STATIC = Path(__file__).resolve().parent / "static"
COOKIE = "xq_arbiter"
KEEP_ALIVE_S = 15.0  # a comment line this often keeps proxies from closing a quiet stream
RETRY_MS = 1000  # how soon a browser whose stream broke tries again


class Bell:
    """Wakes the app's streams when the hub takes an event. The hub calls
    ring() from whatever thread pushes; the streams wait on the loop."""

    def __init__(self):
        self.loop = None
        self.event = asyncio.Event()

    def attach(self, loop):
        self.loop = loop
        self.event = asyncio.Event()  # one of this loop (a restarted server has another)

    def ring(self, cursor=None):
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._ring)

    def _ring(self):
        rung, self.event = self.event, asyncio.Event()
        rung.set()

    def current(self):
        """The event the next ring sets: take it before reading the hub,
        so that nothing pushed in between is missed."""
        return self.event


def parse_last_id(text):
    """(token, cursor) of a stream event id `token:cursor`; (None, None)."""
    token, _, cursor = (text or "").partition(":")
    return (token, int(cursor)) if cursor.isdigit() else (None, None)


def sse_frame(view, incidents):
    """One server-sent event of a hub View."""
    data = {"full": view.full, "boards": view.boards, "now": int(time.time() * 1000)}
    if incidents:
        data["incidents"] = view.incidents
    return "id: %s:%d\nevent: update\ndata: %s\n\n" % (view.token, view.cursor, json.dumps(data, ensure_ascii=False))


def feed_frames(token, rows):
    """The server-sent events of Hub.events_since's rows: one per board
    event, its id `token:cursor`, its data the event's key and line."""
    return "".join("id: %s:%d\nevent: board-event\ndata: %s\n\n" % (
        token, cursor, json.dumps({"board": board, "device": device, "game": game, "seq": seq, "line": line},
                                  ensure_ascii=False))
        for cursor, board, device, game, seq, line in rows)


def arbiter_token(secret):
    """The cookie's value for the arbiter's secret (not the secret itself)."""
    return hmac.new(secret.encode("utf-8"), b"xqboard hall arbiter", hashlib.sha256).hexdigest()


class Pages:
    """The handlers, over one hub and the arbiter's secret."""

    def __init__(self, hub, arbiter_secret):
        self.hub = hub
        self.token = arbiter_token(arbiter_secret) if arbiter_secret else None
        self.bell = Bell()
        self.closed = False  # set when the server stops: the streams end
        self.stop_listening = None

    def is_arbiter(self, request):
        got = request.cookies.get(COOKIE, "").encode("utf-8")  # bytes: any cookie compares
        return self.token is not None and hmac.compare_digest(got, self.token.encode("ascii"))

    async def live(self, request):
        return FileResponse(STATIC / "live.html")

    async def boards(self, request):
        view = self.hub.since(None)
        return JSONResponse({"cursor": "%s:%d" % (view.token, view.cursor), "boards": view.boards})

    async def stream(self, request):
        return self.sse(request, incidents=False)

    async def feed(self, request):
        """Every board event once, in the order the hall took them: for
        relay sites and tools that follow the moves themselves (and the
        benchmark's client). Resumes after Last-Event-ID like /stream."""
        def take(token, cursor):
            got, rows = self.hub.events_since(cursor, token)
            if got != token:
                cursor = 0  # none yet, or another Hub's (the server restarted): from its first event
            if not rows:
                return "", got, cursor, False
            return feed_frames(got, rows), got, rows[-1][0], True  # (more may wait past the limit)

        return self.event_stream(request, take)

    async def arbiter_stream(self, request):
        if not self.is_arbiter(request):
            return PlainTextResponse("the arbiter's secret is needed", status_code=401)
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
            self.stop_listening = self.hub.listen(self.bell.ring)

    def detach(self):
        if self.stop_listening is not None:
            self.stop_listening()
            self.stop_listening = None

    def sse(self, request, incidents):
        def take(token, cursor):
            view = self.hub.since(cursor, token)
            changed = view.full or view.boards or (incidents and view.incidents)
            return (sse_frame(view, incidents) if changed else ""), view.token, view.cursor, False

        return self.event_stream(request, take)

    def event_stream(self, request, take):
        """A text/event-stream from where the client left off (Last-Event-ID,
        or ?since=): `take(token, cursor)` returns (frames, token, cursor,
        more) each time the hub rings; a keep-alive comment between."""
        self.attach()
        token, cursor = parse_last_id(request.headers.get("last-event-id") or request.query_params.get("since"))

        async def events():
            nonlocal token, cursor
            yield "retry: %d\n\n" % RETRY_MS
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
                    yield ": keep-alive\n\n"

        return StreamingResponse(events(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    async def export(self, request):
        board, fmt = request.path_params["board"], request.path_params["fmt"]
        writer = {"pgn": exports.pgn, "dhtmlxq": exports.dhtmlxq}.get(fmt)
        if writer is None:
            return PlainTextResponse("exports: .pgn or .dhtmlxq", status_code=404)
        try:
            text = self.hub.written(board, writer)
        except KeyError:
            return PlainTextResponse("no board %s in this hall" % board, status_code=404)
        media = "application/x-chess-pgn; charset=utf-8" if fmt == "pgn" else "text/plain"
        return PlainTextResponse(text, media_type=media)

    async def arbiter(self, request):
        if self.is_arbiter(request):
            return FileResponse(STATIC / "arbiter.html")
        return FileResponse(STATIC / "login.html", status_code=401)

    async def login(self, request):
        form = parse_qs((await request.body()).decode("utf-8", "replace"))
        secret = (form.get("secret") or [""])[0]
        if self.token is None or not hmac.compare_digest(arbiter_token(secret).encode("ascii"),
                                                         self.token.encode("ascii")):
            return FileResponse(STATIC / "login.html", status_code=401)
        response = RedirectResponse("/arbiter", status_code=303)
        response.set_cookie(COOKIE, self.token, httponly=True, samesite="strict")
        return response

    async def logout(self, request):
        response = RedirectResponse("/arbiter", status_code=303)
        response.delete_cookie(COOKIE)
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


def make_app(hub, arbiter_secret):
    """The Starlette app of the hall's pages over `hub`; the arbiter's page
    opens with `arbiter_secret` (not the boards' HMAC key; None or '':
    the arbiter's page stays shut)."""
    pages = Pages(hub, arbiter_secret)
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
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=pages.lifespan)
    app.state.close_streams = pages.close
    return app


class Serving:
    """uvicorn serving `app` on a loopback port (0: a free one) in a thread
    of this process, for tests and the demo: `with Serving(app) as url:`."""

    def __init__(self, app, port=0, host="127.0.0.1", lifespan="on"):
        import uvicorn
        self.app = app
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # the same port again at once
        self.sock.bind((host, port))
        self.host, self.port = self.sock.getsockname()[:2]
        config = uvicorn.Config(app, log_level="warning", timeout_graceful_shutdown=1,
                                lifespan=lifespan)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    @property
    def url(self):
        return "http://%s:%d" % (self.host, self.port)

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
    ap.add_argument("--arbiter-secret", default="arbiter", help="the arbiter page's login secret")
    args = ap.parse_args(argv)
    if not args.demo:
        ap.error("only --demo runs alone; `xqboard broadcast` serves a real hall")
    hub, stop = Hub(), threading.Event()
    feeder = threading.Thread(target=play, args=(hub, hall_lines(args.boards), stop, args.speed), daemon=True)
    with Serving(make_app(hub, args.arbiter_secret), args.port) as url:
        print("hall demo: %s (arbiter: %s/arbiter, secret %r); Ctrl-C stops" % (url, url, args.arbiter_secret),
              flush=True)
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
