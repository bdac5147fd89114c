"""The game viewer of a board full size (static/viewer.js), in a real
Chromium: every move clickable, the arrow keys and Home/End stepping, the
position shown at each ply as the record has it, the [%clk] time of each
move, and the notes of a ply: an alert (5.8.2), a foul (8.1.7), the
arbiter's ruling (21.5); a new move while stepping keeps the ply shown."""
import os
from pathlib import Path

import pytest
from selenium.webdriver.common.keys import Keys

from xqboard.hall import masters
from xqboard.hall.hub import Hub
from xqboard.hall.web import Serving, make_app

from .test_pages import wait_for

PLIES = 20
INCIDENTS = {5: "alert", 7: "foul"}


def clock_text(ms):
    """board.js's clockText: m:ss, or h:mm:ss (the times here are over 10 s)."""
    s = ms // 1000
    h, m = s // 3600, s // 60 % 60
    return "%d:%02d:%02d" % (h, m, s % 60) if h else "%d:%02d" % (m, s % 60)


class Board:
    """Board 1 of a hub: a master game PLIES moves in, with an alert after
    move 5 and a foul after move 7; the rest of its lines kept back."""

    def __init__(self):
        self.hub = Hub()
        game = masters.master_games()[60]
        self.lines = masters.game_lines(game, "1", masters.think_of(1), event="Viewer", incidents=INCIDENTS)
        self.seq = self.next = 0
        while self.seq == 0 or len(self.record().plies) < PLIES:
            self.push_move()

    def push(self, line=None):
        """Pushes `line`, or the game's next line."""
        if line is None:
            line, self.next = self.lines[self.next][1], self.next + 1
        self.seq += 1
        self.hub.push("1", "d1", 1, self.seq, line)
        return line

    def push_move(self):
        """Pushes the game's lines up to the next move's press."""
        while " PRESS " not in self.push():
            pass

    def record(self):
        return self.hub.record("1")


@pytest.fixture(scope="module")
def board():
    b = Board()
    with Serving(make_app(b.hub)) as url:
        b.url = url
        yield b


def shown(browser):
    return browser.execute_script("""
        const b = document.getElementById('full-body');
        return [Number(b.dataset.ply), b.dataset.live, b.querySelector('svg').dataset.fen,
                b.querySelector('.step') ? b.querySelector('.step').textContent : ''];""")


def click_ply(browser, n):
    """Clicks move n in the move list (found and clicked at once: the list
    is drawn anew when the board's game is fetched)."""
    browser.execute_script("document.querySelector(`#full-body .ply[data-ply=\"${arguments[0]}\"]`).click()", n)


def open_board(browser, board):
    browser.get(board.url + "/?screen=hall#board=1")  # the hall screen: no engine to wait for
    wait_for(lambda: browser.execute_script("return document.querySelectorAll('#full-body .ply').length") == PLIES)


def test_the_arrow_keys_step_through_the_game_as_recorded(browser, board):
    open_board(browser, board)
    record = board.record()
    ply, live, fen, _ = shown(browser)
    assert (ply, live, fen) == (PLIES, "true", record.position(PLIES).fen())
    body = browser.find_element("tag name", "body")
    body.send_keys(Keys.ARROW_LEFT)
    wait_for(lambda: shown(browser)[0] == PLIES - 1)
    assert shown(browser)[1:3] == ["false", record.position(PLIES - 1).fen()]
    body.send_keys(Keys.HOME)
    wait_for(lambda: shown(browser)[0] == 0)
    assert shown(browser)[2] == record.position(0).fen()
    for n in range(1, 4):
        body.send_keys(Keys.ARROW_RIGHT)
        wait_for(lambda: shown(browser)[0] == n)
        ply, live, fen, step = shown(browser)
        assert fen == record.position(n).fen()
        assert record.texts("Chinese")[n - 1] in step and clock_text(record.plies[n - 1].clock) in step
    body.send_keys(Keys.END)
    wait_for(lambda: shown(browser)[1] == "true")
    assert shown(browser)[0] == PLIES


def test_a_click_on_a_move_shows_it_with_its_clock_and_its_notes(browser, board):
    open_board(browser, board)
    record = board.record()
    texts = browser.execute_script("return [...document.querySelectorAll('#full-body .ply')].map(e => e.textContent)")
    assert [t.split()[0] for t in texts] == record.texts("Chinese")
    assert all(clock_text(p.clock) in t for p, t in zip(record.plies, texts))  # [%clk] of each move
    for n, article, kind in ((5, "5.8.2", "alert"), (7, "8.1.7", "foul")):
        click_ply(browser, n)
        wait_for(lambda: shown(browser)[0] == n)
        notes = browser.execute_script(
            "return [...document.querySelectorAll('#full-body .step .note')].map(e => [e.className, e.dataset.article])")
        assert ["note " + kind, article] in notes
        assert shown(browser)[2] == record.position(n).fen()
    if os.environ.get("XQ_HALL_SCREENSHOTS"):
        Path(os.environ["XQ_HALL_SCREENSHOTS"], "viewer.png").write_bytes(browser.get_screenshot_as_png())


def test_stepping_stays_put_while_the_game_goes_on_and_shows_a_ruling(browser, board):
    open_board(browser, board)
    click_ply(browser, 3)
    wait_for(lambda: shown(browser)[0] == 3)
    # the arbiter declares a foul (21.5) and the game goes on one move
    t = board.lines[board.next][0] - 50  # just before the game's next line
    board.push("E %d %d OVERRULE foul red by=A1 8.1.7" % (board.seq + 1, t))
    board.push_move()
    wait_for(lambda: browser.execute_script("return document.querySelectorAll('#full-body .ply').length") == PLIES + 1)
    assert shown(browser)[0] == 3 and shown(browser)[2] == board.record().position(3).fen()
    browser.find_element("tag name", "body").send_keys(Keys.END)
    wait_for(lambda: shown(browser)[1] == "true")
    assert shown(browser)[0] == PLIES + 1
    click_ply(browser, PLIES)
    wait_for(lambda: shown(browser)[0] == PLIES)
    step = shown(browser)[3]
    assert "declared by the arbiter" in step and "8.1.7" in step
