"""Repetition rulings benchmark (issue 7): what classifying a cycle and
ruling on it (xq.rulings.ruling) costs in the MicroPython unix port, for every
case of the test suite; detection (xq.rulings.detect) after a move; the bytes
one ruling allocates; and the same code under CPython. This is the fast
regression check on this machine; the RP2040's figures are measured on the
emulated Pico, in instructions (bench/target/bench_rulings_target.py, make
bench-target).

References measured in the same run: one legal move generation of the
start position (Position.legal_moves) in the unix port, so the ruling's
cost reads as "N move generations"; and CPython running the same source.
The classification runs only when a position repeats, not after every move.
"""
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "host_tools"))
sys.path.insert(0, str(REPO / "tests" / "mp"))

from xqboard import runtime  # noqa: E402
from xqboard.core import Position, parse_move  # noqa: E402

MIN_US = 300000

MP_CODE = """
import gc, time
from rulings_cases import cycles
from xq.position import Position
from xq.rulings import detect, rule

def timed(f, min_us):
    n = 0
    t0 = time.ticks_us()
    while True:
        f()
        n += 1
        el = time.ticks_diff(time.ticks_us(), t0)
        if el >= min_us:
            return el // n

ref = Position()
print("ref_legal_us", timed(ref.legal_moves, %(min)d))
for name, pos, cyc in cycles():
    us = timed(lambda: rule(pos, cyc), %(min)d)
    det = timed(lambda: detect(pos), %(min)d // 3)
    gc.collect()
    gc.disable()
    a0 = gc.mem_alloc()
    rule(pos, cyc)
    a1 = gc.mem_alloc()
    gc.enable()
    gc.collect()
    print(name, us, det, a1 - a0, cyc.length)
print("mem_free", gc.mem_free())
"""  % {"min": MIN_US}

# A busy middlegame (a published perft position): every cycle of a red and a
# black move and their returns, classified and ruled once each.
BUSY_FEN = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"
MP_SWEEP = """
import sys, time
from xq.position import Position
from xq.squares import parse_move
from xq.rulings import detect, rule
fen = sys.stdin.readline().strip()
worst = 0
total = 0
n = 0
while True:
    line = sys.stdin.readline().strip()
    if not line:
        break
    pos = Position(fen)
    for t in line.split() * 2:
        pos.push(parse_move(t))
    t0 = time.ticks_us()
    rule(pos, detect(pos))
    us = time.ticks_diff(time.ticks_us(), t0)
    total += us
    n += 1
    if us > worst:
        worst = us
        worst_line = line
print(n, total // n, worst, worst_line)
"""


def busy_cycles():
    """Every 4-ply cycle (a red move, a black move, both taken back) of
    BUSY_FEN without a capture, as ICCS lines."""
    from xqboard.core import move_name

    p = Position(BUSY_FEN)
    out = []
    for m1 in p.legal_moves():
        if p.push(m1):
            p.pop()
            continue
        for m2 in p.legal_moves():
            if p.push(m2):
                p.pop()
                continue
            r1 = (m1 & 255) << 8 | (m1 >> 8)
            r2 = (m2 & 255) << 8 | (m2 >> 8)
            ok = p.is_legal(r1)
            if ok:
                p.push(r1)
                ok = p.is_legal(r2)
                p.pop()
            if ok:
                out.append(" ".join(move_name(x) for x in (m1, m2, r1, r2)))
            p.pop()
        p.pop()
    return out


def cpython_us(case):
    from xq.rulings import detect, rule

    pos = Position(case[1])
    for t in case[2]:
        pos.push(parse_move(t))
    cyc = detect(pos)
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < MIN_US / 1e6:
        rule(pos, cyc)
        n += 1
    return (time.perf_counter() - t0) / n * 1e6


def main():
    r = runtime.run_code(MP_CODE, extra_paths=[REPO / "tests" / "mp"])
    if r.returncode:
        raise SystemExit("micropython failed:\n" + r.stderr)
    rows = []
    ref = None
    mem_free = None
    for line in r.stdout.splitlines():
        parts = line.split()
        if parts[0] == "ref_legal_us":
            ref = int(parts[1])
        elif parts[0] == "mem_free":
            mem_free = int(parts[1])
        else:
            rows.append((parts[0], int(parts[1]), int(parts[2]), int(parts[3]), int(parts[4])))
    rows.sort(key=lambda x: -x[1])
    print("unix port, heap %s; reference: one legal move generation of the start position = %d us"
          % (runtime.HEAP, ref))
    print("%-58s %9s %8s %9s %9s" % ("case (slowest first)", "rule us", "x legal", "detect us", "alloc B"))
    for name, us, det, alloc, length in rows:
        print("%-58s %9d %8.0f %9d %9d" % (name[:58], us, us / max(ref, 1), det, alloc))
    name, us, det, alloc, length = rows[0]
    from rulings_cases import CASES

    case = [c for c in CASES if c[0] == name][0]
    cp = cpython_us(case)
    print()
    print("worst case: %s (a cycle of %d plies)" % (name, length))
    print("  unix port: %.1f ms to classify and rule; CPython, same source: %.1f ms (unix port / CPython = %.2f)"
          % (us / 1000, cp / 1000, us / cp))
    print("  detection after a move: %.1f ms; median case: %.1f ms to rule (the RP2040's figures:"
          " make bench-target)" % (det / 1000, rows[len(rows) // 2][1] / 1000))
    print("  one ruling allocates at most %d bytes (reclaimed by the GC); heap free after all cases: %d"
          % (max(r[3] for r in rows), mem_free))
    cycles = busy_cycles()
    r = runtime.run_code(MP_SWEEP, input=BUSY_FEN + "\n" + "\n".join(cycles) + "\n\n")
    if r.returncode:
        raise SystemExit("micropython failed:\n" + r.stderr)
    n, mean, worst, *line = r.stdout.split()
    print()
    print("busy middlegame (perft position 2): all %s reversible 4-ply cycles, each ruled once" % n)
    print("  unix port: mean %.1f ms, worst %.1f ms (%s)" % (int(mean) / 1000, int(worst) / 1000, " ".join(line)))


if __name__ == "__main__":
    main()
