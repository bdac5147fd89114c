"""The logger's pieces without a board: records rebuilt from the raw event
log, its files safe against a torn write, the game numbers of GameLink."""
from pathlib import Path

from xqboard.core import FIRMWARE  # noqa: F401
from xqboard.logger import GameFiles, GameLink, game_from_events, read_events
from xqboard.logger.round import BoardStart, new_words, parse_pairing
from xqboard.record import BLACK, RED, read_game, write_pgn

from link.frame import framed, unframed  # noqa: E402

GAME = "E 1 0 GAME new event=City_Cup round=3 board=5 red=ZHANG_San black=LI_Si tc=10m+5s level=provincial " \
       "policy=auto fen=rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR_w_-_-_0_1 limit=60 late=15"
LOG = [GAME,
       "E 2 10 SETUP confirmed by=players",
       "E 3 900 START red 20.1",
       "E 4 4000 MOVE 1 h2e2 red at=3800",
       "E 5 4100 PRESS red 601900 600000",
       "E 6 5000 PAUSE arbiter 8.1.2",
       "E 7 8000 RESUME arbiter",
       "E 8 9000 FOUL black 8.1.7 fouls=1",
       "E 9 9600 MOVE 2 h9g7 black at=9500",
       "E 10 9700 PRESS black 601900 598600",
       "E 11 12000 ALERT knocked put=a6,c6 clear=a5,c5 5.9",
       "E 12 12500 ALERT knocked put=c6 clear=c5 5.9",
       "E 13 13000 RESTORED",
       "E 14 14000 OFFER red n=1 22.1",
       "E 15 15000 RESULT 1-0 4.1.12 resigned black",
       "E 16 15100 CONFIRM 1-0 4.1.12 red_used=3200 black_used=2600 fouls=0/1 9"]


def test_game_rebuilt_from_the_raw_log():
    g = game_from_events(LOG)
    assert g.headers == {"Event": "City Cup", "Round": "3", "Board": "5", "Red": "ZHANG San", "Black": "LI Si",
                         "TimeControl": "10m+5s"}
    assert g.texts("ICCS") == ["h2e2", "h9g7"]
    assert [(p.clock, p.elapsed) for p in g.plies] == [(601900, 3200), (598600, 2600)]  # pause left out
    assert [(n.side, n.article) for n in g.fouls()] == [(BLACK, "8.1.7")]
    alerts = [n for n in g.notes if n.kind == "alert"]
    assert len(alerts) == 1 and alerts[0].article == "5.9" and alerts[0].text.endswith(", restored")
    assert (g.result, g.termination) == ("1-0", "4.1.12 resignation")
    assert g.times_used() == {RED: 3200, BLACK: 2600}
    pgn = write_pgn(g, "Chinese")
    assert "{Foul 8.1.7 Black: pressed the clock without having moved}" in pgn
    assert "{Red offers a draw (22.1)}" in pgn and '[Termination "4.1.12 resignation"]' in pgn
    assert read_game(pgn).moves == g.moves


def test_both_forfeit_and_a_correction():
    g = game_from_events(LOG[:10] + ["E 11 9900 CORRECT %s 5.8" % "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/"
                                     "RNBAKABNR_b_-_-_1_1", "E 12 20000 RESULT 0-0 20.2 both late"])
    assert g.texts("ICCS") == ["h2e2"]  # back to the position after move 1 (5.8)
    assert g.result == "*" and "0-0" in g.termination


def test_files_survive_a_torn_last_line_and_rebuild_everything(tmp_path):
    f = GameFiles(tmp_path, "b1", 7, date="2026.11.30")
    f.append(LOG[:10])
    f.write_records()
    with open(f.events_path, "ab") as raw:
        raw.write(framed(LOG[10])[:-9])  # a crash in the middle of a write
    again = GameFiles(tmp_path, "b1", 7)
    assert again.payloads == LOG[:10] and again.date == "2026.11.30"
    again.append(LOG[10:])
    payloads, meta, _ = read_events(again.events_path)
    assert payloads == LOG and meta == {"board": "b1", "game": "7", "date": "2026.11.30"}
    again.write_records()
    names = sorted(p.name for p in Path(tmp_path).iterdir())
    assert names == ["b1-g00007.bare.pgn", "b1-g00007.chinese.pgn", "b1-g00007.events", "b1-g00007.iccs.pgn",
                     "b1-g00007.sheet.txt", "b1-g00007.wxf.pgn"]
    bare = (tmp_path / "b1-g00007.bare.pgn").read_text()
    assert "{" not in bare and "1. h2e2 h9g7 1-0" in bare
    assert "Result 结果: 1-0 红胜 Red wins, 4.1.12 认输 resignation" in (tmp_path / "b1-g00007.sheet.txt").read_text()
    assert '[Date "2026.11.30"]' in (tmp_path / "b1-g00007.wxf.pgn").read_text()


def hello(game, seq, cmd=0):
    return framed("H proto=1 fw=0.1.0 id=b1 nonce=ab game=%d seq=%d cmd=%d phase=playing board=5" % (game, seq, cmd))


def test_gamelink_follows_the_boards_game_numbers():
    kept = {3: LOG[:4]}
    switched = []

    def on_game(n):
        switched.append(n)
        return kept.get(n, [])

    link = GameLink(on_game=on_game)
    assert link.feed(framed(LOG[0])) == []  # before the greeting: left to `since`
    link.feed(hello(3, 10))
    assert (link.board_id, link.game_no, switched) == ("b1", 3, [3])
    assert [e.seq for e in link.events] == [1, 2, 3, 4]  # kept from the files
    assert link.requests() and link.gap() == 5
    got = link.feed(b"".join(framed(p) for p in LOG[2:10]))  # overlapping replay
    assert [e.seq for e in got] == [5, 6, 7, 8, 9, 10]
    link.feed(hello(3, 10))
    assert link.gap() is None
    # A new game while connected: the board's next journal file.
    got = link.feed(framed(LOG[0]))
    assert switched == [3, 4] and link.game_no == 4 and [e.seq for e in got] == [1]
    assert link.gap() is None
    # Back after the board began game 6: a greeting switches and asks from 1.
    link.reconnected()
    link.feed(hello(6, 2))
    assert switched[-1] == 6 and link.gap() == 1


def test_gamelink_first_game_of_a_fresh_board():
    link = GameLink(on_game=lambda n: [])
    link.feed(hello(0, 0))
    assert link.game_no == 0
    link.feed(framed(LOG[0]))
    assert link.game_no == 1 and len(link.events) == 1


def test_pairings():
    port, p = parse_pairing("/dev/ttyACM0=5:ZHANG San:LI Si")
    assert port == "/dev/ttyACM0" and (p.board, p.red, p.black) == ("5", "ZHANG San", "LI Si")
    assert new_words(BoardStart(5, "ZHANG San", "LI Si"), "City Cup", 3, "90m") == [
        "new", "event=City_Cup", "round=3", "board=5", "red=ZHANG_San", "black=LI_Si", "tc=90m"]
    for bad in ("/dev/ttyACM0", "/dev/ttyACM0=5:A", "=1:A:B", "p=1::B"):
        try:
            parse_pairing(bad)
        except ValueError:
            continue
        raise AssertionError(bad)


def test_chinese_records_traditional_and_abbreviated(tmp_path):
    f = GameFiles(tmp_path, "b1", 1, chinese={"traditional": True})
    f.append(LOG)
    f.write_records()
    assert "1. 炮二平五 {[%clk" in (tmp_path / "b1-g00001.chinese.pgn").read_text()
    assert "馬８進７" in (tmp_path / "b1-g00001.chinese.pgn").read_text()
    assert "馬８進７" in (tmp_path / "b1-g00001.sheet.txt").read_text()
    f = GameFiles(tmp_path / "short", "b1", 1, chinese={"abbreviated": True})
    f.append(LOG)
    f.write_records()
    assert "1. 炮25" in (tmp_path / "short" / "b1-g00001.chinese.pgn").read_text()


def test_the_record_and_the_score_sheet_show_the_boards_decision_and_the_overrule():
    # The board rules a flag (4.1.6); the arbiter annuls it (21.5), play goes
    # on; the board's foul is struck, one is declared; the board's result is
    # replaced before CONFIRM and amended after it (docs/RULES.md).
    from xqboard.record.scoresheet import score_sheet

    log = LOG[:14] + [
        "E 14 20000 FLAG red at=20000 4.1.6",
        "E 15 20000 RESULT 0-1 4.1.6 time red",
        "E 16 25000 OVERRULE annul replaces=15 by=Li 21.5",
        "E 17 26000 RESUME arbiter",
        "E 18 27000 OVERRULE unfoul black replaces=8 by=Li 8.1.7",
        "E 19 28000 OVERRULE foul red by=Li 8.1.9",
        "E 20 29000 RESULT 1-0 4.1.12 resigned black",
        "E 21 30000 OVERRULE result 1/2-1/2 replaces=20 by=Li 4.2.2 arbiter",
        "E 22 31000 CONFIRM 1/2-1/2 4.2.2 red_used=3200 black_used=2600 fouls=1/0 9",
        "E 23 32000 OVERRULE result 0-0 replaces=22 by=Wang 20.2 both absent",
    ]
    g = game_from_events(log)
    assert [(n.side, n.article) for n in g.fouls()] == [(RED, "8.1.9")]  # Black's 8.1.7 struck
    assert (g.result, g.article) == ("*", "20.2")
    sheet = score_sheet(g)
    over = [x.strip() for x in sheet.splitlines() if "Overruled" in x]
    assert len(over) == 5, sheet
    assert "annulled the board's result 0-1 4.1.6 time red" in over[0] and "Li (21.5)" in over[0]
    assert "struck the foul of black" in over[1] and "declared a foul of red" in over[2]
    assert "ruled 1/2-1/2 4.2.2" in over[3] and "in place of the board's 1-0 4.1.12 resigned black" in over[3]
    assert "Wang (20.2) ruled 0-0" in over[4] and "1/2-1/2 4.2.2 confirmed (art. 9)" in over[4]
    assert "declared by the arbiter Li" in sheet


def test_one_since_at_a_time_and_only_its_own_reply_ends_it():
    # The board answers a `since` from its first seq to its last event, and a
    # newer `since` ends the one before (store/recovery.py, Since). A host that
    # asked anew each time the gap moved, or when an older `since` was
    # answered, kept the board restarting: thousands of requests, none
    # answered to the end (stop 35, the cable test on a slow machine).
    link = GameLink()
    link.feed(hello(1, 10))
    (ask,) = link.requests()
    assert said(ask) == ["since", "1"] and link.asked == 1
    got = link.feed(b"".join(framed(p) for p in LOG[0:3]))  # the answer begins: the gap moves on
    assert [e.seq for e in got] == [1, 2, 3] and link.gap() == 4
    assert link.requests() == []  # the answer is still coming
    link.feed(framed("A %d ok since" % (link.asked_id - 1)))  # a reply to an older one
    assert link.asked == 1 and link.requests() == []
    link.feed(b"".join(framed(p) for p in LOG[3:8]))
    link.feed(framed("A %d ok since" % link.asked_id))  # its own reply: the lines 9 and 10 were lost
    (again,) = link.requests()
    assert said(again) == ["since", "9"]
    link.ask_again()  # after a timeout with nothing brought: asked again
    assert said(link.requests()[0]) == ["since", "9"]


def said(frame):
    """A command frame's words after its id: `C 7 since 9*...` -> ['since', '9']."""
    return unframed(frame).split()[2:]
