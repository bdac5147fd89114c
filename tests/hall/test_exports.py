"""Exports for relay sites (host_tools/xqboard/hall/exports.py)."""
import re

from xqboard.core import Position, pieces, squares
from xqboard.hall import exports, masters
from xqboard.hall.hub import Hub
from xqboard.record import read_game

# The start position as DhtmlXQ viewers write it (dpxq.com's UBB blocks).
START_BINIT = "8979695949392919097717866646260600102030405060708012720323436383"


def hall_game(plies=None, n=171):
    hub = Hub()
    g = masters.master_games()[n]
    for seq, (_, line) in enumerate(masters.game_lines(g, "4", masters.think_of(4), plies=plies, confirm=True), 1):
        hub.push("4", "d4", 1, seq, line)
    return g, hub.record("4")


def test_pgn_has_a_clock_per_move_and_the_article():
    master, game = hall_game()
    text = exports.pgn(game)
    clocks = re.findall(r"\[%clk (\d+):(\d\d):(\d\d(?:\.\d+)?)\]", text)
    assert len(clocks) == len(master.plies)
    assert '[Termination "4.1.1 mate"]' in text and '[Result "0-1"]' in text
    back = read_game(text)
    assert back.moves == master.moves
    assert [p.clock for p in back.plies] == [p.clock for p in game.plies]


def test_dhtmlxq_start_position_and_first_moves():
    master, game = hall_game(plies=2, n=0)
    assert master.texts("ICCS")[0] == "h2e2"
    text = exports.dhtmlxq(game)
    assert "[DhtmlXQ_binit]%s[/DhtmlXQ_binit]" % START_BINIT in text
    # 炮二平五 is h2e2: from file 7 row 7 to file 4 row 7
    assert re.search(r"\[DhtmlXQ_movelist\]7747", text)


def replay_movelist(text, fen):
    """The ICCS moves of a DhtmlXQ movelist, each checked legal."""
    digits = re.search(r"\[DhtmlXQ_movelist\](\d*)\[/DhtmlXQ_movelist\]", text).group(1)
    pos, out = Position(fen), []
    for i in range(0, len(digits), 4):
        x0, y0, x1, y1 = (int(c) for c in digits[i:i + 4])
        m = squares.square(x0, 9 - y0) << 8 | squares.square(x1, 9 - y1)
        assert pos.is_legal(m), squares.move_name(m)
        pos.push(m)
        out.append(squares.move_name(m))
    return out


def test_dhtmlxq_moves_replay_to_the_game():
    master, game = hall_game()
    text = exports.dhtmlxq(game)
    assert replay_movelist(text, game.start_fen) == master.texts("ICCS")
    assert "[DhtmlXQ_result]黑胜[/DhtmlXQ_result]" in text
    assert "[DhtmlXQ_remark]4.1.1 mate[/DhtmlXQ_remark]" in text
    assert text.count("[DhtmlXQ_comment") == len(master.plies)


def test_binit_of_a_later_position_places_every_piece():
    master, _ = hall_game(plies=0)
    pos = master.position(40)
    digits = exports.binit(pos)
    placed = [digits[i:i + 2] for i in range(0, 64, 2)]
    board = {}
    for slot, xy in enumerate(placed):
        if xy != exports.ABSENT:
            sq = squares.square(int(xy[0]), 9 - int(xy[1]))
            kind = exports.SLOTS[slot % 16]
            assert pieces.type_of(pos.piece_at(sq)) == kind
            assert pieces.colour(pos.piece_at(sq)) == (pieces.BLACK if slot >= 16 else pieces.RED)
            board[sq] = True
    on_board = [sq for sq in range(256) if pos.piece_at(sq) and pos.piece_at(sq) != pieces.OFF]
    assert sorted(board) == sorted(on_board)


def test_the_app_serves_both_exports():
    import urllib.error
    import urllib.request
    from xqboard.hall.web import Serving, make_app
    hub = Hub()
    g = masters.master_games()[171]
    for seq, (_, line) in enumerate(masters.game_lines(g, "4", masters.think_of(4), plies=12), 1):
        hub.push("4", "d4", 1, seq, line)
    with Serving(make_app(hub)) as url:
        with urllib.request.urlopen(url + "/export/4.pgn", timeout=10) as r:
            assert r.read().decode("utf-8") == exports.pgn(hub.record("4"))
        with urllib.request.urlopen(url + "/export/4.dhtmlxq", timeout=10) as r:
            assert r.read().decode("utf-8") == exports.dhtmlxq(hub.record("4"))
        for missing in ("/export/9.pgn", "/export/4.xqf"):
            try:
                urllib.request.urlopen(url + missing, timeout=10)
                raise AssertionError(missing + " served")
            except urllib.error.HTTPError as e:
                assert e.code == 404
