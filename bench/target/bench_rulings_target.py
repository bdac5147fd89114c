"""Repetition rulings on the emulated Pico (make bench-target): the cost of
classifying a cycle and ruling on it (xq.rulings.rule) for every case of the
test suite, and of detection after a move (xq.rulings.detect), counted in
instructions on the firmware image (1 instruction = 1 ns of emulated time)
and converted to RP2040 time at 125 MHz with the CPI range of
docs/HARDWARE.md. bench/bench_rulings.py runs the same cases on the unix
port: the fast regression check."""
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_target as bt  # noqa: E402
from xqboard.target import image  # noqa: E402

# The cases (tests/mp/rulings_cases.py) go to the board with the code: the
# image freezes the firmware, not the tests.
CODE = (REPO / "tests" / "mp" / "rulings_cases.py").read_text() + """
import gc, time
from xq.position import Position
from xq.rulings import detect, rule

def instructions(f, runs):
    t0 = time.ticks_us()
    for i in range(runs):
        f()
    return time.ticks_diff(time.ticks_us(), t0) * 1000 // runs

ref = Position()
print("REF", instructions(ref.legal_moves, 20))
for name, pos, cyc in cycles():
    gc.collect()  # (no collection inside the timed runs)
    print("CASE", name, instructions(lambda: rule(pos, cyc), 2), instructions(lambda: detect(pos), 5))
print("END")
"""
CODE = CODE.replace("%", "%%")  # bench_target.on_board fills in %(flash)r

# Validating a move and deciding the game's state (classify, push, status),
# over the moves of master games: the work of every move the board judges.
VALIDATE = """
import time
from xq.position import Position
from xq.squares import parse_move
n = 0
spent = 0
for game in GAMES:
    pos = Position()
    for m in game.split():
        mv = parse_move(m)
        t = time.ticks_us()
        pos.classify(mv)
        pos.push(mv)
        pos.status()
        spent += time.ticks_diff(time.ticks_us(), t)
        n += 1
print("VALIDATE", n, spent * 1000 // n)
"""
VALIDATE_GAMES = 10


def main():
    why = image.missing()
    if why:
        raise SystemExit("bench-target needs %s" % why)
    out = bt.on_board(CODE, 1800)
    ref = int(next(x for x in out if x.startswith("REF")).split()[1])
    rows = sorted(((x.split()[1], int(x.split()[2]), int(x.split()[3])) for x in out if x.startswith("CASE")),
                  key=lambda r: -r[1])
    print("Repetition rulings on the emulated Pico (armv6m code); RP2040 time at %d MHz, CPI %.1f-%.1f"
          % (bt.MHZ, bt.CPI[0], bt.CPI[1]))
    print("reference: one legal move generation of the start position = %d instructions (%s)"
          % (ref, bt.rp2040_time(ref)))
    print("%-52s %12s %18s %12s %18s" % ("case (slowest first)", "rule instr", "RP2040", "detect instr",
                                         "RP2040"))
    for name, rule, det in rows:
        print("%-52s %12d %18s %12d %18s" % (name[:52], rule, bt.rp2040_time(rule), det, bt.rp2040_time(det)))
    games = [g for g, _ in zip(bt.master_games(), range(VALIDATE_GAMES))]
    code = ("GAMES = %r\n" % games + VALIDATE).replace("%", "%%")
    n, validate = (int(x) for x in next(x for x in bt.on_board(code, 600) if x.startswith("VALIDATE")).split()[1:])
    name, rule, det = rows[0]
    print()
    print("worst case: %s: %d instructions to classify and rule, %s" % (name, rule, bt.rp2040_time(rule)))
    mid = rows[len(rows) // 2]
    print("median case: %s: %d instructions, %s" % (mid[0], mid[1], bt.rp2040_time(mid[1])))
    det = max(r[2] for r in rows)
    print("detection after a move: at most %d instructions, %s" % (det, bt.rp2040_time(det)))
    print("validating a move and deciding the game's state (classify, push, status), %d moves of %d master"
          " games: %d instructions a move, %s" % (n, VALIDATE_GAMES, validate, bt.rp2040_time(validate)))


if __name__ == "__main__":
    main()
