"""The pages under a hall's load: 200 boards playing master games, events
pushed into the Hub at 200 a second, two viewers on the stream (the live
page's and the arbiter's); every event's latency from the push to a viewer
that has it, p50 and p99. The issue's goal: p99 <= 1 s at 200 boards, for
6 s of events under `make bench`; `make test` pushes 2 s of them and
checks that every event reaches both viewers, each woken by its event.
(The pipeline's half, from the board's link line to the Hub, is
bench/bench_hall.py's.) The same in a real Chromium, push to the page's
DOM, is marked bench (make bench): ~15 s of a browser's work."""
import threading
import time
import urllib.request

import pytest

from xqboard.hall import masters
from xqboard.hall.hub import Hub
from xqboard.hall.arbiters import Arbiters
from xqboard.hall.login import Sessions
from xqboard.hall.web import COOKIE, KEEP_ALIVE_S, Serving, make_app

from .test_pages_stream import read_event

BOARDS = 200
RATE = 200  # events a second across the hall
SECONDS = 6
PLIES = 40  # each game's first moves: more than the events of SECONDS take (opened_hall() checks)


def hall_events(plies=PLIES):
    """[(board, seq, line)] of the hall, each board's in order, boards
    interleaved as they would play together: the first `plies` moves of
    each game, the merged prefix that opened_hall() takes (boards still
    playing: a game cut at `plies` runs on, no result)."""
    lines = {}
    games = masters.master_games()
    for n in range(1, BOARDS + 1):
        lines[str(n)] = masters.game_lines(games[n % len(games)], str(n), masters.think_of(n), plies=plies)
    return masters.merged(lines)


class Viewer(threading.Thread):
    """A stream reader noting when each board's seq first arrived."""

    def __init__(self, url, cookie=None):
        super().__init__(daemon=True)
        headers = {"Cookie": cookie} if cookie else {}
        self.response = urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=60)
        self.arrived = {}  # board: [(seq, time)]
        self.first = read_event(self.response)

    def run(self):
        while True:
            event = read_event(self.response)
            if event is None:
                return
            now = time.monotonic()
            for b in event["data"]["boards"]:
                self.arrived.setdefault(b["board"], []).append((b["seq"], now))


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def opened_hall(seconds=SECONDS):
    """(hub, the events still to push): every board's GAME, set-up, START
    and first moves in before the viewers come; then `seconds` of events
    at RATE."""
    events = hall_events()
    opening = BOARDS * 8
    taken = events[:opening + int(RATE * seconds)]
    ends = {}
    for t, board, seq, line in events:
        ends[board] = max(t, ends.get(board, 0))
    assert taken[-1][0] < min(ends.values()), "PLIES too few: a game cut before the events taken"
    hub = Hub()
    for t, board, seq, line in taken[:opening]:
        hub.push(board, "d" + board, 1, seq, line)
    return hub, [(board, seq, line) for t, board, seq, line in taken[opening:]]


def push_at_rate(hub, timed, stamp=time.monotonic):
    """Pushes the events at RATE a second: [(board, seq, stamp())] and
    the rate achieved."""
    pushed = []
    start = time.monotonic()
    for i, (board, seq, line) in enumerate(timed):
        due = start + i / RATE
        if due > time.monotonic():
            time.sleep(due - time.monotonic())
        pushed.append((board, seq, stamp()))
        hub.push(board, "d" + board, 1, seq, line)
    return pushed, len(timed) / (time.monotonic() - start)


def latencies(pushed, arrived):
    """Each pushed event's latency to the first arrival of its board at its
    seq or later (arrived: {board: [(seq, time)]}); None: never arrived."""
    out = []
    for board, seq, at in pushed:
        out.append(next((t - at for got, t in arrived.get(board, ()) if got >= seq), None))
    return out


def pages_under_load(seconds):
    """Both viewers' (lost, p50, p99, max) in s, and the push rate: the
    events of `seconds` pushed at RATE while both streams follow; the
    viewers given until each has every event (a busy machine's come late,
    late is not lost)."""
    hub, timed = opened_hall(seconds)
    sessions = Sessions()
    with Serving(make_app(hub, Arbiters.of({"chief": "load-arbiter"}), sessions=sessions)) as url:
        cookie = "%s=%s" % (COOKIE, sessions.open("chief"))  # what /arbiter/login sets
        viewers = [Viewer(url + "/stream"), Viewer(url + "/arbiter/stream", cookie)]
        assert all(len(v.first["data"]["boards"]) == BOARDS for v in viewers)
        for v in viewers:
            v.start()
        pushed, rate = push_at_rate(hub, timed)
        last = {}
        for board, seq, _ in pushed:
            last[board] = max(seq, last.get(board, 0))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not all(
                all((v.arrived.get(b) or [(0, 0)])[-1][0] >= seq for b, seq in last.items()) for v in viewers):
            time.sleep(0.05)
    out = []
    for v in viewers:
        each = latencies(pushed, v.arrived)
        got = [x for x in each if x is not None]
        p50, p99 = percentile(got, 0.50), percentile(got, 0.99)
        print("pages: %d boards, %.0f events/s, %d events: push -> viewer p50 %.1f ms, p99 %.1f ms, max %.1f ms, "
              "%d missing" % (BOARDS, rate, len(pushed), p50 * 1000, p99 * 1000, max(got) * 1000, each.count(None)))
        out.append((each.count(None), p50, p99, max(got)))
    return out, rate


def test_200_boards_at_200_events_a_second_every_event_to_both_viewers():
    # make test's size: 2 s of the hall's events (400). Every event reaches both streams, each woken by its
    # event, not by its keep-alive (15 s); the goal of p99 <= 1 s is the bench's (below): a shared
    # machine's viewers wait for a core
    viewers, rate = pages_under_load(2)
    for lost, p50, p99, top in viewers:
        assert lost == 0
        assert p99 < KEEP_ALIVE_S


@pytest.mark.bench
def test_200_boards_at_200_events_a_second_p99_under_1_s():
    viewers, rate = pages_under_load(SECONDS)
    for lost, p50, p99, top in viewers:
        assert lost == 0
        assert p99 <= 1.0
    assert rate >= RATE * 0.9


@pytest.mark.bench
def test_200_boards_in_chromium_push_to_page_p99_under_1_s(browser):  # noqa: F811
    hub, timed = opened_hall()
    with Serving(make_app(hub)) as url:
        started = time.monotonic()
        browser.get(url + "/")
        while browser.execute_script("return document.querySelectorAll('#boards .card svg').length") < BOARDS:
            assert time.monotonic() - started < 30
            time.sleep(0.05)
        first = time.monotonic() - started
        # the page notes when each board's card shows a new seq (the host's clock: same machine)
        browser.execute_script("""
            window.seen = [];
            new MutationObserver(ms => { const now = Date.now();
              for (const m of ms) if (m.target.classList.contains('card'))
                window.seen.push([m.target.dataset.board, Number(m.target.dataset.seq), now]); })
            .observe(document.getElementById('boards'), {attributes: true, subtree: true, attributeFilter: ['data-seq']});""")
        pushed, rate = push_at_rate(hub, timed, stamp=lambda: time.time() * 1000)
        time.sleep(2)
        seen = browser.execute_script("return window.seen")
    arrived = {}
    for board, seq, at in seen:
        arrived.setdefault(board, []).append((seq, at))
    each = latencies(pushed, arrived)
    got = sorted(x / 1000 for x in each if x is not None)
    p50, p99 = percentile(got, 0.50), percentile(got, 0.99)
    print("pages in Chromium: %d boards drawn in %.2f s; %.0f events/s, %d events: push -> page p50 %.0f ms, "
          "p99 %.0f ms, %d missing" % (BOARDS, first, rate, len(pushed), p50 * 1000, p99 * 1000, each.count(None)))
    assert each.count(None) == 0
    assert p99 <= 1.0
