"""The pages under a hall's load: 200 boards playing master games, events
pushed into the Hub at 200 a second, two viewers on the stream (the live
page's and the arbiter's); every event's latency from the push to a viewer
that has it, p50 and p99. The issue's goal: p99 <= 1 s at 200 boards.
(The pipeline's half, from the board's link line to the Hub, is
bench/bench_hall.py's.)"""
import threading
import time
import urllib.request

from xqboard.hall import masters
from xqboard.hall.hub import Hub
from xqboard.hall.web import COOKIE, Serving, arbiter_token, make_app

from .test_pages_stream import read_event

BOARDS = 200
RATE = 200  # events a second across the hall
SECONDS = 6


def hall_events():
    """[(board, seq, line)] of the hall, each board's in order, boards
    interleaved as they would play together."""
    lines = {}
    games = masters.master_games()
    for n in range(1, BOARDS + 1):
        lines[str(n)] = masters.game_lines(games[n % len(games)], str(n), masters.think_of(n))
    return [(board, seq, line) for t, board, seq, line in masters.merged(lines)]


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

    def latency(self, board, seq, pushed):
        for got, at in self.arrived.get(board, ()):
            if got >= seq:
                return at - pushed
        return None


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def test_200_boards_at_200_events_a_second_p99_under_1_s():
    events = hall_events()
    hub = Hub()
    opening = BOARDS * 8  # every board's GAME, set-up, START and first moves before the viewers come
    for board, seq, line in events[:opening]:
        hub.push(board, "d" + board, 1, seq, line)
    timed = events[opening:opening + RATE * SECONDS]
    pushed = []
    with Serving(make_app(hub, "s")) as url:
        cookie = "%s=%s" % (COOKIE, arbiter_token("s"))  # what /arbiter/login sets
        viewers = [Viewer(url + "/stream"), Viewer(url + "/arbiter/stream", cookie)]
        assert all(len(v.first["data"]["boards"]) == BOARDS for v in viewers)
        for v in viewers:
            v.start()
        start = time.monotonic()
        for i, (board, seq, line) in enumerate(timed):
            due = start + i / RATE
            if due > time.monotonic():
                time.sleep(due - time.monotonic())
            pushed.append((board, seq, time.monotonic()))
            hub.push(board, "d" + board, 1, seq, line)
        rate = len(timed) / (time.monotonic() - start)
        time.sleep(1.5)
    for v in viewers:
        latencies = [v.latency(b, s, t) for b, s, t in pushed]
        lost = sum(1 for x in latencies if x is None)
        got = [x for x in latencies if x is not None]
        p50, p99 = percentile(got, 0.50), percentile(got, 0.99)
        print("pages: %d boards, %.0f events/s, %d events: push -> viewer p50 %.1f ms, p99 %.1f ms, max %.1f ms, "
              "%d missing" % (BOARDS, rate, len(pushed), p50 * 1000, p99 * 1000, max(got) * 1000, lost))
        assert lost == 0
        assert p99 <= 1.0
    assert rate >= RATE * 0.9
