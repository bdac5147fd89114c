"""The quarantine on the arbiter's desk (issue 26 item 2; docs/HALL.md,
"The arbiter's desk"): what failed verification and the boards without a
key, listed for the arbiter alone, newest first, every forger's text
escaped; the public pages show nothing of a forgery."""
import http.client
import json
import sqlite3
import time
import urllib.parse

import pytest

from xqboard.hall.arbiters import Arbiters
from xqboard.hall.envelope import Envelope
from xqboard.hall.eventdb import Store
from xqboard.hall.hub import Hub
from xqboard.hall.intake import Intake
from xqboard.hall.quarantine import Quarantine
from xqboard.hall.replayboard import game_events
from xqboard.hall.results import Results
from xqboard.hall.trust import Keys
from xqboard.hall.web import Serving, make_app

from game import events as ev  # noqa: E402

from .conftest import short_game
from .test_arbiter_login import get, login
from .test_hall_trust import KEY, chained, envelopes, published_by_pc1
from .test_pages import wait_for as wait_until
from .test_pipe_results import result_at, tournament

pytestmark = pytest.mark.xdist_group("browser")

SECRET = "quarantine-secret"
ARBITERS = Arbiters.of({"chief": SECRET})
HOSTILE_BOARD = "1\u202eevil"  # reads backwards, raw (the decoder takes it: printable)


def body(url, path, cookie=None):
    """(status, text) of a GET."""
    u = urllib.parse.urlsplit(url)
    c = http.client.HTTPConnection(u.hostname, u.port, timeout=20)
    c.request("GET", path, headers={"Cookie": cookie} if cookie else {})
    r = c.getresponse()
    out = r.status, r.read().decode("utf-8")
    c.close()
    return out


def forged_game(g):
    # the whole game again as game 2 of the keyed board, chained as anyone can (no key), at a hostile board name
    lines = chained(game_events(short_game(0, 6), "City Cup", 1, g.board, g.red_no, g.black_no))
    return [Envelope("k1", 2, n + 1, line, board=HOSTILE_BOARD, logger="pc1", at=1.0) for n, line in enumerate(lines)]


def test_a_forgery_from_a_loggers_own_account_shows_in_quarantine_for_the_arbiter_alone(tmp_path, hall):
    path = tmp_path / "event.db"
    g, g2 = tournament(path)[:2]
    Keys.record(Keys.path_beside(path), "k1", KEY)
    real = envelopes("k1", game_events(short_game(0, 6), "City Cup", 1, g.board, g.red_no, g.black_no, key=KEY,
                                       device="k1"), board=str(g.board))
    unkeyed = envelopes("nokey", game_events(short_game(1, 4), "City Cup", 1, g2.board, g2.red_no, g2.black_no),
                        board=str(g2.board))
    hub = Hub()
    published_by_pc1(hall, path, hub, real + forged_game(g) + unkeyed)

    with Serving(make_app(hub, ARBITERS, tournament=str(path), quarantine=Quarantine(tmp_path / "hall.sqlite"))) as url:
        assert get(url, "/arbiter/quarantine") == 401  # the arbiter's alone
        cookie, _ = login(url, secret=SECRET)
        status, text = body(url, "/arbiter/quarantine", cookie)
        assert status == 200
        q = json.loads(text)
        (row,) = q["quarantined"]  # the forged GAME; what chains on it never comes past the gap it leaves
        assert (row["device"], row["game"], row["seq"], row["kind"], row["logger"]) == ("k1", 2, 1, "GAME", "pc1")
        assert row["reason"].startswith("event 1: a board with a key MACs its events")
        assert row["board"] == "1\\u202eevil" and "\u202e" not in text  # escaped, never raw
        assert row["at"] <= time.time()
        (u,) = q["unverified"]
        assert (u["device"], u["game"], u["board"], u["logger"]) == ("nokey", 1, str(g2.board), "pc1")
        assert q["counts"] == {"quarantined": 1, "unverified": 1, "dismissed": 0, "accepted": 0}
        assert row["dismissed"] is None and u["accepted"] is None  # the arbiter's acts: test_desk_accept.py
        # the public pages: the board's own game, nothing of the forgery
        for public in ("/api/boards", "/"):
            status, page = body(url, public)
            assert status == 200 and "evil" not in page and "\\u202e" not in page
        boards = json.loads(body(url, "/api/boards")[1])["boards"]
        assert {(b["device"], b["game"]) for b in boards} == {("k1", "1"), ("nokey", "1")}
    assert result_at(path, g.board)[1] == "board k1 game 1" and result_at(path, g2.board)[0] is None


def test_the_list_is_bounded_and_newest_first(tmp_path):
    store = Store(tmp_path / "hall.sqlite")
    for n in range(30):
        store.quarantine(Envelope("k%d" % n, 1, 1, "E 1 0 GAME new", board="%d\x1b[2J" % n, logger="pc1"),
                         "reason %d" % n)
    store.commit()
    q = Quarantine(tmp_path / "hall.sqlite", limit=10).listing()
    assert [r["reason"] for r in q["quarantined"]] == ["reason %d" % n for n in range(29, 19, -1)]
    assert q["counts"]["quarantined"] == 30
    assert q["quarantined"][0]["board"] == "29\\u001b[2J"  # a control character escaped (textsafe.visible)
    store.close()


def test_the_desk_page_shows_the_quarantine_in_chromium_and_its_buttons_dismiss_and_accept(tmp_path, browser):  # noqa: F811
    path = tmp_path / "event.db"
    g, g2 = tournament(path)[:2]
    Keys.record(Keys.path_beside(path), "k1", KEY)
    store = Store(tmp_path / "hall.sqlite")
    intake = Intake(store, Hub(), keys=Keys.load(Keys.path_beside(path)))
    intake.results = Results(str(path), intake.flag)
    intake.take(forged_game(g)[:1])
    lines = game_events(short_game(1, 2), "City Cup", 1, g2.board, g2.red_no, g2.black_no)
    intake.take(envelopes("nokey", lines, board=str(g2.board)))

    def settled(find):
        # the page's acts run on the intake's thread, this one (Broadcast.step's settle)
        return lambda: (intake.settle(), find())[1]

    with Serving(make_app(Hub(), ARBITERS, quarantine=Quarantine(tmp_path / "hall.sqlite", intake=intake))) as url:
        browser.get(url + "/arbiter")
        browser.find_element("id", "name").send_keys("chief")
        browser.find_element("id", "secret").send_keys(SECRET)
        browser.find_element("id", "login").click()
        row = wait_until(lambda: browser.find_elements("css selector", "#quarantined tr.quarantined"))[0]
        cells = [c.text for c in row.find_elements("css selector", "td")]
        assert cells[1:6] == ["1\\u202eevil", "k1", "2", "1", "GAME"]
        assert cells[6].startswith("event 1: a board with a key MACs its events") and cells[7] == "pc1"
        assert cells[8] == "dismiss" and "never accepted" in browser.find_element("css selector", "#quarantine .note").text
        (u,) = wait_until(lambda: browser.find_elements("css selector", "#unverified tr.unverified"))
        assert [c.text for c in u.find_elements("css selector", "td")][1:] == [str(g2.board), "nokey", "1", "pc1",
                                                                              "accept its result"]
        # DISMISS: the row stays, marked with the arbiter's name
        browser.find_element("css selector", "#quarantined button.dismiss").click()
        (row,) = wait_until(settled(lambda: browser.find_elements("css selector", "#quarantined tr.was-dismissed")))
        assert row.find_element("css selector", "td.dismissed").text.startswith("dismissed by chief, ")
        assert browser.find_element("id", "answer").text.startswith("dismissed by chief: quarantine entry 1")
        # ACCEPT: the board's result into the event file, naming the arbiter
        browser.find_element("css selector", "#unverified button.accept").click()
        (u,) = wait_until(settled(lambda: browser.find_elements("css selector", "#unverified tr.was-accepted")))
        score = ev.decode(lines[-1])[3][0]
        source = "board nokey game 1 (unverified, accepted by chief)"
        assert u.find_element("css selector", "td.accepted").text.endswith(": none replaced by %s (%s)" % (score, source))
        assert result_at(path, g2.board)[:2] == (score, source)
        assert [(by, words) for at, by, device, game, cid, words, reply in store.commands()] == [
            ("chief", "dismiss quarantine entry 1"), ("chief", "accept unverified game (21.5)")]
        browser.find_element("css selector", "form[action='/arbiter/logout'] button").click()
    store.close()


def test_a_store_of_before_gets_the_board_column(tmp_path):
    old = sqlite3.connect(str(tmp_path / "hall.sqlite"))
    old.execute("create table quarantine (id integer primary key, device text not null, game integer not null, "
                "seq integer not null, logger text not null, line text not null, reason text not null, "
                "at real not null)")
    old.execute("insert into quarantine (device, game, seq, logger, line, reason, at) values "
                "('k1', 1, 3, 'pc1', 'E 3 0 MOVE h2e2', 'kept from before', 1.0)")
    old.commit()
    old.close()
    store = Store(tmp_path / "hall.sqlite")
    store.quarantine(Envelope("k1", 1, 4, "E 4 0 MOVE h9g7", board="5", logger="pc1"), "new")
    store.commit()
    rows = Quarantine(tmp_path / "hall.sqlite").listing()["quarantined"]
    assert [(r["board"], r["seq"], r["kind"], r["reason"]) for r in rows] == [("5", 4, "MOVE", "new"),
                                                                              ("", 3, "MOVE", "kept from before")]
    store.close()
