"""Results into the event: a CONFIRM (art. 9) writes the board's result
into the tournament file through Tournament.set_result, matched by the players'
numbers; a RESULT alone is provisional; an OVERRULE after CONFIRM updates
and flags; a different result entered by hand is flagged, never replaced."""
import io
import sqlite3
import threading
import time

from xqboard.hall.envelope import Envelope
from xqboard.hall.intake import Intake, LocalBus
from xqboard.hall.results import Results
from xqboard.hall.sink import HallSink
from xqboard.hall.eventdb import Store
from xqboard.logger import Logger
from xqboard.tournament.seating import round_games
from xqboard.tournament.event import Tournament

from .conftest import wait_for


def tournament(path):
    ev = Tournament.create(str(path), "City Cup", system="roundrobin", seed=1)
    for name in ("Zhang", "Li", "Wang", "Zhao"):
        ev.add_player(name)
    ev.pair()
    games = round_games(ev, 1)
    ev.db.close()
    return games


def hall(tmp_path, hub):
    path = tmp_path / "event.db"
    games = tournament(path)
    store = Store(":memory:")
    intake = Intake(store, hub, accept_unkeyed=True)  # (boards without a key, the arbiter accepting them)
    intake.results = Results(str(path), intake.flag)
    return path, games, intake


def result_at(path, board):
    ev = Tournament.open(str(path))
    try:
        row = ev.game_at(1, board)
        return row["result"], row["source"], row["termination"], row["fouls_red"], row["fouls_black"]
    finally:
        ev.db.close()


def game_lines(g, tail, numbers=None):
    red_no, black_no = numbers or (g.red_no, g.black_no)
    return ["E 1 0 GAME new event=City_Cup round=1 board=%d red=A black=B red_no=%d black_no=%d"
            % (g.board, red_no, black_no), "E 2 10 SETUP ready", "E 3 100 START red 20.1"] + \
           ["E %d %d %s" % (4 + i, 200 + i, t) for i, t in enumerate(tail)]


def feed(intake, device, lines, game=1):
    intake.take([Envelope(device, game, int(x.split()[1]), x, logger="pc1") for x in lines])


def test_9_confirmed_result_lands_in_the_tournament_file(tmp_path, hub, replay_hall):
    """End to end: replay boards started for round 1 (numbers from the
    pairing), a logger on the store's thread with the embedded bus (as
    `xqboard broadcast PORT...` runs it); every CONFIRM reaches the file."""
    path, games, intake = hall(tmp_path, hub)
    rh = replay_hall(len(games), plies=6, numbers=[(g.red_no, g.black_no) for g in games], event="City Cup")
    for b, g in zip(rh.boards, games):
        assert b.log[0].split()[7] == "board=%d" % g.board
    rh.start()
    log = Logger([b.url for b in rh.boards], tmp_path / "games", stream=io.StringIO(), live=False,
                 sink=HallSink(LocalBus(intake), "embedded")).start()
    total = sum(len(b.log) for b in rh.boards)
    wait_for(lambda: intake.delivered >= total, 30, step=lambda: log.step(0.02), what="every event")
    log.close()
    for b, g in zip(rh.boards, games):
        score = b.log[-1].split()[4]
        assert result_at(path, g.board)[:3] == (score, "board %s game 1" % b.device, b.log[-1].split()[5])
    assert intake.store.flags() == []


def test_9_result_without_confirm_is_provisional(tmp_path, hub):
    path, games, intake = hall(tmp_path, hub)
    feed(intake, "b1", game_lines(games[0], ["RESULT 1-0 4.1.12 resigned black"]))
    assert result_at(path, games[0].board)[0] is None
    feed(intake, "b1", ["E 5 300 CONFIRM 1-0 4.1.12 red_used=1000 black_used=2000 fouls=1/0 9"])
    assert result_at(path, games[0].board) == ("1-0", "board b1 game 1", "4.1.12", 1, 0)


def test_9_overrule_after_confirm_updates_and_flags(tmp_path, hub):
    path, games, intake = hall(tmp_path, hub)
    feed(intake, "b1", game_lines(games[0], ["RESULT 1-0 4.1.12 resigned black",
                                             "CONFIRM 1-0 4.1.12 red_used=1000 black_used=2000 fouls=0/0 9",
                                             "OVERRULE result 1/2-1/2 replaces=5 by=Li 4.2.2 arbiter"]))
    assert result_at(path, games[0].board)[:3] == ("1/2-1/2", "board b1 game 1", "4.2.2")
    (flag,) = intake.store.flags()
    assert flag[:4] == ("b1", 1, 6, "overruled") and "1-0 replaced by 1/2-1/2" in flag[4]


def test_9_a_conflicting_hand_result_is_flagged_not_overwritten(tmp_path, hub):
    path, games, intake = hall(tmp_path, hub)
    ev = Tournament.open(str(path))
    ev.set_result(1, games[1].board, "0-1")  # the arbiter typed it in first
    ev.db.close()
    feed(intake, "b2", game_lines(games[1], ["RESULT 1-0 4.1.1 mate",
                                             "CONFIRM 1-0 4.1.1 red_used=1000 black_used=2000 fouls=0/0 9"]))
    assert result_at(path, games[1].board)[:2] == ("0-1", "hand")
    (flag,) = intake.store.flags()
    assert flag[3] == "conflict" and "holds 0-1 (hand)" in flag[4]


def test_9_the_same_hand_result_is_no_conflict(tmp_path, hub):
    path, games, intake = hall(tmp_path, hub)
    ev = Tournament.open(str(path))
    ev.set_result(1, games[1].board, "1-0")
    ev.db.close()
    feed(intake, "b2", game_lines(games[1], ["CONFIRM 1-0 4.1.1 red_used=1000 black_used=2000 fouls=2/0 9"]))
    assert result_at(path, games[1].board)[:4] == ("1-0", "hand", "4.1.1", 2)
    assert intake.store.flags() == []


def test_9_players_not_of_the_pairing_are_flagged_unmatched(tmp_path, hub):
    path, games, intake = hall(tmp_path, hub)
    g = games[0]
    feed(intake, "b1", game_lines(g, ["CONFIRM 1-0 4.1.1 red_used=1 black_used=2 fouls=0/0 9"],
                                  numbers=(g.black_no, g.red_no)))
    assert result_at(path, g.board)[0] is None
    (flag,) = intake.store.flags()
    assert flag[3] == "unmatched" and "the board says no. %d - no. %d" % (g.black_no, g.red_no) in flag[4]


def test_9_the_writer_waits_for_a_busy_tournament_file(tmp_path, hub):
    """WAL with a busy timeout: the organiser's transaction holds the file;
    the confirmed result waits for it, then lands."""
    path, games, intake = hall(tmp_path, hub)
    other = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
    assert other.execute("pragma journal_mode").fetchone()[0] == "wal"
    other.execute("begin immediate")
    threading.Timer(0.5, lambda: other.execute("commit")).start()
    t0 = time.monotonic()
    feed(intake, "b1", game_lines(games[0], ["CONFIRM 0-1 4.1.6 red_used=1 black_used=2 fouls=0/0 9"]))
    assert time.monotonic() - t0 >= 0.4
    assert result_at(path, games[0].board)[0] == "0-1"
    other.close()
