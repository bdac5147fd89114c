"""The broadcast delay (hall/delay.py): with a delay set, no public URL
(the live page's /stream and /api/boards, /feed, the board's exports, the
round's relay files) shows a move, a clock or a result before its time,
and each shows it once due; the arbiter's stream is never delayed. Runs
on a virtual clock: no sleeps."""
import json
import re
import time
import urllib.error
import urllib.request

from xqboard.hall import masters
from xqboard.hall.delay import Delay
from xqboard.hall.hub import Hub
from xqboard.hall.eventdb import Store
from xqboard.hall.envelope import Envelope
from xqboard.hall.arbiters import Arbiters
from xqboard.hall.login import Sessions
from xqboard.hall.web import COOKIE, Serving, make_app
from xqboard.record import read_game

from .test_pages_stream import applied, open_stream, read_event, until

DELAY_S = 90
SECRET = "delay-arbiter"
START = 1_800_000_000.0



class Clock:
    def __init__(self):
        self.now = START

    def __call__(self):
        return self.now


def get(url, **headers):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as r:
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as err:
        return err.code, ""


def live_board(r, public):
    """[board 1] as the live page holds it once its stream has reached the
    public hub's cursor ([] if it has no board 1): a newcomer's whole hall
    is read once a ring and may end a ring back, its patch to the hub's
    cursor coming next (web.py, Pages.newcomer_frames)."""
    view = public.since(None)
    boards = {}
    for frame in until(r, "%s:%d" % (view.token, view.cursor)):
        boards = applied(boards, frame["data"])
    return [boards["1"]] if "1" in boards else []


def public_moves(url, public):
    """The moves of board 1 that each public URL shows now (None: none of
    that board yet), and its clocks and result on the live page."""
    seen = {}
    with open_stream(url, "/stream") as r:
        live = live_board(r, public)
    seen["/stream"] = len(live[0]["moves"]) if live else None
    boards = json.loads(get(url + "/api/boards")[1])["boards"]
    seen["/api/boards"] = len(boards[0]["moves"]) if boards else None
    rows = []
    if public.cursor:
        with open_stream(url, "/feed") as r:
            rows = [read_event(r)["data"]["line"] for _ in range(public.cursor)]
    seen["/feed"] = sum(" MOVE " in line for line in rows) if rows else None
    for path in ("/export/1.pgn", "/relay/1/iccs.pgn", "/relay/1/chinese.pgn"):
        status, text = get(url + path)
        seen[path] = len(read_game(text).plies) if status == 200 else None
    status, text = get(url + "/relay/1/games.dhtmlxq")
    movelist = re.search(r"\[DhtmlXQ_movelist\](\d*)\[", text)
    seen["/relay/1/games.dhtmlxq"] = len(movelist.group(1)) // 4 if status == 200 else None
    return seen, (live[0] if live else None)


def test_no_public_url_shows_a_move_before_its_time_the_arbiter_sees_it_at_once():
    clock = Clock()
    hub = Hub(clock=clock)
    delay = Delay(hub, DELAY_S, clock=clock)
    game = masters.master_games()[7]
    lines = masters.game_lines(game, "1", masters.think_of(1), plies=30, round_="1")
    lines += masters.game_lines(game, "1", masters.think_of(1), round_="1", confirm=True)[-2:]  # RESULT, CONFIRM
    taken = []  # (virtual time, moves made, the arbiter's board state) after each event
    sessions = Sessions()
    with Serving(make_app(hub, Arbiters.of({"chief": SECRET}), public=delay.public, sessions=sessions)) as url:
        for seq, (t, line) in enumerate(lines, 1):
            clock.now = START + t / 1000
            hub.push("1", "d1", 1, seq, line)
            taken.append((clock.now, len(hub.record("1").plies), hub.since(None).boards[0]))
        # the arbiter's stream has it all at once
        own = urllib.request.Request(url + "/arbiter/stream", headers={"Cookie": "%s=%s" % (COOKIE, sessions.open("chief"))})
        with urllib.request.urlopen(own, timeout=10) as r:
            arbiter = read_event(r)["data"]["boards"][0]
        assert len(arbiter["moves"]) == 30 and arbiter["result"]["score"] in ("1-0", "0-1", "1/2-1/2")
        # every 20 s of the virtual clock, and either side of the instants the
        # first move, the tenth and the result are due
        edges = [next(at for at, moves, _ in taken if moves == n) for n in (1, 10)] + [taken[-2][0], taken[-1][0]]
        instants = [START - 1 + 20 * k for k in range(int((taken[-1][0] - START + DELAY_S) / 20) + 2)]
        instants += [e + DELAY_S + d for e in edges for d in (-0.001, 0)]
        for t in sorted(instants):
            clock.now = t
            delay.release()
            due = [state for at, _, state in taken if at + DELAY_S <= t]
            want = len(due[-1]["moves"]) if due else None
            seen, live = public_moves(url, delay.public)
            assert set(seen.values()) == {want}, (t - START, want, sorted(seen.items()))
            if due:  # the clocks and the result as the arbiter's hub had them DELAY_S before
                clocks, then = dict(live["clocks"]), dict(due[-1]["clocks"])
                assert abs(clocks.pop("asof") - then.pop("asof") - DELAY_S * 1000) <= 1  # shown DELAY_S later
                assert clocks == then and live["result"] == due[-1]["result"]
        assert want == 30 and live["result"] == arbiter["result"]


def test_a_restart_delays_the_stored_events_from_when_they_came(tmp_path):
    # the store took two events 100 s and 10 s before the restart: with a
    # 60 s delay the first is shown at once, the second 50 s later
    clock = Clock()
    store = Store(tmp_path / "hall.sqlite")
    lines = masters.game_lines(masters.master_games()[2], "1", masters.think_of(1), plies=1)
    for seq, (_, line) in enumerate(lines[:5], 1):
        store.add(Envelope("d1", 1, seq, line, board="1"))
    store.deliver("d1", 1)
    store.commit()
    came = {1: -100, 2: -100, 3: -100, 4: -100, 5: -10}
    for seq, ago in came.items():
        store.db.execute("update events set received=? where seq=?", (START + ago, seq))
    hub = Hub(clock=clock)
    delay = Delay(hub, 60, clock=clock)
    hub.load(store.delivered())
    delay.restamp(store.received())
    assert delay.release() == START + 50 and delay.public.cursor == 4
    clock.now = START + 49.9
    assert delay.release() == START + 50 and delay.public.cursor == 4
    clock.now = START + 50
    assert delay.release() is None and delay.public.cursor == 5
    store.close()


def test_the_delays_thread_releases_each_event_when_due():
    # a virtual clock: "not yet" holds however late this thread runs on a busy machine
    clock = Clock()
    hub = Hub(clock=clock)
    delay = Delay(hub, 0.05, clock=clock).start()
    try:
        hub.push("1", "d1", 1, 1, "E 1 0 GAME new round=1 board=1 red=A black=B tc=10m fen=startpos")
        clock.now += 0.04
        time.sleep(0.1)  # the thread has looked at least once (it looks every 0.05 s of the host's time)
        assert delay.public.cursor == 0  # not yet: 40 of the 50 ms
        clock.now += 0.01
        deadline = time.monotonic() + 30
        while delay.public.cursor == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert delay.public.boards() == ["1"]
    finally:
        delay.stop()
    assert not delay.thread.is_alive() and not hub.listeners
