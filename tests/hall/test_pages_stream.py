"""The pages' event streams over plain HTTP (no browser): a late viewer,
a viewer coming back with its last id, an event pushed while a stream
waits, under uvicorn with the app's lifespan on or off, and the streams
ended when the server stops."""
import json
import threading
import time
import urllib.request
from types import SimpleNamespace

import pytest

from xqboard.hall import masters
from xqboard.hall.hub import Hub
from xqboard.hall.arbiters import Arbiters
from xqboard.hall.web import KEEP_ALIVE_S, Serving, make_app

from .test_hub import applied as applied_view


def read_event(response):
    """The next server-sent event of a stream: {'id':..., 'data': {...}}
    (None when the stream ends)."""
    out = {}
    while True:
        raw = response.readline()
        if not raw:
            return None
        line = raw.decode("utf-8").rstrip("\n")
        if not line and "data" in out:
            return out
        if line.startswith("id: "):
            out["id"] = line[4:]
        elif line.startswith("data: "):
            out["data"] = json.loads(line[6:])


def board_lines(n, plies):
    game = masters.master_games()[n]
    return [line for _, line in masters.game_lines(game, str(n), masters.think_of(n), plies=plies)]


def fed_hub(boards=3, plies=6):
    hub = Hub()
    for n in range(1, boards + 1):
        for seq, line in enumerate(board_lines(n, plies), 1):
            hub.push(str(n), "d%d" % n, 1, seq, line)
    return hub


def open_stream(url, path="/stream", last_id=None):
    headers = {"Last-Event-ID": last_id} if last_id else {}
    return urllib.request.urlopen(urllib.request.Request(url + path, headers=headers), timeout=30)


def test_a_late_viewer_gets_the_whole_hall_first():
    hub = fed_hub()
    with Serving(make_app(hub)) as url, open_stream(url) as r:
        first = read_event(r)
    assert first["data"]["full"] and [b["board"] for b in first["data"]["boards"]] == ["1", "2", "3"]
    assert "incidents" not in first["data"]  # the public stream has no incidents
    view = hub.since(None)
    assert first["id"] == "%s:%d" % (view.token, view.cursor)


@pytest.mark.parametrize("lifespan", ["on", "off"])
def test_an_event_reaches_a_waiting_stream_at_once(lifespan):
    hub = fed_hub(boards=1, plies=4)
    more = board_lines(1, 5)
    with Serving(make_app(hub), lifespan=lifespan) as url, open_stream(url) as r:
        read_event(r)
        timer = threading.Timer(0.3, hub.push, ("1", "d1", 1, len(more), more[-1]))
        sent = time.monotonic()
        timer.start()
        event = read_event(r)
        waited = time.monotonic() - sent
    assert waited < KEEP_ALIVE_S / 3, "the stream waited for its keep-alive, not the event"
    assert [b["seq"] for b in event["data"]["boards"]] == [len(more)]


def test_coming_back_with_the_last_id_gets_only_what_changed():
    hub = fed_hub()
    with Serving(make_app(hub)) as url:
        with open_stream(url) as r:
            first = read_event(r)
        last_id = first["id"]
        more = board_lines(2, 8)
        for seq in range(len(board_lines(2, 6)) + 1, len(more) + 1):
            hub.push("2", "d2", 1, seq, more[seq - 1])
        now = "%s:%d" % (hub.token, hub.cursor)
        with open_stream(url, last_id=last_id) as r:
            frames = until(r, now)
        with open_stream(url, "/stream?since=" + last_id) as r:
            by_query = until(r, now)
        with open_stream(url, last_id="another-hub:3") as r:
            restarted = read_event(r)
    event = frames[0]
    assert not event["data"]["full"] and [b["board"] for b in event["data"]["boards"]] == ["2"]
    # of board 2 only what changed: its new plies after those it held, its clocks; not its players again
    held = next(b for b in first["data"]["boards"] if b["board"] == "2")
    patch = event["data"]["boards"][0]
    assert patch["moves_from"] == len(held["moves"]) and "info" not in patch and "whole" not in patch
    for got in (frames, by_query):
        board = followed(held, got)
        assert board["moves"] == hub.record("2").texts("Chinese")
        assert board == hub.since(None).boards[1]
    assert restarted["data"]["full"] and len(restarted["data"]["boards"]) == 3


def until(r, now):
    """The stream's frames up to the one at the hub's cursor `now`. (A frame
    is shared by the streams of one ring, and one coming between two rings
    may get the ring's: it ends where the hub stood then, and the next ring
    brings the rest. A fresh clone's run got the last ply a frame later.)"""
    frames = [read_event(r)]
    while frames[-1]["id"] != now:
        frames.append(read_event(r))
    return frames


def followed(held, frames):
    """Board 2 as a page holding `held` has it after the frames' patches."""
    boards = {"2": dict(held)}
    for f in frames:
        boards = applied(boards, f["data"])
    return boards["2"]


def applied(boards, data):
    """{board: state} as a page holding `boards` has them after one frame
    (its JSON data), as static/board.js applies it (test_hub.applied)."""
    return applied_view(boards, SimpleNamespace(full=data.get("full"), boards=data["boards"]))


def test_the_streams_end_when_the_server_stops():
    hub = fed_hub(boards=1)
    # uvicorn given 30 s of grace: a stream the app did not end itself would
    # hold the stop that long (a bound well apart from it, not a tight one,
    # so a busy machine does not fail it)
    serving = Serving(make_app(hub), grace=30)
    url = serving.__enter__()
    r = open_stream(url)
    read_event(r)
    stopped = time.monotonic()
    serving.__exit__(None, None, None)
    assert read_event(r) is None  # the stream ended, cleanly
    r.close()
    assert time.monotonic() - stopped < 10, "uvicorn waited for the streams"


def test_arbiter_stream_needs_the_cookie_and_refuses_any_other_cleanly():
    import urllib.error
    hub = fed_hub(boards=1)
    with Serving(make_app(hub, Arbiters.of({"chief": "s3-secret"}))) as url:
        for cookie in (None, "xq_arbiter=wrong", r'xq_arbiter="\345\274\240"', "xq_arbiter=chief:a:9999999999:b"):
            req = urllib.request.Request(url + "/arbiter/stream", headers={"Cookie": cookie} if cookie else {})
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(req, timeout=10)
            assert refused.value.code == 401
        # the name and secret in, the cookie out, the incidents in the stream
        login = urllib.request.Request(url + "/arbiter/login", data=b"name=chief&secret=s3-secret", method="POST")
        opener = urllib.request.build_opener(NoRedirect)
        with pytest.raises(urllib.error.HTTPError) as answer:
            opener.open(login, timeout=10)
        assert answer.value.code == 303
        cookie = answer.value.headers["set-cookie"].split(";")[0]
        assert "s3-secret" not in cookie
        req = urllib.request.Request(url + "/arbiter/stream", headers={"Cookie": cookie})
        with urllib.request.urlopen(req, timeout=10) as r:
            assert "incidents" in read_event(r)["data"]
    # with no accounts given to the app, the arbiter's page stays shut
    with Serving(make_app(hub)) as url:
        login = urllib.request.Request(url + "/arbiter/login", data=b"name=chief&secret=s3-secret", method="POST")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(login, timeout=10)
        assert refused.value.code == 403 and b"no arbiter accounts" in refused.value.read()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def parsed(raw):
    """The server-sent events of a stream's bytes: [{'id':..., 'data': {...}}]."""
    out = []
    for block in raw.decode("utf-8").split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.split("\n") if ": " in line)
        if "data" in fields:
            out.append({"id": fields.get("id"), "data": json.loads(fields["data"])})
    return out


def test_viewers_coming_between_two_rings_share_one_reading_of_the_whole_hall():
    # The hall's own server takes an event every 5 ms at 200 a second; each viewer that came was read
    # the whole hall at the hub's cursor of its own (200 boards late in their games: 440 kB and 27 ms
    # each, 5,000 viewers 183 s to connect). Now the whole hall is read once per ring, and each viewer
    # gets it with the patch that brings it up to the hub (docs/HALL.md, "Thousands of viewers").
    import asyncio
    from starlette.requests import Request
    hub = fed_hub(boards=3, plies=6)
    held_seq, more = len(board_lines(2, 6)), board_lines(2, 9)
    assert len(more) >= held_seq + 3
    pages = make_app(hub).state.pages
    wholes = []
    since = hub.since
    hub.since = lambda cursor, token=None, patches=False: (wholes.append(cursor) if cursor is None else None,
                                                           since(cursor, token, patches))[1]

    boards = []

    async def newcomers():
        pages.attach()
        pages.bell.tick, pages.bell.last = 3600.0, pages.bell.loop.time()  # no ring in between
        got = []
        for seq in range(held_seq + 1, held_seq + 4):
            hub.push("2", "d2", 1, seq, more[seq - 1])  # the hub moves on between two viewers
            boards.append(since(None).boards[1])  # board 2 as the hub holds it when the viewer comes
            stream = pages.sse(Request({"type": "http", "headers": [], "query_string": b""}), incidents=False)
            frames = stream.body_iterator
            await frames.__anext__()  # retry:
            got.append(parsed(await frames.__anext__()))
            await frames.aclose()
        return got

    got = asyncio.run(newcomers())
    assert wholes == [None], "each viewer was read the whole hall of its own"
    whole = got[0][0]
    held = next(b for b in whole["data"]["boards"] if b["board"] == "2")
    for frames, cursor, board in zip(got, (hub.cursor - 2, hub.cursor - 1, hub.cursor), boards):
        assert frames[0] == whole and whole["data"]["full"]  # the one reading, shared
        assert frames[-1]["id"] == "%s:%d" % (hub.token, cursor)  # brought up to the hub as it came
        assert [f["data"]["since"] for f in frames[1:]] == [int(f["id"].split(":")[1]) for f in frames[:-1]]
        assert followed(held, frames[1:]) == board
