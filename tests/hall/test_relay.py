"""The relay files (hall/relay.py): per round, every game in one PGN (ICCS
with [%clk]), one in Chinese notation and one DhtmlXQ file, read back by
cchess (an independent library) and checked against the boards' records;
ETag, Last-Modified and Cache-Control, and 304 to a conditional request."""
import json
import re
import urllib.error
import urllib.request
from email.utils import formatdate

import cchess
from starlette.applications import Starlette

from xqboard.core import move_name
from xqboard.hall import masters, rounds
from xqboard.hall.hub import Hub
from xqboard.hall.relay import Relay
from xqboard.hall.web import Serving, make_app
from xqboard.record import read_games

from .test_exports import replay_movelist

ROUND_1 = {"1": 10, "2": 11, "3": 12}  # board: master game, played to the end and confirmed
ROUND_2 = {"1": (13, 9), "2": (14, 14)}  # board: (master game, moves so far)



def feed(hub, board, device, game_no, lines, first=0):
    for seq, (_, line) in enumerate(lines[first:], first + 1):
        hub.push(board, device, game_no, seq, line)


def two_rounds():
    """A hub of round 1 over (3 boards) and round 2 playing on 2 of them,
    the same devices' next games; the master games of each (round, board)."""
    hub, games, played = Hub(), masters.master_games(), {}
    for board, n in ROUND_1.items():
        feed(hub, board, "d" + board, 1, masters.game_lines(games[n], board, masters.think_of(int(board)),
                                                            event="Relay Cup", round_="1", confirm=True))
        played[("1", board)] = games[n]
    for board, (n, plies) in ROUND_2.items():
        feed(hub, board, "d" + board, 2, masters.game_lines(games[n], board, masters.think_of(int(board)),
                                                            event="Relay Cup", round_="2", plies=plies))
        played[("2", board)] = games[n]
    return hub, played


def get(url, **headers):
    """(status, headers, body) of a GET."""
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers, err.read()


def pgn_games(text):
    """The games of a PGN file of several, each as its own text."""
    return [g for g in re.split(r"\n(?=\[Game )", text) if g.strip()]


def cchess_moves(tmp_path, text):
    """cchess's moves of one game's PGN; cchess 1.25 stops at the first
    comment (record/pgn.py), so the [%clk] comments are taken out first."""
    path = tmp_path / "game.pgn"
    path.write_text(re.sub(r"\s*\{[^}]*\}", "", text), encoding="utf-8")
    return [str(m) for m in cchess.read_from_pgn(str(path)).iter_moves()]


def test_round_pgns_hold_every_game_of_the_round_read_back_by_cchess(tmp_path):
    hub, played = two_rounds()
    kept = rounds.Rounds(hub)
    with Serving(make_app(hub)) as url:
        index = json.loads(get(url + "/relay/rounds.json")[2])
        assert [r["round"] for r in index["rounds"]] == ["1", "2"]
        one = index["rounds"][0]
        assert [g["board"] for g in one["games"]] == list(ROUND_1) and {g["result"] for g in one["games"]} <= {
            "1-0", "0-1", "1/2-1/2"}
        for name, boards in (("1", ROUND_1), ("2", ROUND_2)):
            status, headers, body = get(url + "/relay/%s/iccs.pgn" % name)
            assert status == 200 and headers["Content-Type"].startswith("application/x-chess-pgn")
            texts = pgn_games(body.decode("utf-8"))
            assert len(texts) == len(boards)
            records = {(g.headers["Round"], g.headers["Board"]): g for g in read_games(body.decode("utf-8"))}
            for text, board in zip(texts, boards):
                master = played[(name, board)]
                want = master.moves[:len(cchess_moves(tmp_path, text))]
                assert cchess_moves(tmp_path, text) == [move_name(m) for m in want]
                if name == "1":
                    assert len(want) == len(master.moves)  # the whole game
                # the [%clk] times are the board's, as the hall's record of the game has them
                got = records[(name, board)]
                assert [p.clock for p in got.plies] == [p.clock for p in hall_record(kept, name, board).plies]
            chinese = read_games(get(url + "/relay/%s/chinese.pgn" % name)[2].decode("utf-8"))
            assert [g.moves for g in chinese] == [g.moves for g in records.values()]
            assert all(g.headers.get("Format") == "Chinese" for g in chinese)


def hall_record(kept, round_name, board):
    """The record of a round's game as the hall keeps it (kept: a Rounds)."""
    return next(v.record for v in kept.games(round_name) if v.board == board)


def test_round_dhtmlxq_has_a_block_per_game_whose_moves_replay():
    hub, played = two_rounds()
    with Serving(make_app(hub)) as url:
        body = get(url + "/relay/1/games.dhtmlxq")[2].decode("utf-8")
    blocks = re.findall(r"\[DhtmlXQ\].*?\[/DhtmlXQ\]", body, re.S)
    assert len(blocks) == len(ROUND_1)
    for block, board in zip(blocks, ROUND_1):
        assert "[DhtmlXQ_table]%s[/DhtmlXQ_table]" % board in block
        master = played[("1", board)]
        assert replay_movelist(block, master.start_fen) == master.texts("ICCS")


def test_a_conditional_request_gets_304_until_its_round_changes():
    hub, played = two_rounds()
    with Serving(make_app(hub)) as url:
        status, first, body = get(url + "/relay/2/iccs.pgn")
        etag = first["ETag"]
        assert status == 200 and etag.startswith('"') and "max-age" in first["Cache-Control"]
        assert first["Last-Modified"].endswith("GMT")
        status, again, body = get(url + "/relay/2/iccs.pgn", **{"If-None-Match": etag})
        assert status == 304 and body == b"" and again["ETag"] == etag
        r1 = get(url + "/relay/1/iccs.pgn")[1]["ETag"]
        # a move in round 2: its files change, round 1's do not
        n, plies = ROUND_2["1"]
        before, lines = (masters.game_lines(masters.master_games()[n], "1", masters.think_of(1), event="Relay Cup",
                                            round_="2", plies=k) for k in (plies, plies + 1))
        feed(hub, "1", "d1", 2, lines, first=len(before))
        status, changed, body = get(url + "/relay/2/iccs.pgn", **{"If-None-Match": etag})
        assert status == 200 and changed["ETag"] != etag
        assert len(list(read_games(body.decode("utf-8")))[0].plies) == plies + 1
        assert get(url + "/relay/1/iccs.pgn", **{"If-None-Match": r1})[0] == 304
        assert get(url + "/relay/9/iccs.pgn")[0] == 404 and get(url + "/relay/1/other.pgn")[0] == 404


def test_if_modified_since_answers_304_only_after_the_second_of_the_last_change():
    now = [1_000_000.25]
    hub = Hub(clock=lambda: now[0])
    lines = masters.game_lines(masters.master_games()[3], "1", masters.think_of(1), round_="1", plies=4)
    feed(hub, "1", "d1", 1, lines[:-2])
    app = Starlette(routes=Relay(hub, clock=lambda: now[0]).routes())
    with Serving(app) as url:
        status, h, _ = get(url + "/relay/1/iccs.pgn")
        assert h["Last-Modified"] == formatdate(1_000_000, usegmt=True)  # its second is not over
        assert get(url + "/relay/1/iccs.pgn", **{"If-Modified-Since": h["Last-Modified"]})[0] == 200
        now[0] += 1.0
        h = get(url + "/relay/1/iccs.pgn")[1]
        assert h["Last-Modified"] == formatdate(1_000_001, usegmt=True)
        assert get(url + "/relay/1/iccs.pgn", **{"If-Modified-Since": h["Last-Modified"]})[0] == 304
        # a change: the copy of before is stale, by date as by tag
        feed(hub, "1", "d1", 1, lines, first=len(lines) - 2)
        assert get(url + "/relay/1/iccs.pgn", **{"If-Modified-Since": h["Last-Modified"]})[0] == 200
        assert get(url + "/relay/1/iccs.pgn", **{"If-Modified-Since": "not a date"})[0] == 200


def own_views(hub):
    """Each game's view built from its own events alone, in the hub's order:
    what the relay files kept before they read the hub's views (reference)."""
    from xqboard.boardlink import Event
    from xqboard.hall.boardview import BoardView
    views = {}
    for cursor, board, device, game, seq, line in hub.events_since(None)[1]:
        view = views.setdefault((device, game), BoardView(board))
        view.device, view.game_no = device, game
        try:
            view.apply(Event(line), 0)
        except (ValueError, KeyError, TypeError):
            pass
    return views


def test_the_relay_reads_the_hubs_views_only_where_each_holds_one_game_alone():
    # a round over and the next one playing (the hub starts a view at each
    # GAME), then what a shared view cannot hold: a late event of a game
    # after its board's next GAME, and a second device under a board's name
    hub, _ = two_rounds()
    games = masters.master_games()
    relay = Relay(hub)
    assert all(v.game_key in relay.rounds.views and not getattr(v, "own", False)
               for name in ("1", "2") for v in relay.rounds.games(name))
    late = masters.game_lines(games[15], "3", masters.think_of(3), event="Relay Cup", round_="2", plies=6)
    feed(hub, "3", "d3", 2, late[:3])
    assert hub.push("3", "d3", 1, 999, "E 999 99000 TOUCH black own h9 5.1")  # game 1's event after game 2's GAME
    feed(hub, "3", "d3", 2, late, first=3)
    other = masters.game_lines(games[16], "1", masters.think_of(1), event="Relay Cup", round_="2", plies=4)
    feed(hub, "1", "x1", 1, other[:2])  # another device under board 1's name, amid d1's game 2
    assert hub.push("1", "d1", 2, 900, "E 900 99000 TOUCH red own h0 5.1")
    reference = own_views(hub)
    for name in ("1", "2"):
        texts = {f: relay.file(name, f)[0].decode() for f in ("iccs.pgn", "chinese.pgn", "games.dhtmlxq")}
        views = sorted((v for v in reference.values() if rounds.round_of(v) == name),
                       key=lambda v: (rounds.board_order(v.board), v.device, int(v.game_no)))
        for f, text in texts.items():
            assert text == relay_round_text(views, f)
    shared = {k for k, v in relay.rounds.views.items() if not getattr(v, "own", False)}
    assert ("d3", "1") not in shared and ("d3", "2") not in shared  # the late event's two games
    assert ("d1", "2") not in shared and ("x1", "1") not in shared  # one board name, two devices
    assert ("d2", "1") in shared and ("d2", "2") in shared


def relay_round_text(views, name):
    from xqboard.hall.relay import round_text
    return round_text(views, name)


def test_the_hub_shows_a_new_game_as_it_did_when_a_view_was_reset_in_place():
    # the hub starts a view at each GAME: its state is that of the game's events alone
    hub, _ = two_rounds()
    for board in ("1", "2"):
        ref = own_views(hub)[("d" + board, "2")].state()
        got = hub.since(None).boards[int(board) - 1]
        assert {k: v for k, v in got.items() if k != "clocks"} == {k: v for k, v in ref.items() if k != "clocks"}
        assert {k: v for k, v in got["clocks"].items() if k != "asof"} == \
            {k: v for k, v in ref["clocks"].items() if k != "asof"}
