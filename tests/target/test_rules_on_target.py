"""The rules core's viper and native code as armv6m machine code on a
Cortex-M0+ instruction set (the emulated Pico): perft from the start to
depth 3 (depth 4 is in make bench-target) and the 1,000-position oracle of
tests/rules/test_oracle.py (2,000 in make bench) against Fairy-Stockfish. Art. 2.2, 3.3/4.1.2,
4.1.1 as there."""
import pytest

from xqboard.target.emulator import Emulator

from rules import oracle  # tests/ is on sys.path (pytest rootdir)
from rules.test_oracle import BENCH_COUNT, COUNT, SEED

PERFT_START = [1, 44, 1920, 79666]  # FIELD-NOTES, "Xiangqi conventions"

# On the board: for each FEN of a host file (read through semihosting), the
# verdict, the check flag and the sorted legal moves, one line each.
BATCH = """
from boards.qemu import HostLines
from xq.position import Position
from xq.squares import move_name
STATUS = ("playing", "mated", "stalemated")
for fen in HostLines(%r):
    p = Position(fen)
    print(STATUS[p.status()], 1 if p.in_check() else 0, " ".join(sorted(move_name(m) for m in p.legal_moves())))
"""


def test_perft_to_depth_3_on_armv6m(elf, tmp_path):
    with Emulator(tmp_path / "flash.img", elf) as emu:
        out = emu.exec("from xq.position import Position\nfrom xq.perft import perft\n"
                       "print([perft(Position(), d) for d in range(4)])", timeout=300)
    assert out.strip() == str(PERFT_START)


# (in test_oracle's worker, whose pyffish verdicts of the same positions it shares)
@pytest.mark.xdist_group("oracle_positions")
def test_1000_positions_agree_with_pyffish_on_armv6m(elf, tmp_path):
    agree_on_armv6m(oracle.judged_positions(COUNT, SEED), elf, tmp_path)


@pytest.mark.bench
def test_2000_positions_agree_with_pyffish_on_armv6m(elf, tmp_path):
    # make test's size until stop 37 (docs/DEVELOPING.md, "Sizes")
    agree_on_armv6m(oracle.judged_positions(BENCH_COUNT, SEED), elf, tmp_path)


def agree_on_armv6m(positions, elf, tmp_path):
    (tmp_path / "fens.txt").write_text("".join(p[0] + "\n" for p in positions))
    with Emulator(tmp_path / "flash.img", elf) as emu:
        lines = emu.exec(BATCH % str(tmp_path / "fens.txt"), timeout=300).splitlines()
    assert len(lines) == len(positions)
    for (fen, legal, verdict, check), line in zip(positions, lines):
        status, in_check, *moves = line.split()
        assert moves == legal, fen
        assert status == verdict, fen
        assert in_check == ("1" if check else "0"), fen
