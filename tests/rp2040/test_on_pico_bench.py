"""`make bench` on the emulated RP2040 (the Pico's UF2 on rp2040js, strict):
a master game played by hand end to end with a power cut halfway, event for
event as the unix port plays it; perft to depth 3 and a slice of the rules
oracle (tests/rules/test_oracle.py, Fairy-Stockfish) on the chip's own
native code. Art. 2.2, 3.3/4.1.2, 4.1.1 as there."""
import shutil

import pytest

from board import scenarios as sc  # tests/ is on sys.path (pytest rootdir)
from board.test_power import master_games
from rules import oracle
from xqboard.core import Position, parse_move
from xqboard.target.rp2040 import Pico
from xqboard.target.rp2040_scenario import run_scenario

PERFT_START = [1, 44, 1920, 79666]  # FIELD-NOTES, "Xiangqi conventions"
SLICE = 200  # positions of the oracle's 2,000 (each a few ms of the chip's time)
CUT_AT = 25  # the power goes after this many moves

pytestmark = pytest.mark.bench


def game_with_a_power_cut(moves):
    head = ["0 new tc=30m+10s", "0 setup", "100 start"]
    first, t = sc.play(moves[:CUT_AT])
    p = Position()
    for m in moves[:CUT_AT]:
        p.push(parse_move(m))
    cut = ["%d power off" % t, "%d power on" % (t + 100), "%d start" % (t + 1500)]
    rest, _ = sc.play(moves[CUT_AT:], fen=p.fen(), t0=t + 2000)
    return "\n".join(head + first + cut + rest) + "\n"


def test_a_master_game_by_hand_with_a_power_cut_as_the_unix_port_plays_it(deployed, tmp_path):
    game = next(master_games()).split()
    script = game_with_a_power_cut(game)
    (tmp_path / "s.txt").write_text(script)
    flash = shutil.copyfile(deployed, tmp_path / "flash.bin")
    lines = []
    report = run_scenario(str(tmp_path / "s.txt"), str(flash), out=lines.append, fresh=False)
    unix = sc.run(script)
    assert sc.moves(lines) == sc.moves(unix) == game
    assert [w[:2] + w[3:5] for w in sc.events(lines)] == [w[:2] + w[3:5] for w in sc.events(unix)]
    assert sc.result(lines) == sc.result(unix)
    assert [b[1] for b in report["boots"]] == ["power", "power"]


BATCH = """
from xq.position import Position
from xq.perft import perft
from xq.squares import move_name
STATUS = ("playing", "mated", "stalemated")
print("PERFT", [perft(Position(), d) for d in range(4)])
for fen in %r:
    p = Position(fen)
    print(STATUS[p.status()], 1 if p.in_check() else 0, " ".join(sorted(move_name(m) for m in p.legal_moves())))
"""


def test_perft_3_and_a_slice_of_the_oracle_on_the_chips_native_code(tmp_path):
    fens = oracle.random_positions(2000, seed=20261130)[:SLICE]
    with Pico(tmp_path / "flash.bin", displays=False) as pico:
        pico.run_ms(1500)  # a new board: the REPL
        out = pico.exec(BATCH % fens, ms=600000).splitlines()
    assert out[0] == "PERFT %s" % PERFT_START
    lines = out[1:]
    assert len(lines) == SLICE
    for fen, line in zip(fens, lines):
        status, in_check, *moves = line.split()
        assert moves == oracle.legal(fen), fen
        assert status == oracle.verdict(fen), fen
        assert in_check == ("1" if oracle.in_check(fen) else "0"), fen
