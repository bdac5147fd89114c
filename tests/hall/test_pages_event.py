"""The event around the boards in a real Chromium (hall/eventpages.py,
static/event.js, static/standings.js): round tabs with the current round
by default and a finished game of round 1 replayed by keys; the players'
numbers, ratings, clubs and scores from the tournament file, two players
named 王伟 told apart; the standings page after a confirmed result (art. 9,
tie-breaks of art. 14); the phone layout at 390x844 with its search."""
import os
from pathlib import Path

import pytest
from selenium.webdriver.common.keys import Keys

from xqboard.hall import masters
from xqboard.hall.hub import Hub
from xqboard.hall.web import Serving, make_app
from xqboard.tournament.event import Tournament

from .test_pages import wait_for

PLAYERS = (("王伟", "杭州", 2105), ("李强", "上海", 2210), ("王伟", "北京", 1990), ("赵鑫", "广州", 2050))
ROUND1_PLIES = 12


class Event:
    """A round robin of PLAYERS in a tournament file; round 1's game on
    board 1 played and confirmed into the file, round 2's under way on the
    same board (its device's game 2): the hub has both, round 2 live."""

    def __init__(self, folder):
        self.path = str(folder / "event.db")
        ev = Tournament.create(self.path, "Cup", system="roundrobin", seed=1)
        for name, club, rating in PLAYERS:
            ev.add_player(name, club=club, rating=rating)
        ev.pair()
        self.pairs = {}
        self.hub, self.seq = Hub(), 0
        games = masters.master_games()
        p1 = ev.pairings(1)[0]
        g1 = p1.games[0]
        self.push_game("1", 1, games[3], ev, g1, plies=ROUND1_PLIES)
        ev.set_result(1, g1["board"], "1-0")
        for p in ev.pairings(1)[1:]:
            ev.set_result(1, p.games[0]["board"], "1/2-1/2")
        ev.pair()
        self.push_game("2", 2, games[4], ev, ev.pairings(2)[0].games[0], plies=6)
        self.event = ev

    def push_game(self, rnd, game_no, game, ev, g, plies):
        es = ev.by_id()
        red, black = es[g["red_player"]], es[g["black_player"]]
        lines = masters.game_lines(game, "1", masters.think_of(1), event="Cup", round_=rnd, plies=plies)
        head = lines[0][1].split(" red=")[0]
        lines[0] = (0, "%s red=%s black=%s tc=15m+10s policy=auto fen=startpos red_no=%d black_no=%d" % (
            head, red.name, black.name, red.number, black.number))
        self.pairs[rnd] = (red.number, black.number)
        for _, line in lines:
            self.seq += 1
            self.hub.push("1", "d1", game_no, self.seq, line)


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    e = Event(tmp_path_factory.mktemp("event"))
    with Serving(make_app(e.hub, tournament=e.path)) as url:
        e.url = url
        yield e


def js(browser, script, *args):
    return browser.execute_script(script, *args)


def test_the_current_round_is_shown_and_round_1_replays_by_keys(browser, hall):
    browser.set_window_size(1400, 1100)
    browser.get(hall.url + "/?screen=hall")
    wait_for(lambda: js(browser, "return document.getElementById('rounds').dataset.shown") == "2")
    assert js(browser, "return document.getElementById('boards').hidden") is False
    js(browser, "document.querySelector('#rounds .tab[data-round=\"1\"]').click()")
    wait_for(lambda: js(browser, "return document.querySelectorAll('#past .card').length") == 1)
    js(browser, "document.querySelector('#past .card').click()")
    wait_for(lambda: js(browser, "return document.querySelectorAll('#full-body .ply').length") == ROUND1_PLIES)
    body = browser.find_element("tag name", "body")
    body.send_keys(Keys.HOME)
    wait_for(lambda: js(browser, "return document.getElementById('full-body').dataset.ply") == "0")
    body.send_keys(Keys.ARROW_RIGHT)
    wait_for(lambda: js(browser, "return document.getElementById('full-body').dataset.ply") == "1")
    first = masters.master_games()[3].position(1).fen()
    assert js(browser, "return document.querySelector('#full-body svg').dataset.fen") == first
    body.send_keys(Keys.ESCAPE)
    js(browser, "location.hash = ''")


def test_players_have_number_rating_club_and_score_and_the_two_wang_wei_differ(browser, hall):
    browser.get(hall.url + "/?screen=hall")
    wait_for(lambda: "#" in js(browser, "return document.querySelector('#boards .card .player.red .name')?.textContent || ''"))
    red = js(browser, "return document.querySelector('#boards .card .player.red .name')?.textContent || ''")
    black = js(browser, "return document.querySelector('#boards .card .player.black .name').textContent")
    shown = hall.event.display_names()
    es = {e.number: e for e in hall.event.by_id().values()}
    for no, text in zip(hall.pairs["2"], (red, black)):
        e = es[no]
        assert "#%d" % no in text and shown[e.id] in text and str(e.rating) in text and e.club in text
        assert "pts" in text
    names = sorted(shown[e.id] for e in es.values() if e.name == "王伟")
    assert len(set(names)) == 2  # told apart (tournament/roster.py's display_names)


def test_9_the_standings_page_follows_a_confirmed_result(browser, hall):
    browser.get(hall.url + "/standings")
    wait_for(lambda: js(browser, "return document.body.dataset.after") == "1")
    heads = js(browser, "return [...document.querySelectorAll('#standings th')].map(e => e.textContent)")
    assert any("(14." in h for h in heads)  # the tie-breaks of art. 14, by article
    board = hall.event.pairings(2)[0].games[0]["board"]
    before = js(browser, "return document.querySelector('#pairings tr[data-table=\"1\"] .res').textContent")
    assert before == "…"
    ev = Tournament.open(hall.path)  # what hall/results.py does on CONFIRM
    ev.set_result(2, board, "0-1")
    ev.db.close()
    wait_for(lambda: js(browser, "return document.querySelector('#pairings tr[data-table=\"1\"] .res')"
                                 ".textContent") == "0-1", timeout=30)
    if os.environ.get("XQ_HALL_SCREENSHOTS"):
        Path(os.environ["XQ_HALL_SCREENSHOTS"], "standings.png").write_bytes(browser.get_screenshot_as_png())


def test_the_phone_layout_lists_the_boards_and_finds_a_player(browser, hall):
    browser.set_window_size(390, 844)
    try:
        browser.get(hall.url + "/?screen=hall")
        wait_for(lambda: "#" in js(browser, "return document.querySelector('#boards .card .player.red .name')?"
                                            ".textContent || ''"))
        assert js(browser, "return getComputedStyle(document.querySelector('#boards .card .diagram')).display") == "none"
        search = browser.find_element("id", "search")
        search.send_keys("nobody-here")
        wait_for(lambda: js(browser, "return document.querySelector('#boards .card').hidden === true"))
        search.clear()
        search.send_keys(str(hall.pairs["2"][1]))  # a player's number
        wait_for(lambda: js(browser, "return document.querySelector('#boards .card').hidden === false"))
        js(browser, "document.querySelector('#boards .card').click()")
        wait_for(lambda: js(browser, "return document.getElementById('full').hidden === false"))
        assert js(browser, "return getComputedStyle(document.querySelector('#full-body .diagram')).display") != "none"
        if os.environ.get("XQ_HALL_SCREENSHOTS"):
            Path(os.environ["XQ_HALL_SCREENSHOTS"], "phone.png").write_bytes(browser.get_screenshot_as_png())
    finally:
        browser.set_window_size(1400, 1100)
