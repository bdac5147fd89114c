# MicroPython side of bench_board.py and of the long-game test: a whole game
# played by hand on the simulated board, clocks and journal on, with the heap
# capped. Prints `key value` lines.
#   board_bench.py STORE_DIR < moves (ICCS, one per line: read as played,
#                                      so the list never sits in the heap)
import gc
import sys
import time

from boards.simrun import Runner

lines = [0]
move_events = [0]
last_move_line = [None]


def out(line):
    lines[0] += 1
    if " MOVE " in line:
        move_events[0] += 1
        last_move_line[0] = line


r = Runner(sys.argv[1], out=out, board_id="bench")
r.command(["new", "tc=90m/40,30m+30s", "limit=999"])
r.setup()
r.command(["start"])
gc.collect()
base_free = gc.mem_free()
min_free = base_free
longest_step = 0
steps = 0
press_latency_scans = 0
t_start = time.ticks_us()
orig_step = r.step


BOUNDS = (50, 200, 1000, 5000, 1 << 29)  # us: a histogram instead of a list of every step
hist = [0, 0, 0, 0, 0]


def timed_step():
    global longest_step, steps, min_free
    t = time.ticks_us()
    orig_step()
    d = time.ticks_diff(time.ticks_us(), t)
    steps += 1
    for k in range(5):
        if d < BOUNDS[k]:
            hist[k] += 1
            break
    if d > longest_step:
        longest_step = d
    f = gc.mem_free()
    if f < min_free:
        min_free = f


r.step = timed_step
journal_us = [0, 0, 0]  # count, total, longest


def timed_commit(records, _commit=r.app.journal.commit):
    t = time.ticks_us()
    ok = _commit(records)
    d = time.ticks_diff(time.ticks_us(), t)
    journal_us[0] += 1
    journal_us[1] += d
    if d > journal_us[2]:
        journal_us[2] = d
    return ok


r.app.journal.commit = timed_commit
i = 0
live_peak = 0
while True:
    m = sys.stdin.readline().strip()
    if not m:
        break
    r.play(m, gap=1500)
    i += 1
    if i % 10 == 0:
        # live data: what is still held after a collection
        gc.collect()
        used = gc.mem_alloc()
        if used > live_peak:
            live_peak = used
    if r.app.game.phase != 2:
        print("stopped_at", i)
        break
total_us = time.ticks_diff(time.ticks_us(), t_start)
gc.collect()
t = time.ticks_us()
gc.collect()
gc_us = time.ticks_diff(time.ticks_us(), t)
print("moves", move_events[0])
print("fen", r.app.game.position.fen().replace(" ", "_"))
print("steps", steps)
print("step_avg_us", total_us // max(steps, 1))
print("step_max_us", longest_step)
print("gc_full_us", gc_us)
print("hist", ",".join(str(h) for h in hist))
print("journal_avg_us", journal_us[1] // max(journal_us[0], 1))
print("journal_max_us", journal_us[2])
# A quiet scan step (nothing changes): its cost and what it allocates.
app = r.app
now = r.tick()
t = time.ticks_us()
for _ in range(1000):
    app.step(now)
print("quiet_step_us", time.ticks_diff(time.ticks_us(), t) // 1000)
gc.collect()
gc.disable()
f0 = gc.mem_free()
for _ in range(1000):
    app.step(now)
print("quiet_step_bytes", (f0 - gc.mem_free()) // 1000)
gc.enable()
print("heap_total", gc.mem_free() + gc.mem_alloc())
print("live_peak", live_peak)
print("heap_min_free", min_free)
print("heap_free_end", gc.mem_free())
print("journal_records", r.app.journal.writes)
