# MicroPython side of bench_core.py: perft speed, heap, move validation.
# Prints `key value` lines. Run by the unix port with MICROPYPATH set to the
# build to measure (x64 viper build, or plain-bytecode source).
import gc
import sys
import time

gc.collect()
heap0 = gc.mem_alloc()
from xq.perft import perft  # noqa: E402
from xq.position import Position  # noqa: E402
from xq.squares import parse_move  # noqa: E402

gc.collect()
print("import_heap", gc.mem_alloc() - heap0)

POSITIONS = sys.stdin.readline().split("|")
DEPTH = int(sys.argv[1])
MIN_US = int(sys.argv[2])

pos = Position()
gc.collect()
print("position_heap", gc.mem_alloc() - heap0)

trees = [Position(fen) for fen in POSITIONS]
nodes = 0
t0 = time.ticks_us()
while True:
    for p in trees:
        nodes += perft(p, DEPTH)
    dt = time.ticks_diff(time.ticks_us(), t0)
    if dt >= MIN_US:
        break
print("perft_nodes", nodes)
print("perft_us", dt)

# Validating a move and deciding the game state, over real games: the work
# the board does once per move (classify, push, status).
games = []
while True:
    line = sys.stdin.readline()
    if not line:
        break
    games.append([parse_move(m) for m in line.split()])
count = 0
t0 = time.ticks_us()
for moves in games:
    pos.set_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
    for m in moves:
        if pos.classify(m) != 0:
            raise SystemExit("illegal move in master game")
        pos.push(m)
        pos.status()
        count += 1
dt = time.ticks_diff(time.ticks_us(), t0)
print("validate_moves", count)
print("validate_us", dt)
