"""The Hub: the hall in memory (host_tools/xqboard/hall/hub.py)."""
import threading

from xqboard.hall import masters
from xqboard.core import pieces
from xqboard.hall.hub import Hub

side_name = pieces.side_name

GAME = ("E 1 0 GAME new event=City_Cup round=3 board=5 red=ZHANG_San black=LI_Si tc=10m+5s "
        "level=provincial policy=auto fen=startpos limit=60 late=15 red_no=12 black_no=7")


def feed(hub, board, device, lines, game=1):
    return [hub.push(board, device, game, n, line) for n, line in enumerate(lines, 1)]


def state(hub, board):
    return next(b for b in hub.since(None).boards if b["board"] == board)


def test_duplicates_dropped_by_device_game_seq():
    hub = Hub()
    assert feed(hub, "5", "b1", [GAME, "E 2 900 START red 20.1"]) == [True, True]
    assert hub.push("5", "b1", 1, 2, "E 2 900 START red 20.1") is False
    # seq restarts each game: the same seq of another game, or of another device, is new
    assert hub.push("5", "b1", 2, 1, GAME) is True
    assert hub.push("6", "b2", 1, 1, GAME) is True
    assert hub.since(None).cursor == 4


def test_clocks_and_the_running_side():
    hub = Hub(clock=lambda: 1000.0)
    feed(hub, "5", "b1", [GAME, "E 2 900 START red 20.1", "E 3 4000 MOVE 1 h2e2 red at=3800",
                          "E 4 4100 PRESS red 601900 600000"])
    c = state(hub, "5")["clocks"]
    assert (c["red"], c["black"], c["running"], c["asof"]) == (601900, 600000, "black", 1000000)
    # any later event anchors the running clock at its own board time
    hub.clock = lambda: 1005.0
    hub.push("5", "b1", 1, 99, "E 99 5100 TOUCH black own h9 5.1")
    c = state(hub, "5")["clocks"]
    assert (c["black"], c["asof"]) == (599000, 1005000)
    hub.push("5", "b1", 1, 5, "E 5 6100 PAUSE arbiter 8.1.2")
    s = state(hub, "5")
    assert (s["clocks"]["black"], s["clocks"]["running"], s["phase"]) == (598000, None, "paused")
    hub.push("5", "b1", 1, 6, "E 6 9000 RESUME arbiter")
    assert state(hub, "5")["clocks"]["running"] == "black"
    hub.push("5", "b1", 1, 7, "E 7 9500 PENALTY black 300000 22.2")
    assert state(hub, "5")["clocks"]["black"] == 598000 - 500 - 300000


def test_4_1_6_flag_stops_the_clock_at_zero():
    hub = Hub()
    feed(hub, "5", "b1", [GAME, "E 2 900 START red 20.1", "E 3 601000 FLAG red at=600900 4.1.6",
                          "E 4 601000 RESULT 0-1 4.1.6 flag red"])
    s = state(hub, "5")
    assert s["clocks"]["red"] == 0 and s["clocks"]["running"] is None
    assert s["result"]["article"] == "4.1.6" and s["result"]["provisional"]
    assert [i["kind"] for i in hub.since(None).incidents] == ["FLAG"]


def test_9_result_provisional_until_confirm_then_overrule_flagged():
    hub = Hub()
    feed(hub, "5", "b1", [GAME, "E 2 900 START red 20.1", "E 3 4000 MOVE 1 h2e2 red at=3800",
                          "E 4 5000 RESULT 0-1 4.1.12 resigned red"])
    r = state(hub, "5")["result"]
    assert (r["score"], r["article"], r["provisional"], r["overruled"]) == ("0-1", "4.1.12", True, False)
    assert state(hub, "5")["phase"] == "over"
    hub.push("5", "b1", 1, 5, "E 5 6000 CONFIRM 0-1 4.1.12 red_used=3100 black_used=1100 fouls=0/0 9")
    r = state(hub, "5")["result"]
    assert (r["provisional"], r["reason"]) == (False, "resigned red")
    hub.push("5", "b1", 1, 6, "E 6 7000 OVERRULE result 1/2-1/2 replaces=5 by=Li 4.2.1 agreed")
    s = state(hub, "5")
    assert (s["result"]["score"], s["result"]["overruled"], s["result"]["provisional"]) == ("1/2-1/2", True, False)
    assert len(s["overrules"]) == 1 and "Li" in s["overrules"][0]


def test_overrule_annul_reopens_play():
    hub = Hub()
    feed(hub, "5", "b1", [GAME, "E 2 900 START red 20.1", "E 3 5000 RESULT 0-1 4.1.6 flag red",
                          "E 4 6000 OVERRULE annul replaces=3 by=Li 21.5"])
    s = state(hub, "5")
    assert s["result"] is None and s["phase"] == "paused"


def test_moves_in_chinese_last_move_and_position():
    hub = Hub()
    g = masters.master_games()[171]
    lines = [line for _, line in masters.game_lines(g, "5", masters.think_of(5), plies=10)]
    feed(hub, "5", "d5", lines)
    s = state(hub, "5")
    assert s["moves"] == g.texts("Chinese")[:10]
    assert s["fen"] == g.position(10).fen()
    assert "".join(s["last"]) == g.texts("ICCS")[9]


def test_4_1_10_fouls_and_alerts_listed_newest_last_with_their_boards():
    hub = Hub()
    feed(hub, "1", "d1", [GAME, "E 2 900 START red 20.1", "E 3 2000 ALERT displaced put=e3 clear=- 5.8.2",
                          "E 4 3000 RESTORED"])
    feed(hub, "2", "d2", [GAME, "E 2 900 START red 20.1", "E 3 2500 FOUL red 8.1.7 fouls=1",
                          "E 4 2600 OVERRULE foul black by=Li 8.1.6"])
    incidents = hub.since(None).incidents
    assert [(i["board"], i["kind"], i["article"]) for i in incidents] == [
        ("1", "ALERT", "5.8.2"), ("2", "FOUL", "8.1.7"), ("2", "OVERRULE", "8.1.6")]
    assert "pressed the clock without having moved" in incidents[1]["text"]
    assert state(hub, "2")["fouls"] == {"red": 1, "black": 1}
    assert state(hub, "1")["alert"] is None


def test_cursor_catch_up_has_no_gap():
    hub = Hub()
    feed(hub, "1", "d1", [GAME, "E 2 900 START red 20.1"])
    feed(hub, "2", "d2", [GAME])
    seen = hub.since(None)
    assert seen.full and [b["board"] for b in seen.boards] == ["1", "2"]
    hub.push("2", "d2", 1, 2, "E 2 900 START red 20.1")
    hub.push("2", "d2", 1, 3, "E 3 1000 FOUL red 8.1.7 fouls=1")
    later = hub.since(seen.cursor, seen.token)
    assert not later.full
    assert [(b["board"], b["seq"]) for b in later.boards] == [("2", 3)]
    assert [i["seq"] for i in later.incidents] == [3]
    # another hub's cursor (the server restarted): everything again
    assert hub.since(seen.cursor, "other").full
    assert hub.since(99, seen.token).full


def test_boards_in_numeric_order_then_device_ids():
    hub = Hub()
    for board in ("10", "2", "dev-b", "1"):
        hub.push(board, "d" + board, 1, 1, GAME)
    assert hub.boards() == ["1", "2", "10", "dev-b"]


def test_listeners_and_threads():
    hub = Hub()
    heard = []
    stop = hub.listen(heard.append)
    lines = [line for _, line in masters.game_lines(masters.master_games()[0], "1", masters.think_of(1), plies=30)]

    def push_board(n):
        for seq, line in enumerate(lines, 1):
            hub.push(str(n), "d%d" % n, 1, seq, line)

    threads = [threading.Thread(target=push_board, args=(n,)) for n in range(1, 5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stop()
    hub.push("9", "d9", 1, 1, GAME)
    assert sorted(heard) == list(range(1, 4 * len(lines) + 1))
    assert all(len(b["moves"]) == 30 for b in hub.since(None).boards if b["board"] != "9")


def test_load_takes_stored_rows():
    hub = Hub()
    hub.load([("5", "b1", 1, 1, GAME), ("5", "b1", 1, 2, "E 2 900 START red 20.1"),
              ("5", "b1", 1, 2, "E 2 900 START red 20.1")])
    assert hub.since(None).cursor == 2
    assert state(hub, "5")["phase"] == "playing"
    assert state(hub, "5")["info"]["red"] == "ZHANG San"


def test_an_unreadable_line_is_kept_aside_not_raised():
    hub = Hub()
    assert hub.push("5", "b1", 1, 1, "E 1 0 NOSUCHKIND x") is False
    assert hub.push("5", "b1", 1, 1, GAME) is True  # its key was not taken
    assert [u[:2] for u in hub.unreadable] == [("5", ("b1", "1", 1))]
    assert hub.since(None).cursor == 1


def test_standing_alert_until_restored():
    hub = Hub()
    feed(hub, "1", "d1", [GAME, "E 2 900 START red 20.1", "E 3 2000 ALERT displaced put=e3 clear=- 5.8.2"])
    assert "piece displaced" in state(hub, "1")["alert"]
    hub.push("1", "d1", 1, 4, "E 4 3000 RESTORED")
    assert state(hub, "1")["alert"] is None


def test_5_8_correction_takes_the_moves_back():
    from xqboard.boardlink import schema
    hub = Hub()
    g = masters.master_games()[171]
    lines = [line for _, line in masters.game_lines(g, "5", masters.think_of(5), plies=10)]
    feed(hub, "5", "d5", lines)
    n = len(lines)
    hub.push("5", "d5", 1, n + 1, schema.encode(n + 1, 99000, "CORRECT", (g.position(6).fen(), "5.8")))
    s = state(hub, "5")
    assert s["moves"] == g.texts("Chinese")[:6] and s["fen"] == g.position(6).fen() and s["last"] is None
    seventh = g.texts("ICCS")[6]
    side = side_name(g.position(6).side)
    hub.push("5", "d5", 1, n + 2, "E %d 99500 MOVE 7 %s %s at=99400" % (n + 2, seventh, side))
    assert state(hub, "5")["moves"] == g.texts("Chinese")[:7]


def test_master_lines_count_fouls_and_confirm_them():
    g = masters.master_games()[3]
    lines = masters.game_lines(g, "1", masters.think_of(1), incidents={3: "foul", 5: "foul"}, confirm=True)
    hub = Hub()
    feed(hub, "1", "d1", [line for _, line in lines])
    s = state(hub, "1")
    assert s["fouls"] == {"red": 0, "black": 2}
    assert not s["result"]["provisional"] and s["phase"] == "over"
    assert hub.record("1").time_used is not None  # CONFIRM's times used (art. 9)


def test_an_event_the_view_cannot_follow_is_kept_aside():
    hub = Hub()
    feed(hub, "5", "b1", [GAME, "E 2 900 START red 20.1", "E 3 1000 CORRECT not-a-fen 5.8"])
    assert [u[1] for u in hub.unreadable] == [("b1", "1", 3)]
    assert hub.push("5", "b1", 1, 4, "E 4 2000 MOVE 1 h2e2 red at=1900") is True
    assert state(hub, "5")["moves"] == ["炮二平五"]


def applied(held, view):
    """A page's boards after the stream's View (static/board.js, follow):
    a full one replaces them, a whole board replaces it, a patch changes
    the keys it carries and puts its plies from `moves_from` on."""
    held = {} if view.full else dict(held)
    for p in view.boards:
        if view.full or p.get("whole"):
            held[p["board"]] = {k: v for k, v in p.items() if k != "whole"}
            continue
        b = dict(held[p["board"]], **{k: v for k, v in p.items() if k not in ("moves", "moves_from")})
        if "moves_from" in p:
            b["moves"] = held[p["board"]]["moves"][:p["moves_from"]] + p["moves"]
        held[p["board"]] = b
    return held


def test_patches_bring_a_page_to_the_whole_state_through_a_correction_and_a_new_game():
    from xqboard.core import Position, parse_move
    lines = [line for _, line in masters.game_lines(masters.master_games()[3], "1", masters.think_of(1), plies=12)]
    first_move = next(line.split()[5] for line in lines if line.split()[3] == "MOVE")
    after_one = Position()
    after_one.push(parse_move(first_move))
    seq = len(lines)
    lines += ["E %d 99000 CORRECT %s 5.8" % (seq + 1, after_one.fen().replace(" ", "_"))]  # 5.8: back to move 1
    hub = Hub()
    follower, cursor = {}, None
    feed(hub, "2", "d2", [GAME])
    for n, line in enumerate(lines, 1):
        hub.push("1", "d1", 1, n, line)
        if n % 3 == 0 or n >= len(lines) - 1:
            view = hub.since(cursor, hub.token, patches=True)
            if n == len(lines) - 1:  # mid-game: the patches' frame is a fraction of the whole states'
                assert len(repr(view.boards)) < len(repr(hub.since(cursor, hub.token).boards)) / 2
            follower, cursor = applied(follower, view), view.cursor
            assert follower == {b["board"]: b for b in hub.since(None).boards}
    assert state(hub, "1")["moves"] == [state(hub, "1")["moves"][0]]  # the correction took the list back
    for n, line in enumerate([GAME.replace("board=5", "board=1"), "E 2 900 START red 20.1"], 1):
        hub.push("1", "d1", 2, n, line)  # a new game on the board: its list starts again
    view = hub.since(cursor, hub.token, patches=True)
    assert view.boards[0]["moves_from"] == 0 and view.boards[0]["moves"] == []
    assert applied(follower, view) == {b["board"]: b for b in hub.since(None).boards}


def test_a_page_past_the_kept_snapshots_gets_its_board_whole():
    from xqboard.hall.hub import SNAPSHOTS
    lines = [line for _, line in masters.game_lines(masters.master_games()[0], "1", masters.think_of(1), plies=30)]
    hub = Hub()
    hub.push("1", "d1", 1, 1, lines[0])
    old = hub.since(None)  # a page holds board 1 at its first event
    for n in range(2, SNAPSHOTS + 4):
        hub.push("1", "d1", 1, n, lines[n - 1])
        hub.since(n - 1, hub.token, patches=True)  # other pages following it, one event at a time
    view = hub.since(old.cursor, old.token, patches=True)
    assert view.boards[0]["whole"] and applied(applied({}, old), view)["1"] == state(hub, "1")
    hub.push("9", "d9", 1, 1, GAME)  # a board new to a page comes whole
    assert hub.since(view.cursor, view.token, patches=True).boards[0]["whole"]
