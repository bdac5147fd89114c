"""The spectator pages in Chinese, in a real Chromium (static/i18n.js, the
hall's one table): the live page with its round tabs, cards, players and
the viewer, and the standings page (its tie-breaks by article, 14) show
the table's Chinese and no English word of the interface; the 中文 /
English switch is kept (URL and localStorage), the browser's language
(Accept-Language, navigator.language) the default. A board whose cable is cut
reads so on the live page and its clock stops where the board was last
heard (board.js's timeLeft), and counts again when the link is back."""
import os
import re
import time
from pathlib import Path

import pytest

from xqboard.hall import masters

from .test_pages import wait_for
from .test_pages_event import Event, js

pytestmark = pytest.mark.xdist_group("browser")

def shot(browser, name):
    """XQ_HALL_SCREENSHOTS=docs/hall: the docs' screenshot `name`."""
    if os.environ.get("XQ_HALL_SCREENSHOTS"):
        Path(os.environ["XQ_HALL_SCREENSHOTS"], name).write_bytes(browser.get_screenshot_as_png())


# the words of the page that are not the interface's: the brand, the
# event's name (data), the engine and its licence, the export formats and
# the viewer's key names
NOT_INTERFACE = {"xqboard", "hall", "Cup", "English", "Fairy", "Stockfish", "GNU", "GPL", "PGN", "DhtmlXQ",
                 "Home", "End"}


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    from xqboard.hall.web import Serving, make_app
    e = Event(tmp_path_factory.mktemp("event-zh"))
    # board 2: a game played to its result (art. 4), for the result's words, with an alert,
    # a foul and a draw offer for the viewer's notes (the host's table's Chinese: record/bilingual.py)
    for seq, (_, line) in enumerate(masters.game_lines(masters.master_games()[7], "2", masters.think_of(2),
                                                            event="Cup", round_="2",
                                                            incidents={1: "alert", 2: "foul", 3: "offer"}), 1):
        e.hub.push("2", "d2", 1, seq, line)
    with Serving(make_app(e.hub, tournament=e.path)) as url:
        e.url = url
        yield e


def english_words(browser, selector, names):
    """The words in Latin letters of the elements at `selector`, less the
    players' names and clubs (data) and NOT_INTERFACE."""
    text = " ".join(js(browser, "return [...document.querySelectorAll(arguments[0])].map(e => e.textContent)", selector))
    for n in names:
        text = text.replace(n, " ")
    return sorted(set(re.findall(r"[A-Za-z]{2,}", text)) - NOT_INTERFACE)


def data_words(hall):
    return [w for e in hall.event.by_id().values() for w in (e.name, e.club or "")]


def test_the_live_page_and_viewer_in_chinese(browser, hall):
    browser.get(hall.url + "/?screen=hall&lang=zh")
    wait_for(lambda: "分" in js(browser, "return document.querySelector('#boards .card .player.red .name')?.textContent || ''"))
    wait_for(lambda: js(browser, "return document.getElementById('rounds').dataset.shown") == "2")
    assert js(browser, "return document.documentElement.lang") == "zh-Hans"
    assert js(browser, "return document.querySelector('#rounds .tab.at').textContent") == "第2轮 · 直播"
    assert js(browser, "return document.querySelector('#boards .card .head').textContent").startswith("第1台 · 第2轮")
    assert js(browser, "return document.getElementById('search').placeholder") == "姓名或编号"
    assert js(browser, "return document.querySelector('.standings-link').textContent") == "排名 · 对阵"
    wait_for(lambda: js(browser, "return document.getElementById('status').textContent").endswith("2台 · 直播"))
    js(browser, "location.hash = 'board=1'")
    wait_for(lambda: js(browser, "return document.querySelector('#full-body .step-head .where')?.textContent") == "直播")
    chrome = "header, nav, footer, .card .head, .card .result, .card .meta, .step-head"
    assert english_words(browser, chrome, data_words(hall)) == []
    shot(browser, "viewer-zh.png")
    js(browser, "location.hash = ''")
    # the finished board's result: the reason and its state in Chinese, the article a number
    result = js(browser, "return document.querySelector('#boards .card[data-board=\"2\"] .result').textContent")
    assert re.search(r" \d+\.\d+(\.\d+)? [\u4e00-\u9fff]+ · [\u4e00-\u9fff]", result), result
    # the viewer's notes of board 2 (an alert, a foul, a draw offer): the server's Chinese
    js(browser, "location.hash = 'board=2'")
    wait_for(lambda: js(browser, "return document.querySelector('#full-body .step-head') !== null"))
    notes = []
    for ply in (1, 2, 3):
        js(browser, "XQView.go(arguments[0])", ply)
        wait_for(lambda: js(browser, "return document.querySelectorAll('#full-body .step .note').length") > 0)
        notes += js(browser, "return [...document.querySelectorAll('#full-body .step .note')].map(e => e.textContent)")
    assert len(notes) == 3 and all(re.search(r"[\u4e00-\u9fff]", n) for n in notes), notes
    assert re.findall(r"[A-Za-z]{2,}", " ".join(notes)) == []  # (the points, e3, are one letter)
    assert "黑方提和（22.1）" in notes or "红方提和（22.1）" in notes
    js(browser, "location.hash = ''")
    # round 1's game, replayable: its card in Chinese too
    js(browser, "document.querySelector('#rounds .tab[data-round=\"1\"]').click()")
    wait_for(lambda: js(browser, "return document.querySelector('#past .card .head')?.textContent || ''").startswith("第1台"))
    assert english_words(browser, "nav, #past .card .head, #past .card .meta", data_words(hall)) == []


def test_the_standings_in_chinese_and_the_switch_is_kept(browser, hall):
    browser.get(hall.url + "/standings?lang=zh")
    wait_for(lambda: js(browser, "return document.body.dataset.after") == "1")
    heads = js(browser, "return [...document.querySelectorAll('#standings th')].map(e => e.textContent)")
    assert heads[:6] == ["名次", "编号", "姓名", "单位", "等级分", "积分"]
    assert any(re.fullmatch(r"[\u4e00-\u9fff]+ \(14\.[\d.]+\)", h) for h in heads)  # the article stays a number
    assert js(browser, "return document.getElementById('pairings-title').textContent") == "第2轮对阵"
    assert english_words(browser, "header, h2, th, #pairings .res", data_words(hall)) == []
    shot(browser, "standings-zh.png")
    js(browser, "document.querySelector('[data-lang=\"en\"]').click()")
    wait_for(lambda: js(browser, "return document.querySelector('#standings th').textContent") == "Rank")
    assert "lang=en" in browser.current_url
    browser.get(hall.url + "/standings")  # no ?lang=: the choice kept
    wait_for(lambda: js(browser, "return document.querySelector('#standings th')?.textContent") == "Rank")
    js(browser, "localStorage.removeItem('xq-lang')")


def clock(browser):
    return js(browser, "return document.querySelector('#boards .card[data-board=\"1\"] .player.running .clock')"
                       "?.textContent || ''")


def test_a_cut_board_reads_cut_and_its_clock_stops(browser, hall):
    browser.get(hall.url + "/?screen=hall&lang=zh")
    wait_for(lambda: clock(browser))
    first = clock(browser)
    wait_for(lambda: clock(browser) != first, timeout=15)  # counting while the link is up
    hall.hub.set_link("d1", "pc1", "down", time.time())
    try:
        wait_for(lambda: js(browser, "return document.querySelector('#boards .card[data-board=\"1\"]').dataset.link") == "cut")
        badge = js(browser, "return document.querySelector('#boards .card[data-board=\"1\"] .head .link.cut').textContent")
        assert badge == "线缆断开"
        stopped = clock(browser)
        time.sleep(1.2)
        assert clock(browser) == stopped
    finally:
        hall.hub.set_link("d1", "pc1", "up", time.time())
    wait_for(lambda: clock(browser) != stopped, timeout=15)  # back: it counts again


def test_the_browsers_language_is_the_default(browser, hall):
    js(browser, "localStorage.removeItem('xq-lang')")
    agent = js(browser, "return navigator.userAgent")
    try:
        for accept, shown in (("zh-CN", "直播"), ("en-GB", "live")):
            browser.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": accept})
            browser.get(hall.url + "/?screen=hall")
            assert js(browser, "return navigator.language") == accept
            wait_for(lambda: js(browser, "return document.querySelector('h1 .sub').textContent") == shown)
    finally:
        browser.execute_cdp_cmd("Emulation.setUserAgentOverride", {"userAgent": agent})
