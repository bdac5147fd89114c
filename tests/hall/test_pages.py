"""The hall's pages in a real Chromium (Debian's chromium and
chromium-driver, driven by selenium): the live page with 8 boards fed from
master games, a move seen on the screen at its points, the clocks
counting, a dropped connection caught up with no gap, and the arbiter's
page shut without its secret.

XQ_HALL_SCREENSHOTS=docs/hall writes the README's screenshots on the way.
"""
import json
import os
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from pngread import read_png

from xqboard.hall import masters
from xqboard.hall.arbiters import Arbiters
from xqboard.hall.hub import Hub
from xqboard.hall.web import Serving, make_app

SECRET = "arbiter-secret-17"
ARBITERS = Arbiters.of({"chief": SECRET})
BOARDS = 8
PLIES = 16  # each board still playing has made this many moves when the page opens
FINISHED = ("1", "2")
INCIDENTS = {2: {5: "alert"}, 3: {7: "foul"}, 6: {3: "offer"}, 7: {9: "foul"}}
# the screen's margin of a point's square that must change (a piece is 0.88 STEP wide)
PATCH = 9

# One worker runs this module (make test's --dist loadgroup): one Chromium
# and one hall serve every test here, as without xdist.
pytestmark = pytest.mark.xdist_group("browser")


class Hall:
    """A hub fed with BOARDS master games: boards 1 and 2 played to the end
    (board 2's result confirmed, art. 9), the others PLIES moves in, the
    rest of their lines kept back for the test to push."""

    def __init__(self):
        self.hub = Hub()
        self.lines = {}
        games = masters.master_games()
        for n in range(1, BOARDS + 1):
            self.lines[str(n)] = masters.game_lines(games[40 + n - 1], str(n), masters.think_of(n),
                                                    incidents=INCIDENTS.get(n), confirm=n == 2)
        self.next = {b: 0 for b in self.lines}
        for board in self.lines:
            if board in FINISHED:
                while self.next[board] < len(self.lines[board]):
                    self.push(board)
            else:
                self.push_until(board, PLIES)

    def push(self, board):
        """Pushes the board's next line; returns it."""
        seq = self.next[board] + 1
        t, line = self.lines[board][seq - 1]
        self.hub.push(board, "dev-" + board, 1, seq, line)
        self.next[board] = seq
        return line

    def push_until(self, board, plies):
        """Pushes the board's lines up to the press after move `plies`."""
        while True:
            line = self.push(board)
            if " PRESS " in line and self.moves(board) >= plies:
                return

    def push_move(self, board):
        """Pushes the board's next move and its press: the move's line."""
        while True:
            line = self.push(board)
            if " MOVE " in line:
                self.push(board)  # its press
                return line

    def moves(self, board):
        return len(self.hub.record(board).plies)


@pytest.fixture(scope="module")
def hall():
    h = Hall()
    h.app = make_app(h.hub, ARBITERS)
    h.serving = Serving(h.app)
    h.url = h.serving.__enter__()
    yield h
    h.serving.__exit__(None, None, None)


def wait_for(what, timeout=30.0):
    deadline = time.monotonic() + timeout
    while True:
        got = what()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for %s" % getattr(what, "__name__", what))
        time.sleep(0.05)


def open_live(browser, hall):
    browser.get(hall.url + "/")
    wait_for(lambda: browser.execute_script(
        "return document.querySelectorAll('#boards .card svg').length") == BOARDS)


# -- reading the screen ---------------------------------------------------------

def pixel(shot, x, y):
    width, height, rows, channels = shot
    return tuple(rows[y][x * channels:x * channels + 3])


def changed(before, after, centre):
    """How many pixels of the square of side 2*PATCH+1 around `centre` differ."""
    cx, cy = centre
    return sum(pixel(before, x, y) != pixel(after, x, y)
               for x in range(cx - PATCH, cx + PATCH + 1) for y in range(cy - PATCH, cy + PATCH + 1))


def point_on_screen(browser, svg_selector, point):
    """The screen pixel of a point (`h2`) on a board's diagram: the point's
    place on the real board's grid (9 files, 10 ranks, Red below), through
    the diagram's own transform to the screen."""
    step, margin = 40, 30  # board.js's grid: points 40 apart, 30 from the edge
    f, r = "abcdefghi".index(point[0]), int(point[1])
    x, y, ratio = browser.execute_script(
        "const s = document.querySelector(arguments[0]); const m = s.getScreenCTM();"
        "const p = new DOMPoint(arguments[1], arguments[2]).matrixTransform(m);"
        "return [p.x, p.y, window.devicePixelRatio];", svg_selector, margin + f * step, margin + (9 - r) * step)
    return round(x * ratio), round(y * ratio)


# -- the tests ------------------------------------------------------------------

def test_live_page_shows_8_boards_with_chinese_moves(browser, hall):
    open_live(browser, hall)
    cards = browser.execute_script("""
        return [...document.querySelectorAll('#boards .card')].map(c => ({
          board: c.dataset.board, moves: c.querySelector('.moves').textContent,
          lines: c.querySelectorAll('svg line').length, pieces: c.querySelectorAll('svg circle.piece').length,
          names: c.querySelector('.player.red .name').textContent, last: c.dataset.last}))""")
    assert [c["board"] for c in cards] == [str(n) for n in range(1, BOARDS + 1)]
    for c in cards:
        record = hall.hub.record(c["board"])
        chinese = record.texts("Chinese")
        assert chinese[-1] in c["moves"] and chinese[-2] in c["moves"]
        # 10 ranks, 2 outer files whole, 7 inner files cut at the river, 4 palace diagonals
        assert c["lines"] == 10 + 2 + 7 * 2 + 4
        assert c["pieces"] == sum(1 for ch in record.position().fen().split()[0] if ch.isalpha())
        assert c["names"] == record.headers["Red"]
        assert c["last"] == record.texts("ICCS")[-1]
    assert browser.execute_script("return document.querySelector('#boards .card svg').textContent").count("楚") == 1
    if os.environ.get("XQ_HALL_SCREENSHOTS"):
        Path(os.environ["XQ_HALL_SCREENSHOTS"]).mkdir(parents=True, exist_ok=True)
        Path(os.environ["XQ_HALL_SCREENSHOTS"], "live.png").write_bytes(browser.get_screenshot_as_png())


def test_4_1_results_with_their_article_provisional_until_9_confirm(browser, hall):
    open_live(browser, hall)
    results = browser.execute_script("""
        return [...document.querySelectorAll('#boards .card')].map(c => {
          const r = c.querySelector('.result'); return r ? r.textContent : null; })""")
    for board, text in zip(range(1, BOARDS + 1), results):
        record = hall.hub.record(str(board))
        if str(board) not in FINISHED:
            assert text is None
            continue
        assert text.startswith("%s %s " % (record.result, record.article))
        assert record.article in ("4.1.1", "4.1.2", "4.1.12")  # mate, stalemate, or resigned (masters.ending)
        assert text.endswith("confirmed" if board == 2 else "provisional (art. 9)")


def test_running_clock_counts_down_the_other_stays(browser, hall):
    open_live(browser, hall)
    read = ("const c = document.querySelector('#boards .card[data-board=\"4\"]');"
            "return [c.querySelector('.player.running .clock').dataset.side,"
            " c.querySelector('.player.running .clock').textContent,"
            " c.querySelector('.player:not(.running) .clock').textContent]")

    def seconds(text):
        parts = [float(p) for p in text.split(":")]
        return sum(p * 60 ** i for i, p in enumerate(reversed(parts)))
    t0 = time.monotonic()
    side, first, waiting = browser.execute_script(read)
    assert side == "red"  # after an even number of moves
    assert browser.execute_script(
        "return document.querySelectorAll('#boards .card[data-board=\"1\"] .player.running').length") == 0
    # waited for (not a fixed sleep): the running clock a second down, no faster than the wall's time
    # between the two reads (plus one step of the display), however late a busy machine's browser
    side2, second, waiting2 = wait_for(lambda: (lambda r: r if seconds(first) - seconds(r[1]) >= 1 else None)(
        browser.execute_script(read)))
    elapsed = time.monotonic() - t0
    assert side2 == side and waiting2 == waiting
    assert 1 <= seconds(first) - seconds(second) <= elapsed + 1, (first, second, elapsed)


def test_a_move_changes_the_screen_at_its_points(browser, hall):
    open_live(browser, hall)
    # the hall screen's mode: no eval bar, whose engine (test_pages_eval.py) would take the CPU
    browser.get(hall.url + "/?screen=hall#board=3")
    wait_for(lambda: browser.execute_script("return !document.getElementById('full').hidden"))
    seq, marked = browser.execute_script(
        "const b = document.getElementById('full-body'); return [b.dataset.seq, b.dataset.last]")
    before = read_png(browser.get_screenshot_as_png())
    line = hall.push_move("3")
    move = line.split()[5]
    wait_for(lambda: browser.execute_script("return document.getElementById('full-body').dataset.seq") != seq)
    after = read_png(browser.get_screenshot_as_png())
    if os.environ.get("XQ_HALL_SCREENSHOTS"):
        Path(os.environ["XQ_HALL_SCREENSHOTS"]).mkdir(parents=True, exist_ok=True)
        Path(os.environ["XQ_HALL_SCREENSHOTS"], "board.png").write_bytes(browser.get_screenshot_as_png())
    frm = point_on_screen(browser, "#full-body svg", move[:2])
    to = point_on_screen(browser, "#full-body svg", move[2:])
    area = (2 * PATCH + 1) ** 2
    assert changed(before, after, frm) > area // 4, "the point the piece left looks the same"
    assert changed(before, after, to) > area // 4, "the point the piece reached looks the same"
    # a point away from this move and from the last one (its marks went) stays as it was
    near = [move[:2], move[2:], marked[:2], marked[2:]]
    quiet = next(f + r for f in "aihbgcfde" for r in "0918273645"
                 if all(max(abs(ord(f) - ord(p[0])), abs(int(r) - int(p[1]))) > 1 for p in near))
    assert changed(before, after, point_on_screen(browser, "#full-body svg", quiet)) == 0
    browser.get(hall.url + "/#")


def test_a_dropped_connection_catches_up_with_no_gap(browser, hall):
    open_live(browser, hall)
    status = "return [document.getElementById('status').dataset.cursor, document.getElementById('status').dataset.full]"
    cursor, _ = browser.execute_script(status)
    # the server goes away (its streams end) while boards play on ...
    port = int(hall.url.rsplit(":", 1)[1])
    hall.serving.__exit__(None, None, None)
    for board in ("3", "5", "5"):
        hall.push_move(board)
    wait_for(lambda: browser.execute_script("return document.body.classList.contains('offline')"))
    # ... and comes back: the page reconnects with its last id and gets what changed, not a snapshot
    hall.serving = Serving(hall.app, port)
    hall.serving.__enter__()
    wait_for(lambda: browser.execute_script(
        "return document.querySelector('#boards .card[data-board=\"5\"]').dataset.seq") == str(hall.next["5"]))
    new_cursor, full = browser.execute_script(status)
    assert full == "false" and new_cursor != cursor
    assert not browser.execute_script("return document.body.classList.contains('offline')")
    for board in ("3", "5"):
        moves = browser.execute_script(
            "return document.querySelector(`#boards .card[data-board=\"${arguments[0]}\"] .moves`).textContent", board)
        assert hall.hub.record(board).texts("Chinese")[-1] in moves
        # the page's board, patched frame by frame, is the hub's whole state (static/board.js, follow)
        held = browser.execute_script("return XQLive.hall.boards[arguments[0]]", board)
        whole = next(b for b in hall.hub.since(None).boards if b["board"] == board)
        assert {k: held.get(k) for k in ("seq", "fen", "moves", "clocks", "info", "result")} == {
            k: whole[k] for k in ("seq", "fen", "moves", "clocks", "info", "result")}
    # the same over HTTP, by hand: the last id in, what changed since out
    hall.push_move("3")
    req = urllib.request.Request(hall.url + "/stream", headers={"Last-Event-ID": new_cursor})
    with urllib.request.urlopen(req, timeout=10) as r:
        event = read_event(r)
    assert not event["data"]["full"] and [b["board"] for b in event["data"]["boards"]] == ["3"]
    # of board 3, its one new ply, after those the page held (hub.py's patch), not its whole list
    played = hall.hub.record("3").texts("Chinese")
    patch = event["data"]["boards"][0]
    assert (patch["moves_from"], patch["moves"]) == (len(played) - 1, played[-1:]) and "info" not in patch


def read_event(response):
    """The next server-sent event of a stream: {'id':..., 'data': {...}}."""
    out = {}
    while True:
        line = response.readline().decode("utf-8").rstrip("\n")
        if not line and "data" in out:
            return out
        if line.startswith("retry: "):
            out["retry"] = int(line[7:])
        if line.startswith("id: "):
            out["id"] = line[4:]
        elif line.startswith("data: "):
            out["data"] = json.loads(line[6:])


def test_arbiter_page_refuses_without_the_secret(browser, hall):
    browser.get(hall.url + "/arbiter")
    assert browser.find_elements("id", "secret") and not browser.find_elements("id", "incidents")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(hall.url + "/arbiter/stream", timeout=10)
    assert refused.value.code == 401
    browser.find_element("id", "name").send_keys("chief")
    browser.find_element("id", "secret").send_keys("the boards' key, not the arbiter's")
    browser.find_element("id", "login").click()
    wait_for(lambda: browser.find_elements("id", "secret"))
    assert not browser.find_elements("id", "incidents")
    assert browser.get_cookie("xq_arbiter") is None


def test_arbiter_page_lists_incidents_newest_first(browser, hall):
    browser.get(hall.url + "/arbiter")
    browser.find_element("id", "name").send_keys("chief")
    browser.find_element("id", "secret").send_keys(SECRET)
    browser.find_element("id", "login").click()
    incidents = hall.hub.since(None).incidents
    assert [i["kind"] for i in incidents] == ["ALERT", "FOUL", "FOUL"]  # OFFER is no incident
    wait_for(lambda: browser.execute_script(
        "return document.querySelectorAll('#incidents tbody tr').length") == len(incidents))
    rows = browser.execute_script("""
        return [...document.querySelectorAll('#incidents tbody tr')].map(r => ({
          id: Number(r.dataset.id), cells: [...r.cells].map(c => c.textContent),
          link: r.querySelector('a').getAttribute('href')}))""")
    assert [r["id"] for r in rows] == [i["id"] for i in reversed(incidents)]
    fouls = [r for r in rows if r["cells"][2] == "FOUL"]
    assert {r["cells"][1] for r in fouls} == {"3", "7"} and all(r["cells"][3] == "8.1.7" for r in fouls)
    assert all(r["link"] == "/#board=" + r["cells"][1] for r in rows)
    # a new foul arrives live, on top
    before = len(rows)
    hall.hub.push("4", "dev-4", 1, hall.next["4"] + 1, "E %d 999999 FOUL black 8.1.7 fouls=1" % (hall.next["4"] + 1))
    hall.next["4"] += 1
    wait_for(lambda: browser.execute_script("return document.querySelectorAll('#incidents tbody tr').length") > before)
    top = browser.execute_script("return [...document.querySelector('#incidents tbody tr').cells].map(c => c.textContent)")
    assert top[1:4] == ["4", "FOUL", "8.1.7"]
    if os.environ.get("XQ_HALL_SCREENSHOTS"):
        Path(os.environ["XQ_HALL_SCREENSHOTS"], "arbiter.png").write_bytes(browser.get_screenshot_as_png())
    browser.delete_all_cookies()


def test_a_server_restarted_with_another_hub_gives_the_page_the_whole_hall(browser, hall):
    open_live(browser, hall)
    port = int(hall.url.rsplit(":", 1)[1])
    other = Hub()  # rebuilt from its store with two boards: another token, other cursors
    for board in ("3", "11"):
        for seq, (_, line) in enumerate(hall.lines["3"][:12], 1):
            other.push(board, "dev-x" + board, 1, seq, line)
    hall.serving.__exit__(None, None, None)
    try:
        with Serving(make_app(other, ARBITERS), port):
            wait_for(lambda: browser.execute_script(
                "return [...document.querySelectorAll('#boards .card')].map(c => c.dataset.board).join()") == "3,11")
            assert browser.execute_script("return document.getElementById('status').dataset.full") == "true"
    finally:
        hall.serving = Serving(hall.app, port)
        hall.serving.__enter__()
