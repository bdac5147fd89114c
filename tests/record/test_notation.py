"""Notations of a move: ICCS, WXF and Chinese (full and abbreviated forms of
art. 7.5, simplified and traditional), with the tandem rules, and parsing
them back. Expected texts are written out by hand from the conventions in
docs/NOTATION.md (WXF: wxf.org's official rules; Chinese: xqbase's 《着法表
示》 as ElephantEye implements it)."""
import pytest

from xqboard.core import Position, move_name, parse_move
from xqboard.record import chinese, iccs, move_text, notation_of, parse_chinese, parse_text
from xqboard.record import parse_wxf, wxf
from xqboard.record.chinese import OVER, UNDER

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
AFTER_C25 = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
# Generals, advisors and elephants off their start points, a horse to retreat.
KINGS = "3k5/4a4/4b4/9/9/2N6/9/4B4/4A4/4K4 w - - 0 1"
KINGS_B = "4k4/4a4/4b4/9/6n2/9/9/4B4/4A4/3K5 b - - 0 1"


def check(fen, iccs_text, wxf_text, zh, zh_trad=None, zh_abbr=None):
    p = Position(fen)
    m = parse_move(iccs_text)
    assert wxf(p, m) == wxf_text
    assert chinese(p, m) == zh
    if zh_trad is not None:
        assert chinese(p, m, traditional=True) == zh_trad
    if zh_abbr is not None:
        assert chinese(p, m, abbreviated=True) == zh_abbr
    # and back, from every spelling
    for text in (iccs_text, wxf_text, zh, zh_trad, zh_abbr):
        if text is not None:
            assert parse_text(p, text) == m, text


# -- every piece type, Red and Black ----------------------------------------------

# Red's from the start and, with generals, advisors and elephants off their
# points (KINGS), back and forth; Black's after C2.5 (full-width digits,
# counted from Black's right) and off their points (KINGS_B). None: a
# spelling not checked for that move.
@pytest.mark.parametrize("fen, iccs_text, wxf_text, zh, trad, abbr", [
    pytest.param(START, "h2e2", "C2.5", "炮二平五", "炮二平五", "炮25", id="red-h2e2"),
    pytest.param(START, "h2h9", "C2+7", "炮二进七", "炮二進七", "炮27" + UNDER, id="red-h2h9"),
    pytest.param(START, "h0g2", "H2+3", "马二进三", "馬二進三", "马23" + UNDER, id="red-h0g2"),
    pytest.param(START, "a0a1", "R9+1", "车九进一", "車九進一", "车91" + UNDER, id="red-a0a1"),
    pytest.param(START, "g0e2", "E3+5", "相三进五", "相三進五", "相35" + UNDER, id="red-g0e2"),
    pytest.param(START, "f0e1", "A4+5", "仕四进五", "仕四進五", "仕45" + UNDER, id="red-f0e1"),
    pytest.param(START, "c3c4", "P7+1", "兵七进一", "兵七進一", "兵71" + UNDER, id="red-c3c4"),
    pytest.param(KINGS, "e0f0", "K5.4", "帅五平四", None, "帅54", id="red-e0f0"),
    pytest.param(KINGS, "e1d0", "A5-6", "仕五退六", None, "仕56" + OVER, id="red-e1d0"),
    pytest.param(KINGS, "e2c0", "E5-7", "相五退七", None, "相57" + OVER, id="red-e2c0"),
    pytest.param(KINGS, "e2g4", "E5+3", "相五进三", None, "相53" + UNDER, id="red-e2g4"),
    pytest.param(KINGS, "c4b2", "H7-8", "马七退八", None, "马78" + OVER, id="red-c4b2"),
    pytest.param(KINGS, "c4d6", "H7+6", "马七进六", None, "马76" + UNDER, id="red-c4d6"),
    pytest.param("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0e1", "K5+1", "帅五进一", "帥五進一", "帅51" + UNDER,
                 id="red-e0e1"),
    # Black: full-width digits, counted from Black's right
    pytest.param(AFTER_C25, "h7e7", "C8.5", "炮８平５", "炮８平５", "炮85", id="black-h7e7"),
    pytest.param(AFTER_C25, "h9g7", "H8+7", "马８进７", "馬８進７", "马87" + UNDER, id="black-h9g7"),
    pytest.param(AFTER_C25, "a9a8", "R1+1", "车１进１", "車１進１", "车11" + UNDER, id="black-a9a8"),
    pytest.param(AFTER_C25, "g9e7", "E7+5", "象７进５", "象７進５", "象75" + UNDER, id="black-g9e7"),
    pytest.param(AFTER_C25, "d9e8", "A4+5", "士４进５", "士４進５", "士45" + UNDER, id="black-d9e8"),
    pytest.param(AFTER_C25, "c6c5", "P3+1", "卒３进１", "卒３進１", "卒31" + UNDER, id="black-c6c5"),
    pytest.param(KINGS_B, "e9d9", "K5.4", "将５平４", None, None, id="black-e9d9"),
    pytest.param(KINGS_B, "e8f9", "A5-6", "士５退６", None, None, id="black-e8f9"),
    pytest.param(KINGS_B, "e7c9", "E5-3", "象５退３", None, None, id="black-e7c9"),
    pytest.param(KINGS_B, "g5h7", "H7-8", "马７退８", None, None, id="black-g5h7"),
    pytest.param(KINGS_B, "g5f3", "H7+6", "马７进６", None, None, id="black-g5f3"),
])
def test_7_5_every_piece_type_in_every_notation(fen, iccs_text, wxf_text, zh, trad, abbr):
    check(fen, iccs_text, wxf_text, zh, trad, abbr)


def test_black_digits_in_ascii_on_request():
    p = Position(AFTER_C25)
    assert chinese(p, parse_move("h9g7"), black_digits="ascii") == "马8进7"


def test_black_soldier_across_the_river_sideways_and_chariot_back():
    fen = "4k4/9/9/9/9/9/2p6/9/r8/3K5 b - - 0 1"
    check(fen, "c3d3", "P3.4", "卒３平４")
    check(fen, "a1a5", "R1-4", "车１退４", "車１退４", "车14" + OVER)


# -- tandem pieces -----------------------------------------------------------------

TWO_CHARIOTS = "3k5/9/9/9/9/9/4R4/9/4R4/4K4 w - - 0 1"
TWO_CANNONS_B = "4k4/4c4/9/4c4/9/9/9/9/9/3K5 b - - 0 1"
TWO_HORSES = "3k5/9/9/9/9/9/9/2N6/9/2N1K4 w - - 0 1"


@pytest.mark.parametrize("fen, iccs_text, wxf_text, zh, trad", [
    (TWO_CHARIOTS, "e3e4", "R++1", "前车进一", "前車進一"),
    (TWO_CHARIOTS, "e3f3", "R+.4", "前车平四", "前車平四"),
    (TWO_CHARIOTS, "e1e2", "R-+1", "后车进一", "後車進一"),
    (TWO_CHARIOTS, "e1g1", "R-.3", "后车平三", "後車平三"),
    (TWO_CANNONS_B, "e8e7", "C-+1", "后炮进１", "後炮進１"),
    (TWO_CANNONS_B, "e6e7", "C+-1", "前炮退１", "前炮退１"),
    (TWO_CANNONS_B, "e6a6", "C+.1", "前炮平１", "前炮平１"),
    (TWO_HORSES, "c2b4", "H++8", "前马进八", "前馬進八"),
    (TWO_HORSES, "c0a1", "H-+9", "后马进九", "後馬進九"),
])
def test_two_like_pieces_on_a_file_front_and_rear(fen, iccs_text, wxf_text, zh, trad):
    check(fen, iccs_text, wxf_text, zh, trad)


def test_wxf_field_note_examples_rear_cannon_back():
    # 炮後退一 C--1 (wxf.org)
    p = Position("3k5/9/9/9/9/9/7C1/9/7C1/4K4 w - - 0 1")
    assert wxf(p, parse_move("h1h0")) == "C--1"
    assert chinese(p, parse_move("h1h0")) == "后炮退一"


def test_advisors_and_elephants_on_one_file_need_no_front_or_rear():
    p = Position("3k5/9/9/9/9/2B6/9/3A5/9/2BAK4 w - - 0 1")
    assert chinese(p, parse_move("d0e1")) == "仕六进五"
    assert chinese(p, parse_move("d2e1")) == "仕六退五"
    assert chinese(p, parse_move("c0e2")) == "相七进五"
    assert chinese(p, parse_move("c4e2")) == "相七退五"
    assert wxf(p, parse_move("c4a2")) == "E7-9"
    for text, m in (("仕六进五", "d0e1"), ("仕六退五", "d2e1"), ("相七退九", "c4a2")):
        assert move_name(parse_chinese(p, text)) == m


THREE = "3k5/9/9/2P6/2P6/2P6/9/9/9/4K4 w - - 0 1"  # soldiers c6 c5 c4 (file 7)
FIVE = "3k5/9/2P6/2P6/2P6/2P6/2P6/9/9/4K4 w - - 0 1"  # c7..c3
FOUR = "3k5/9/2P6/2P6/2P6/2P6/9/9/9/4K4 w - - 0 1"  # c7..c4
TWO_FILES = "3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w - - 0 1"  # c7 c6 c5 (7), g7 g6 (3)
THREE_B = "4k4/9/9/9/9/2p6/2p6/2p6/9/3K5 b - - 0 1"  # c4 c3 c2, front c2
TWO_FILES_B = "4k4/9/9/9/2p6/2p1p4/4p4/2p6/9/3K5 b - - 0 1"


@pytest.mark.parametrize("fen, iccs_text, wxf_text, zh", [
    (THREE, "c6d6", "P+.6", "前兵平六"),
    (THREE, "c6c7", "P++1", "前兵进一"),
    (THREE, "c5d5", "P7.6", "中兵平六"),   # WXF: the middle pawn by its file
    (FOUR, "c7d7", "++.6", "一兵平六"),
    (FOUR, "c6d6", "P+.6", "二兵平六"),
    (FOUR, "c5d5", "P-.6", "三兵平六"),
    (FIVE, "c7d7", "++.6", "一兵平六"),
    (FIVE, "c6d6", "P+.6", "二兵平六"),
    (FIVE, "c5d5", "P7.6", "三兵平六"),
    (FIVE, "c7c8", "+++1", "一兵进一"),
    (TWO_FILES, "c7d7", "7+.6", "三兵平六"),  # numbered together from the right
    (TWO_FILES, "c6d6", "77.6", "四兵平六"),
    (TWO_FILES, "c5d5", "7-.6", "五兵平六"),
    (TWO_FILES, "g7f7", "3+.4", "一兵平四"),
    (TWO_FILES, "g6f6", "3-.4", "二兵平四"),
    (THREE_B, "c2c1", "P++1", "前卒进１"),
    (THREE_B, "c3b3", "P3.2", "中卒平２"),
    (THREE_B, "c4d4", "P-.4", "后卒平４"),
    (TWO_FILES_B, "c2d2", "3+.4", "一卒平４"),
    (TWO_FILES_B, "c4d4", "33.4", "二卒平４"),
    (TWO_FILES_B, "e3e2", "5++1", "四卒进１"),
    (TWO_FILES_B, "e4f4", "5-.6", "五卒平６"),
])
def test_several_soldiers(fen, iccs_text, wxf_text, zh):
    check(fen, iccs_text, wxf_text, zh)


def test_four_soldiers_rear_and_five_rear():
    # The rearmost of four and five: '--' (the soldiers there cannot move
    # forward, so put them across the river where they can go sideways).
    four = Position("3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1")  # c8..c5
    assert wxf(four, parse_move("c5d5")) == "--.6"
    assert chinese(four, parse_move("c5d5")) == "四兵平六"
    five = Position("2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1")  # c9..c5
    assert wxf(five, parse_move("c6d6")) == "P-.6"
    assert wxf(five, parse_move("c5d5")) == "--.6"
    assert chinese(five, parse_move("c5d5")) == "五兵平六"
    for p in (four, five):
        for m in p.legal_moves():
            assert parse_wxf(p, wxf(p, m)) == m
            assert parse_chinese(p, chinese(p, m)) == m


def test_two_soldiers_on_a_file_and_one_elsewhere_are_front_and_rear():
    p = Position("3k5/9/9/2P3P2/2P6/9/9/9/9/4K4 w - - 0 1")  # c6 c5, g6
    assert wxf(p, parse_move("c6d6")) == "P+.6"
    assert chinese(p, parse_move("c5d5")) == "后兵平六"
    assert wxf(p, parse_move("g6f6")) == "P3.4"
    assert chinese(p, parse_move("g6f6")) == "兵三平四"


# -- parsing: spellings and errors ----------------------------------------------------

@pytest.mark.parametrize("text", ["C2.5", "C2=5", "c2.5", "C2:5", "h2e2", "H2-E2", "炮二平五",
                                  "炮2平5", "炮２平５", "砲二平五", "包二平五", "炮25"])
def test_spellings_accepted(text):
    assert move_name(parse_text(Position(), text)) == "h2e2"


@pytest.mark.parametrize("text", ["H2+3", "N2+3", "马二进三", "馬二進三", "傌二進三", "马23" + UNDER])
def test_horse_spellings(text):
    assert move_name(parse_text(Position(), text)) == "h0g2"


def test_wxf_position_before_the_letter_is_accepted():
    p = Position(TWO_CHARIOTS)
    assert move_name(parse_wxf(p, "+R.4")) == "e3f3"


def test_plain_file_accepted_when_only_one_tandem_piece_can_move_so():
    # What pyffish writes (R4+4 for the rear of two chariots on file 4 that
    # goes forward four: only it can).
    p = Position(TWO_CHARIOTS)
    assert move_name(parse_wxf(p, "R5-1")) == "e3e2"  # the rear one would hit its general
    for text in ("R5+1", "R5.4"):  # either could
        with pytest.raises(ValueError, match="ambiguous"):
            parse_wxf(p, text)
    assert move_name(parse_wxf(p, "R5+6")) == "e3e9"
    assert move_name(parse_chinese(p, "车五进六")) == "e3e9"


@pytest.mark.parametrize("text, msg", [
    ("C2.9", "no move"), ("C2+", "not a WXF"), ("X2.5", "no move"), ("炮二平", "not a Chinese"),
    ("炮十平五", "not a Chinese"), ("炮二走五", "not a Chinese"), ("h2h0", "no move"),
    ("马二进五", "no move"),
])
def test_bad_texts_raise(text, msg):
    with pytest.raises(ValueError, match=msg):
        parse_text(Position(), text)


def test_notation_of():
    assert [notation_of(t) for t in ("h2e2", "h2-e2", "C2.5", "炮二平五", "炮25")] == \
        ["ICCS", "ICCS", "WXF", "Chinese", "Chinese"]


def test_move_text_dispatch_and_iccs():
    p = Position()
    m = parse_move("b0c2")
    assert iccs(p, m) == "b0c2"
    assert move_text(p, m, "ICCS") == "b0c2"
    assert move_text(p, m, "wxf") == "H8+7"
    assert move_text(p, m, "Chinese", traditional=True) == "馬八進七"
    with pytest.raises(ValueError, match="unknown notation"):
        move_text(p, m, "SAN")


def test_suicide_move_can_be_written_and_read_back():
    # A game may end on a suicide (3.4, 4.1.3): the record still holds it.
    from xqboard.core import SUICIDE
    p = Position("4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1")
    m = parse_move("e1f2")  # the advisor leaves the generals facing
    assert p.classify(m) == SUICIDE
    assert wxf(p, m) == "A5+4"
    assert chinese(p, m) == "仕五进四"
    assert parse_wxf(p, "A5+4") == m == parse_chinese(p, "仕五进四")
