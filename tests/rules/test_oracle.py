"""Legal moves and verdicts against Fairy-Stockfish (pyffish), an
independent implementation, on 1,000 random positions from random games
(2,000 in make bench, make test's size until stop 37),
under both runtimes: the firmware in the MicroPython unix port and the same
source under CPython. Art. 2.2 (movement, flying general), 3.3/4.1.2
(stalemate loses), 4.1.1 (mate)."""
import collections

import pytest

from xqboard import runtime
from xqboard.core import MATED, PLAYING, STALEMATED, Position, move_name

from . import oracle

COUNT = 1000
BENCH_COUNT = 2000
SEED = 20261130
VERDICT = {PLAYING: "playing", MATED: "mated", STALEMATED: "stalemated"}
# One xdist worker runs the module and the armv6m run of the same positions
# (tests/target/test_rules_on_target.py): the 1,000 positions and pyffish's
# verdicts (~8 s of CPU) are made once for all three runtimes.
pytestmark = pytest.mark.xdist_group("oracle_positions")


@pytest.fixture(scope="module")
def positions():
    # pyffish normalises FENs its own way; ours must be what pyffish reads.
    return oracle.judged_positions(COUNT, SEED)


def test_sample_has_mates_and_stalemates(positions):
    # Otherwise the verdict comparison below could not fail.
    counts = collections.Counter(v for _, _, v, _ in positions)
    assert counts["mated"] >= 5 and counts["stalemated"] >= 5, counts
    assert len(positions) == COUNT


def test_cpython_agrees_with_pyffish(positions):
    cpython_agrees(positions)


def test_micropython_agrees_with_pyffish(positions):
    micropython_agrees(positions)


@pytest.mark.bench
def test_2000_positions_agree_with_pyffish_in_cpython_and_micropython():
    positions = oracle.judged_positions(BENCH_COUNT, SEED)
    cpython_agrees(positions)
    micropython_agrees(positions)


def cpython_agrees(positions):
    for fen, legal, verdict, check in positions:
        pos = Position(fen)
        assert sorted(move_name(m) for m in pos.legal_moves()) == legal, fen
        assert VERDICT[pos.status()] == verdict, fen
        assert pos.in_check() == check, fen


def micropython_agrees(positions):
    r = runtime.run_script("xq_tool.py", ["batch"], heap=runtime.CORE_HEAP,
                           input="".join(f + "\n" for f, _, _, _ in positions))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == len(positions)
    for (fen, legal, verdict, check), line in zip(positions, lines):
        status, in_check, *moves = line.split()
        assert moves == legal, fen
        assert status == verdict, fen
        assert in_check == ("1" if check else "0"), fen
