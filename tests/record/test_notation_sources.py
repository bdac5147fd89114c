"""Our WXF compared with an independent source: Fairy-Stockfish (pyffish)
renders WXF with `get_san(variant, fen, move, False, NOTATION_XIANGQI_WXF)`,
its move strings numbering ranks 1-10.

Where it agrees and where it differs (docs/NOTATION.md):
- single pieces of every type: the same, but pyffish writes sideways moves
  with '=' where the WXF rules write '.';
- two like pieces on a file: the same `R+.3` / `C--1` whenever the plain
  text would be ambiguous; when only one of the two can make the move
  pyffish drops the tandem sign (`R4+4` for the rear chariot) where WXF
  keeps it (`R-+4`). We accept its form on input;
- three or more soldiers on a file, or soldiers doubled on two files:
  pyffish writes its own index and file (`27=6`), not the WXF rules
  (`P7.6` for the middle of three, `++.4` / `--.4`, `3+.4` / `33.4`).
"""
import pytest

import pyffish as sf

from xqboard.core import Position, move_name
from xqboard.hall.masters import master_games
from xqboard.record import geometry, parse_wxf, wxf

VARIANT = "xiangqi"


def sf_move(m):
    n = move_name(m)
    return "%s%d%s%d" % (n[0], int(n[1]) + 1, n[2], int(n[3]) + 1)


def sf_wxf(fen, m):
    return sf.get_san(VARIANT, fen, sf_move(m), False, sf.NOTATION_XIANGQI_WXF)


def soldier_crowd(p, m):
    """True if the moving soldier is one of three or more on its file, or
    soldiers are doubled on two files: the cases pyffish writes its own way."""
    t = geometry.tandem(p, m >> 8)
    if t is None or p.piece_at(m >> 8) & 7 != geometry.SOLDIER:
        return False
    _, count, files = t
    return count > 2 or len(files) > 1


def compare(fen):
    """{'same', 'plain', 'crowd'}: how pyffish's WXF of each legal move of
    the position relates to ours. Fails on anything else."""
    p = Position(fen)
    seen = {"same": 0, "plain": 0, "crowd": 0}
    for m in p.legal_moves():
        ours, theirs = wxf(p, m), sf_wxf(fen, m)
        if theirs.replace("=", ".") == ours:
            seen["same"] += 1
        elif soldier_crowd(p, m):
            assert not theirs.startswith(("P+", "P-", "++", "--")), (fen, ours, theirs)
            seen["crowd"] += 1
        else:
            # the tandem sign dropped where the plain text is unambiguous
            assert ours[1] in "+-" and theirs[0] == ours[0], (fen, move_name(m), ours, theirs)
            assert parse_wxf(p, theirs) == m, (fen, ours, theirs)
            seen["plain"] += 1
    return seen


def test_pyffish_api_and_start_position():
    fen = sf.start_fen(VARIANT)
    assert fen.split()[0] == Position().fen().split()[0]
    assert sf_wxf(fen, Position().legal_moves()[0]) is not None
    seen = compare(fen)
    assert seen == {"same": 44, "plain": 0, "crowd": 0}


@pytest.mark.parametrize("fen", [
    "3k5/9/9/9/9/9/4R4/9/4R4/4K4 w - - 0 1",
    "4k4/4c4/9/4c4/9/9/9/9/9/3K5 b - - 0 1",
    "3k5/9/9/9/9/9/9/2N6/9/2N1K4 w - - 0 1",
    "4k4/9/2n6/9/2n6/9/9/9/9/3K5 b - - 0 1",
    "3k5/9/9/9/9/2B6/9/3A5/9/2BAK4 w - - 0 1",
    "3k5/9/9/2P3P2/2P6/9/9/9/9/4K4 w - - 0 1",
])
def test_pyffish_agrees_on_single_and_two_on_a_file(fen):
    seen = compare(fen)
    assert seen["crowd"] == 0
    assert seen["same"] > 0


@pytest.mark.parametrize("fen", [
    "3k5/9/9/2P6/2P6/2P6/9/9/9/4K4 w - - 0 1",
    "3k5/9/2P6/2P6/2P6/2P6/2P6/9/9/4K4 w - - 0 1",
    "3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/4K4 w - - 0 1",
    "4k4/9/9/9/2p6/2p1p4/4p4/2p6/9/3K5 b - - 0 1",
])
def test_pyffish_differs_on_three_or_more_soldiers(fen):
    seen = compare(fen)
    assert seen["crowd"] > 0


def test_pyffish_middle_of_three_soldiers_is_not_wxf():
    fen = "3k5/9/9/2P6/2P6/2P6/9/9/9/4K4 w - - 0 1"
    m = Position(fen).legal_moves()
    mid = [x for x in m if move_name(x) == "c5d5"][0]
    assert wxf(Position(fen), mid) == "P7.6"  # wxf.org: the mid-pawn by its file
    assert sf_wxf(fen, mid) == "27=6"  # pyffish: its own numbering


def _master_positions(every_game, every_ply):
    games = master_games()  # (only the games asked for are read)
    for g in (games[n] for n in range(0, len(games), every_game)):
        p = Position(g.start_fen, history=512)
        for i, m in enumerate(g.moves):
            if i % every_ply == 0:
                yield p.fen()
            p.push(m)


def test_pyffish_agrees_on_master_game_positions():
    total = {"same": 0, "plain": 0, "crowd": 0}
    for fen in _master_positions(60, 9):
        for k, v in compare(fen).items():
            total[k] += v
    assert total["same"] > 1000
    assert total["same"] > 20 * (total["plain"] + total["crowd"])


@pytest.mark.bench
def test_pyffish_every_move_of_every_tenth_master_game():
    total = {"same": 0, "plain": 0, "crowd": 0}
    for fen in _master_positions(10, 1):
        for k, v in compare(fen).items():
            total[k] += v
    print(total)
    assert total["same"] > 50 * (total["plain"] + total["crowd"])
