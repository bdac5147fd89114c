"""The game record object, the score sheet of art. 9 and the terminal
diagram (the record modules' docstring examples: tests/tree/test_doctests.py)."""
import pytest

from xqboard.core import Position, move_name, parse_move
from xqboard.record import BLACK, RED, GameRecord
from xqboard.record.diagram import diagram, game_diagram
from xqboard.record.scoresheet import move_lines, score_sheet


def test_game_push_texts_and_positions():
    g = GameRecord(Red="A", Black="B")
    for t in ("炮二平五", "马８进７", "H2+3", "c6c5"):
        g.push_text(t)
    assert [move_name(m) for m in g.moves] == ["h2e2", "h9g7", "h0g2", "c6c5"]
    assert g.texts("WXF") == ["C2.5", "H8+7", "H2+3", "P3+1"]
    assert g.position(1).fen().startswith("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4")
    assert g.board().side == RED
    assert g.side_of(1) == RED and g.side_of(2) == BLACK
    assert repr(g) == "GameRecord('A' vs 'B', 4 plies, *)"


def test_5_8_back_to_an_earlier_ply_plays_on_from_there():
    g = GameRecord()
    for t in ("h2e2", "h9g7", "h0g2"):
        g.push(t)
    g.back_to(1)  # the arbiter puts the position back after move 1
    assert [move_name(m) for m in g.moves] == ["h2e2"] and g.board().side == BLACK
    g.push("h9g7")  # Black plays its horse again: the record follows the board
    assert g.texts("ICCS") == ["h2e2", "h9g7"]
    with pytest.raises(ValueError):
        g.push("h2e2")  # Red's cannon is on e2 now, not h2


def test_game_from_a_black_to_move_position_sides():
    g = GameRecord("3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1")
    assert g.side_of(1) == BLACK and g.side_of(2) == RED


def test_result_article_and_termination():
    g = GameRecord()
    g.set_result("1-0", "4.1.1")
    assert g.termination == "4.1.1 mate"
    g.set_result("0-1", "4.1.6", "flag fell at move 40")
    assert g.termination == "4.1.6 flag fell at move 40"
    with pytest.raises(ValueError):
        g.set_result("2-0")


def test_fouls_by_side():
    g = GameRecord()
    g.push("h2e2")
    g.add_foul(RED, "8.1.7")
    g.add_foul(BLACK, "8.1.5", "touched the red chariot")
    assert [f.article for f in g.fouls(RED)] == ["8.1.7"]
    assert g.fouls(BLACK)[0].text == "touched the red chariot"
    assert g.fouls(BLACK)[0].ply == 1


def test_time_used_from_moves_or_as_the_board_states_it():
    g = GameRecord()
    g.push("h2e2", elapsed=1000)
    g.push("h9g7", elapsed=2500)
    g.push("h0g2", elapsed=500)
    assert g.times_used() == {RED: 1500, BLACK: 2500}
    g.push("i9h9")  # unknown
    assert g.times_used() == {RED: 1500, BLACK: None}
    g.time_used = {RED: 60_000, BLACK: 61_000}  # art. 9: confirmed at the end
    assert g.times_used() == {RED: 60_000, BLACK: 61_000}


def _finished_game():
    g = GameRecord(Event="City Cup", Round=2, Board=7, Date="2026.11.30", Red="Red player",
             Black="Black player", TimeControl="600+10")
    times = [10_000, 12_000, 8_000, 30_000, 5_000]
    for m, t in zip(("h2e2", "h9g7", "h0g2", "i9h9", "i0h0"), times):
        g.push(m, elapsed=t)
    g.add_foul(BLACK, "8.1.7")
    g.set_result("1-0", "4.1.6")
    return g


def test_9_score_sheet_has_result_time_used_and_fouls():
    text = score_sheet(_finished_game())
    lines = text.splitlines()
    assert lines[0] == "象棋对局记录 Score sheet (art. 9)"
    assert "Event 比赛: City Cup" in lines[1] and "Round 轮次: 2" in lines[1]
    assert "Board 台次: 7" in lines[1] and "Time control 用时制: 600+10" in lines[1]
    assert "Result 结果: 1-0 红胜 Red wins, 4.1.6 超时 time" in lines
    assert "Time used 用时: Red 红方 0:00:23   Black 黑方 0:00:42" in lines
    assert "Fouls 犯规: Red 红方 0   Black 黑方 1" in lines
    assert "  Black 黑方: 8.1.7 没有走棋先按钟 pressed the clock without having moved " \
        "(after move 3, Red)" in lines
    assert lines[-1].startswith("Signatures 签字:")


def test_9_score_sheet_moves_full_and_abbreviated():
    g = _finished_game()
    assert move_lines(g) == ["  1. 炮二平五  马８进７", "  2. 马二进三  车９平８", "  3. 车一平二"]
    short = move_lines(g, abbreviated=True)
    assert short[0] == "  1. 炮25      马87\u0332"
    assert "炮二平五" not in score_sheet(g, moves=False)


def test_9_score_sheet_unknown_times_and_draw():
    g = GameRecord(Red="A", Black="B")
    g.push("h2e2")
    g.set_result("1/2-1/2", "4.2.4")
    text = score_sheet(g)
    assert "Result 结果: 1/2-1/2 和棋 draw, 4.2.4 自然限着 natural move limit" in text
    assert "Time used 用时: Red 红方 ?   Black 黑方 0:00:00" in text  # Black has not moved


def test_score_sheet_black_to_move_first():
    g = GameRecord("3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 12")
    g.push("d9d8")
    assert move_lines(g, "WXF") == [" 12. ...       K4+1"]


def test_diagram_chinese_marks_last_move_and_tells_sides_apart():
    p = Position()
    m = parse_move("h2e2")
    p.push(m)
    text = diagram(p, last=m)
    lines = text.splitlines()
    assert lines[0].split() == list("１２３４５６７８９")
    assert lines[1] == "9 [车] [马] [象] [士] [将] [士] [象] [马] [车]"
    assert lines[9] == "2  +   (炮)  +    +   (炮)* +    +    o    +"
    assert lines[11] == "0 (车) (马) (相) (仕) (帅) (仕) (相) (马) (车)"
    assert lines[-2].split() == list("九八七六五四三二一")
    assert "楚 河" in text and "汉 界" in text


def test_diagram_traditional_and_color():
    p = Position()
    text = diagram(p, traditional=True, color=True)
    assert "\x1b[31;1m帥\x1b[0m" in text and "\x1b[1m將\x1b[0m" in text
    assert "\x1b[7m" not in text  # no last move, no mark


def test_diagram_points_align_in_a_terminal():
    # Every bracket starts a cell at column 2 + pitch*k, every empty point's
    # '+' sits one column further, counting CJK characters as two columns.
    import unicodedata
    for style, pitch in (("chinese", 5), ("letters", 4)):
        p = Position()
        m = parse_move("b2b9")
        p.push(m)
        for line in diagram(p, last=m, style=style).splitlines():
            if not line[:1].isdigit():
                continue
            col = 0
            for ch in line:
                if ch in "([":
                    assert (col - 2) % pitch == 0, (style, line)
                if ch in "+o":
                    assert (col - 3) % pitch == 0, (style, line)
                col += 2 if unicodedata.east_asian_width(ch) in "WF" else 1


def test_game_diagram_caption():
    g = GameRecord()
    g.push("h2e2")
    g.push("h9g7")
    text = game_diagram(g)
    assert text.splitlines()[0] == "Last move: 2. 马８进７ (h9g7), Red to move"
    assert game_diagram(GameRecord()).startswith("Start position, Red to move")


def test_side_of_follows_a_start_position_set_after_the_record_was_made():
    # first_side is read once per start position: setting another start FEN reads it again
    g = GameRecord()
    assert g.first_side == RED and g.side_of(1) == RED
    g.start_fen = "3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1"
    assert g.first_side == BLACK and g.side_of(1) == BLACK and g.side_of(2) == RED
