"""The arbiter's desk end to end (issue 27, "Done when"): a hall of
simulated boards (the firmware in the MicroPython unix port, hall/simhall.py)
through an authenticated Mosquitto (`hall init`'s accounts and ACL), a
logger holding their links, `broadcast` with the desk, and an arbiter in a
real Chromium who confirms, overrules, annuls a flag and adds time on
different boards. Each change is timed from the click (the page's own
Date.now()) to the board's journal, the live page (another window of the
same browser) and the event file; the p50/p99 are printed against the 1 s
goal. Then a cable is pulled: both pages show it cut within 5 s and its
clock stops there.

make test: 2 boards, 12 commands, the cut shown within 30 s; `make bench`:
8 boards, 50 commands, p99 < 1 s and the cut shown within 5 s."""
import io
import sqlite3
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from xqboard.hall import demo_hall, hallinit
from xqboard.hall.access import Account
from xqboard.hall.arbiters import Arbiters
from xqboard.hall.broadcast import Broadcast
from xqboard.hall.broker import Mosquitto, free_port
from xqboard.hall.door import Door
from xqboard.hall.hub import Hub
from xqboard.hall.outbox import Outbox
from xqboard.hall.publisher import Publisher
from xqboard.hall.simhall import SimHall
from xqboard.hall.sink import HallSink
from xqboard.hall.trust import Keys
from xqboard.hall.web import Serving, make_app
from xqboard.logger import Logger
from xqboard.logger.round import BoardStart
from xqboard.simboard import DEFAULT_KEY
from xqboard.tournament.seating import round_games
from xqboard.tournament.event import Tournament

from .conftest import start_chromium, wait_for

pytestmark = pytest.mark.xdist_group("browser")
SECRET = "desk-secret-27"
ARBITER = "chief-Li"  # the arbiter's account: every command is recorded by=chief-Li
ARBITERS = Arbiters.of({ARBITER: SECRET})
GOAL_MS = 1000.0
CUT_GOAL_S = 5.0  # a pulled cable shown cut on both pages (the bench's check; make test waits longer)


@pytest.fixture(scope="module")
def chromium(tmp_path_factory):
    # the live page's window stays behind the desk's: it must not be throttled
    b = start_chromium(tmp_path_factory.mktemp("desk-chromium"), "1280,1000",
                       ["--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                        "--disable-backgrounding-occluded-windows"])
    yield b
    b.quit()


class Stepper:
    """make() then its step() on a thread of its own until stopped, then
    its close() (the broadcast's SQLite lives on the thread that made it)."""

    def __init__(self, make):
        self.make, self.made, self.ready, self.stop_ = make, None, threading.Event(), threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        self.made = self.make()
        self.ready.set()
        try:
            while not self.stop_.is_set():
                self.made.step(0.02)
        finally:
            self.made.close()

    def __enter__(self):
        self.thread.start()
        self.ready.wait(30)
        return self.made

    def __exit__(self, *exc):
        self.stop_.set()
        self.thread.join(10)


class DeskHall:
    """Everything of one run; see the module docstring."""

    def __init__(self, tmp, n):
        self.tmp, self.n = Path(tmp), n

    def __enter__(self):
        t = self.tmp
        made = hallinit.init(t / "hall", ["pc1"], port=free_port(), bind="127.0.0.1", tls=False)
        self.broker = Mosquitto.of_hall(made).start()
        self.event = t / "event.db"
        games = demo_hall.make_event(self.event)[:self.n]
        self.sims = SimHall(t / "sims", [BoardStart(g.board, g.red, g.black, g.red_no, g.black_no) for g in games],
                            event=demo_hall.EVENT, round_no=1, tc="15m").start()
        for cable in self.sims.boards:
            Keys.record(Keys.path_beside(self.event), cable.device, DEFAULT_KEY)  # as round start records them
        self.publisher = Publisher("127.0.0.1", made.port, Outbox(t / "hall-outbox.sqlite"), "pc1",
                                   account=Account.from_file(made.credentials["pc1"])).start()
        self.hub = Hub()
        self.threads = [Stepper(lambda: Logger([c.url for c in self.sims.boards], str(t / "games"),
                                               stream=io.StringIO(), live=False, sink=HallSink(self.publisher, "pc1"),
                                               desk=Door(self.publisher)).start()),
                        Stepper(lambda: Broadcast(t / "hall.sqlite", self.hub, mqtt=("127.0.0.1", made.port),
                                                  tournament=self.event, stream=io.StringIO(),
                                                  account=Account.from_file(made.credentials["broadcast"])))]
        self.logger, self.b = [s.__enter__() for s in self.threads]
        app = make_app(self.hub, ARBITERS, tournament=self.event, desk=self.b.desk, round_starter=self.b.round_starter())
        self.serving = Serving(app)
        self.url = self.serving.__enter__()
        return self

    def __exit__(self, *exc):
        self.serving.__exit__(*exc)
        for s in self.threads:
            s.__exit__()
        self.publisher.close()
        self.sims.close()
        self.broker.stop()

    def journal_kinds(self, i, game=1):
        return [p.split()[3] for p in self.sims.journal(i, game)]

    def file_result(self, board, rnd=1):
        ev = Tournament.open(str(self.event))
        try:
            return ev.game_at(rnd, board)["result"]
        finally:
            ev.db.close()


def open_pages(browser, url):
    browser.get(url + "/arbiter")
    browser.find_element("id", "name").send_keys(ARBITER)
    browser.find_element("id", "secret").send_keys(SECRET)
    browser.find_element("id", "login").click()
    desk = browser.current_window_handle
    browser.switch_to.new_window("window")
    browser.get(url + "/")
    live = browser.current_window_handle
    browser.switch_to.window(desk)
    return desk, live


def click_css(browser, sel):
    """Clicks the element `sel`, again if the page drew it anew between
    finding and clicking (the desk redraws its cards and lists)."""
    from selenium.common.exceptions import StaleElementReferenceException

    for _ in range(50):
        try:
            return browser.find_element("css selector", sel).click()
        except StaleElementReferenceException:
            time.sleep(0.02)
    raise AssertionError("%s kept being drawn again under the click" % sel)


PRESS_AND_REDRAW = """
const card = document.querySelector('.desk-card[data-board="' + arguments[0] + '"]');
const button = card.querySelector("button[data-act]");
button.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}));
card.dataset.key = "";  // as the board's next event would have it drawn again
XQDesk.draw();
const kept = card.querySelector("button[data-act]") === button;
button.dispatchEvent(new PointerEvent("pointerup", {bubbles: true}));
window.pressedButton = button;
return kept;
"""


def assert_a_pressed_button_stays_put(browser, board):
    """A card is not drawn again between a press and its release, where the
    click would be lost (a board's event arriving under the arbiter's
    finger: one CI run's click never taken); it is drawn right after."""
    assert browser.execute_script(PRESS_AND_REDRAW, board), "the card was drawn again under a pressed button"
    wait_for(lambda: browser.execute_script(
        "return document.querySelector('.desk-card[data-board=\"%s\"] button[data-act]') !== window.pressedButton"
        % board), 10, what="the card drawn once the press ended")


def click(browser, board, act):
    """Clicks the desk's button `act` (its words) on `board`'s card; the
    request id the page gave it."""
    sel = '.desk-card[data-board="%s"] button[data-act^="%s"]' % (board, act)
    wait_for(lambda: browser.find_elements("css selector", sel), 30, what="%s on board %s" % (act, board))
    before = set(browser.execute_script("return Object.keys(XQDesk.clicks)"))
    click_css(browser, sel)
    wait_for(lambda: set(browser.execute_script("return Object.keys(XQDesk.clicks)")) - before, 30,
             what="the click taken")
    return (set(browser.execute_script("return Object.keys(XQDesk.clicks)")) - before).pop()


def timed(hall, browser, windows, i, req, kind, file_result=None):
    """ms from the click `req` to the last of: `kind` in board i's
    journal, the live page past that event, the event file showing
    `file_result` (when given)."""
    board = str(hall.sims.pairings[i].board)
    start = browser.execute_script("return XQDesk.clicks[arguments[0]].at", req) / 1000.0
    n_before = browser.execute_script("return XQDesk.clicks[arguments[0]].seq", req)
    times = []
    wait_for(lambda: kind in hall.journal_kinds(i)[n_before:], 30, what="%s in the journal" % kind)
    times.append(time.time())
    seq = len(hall.journal_kinds(i))
    if file_result:
        wait_for(lambda: hall.file_result(int(board)) == file_result, 30, what="the event file")
        times.append(time.time())
    browser.switch_to.window(windows[1])
    wait_for(lambda: (browser.execute_script("return (XQLive.seenAt[arguments[0]] || {}).seq || 0", board) or 0)
             >= seq, 30, what="the live page")
    times.append(browser.execute_script("return XQLive.seenAt[arguments[0]].at", board) / 1000.0)
    browser.switch_to.window(windows[0])
    return (max(times) - start) * 1000.0


def run_desk(tmp_path, browser, n_boards, n_commands, shots=None, cut_within_s=CUT_GOAL_S):
    latencies = []
    with DeskHall(tmp_path, n_boards) as hall:
        windows = open_pages(browser, hall.url)
        boards = [str(p.board) for p in hall.sims.pairings]
        wait_for(lambda: len(browser.find_elements("css selector", ".desk-card")) == n_boards, 30, what="the boards")
        for b in boards:
            wait_for(lambda: browser.find_elements(
                "css selector", '.desk-card[data-board="%s"] button[data-act^="pause"]' % b), 30,
                what="board %s playing" % b)
        # board A: a flag (its clock set low from the desk), annulled: resume by= (21.5)
        a, c = 0, n_boards - 1
        assert_a_pressed_button_stays_put(browser, boards[a])
        browser.execute_script("XQDesk.sendFor(arguments[0], ['adjust', 'red', '1500'])", boards[a])
        wait_for(lambda: "FLAG" in hall.journal_kinds(a), 30, what="the flag")
        req = click(browser, boards[a], "adjust red")  # 21.5: the time set right before play resumes
        latencies.append(("add time after the flag", timed(hall, browser, windows, a, req, "ADJUST")))
        req = click(browser, boards[a], "resume")
        latencies.append(("annul the flag", timed(hall, browser, windows, a, req, "OVERRULE")))
        # board B: the arbiter's result, confirmed (art. 9) into the file, then amended (an overrule)
        req = click(browser, boards[c], "result 1-0")
        latencies.append(("result", timed(hall, browser, windows, c, req, "RESULT")))
        req = click(browser, boards[c], "confirm")
        latencies.append(("confirm", timed(hall, browser, windows, c, req, "CONFIRM", "1-0")))
        req = click(browser, boards[c], "result 0-1")
        latencies.append(("overrule", timed(hall, browser, windows, c, req, "OVERRULE", "0-1")))
        # time added on the boards still playing, round and round
        playing = [i for i in range(n_boards) if i != c]
        k = 0
        while len(latencies) < n_commands:
            i = playing[k % len(playing)]
            side = "red" if k % 2 == 0 else "black"
            req = click(browser, boards[i], "adjust %s" % side)
            latencies.append(("adjust", timed(hall, browser, windows, i, req, "ADJUST")))
            k += 1
        if shots:
            Path(shots, "desk.png").write_bytes(browser.get_screenshot_as_png())
            in_chinese(browser, shots)
        # a retried command (the same request id) keeps its id and gets the same answer: not run twice
        last = max(browser.execute_script("return Object.entries(XQDesk.clicks).map(([r, c]) => [c.at, r])"))[1]
        adjusts = sum(hall.journal_kinds(i).count("ADJUST") for i in range(n_boards))
        again = browser.execute_async_script("""
            const [req, done] = [arguments[0], arguments[arguments.length - 1]];
            const c = XQDesk.clicks[req];
            fetch("/arbiter/command", {method: "POST", body: JSON.stringify({device: c.device, words: c.words, req})})
              .then(r => r.json()).then(done)""", last)
        first = browser.execute_script("return XQDesk.clicks[arguments[0]]", last)
        assert (again["cid"], again["reply"]) == (first["cid"], first["reply"])
        time.sleep(0.5)
        assert sum(hall.journal_kinds(i).count("ADJUST") for i in range(n_boards)) == adjusts
        # every command recorded with the arbiter's name, its id on the board and its answer
        with sqlite3.connect(str(tmp_path / "hall.sqlite")) as db:
            rows = db.execute("select by, device, cid, words, reply from commands").fetchall()
        assert len(rows) == len(latencies) + 1 and all(r[0] == ARBITER and r[2] > 0 and r[4].startswith("ok")
                                                       for r in rows), rows
        assert any("by=%s" % ARBITER in p for p in hall.sims.journal(c) if " OVERRULE result " in p)
        cut_ms = pull_cable(hall, browser, windows, a, cut_within_s)
        settle_a_conflict(hall, browser, windows, a, shots)
        next_round(hall, browser)
        round_from_the_command_line(hall, tmp_path)
    ms = sorted(x for _, x in latencies)
    p50, p99 = statistics.median(ms), ms[min(len(ms) - 1, int(round(0.99 * (len(ms) - 1))))]
    print("\ndesk: %d commands on %d boards, click -> journal, live page and event file: p50 %.0f ms, p99 %.0f ms, "
          "max %.0f ms; p99 against the %d ms goal: %.2fx; a pulled cable shown cut on both pages in %.0f ms"
          % (len(ms), n_boards, p50, p99, ms[-1], GOAL_MS, p99 / GOAL_MS, cut_ms))
    return latencies, p99, cut_ms


CJK = "return /[\u4e00-\u9fff]/.test(document.querySelector(arguments[0]).textContent)"


def in_chinese(browser, shots):
    """docs/hall/desk-zh.png: the same desk in Chinese (中文 in its header:
    the translation table, static/i18n.js), then English again."""
    click_css(browser, 'button[data-lang="zh"]')
    wait_for(lambda: all(browser.execute_script(CJK, sel) for sel in (
        "#round-start", ".desk-card button[data-act]", "#status", "#answer")), 10, what="the desk in Chinese")
    Path(shots, "desk-zh.png").write_bytes(browser.get_screenshot_as_png())
    click_css(browser, 'button[data-lang="en"]')
    wait_for(lambda: not browser.execute_script(CJK, "#round-start"), 10, what="the desk in English")


def settle_a_conflict(hall, browser, windows, i, shots):
    """Board i's result differs from one typed into the event file: the
    desk lists the conflict; "keep the file's" sends the board the
    overrule, and the conflict is gone."""
    board = int(hall.sims.pairings[i].board)
    ev = Tournament.open(str(hall.event))
    ev.set_result(1, board, "0-1", termination="4.1.12", source="hand")  # typed at the desk by hand
    ev.db.close()
    req = click(browser, str(board), "result 1-0")
    timed(hall, browser, windows, i, req, "RESULT")
    req = click(browser, str(board), "confirm")
    timed(hall, browser, windows, i, req, "CONFIRM")
    row = '#conflicts tbody tr[data-board="%d"]' % board
    wait_for(lambda: browser.find_elements("css selector", row), 30, what="the conflict listed")
    assert hall.file_result(board) == "0-1"  # never overwritten (hall/results.py)
    if shots:
        browser.execute_script("document.getElementById('conflicts').scrollIntoView()")
        Path(shots, "conflicts.png").write_bytes(browser.get_screenshot_as_png())
    click_css(browser, row + ' button[data-keep="file"]')
    wait_for(lambda: any(" OVERRULE result 0-1 " in p and "by=%s" % ARBITER in p for p in hall.sims.journal(i)), 30,
             what="the file's result sent to the board")
    wait_for(lambda: not browser.find_elements("css selector", row), 30, what="the conflict settled")


def pair_the_next_round(hall, done):
    """Round `done` finished in the event file (the games of the boards
    not in the hall drawn by hand), the next round paired: its games by
    board number."""
    ev = Tournament.open(str(hall.event))
    tables = {int(p.board) for p in hall.sims.pairings}
    for g in ev.pairings(done):
        for game in g.games:
            if game["board"] not in tables:
                ev.set_result(done, game["board"], "1/2-1/2", source="hand")
    ev.pair()
    games = {g.board: g for g in round_games(ev, done + 1)}
    ev.db.close()
    return games


def next_round(hall, browser):
    """Round 2 from the desk's buttons, through the running logger: each
    board its `new` (its second game, round 2's players), then the clocks
    (20.1) once the players set up; no port opened again, no stray game."""
    for i, p in enumerate(hall.sims.pairings):  # round 1 finished at the desk: each game's result, confirmed (art. 9)
        if "CONFIRM" not in hall.journal_kinds(i):
            click(browser, str(p.board), "result 1-0")
            wait_for(lambda: "RESULT" in hall.journal_kinds(i), 30, what="board %s's result" % p.board)
            click(browser, str(p.board), "confirm")
            wait_for(lambda: "CONFIRM" in hall.journal_kinds(i), 30, what="board %s's confirmation" % p.board)
    wait_for(lambda: all(hall.file_result(int(p.board)) for p in hall.sims.pairings), 30,
             what="round 1's results in the event file")
    games = pair_the_next_round(hall, 1)
    connects = [b.session.connects for b in hall.logger.boards]
    browser.find_element("id", "round-no").send_keys("2")
    click_css(browser, "#round-start")
    for i, p in enumerate(hall.sims.pairings):
        wait_for(lambda: hall.journal_kinds(i, 2)[:1] == ["GAME"], 30, what="board %s's round 2 game" % p.board)
        game = hall.sims.journal(i, 2)[0]
        g = games[int(p.board)]
        assert "round=2" in game and "red=%s" % g.red in game and "red_no=%d" % g.red_no in game
        hall.sims.sims[i].act("+100 setup", "+300 press red", "+200 press black")  # the players set up
    for i in range(len(hall.sims.pairings)):
        wait_for(lambda: "SETUP" in hall.journal_kinds(i, 2)[1:] and any(
            " SETUP confirmed" in p for p in hall.sims.journal(i, 2)), 30, what="the set-up confirmed")
    click_css(browser, "#round-clocks")
    for i in range(len(hall.sims.pairings)):
        wait_for(lambda: "START" in hall.journal_kinds(i, 2), 30, what="round 2's clocks")
        assert not Path(hall.sims.sims[i].store, "g00003.log").exists()  # no stray game
    assert [b.session.connects for b in hall.logger.boards] == connects  # no port opened again


def round_from_the_command_line(hall, tmp):
    """Round 3 by `xqboard round start EVENT.db 3 --mqtt` beside the running
    broadcast, through the running logger, with the `round` account of
    `hall init` (its credentials from a file named in the environment,
    never argv): each board its `new`, the clocks together once the
    players set up (20.1); no port opened again, no stray game, and the
    old games (rounds 1 and 2) neither written nor printed again."""
    n, began = len(hall.sims.pairings), time.monotonic()
    for i in range(n):  # a move in each game of round 2 (printed: it must not be again)
        hall.sims.sims[i].act("+100 lift h2", "+300 place e2", "+200 press red")
    wait_for(lambda: hall.logger.stream.getvalue().count("(h2e2)") >= n, 15, what="round 2's moves printed")
    for i, p in enumerate(hall.sims.pairings):  # round 2 ends at the boards (the broadcast's desk, no click)
        for words in (["resign", "black"], ["confirm"]):  # 1-0, 4.1.12
            done, replies = threading.Event(), []
            hall.b.desk.send(hall.sims.boards[i].device, words, ARBITER,
                             on_done=lambda c: (replies.append(c.reply), done.set()))
            assert done.wait(20) and replies[0][:1] == ["ok"], (words, replies)
    wait_for(lambda: all(hall.file_result(int(p.board), 2) for p in hall.sims.pairings), 15,
             what="round 2's results in the event file")
    games = pair_the_next_round(hall, 2)
    tables = {int(p.board) for p in hall.sims.pairings}
    logger, out = hall.logger, tmp / "games"
    wait_for(lambda: all(b.files is not None and b.files.ended and not b.files.dirty for b in logger.boards), 15,
             what="round 2's records written")
    old = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in out.glob("*-g0000[12].*")}
    assert len(old) == 2 * n * 6  # each board's games 1 and 2: events, 4 records, the score sheet
    printed = len(logger.stream.getvalue())
    connects = [b.session.connects for b in logger.boards]
    env = dict(os.environ, XQBOARD_MQTT_CREDENTIALS=str(tmp / "hall" / "accounts" / "round.json"))
    cli = subprocess.Popen([sys.executable, "-m", "xqboard.cli", "round", "start", str(hall.event), "3",
                            "--mqtt", "127.0.0.1:%d" % hall.broker.port,
                            "--only", ",".join(map(str, sorted(tables))), "--wait", "60"],
                           env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        for i, p in enumerate(hall.sims.pairings):
            wait_for(lambda: hall.journal_kinds(i, 3)[:1] == ["GAME"], 30, what="board %s's round 3 game" % p.board)
            game, g = hall.sims.journal(i, 3)[0], games[int(p.board)]
            assert "round=3" in game and "red=%s" % g.red in game and "red_no=%d" % g.red_no in game
            hall.sims.sims[i].act("+100 setup", "+300 press red", "+200 press black")  # the players set up
        said, _ = cli.communicate(timeout=90)
    finally:
        if cli.poll() is None:
            cli.kill()
            cli.wait()
    assert cli.returncode == 0 and "round 3 started on %d boards" % n in said, said
    for i in range(n):
        wait_for(lambda: "START" in hall.journal_kinds(i, 3), 10, what="round 3's clocks")
        assert not Path(hall.sims.sims[i].store, "g00004.log").exists()  # no stray game
    assert [b.session.connects for b in logger.boards] == connects  # no port opened again
    # "old games are not printed again": their files stand as they were,
    # and what the logger printed since is round 3's alone
    assert {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in out.glob("*-g0000[12].*")} == old
    since = logger.stream.getvalue()[printed:]
    assert all("new game: %s - %s" % (games[t].red, games[t].black) in since for t in tables), since
    assert "(h2e2)" not in since and "1-0" not in since and "0-1" not in since, since
    assert not any("new game: %s - %s" % (p.red, p.black) in since for p in hall.sims.pairings), since
    print("\nround 3 by `round start --mqtt` on %d boards (round 2 ended, paired, the CLI's process, set-ups, "
          "clocks): %.1f s" % (n, time.monotonic() - began))


def pull_cable(hall, browser, windows, i, within_s):
    """Pulls board i's cable: ms until both pages show it cut (failing
    after `within_s`); its clock then stands still on the live page."""
    board = str(hall.sims.pairings[i].board)
    start = time.time()
    hall.sims.boards[i].pull()
    wait_for(lambda: browser.execute_script(
        "return (document.querySelector('.desk-card[data-board=\"%s\"]') || {}).dataset.link" % board) == "cut",
        within_s, what="the desk showing the cable cut")
    browser.switch_to.window(windows[1])
    wait_for(lambda: browser.execute_script(
        "return (document.querySelector('#boards .card[data-board=\"%s\"]') || {dataset: {}}).dataset.link" % board)
        == "cut", within_s, what="the live page showing the cable cut")
    took = (time.time() - start) * 1000.0
    clocks = "return [...document.querySelectorAll('#boards .card[data-board=\"%s\"] .clock')].map(c => c.textContent)"
    first = browser.execute_script(clocks % board)
    time.sleep(1.5)
    assert browser.execute_script(clocks % board) == first, "the clock of a board whose cable is out went on counting"
    browser.switch_to.window(windows[0])
    hall.sims.boards[i].plug()
    wait_for(lambda: browser.execute_script(
        "return (document.querySelector('.desk-card[data-board=\"%s\"]') || {}).dataset.link" % board) == "up",
        30, what="the desk showing the cable back")
    return took


def test_the_arbiter_runs_the_hall_from_the_desk(tmp_path, chromium):
    # the cut shown within 30 s here, the goal of 5 s is the bench's: a shared machine's browser, logger
    # and broadcast wait for a core (every wait on a condition, none a fixed time)
    latencies, p99, cut_ms = run_desk(tmp_path, chromium, 2, 12, shots=os.environ.get("XQ_HALL_SCREENSHOTS"),
                                      cut_within_s=30.0)
    assert len(latencies) == 12 and cut_ms < 30000


@pytest.mark.bench
def test_the_arbiter_runs_the_hall_from_the_desk_8_boards_50_commands(tmp_path, chromium):
    latencies, p99, cut_ms = run_desk(tmp_path, chromium, 8, 50)
    assert p99 < GOAL_MS and cut_ms < CUT_GOAL_S * 1000
