"""Classifying physical moves (art. 2.2, 3.4, 4.1.3, 4.1.8/8.1.8), results
(4.1.1, 4.1.2), make/unmake and the 30-bit hash."""
import random

import pytest

from xqboard.core import BLACK_SIDE, BREACH, LEGAL, MATED, PLAYING, RED_SIDE, STALEMATED, SUICIDE
from xqboard.core import Position, parse_move

from . import oracle

S = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

# (FEN, move, expected, why): the recogniser and the adjudicator rely on these.
CLASSIFY = [
    (S, "h2e2", LEGAL, "炮二平五"),
    (S, "h2h9", LEGAL, "cannon captures over one screen"),
    (S, "h2h7", BREACH, "cannon cannot capture without a screen"),
    (S, "b0d1", BREACH, "not a horse's move"),
    (S, "a0a4", BREACH, "chariot cannot jump its own soldier"),
    (S, "e3e5", BREACH, "soldier moves one step"),
    (S, "e3d3", BREACH, "soldier moves sideways only across the river"),
    (S, "d0d1", BREACH, "advisor moves diagonally"),
    (S, "c0e4", BREACH, "elephant moves exactly two points"),
    (S, "a0b0", BREACH, "cannot capture one's own piece"),
    (S, "h7e7", BREACH, "Black's piece on Red's turn (2.1)"),
    (S, "e4e5", BREACH, "no piece there"),
    (S, "e0e1", LEGAL, "general one step in the palace"),
    ("4k4/9/9/9/9/9/9/9/9/3K5 w", "d0c0", BREACH, "general leaves the palace"),
    ("3k5/9/9/9/9/9/9/9/3p5/2B1K4 w", "c0e2", BREACH, "elephant's eye blocked (塞象眼)"),
    ("3k5/9/9/9/9/9/9/9/3p5/2B1K4 w", "c0a2", LEGAL, "elephant, eye free"),
    ("3k5/9/9/9/9/2B6/9/9/9/4K4 w", "c4e6", BREACH, "elephant cannot cross the river"),
    ("3k5/9/9/9/9/9/9/9/1r7/1N2K4 w", "b0c2", BREACH, "horse's leg blocked (蹩马腿)"),
    ("3k5/9/9/9/9/9/9/9/9/1Nn1K4 w", "b0d1", BREACH, "horse's leg blocked sideways"),
    ("3k5/9/9/9/9/9/9/9/9/1Nn1K4 w", "b0c2", LEGAL, "horse, leg free"),
    ("3k5/9/9/9/4P4/9/9/9/9/4K4 w", "e5d5", LEGAL, "soldier across the river steps sideways"),
    ("3k5/9/9/9/4P4/9/9/9/9/4K4 w", "e5e4", BREACH, "soldier never steps back"),
    # 3.4 suicide: obeys the movement rules, leaves the own general in danger.
    ("4k4/9/9/9/9/9/9/9/4C4/4K4 w", "e1d1", SUICIDE, "the screen leaves: the generals face"),
    ("3k5/9/9/9/9/9/9/9/5r3/4K4 w", "e0f0", SUICIDE, "general steps into a chariot's file"),
    ("3k5/9/9/9/9/9/9/9/5r3/4K4 w", "e0d0", SUICIDE, "general steps onto the other's open file"),
    ("4k4/4r4/9/9/9/9/9/9/4R4/4K4 w", "e1d1", SUICIDE, "pinned chariot leaves the file"),
    ("4k4/4r4/9/9/9/9/9/9/4R4/4K4 w", "e1e8", LEGAL, "pinned chariot captures the pinner"),
    ("3k5/9/9/9/9/9/9/9/9/4KR3 b", "d9e9", SUICIDE, "black general onto the open file"),
    ("3k5/9/9/9/9/9/9/9/9/4KR3 b", "d9d8", LEGAL, "black general steps forward"),
    ("R2k5/9/9/9/9/9/9/9/9/4K4 b", "d9d8", LEGAL, "out of check"),
    ("R2k5/9/9/9/9/9/9/9/9/4K4 b", "d9e9", SUICIDE, "still on the chariot's rank, and facing"),
]
IDS = ["%s-%s" % (m, why.split()[0]) for _, m, _, why in CLASSIFY]


@pytest.mark.parametrize("fen,move,expected,why", CLASSIFY, ids=IDS)
def test_classify(fen, move, expected, why):
    assert Position(fen).classify(parse_move(move)) == expected, why


@pytest.mark.parametrize("fen,move,expected,why", CLASSIFY, ids=IDS)
def test_classify_legal_iff_pyffish_says_legal(fen, move, expected, why):
    assert (move in oracle.legal(Position(fen).fen())) == (expected == LEGAL), why


def test_classify_in_micropython_agrees(mp):
    code = "from xq.position import Position\nfrom xq.squares import parse_move\n"
    for fen, move, _, _ in CLASSIFY:
        code += "print(Position(%r).classify(parse_move(%r)))\n" % (fen, move)
    got = [int(x) for x in mp.run(code, heap=mp.CORE_HEAP).split()]
    assert got == [e for _, _, e, _ in CLASSIFY]


def test_4_1_1_mated():
    p = Position("R2k5/1R7/9/9/9/9/9/9/9/4K4 b")
    assert p.in_check() and p.status() == MATED
    assert oracle.verdict(p.fen()) == "mated"


def test_4_1_2_stalemated_is_a_loss_not_a_draw():
    # 困毙: not in check and no legal move (3.3); the side to move loses.
    p = Position("3k5/4P4/9/9/9/9/9/9/9/4K4 b")
    assert not p.in_check() and p.status() == STALEMATED
    assert oracle.verdict(p.fen()) == "stalemated"
    # Every move of a lone general into danger is a suicide, not legal.
    q = Position("3k5/9/9/9/9/9/9/9/5r3/4K4 w")
    assert q.status() == STALEMATED


def test_flying_general_counts_as_check_after_a_suicide():
    p = Position("4k4/9/9/9/9/9/9/9/4C4/4K4 w")
    assert not p.in_check(RED_SIDE)
    p.push(parse_move("e1d1"))  # a suicide is made too: the game layer rules on it
    assert p.in_check(RED_SIDE) and p.in_check(BLACK_SIDE)
    assert Position().status() == PLAYING


def test_push_pop_restore_fen_and_hash_along_random_games():
    rng = random.Random(7)
    for _ in range(20):
        p = Position()
        fens = [p.fen()]
        hashes = [p.hash]
        while p.ply < 150:
            moves = p.legal_moves()
            if not moves:
                break
            p.push(rng.choice(moves))
            fens.append(p.fen())
            hashes.append(p.hash)
            # incremental hash == hash from scratch, and within 30 bits
            assert p.hash == Position(p.fen()).hash
            assert 0 <= p.hash < 1 << 30
        while p.ply:
            p.pop()
            assert p.fen() == fens[p.ply] and p.hash == hashes[p.ply]


def test_hash_is_the_same_in_both_runtimes(mp):
    moves = ["h2e2", "h9g7", "h0g2", "i9h9", "e2e6", "g6g5"]
    code = ("from xq.position import Position\nfrom xq.squares import parse_move\n"
            "p = Position()\nprint(p.hash)\n")
    for m in moves:
        code += "p.push(parse_move(%r)); print(p.hash)\n" % m
    p = Position()
    want = [p.hash]
    for m in moves:
        p.push(parse_move(m))
        want.append(p.hash)
    assert [int(x) for x in mp.run(code, heap=mp.CORE_HEAP).split()] == want


def test_quiet_counter_counts_plies_since_a_capture():
    p = Position()
    p.push(parse_move("h2h9"))  # cannon takes the horse
    assert p.quiet == 0
    p.push(parse_move("i9h9"))  # chariot retakes
    assert p.quiet == 0
    p.push(parse_move("b0c2"))
    assert p.quiet == 1
    p.pop()
    assert p.quiet == 0
