"""Perft: the move generator against published node counts (art. 2.2).

Figures from Fairy-Stockfish's and the chessprogramming wiki's perft suites.
Every count runs on the firmware in the MicroPython unix port (the viper
build, as on the board) and, to a smaller depth, under CPython.
"""
import pytest

from xqboard.core import Position, perft

START_COUNTS = [44, 1920, 79666, 3290240]

PUBLISHED = [
    ("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", 3, 43929),
    ("5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1", 4, 202884),
    ("C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1", 5, 1914306),
    ("1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1", 4, 4485547),
    ("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", 4, 92741),
]


def test_start_position_depths_1_to_4_in_micropython(mp):
    out = mp.run(
        "from xq.position import Position\n"
        "from xq.perft import perft\n"
        "p = Position()\n"
        "print([perft(p, d) for d in range(1, 5)])\n"
        "print(p.fen())\n",
        heap=mp.CORE_HEAP,
    )
    counts, fen = out.splitlines()
    assert eval(counts) == START_COUNTS
    # perft leaves the position exactly as it found it
    assert fen == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def test_start_position_depths_1_to_3_in_cpython():
    p = Position()
    assert [perft(p, d) for d in range(1, 4)] == START_COUNTS[:3]


def test_published_positions_at_published_depth_in_micropython(mp):
    code = "from xq.position import Position\nfrom xq.perft import perft\n"
    for fen, depth, _ in PUBLISHED:
        code += "print(perft(Position(%r), %d))\n" % (fen, depth)
    counts = [int(x) for x in mp.run(code, heap=mp.CORE_HEAP).split()]
    assert counts == [n for _, _, n in PUBLISHED]


@pytest.mark.parametrize("fen", [f for f, _, _ in PUBLISHED])
def test_published_positions_depth_3_agree_between_runtimes(mp, fen):
    # The published figures are for deeper plies; at depth 3 the two
    # runtimes must agree with each other node for node, move by move.
    code = ("from xq.position import Position\nfrom xq.perft import divide\n"
            "from xq.squares import move_name\n"
            "for m, n in divide(Position(%r), 3): print(move_name(m), n)\n" % fen)
    mp_rows = sorted(mp.run(code, heap=mp.CORE_HEAP).splitlines())
    from xqboard.core import divide, move_name

    cp_rows = sorted("%s %d" % (move_name(m), n) for m, n in divide(Position(fen), 3))
    assert mp_rows == cp_rows


def test_published_position_depth_3_in_cpython():
    fen, depth, count = PUBLISHED[0]
    assert depth == 3
    assert perft(Position(fen), 3) == count


@pytest.mark.bench
def test_start_position_depth_5_in_micropython(mp):
    out = mp.run("from xq.position import Position\nfrom xq.perft import perft\n"
                 "print(perft(Position(), 5))", heap=mp.CORE_HEAP)
    assert int(out) == 133312995
