"""What the clock costs: one update() (the ~100 Hz flag check) and one press,
in the MicroPython unix port, against a bare method call measured in the
same run, and the share of an RP2040's time the updates would take at 100
a second. This machine runs MicroPython about 190x faster than an RP2040 at
125 MHz (docs/DEVELOPING.md, FIELD-NOTES: 150-240), so the RP2040 figure is
the unix-port cost scaled by 190. The same source under CPython is shown
for comparison.
"""
import json
import sys
import time

from xqboard import runtime
from xqboard.paths import REPO

RP2040_SLOWER = 190
UPDATES_PER_S = 100

CODE = r"""
import json, time
from clock.clock import Clock, RED, BLACK, BOARD
from clock.control import parse

MASK = (1 << 30) - 1
T = (1 << 30) - 500000           # the loops cross the tick wrap

class Bare:
    def f(self, now):
        return -1

def per_call(fn, n):
    best = 1e9
    for _ in range(3):
        t0 = time.ticks_us()
        fn(n)
        best = min(best, time.ticks_diff(time.ticks_us(), t0))
    return best * 1000 / n      # ns

def loop_empty(n):
    i = 0
    while i < n:
        (T + i) & MASK
        i += 1

def loop_bare(n):
    b = Bare()
    i = 0
    while i < n:
        b.f((T + i) & MASK)
        i += 1

def make(control):
    c = Clock(parse(control), quota_by=BOARD)
    c.start(T)
    return c

def loop_update(control):
    c = make(control)
    def run(n):
        i = 0
        while i < n:
            c.update((T + i) & MASK)
            i += 1
    return run

def loop_press(control):
    def run(n):
        c = make(control)
        i = 0
        while i < n:    # a press each way per two iterations, 1 ms apart
            c.press(RED if i & 1 == 0 else BLACK, (T + i) & MASK)
            i += 1
    return run

def loop_display(control):
    c = make(control)
    def run(n):
        i = 0
        while i < n:
            c.display(RED, (T + i) & MASK)
            i += 1
    return run

N = %(n)d
out = {"empty": per_call(loop_empty, N), "bare": per_call(loop_bare, N)}
for control in ("90m/40,30m+30s", "10m+10s", "5m d3s", "30m byo3x30s"):
    out[control] = [per_call(loop_update(control), N), per_call(loop_press(control), N // 4),
                    per_call(loop_display(control), N // 20)]
print(json.dumps(out))
"""


def measure_mp(n):
    r = runtime.run_code(CODE % {"n": n})
    if r.returncode:
        sys.exit("micropython failed:\n" + r.stderr)
    return json.loads(r.stdout)


def measure_cpython(n):
    from xqboard import core  # noqa: F401  (firmware/ on sys.path)
    from clock.clock import BOARD, Clock
    from clock.control import parse
    mask, base = (1 << 30) - 1, (1 << 30) - 500000
    c = Clock(parse("90m/40,30m+30s"), quota_by=BOARD)
    c.start(base)
    best = 1e9
    for _ in range(3):
        t0 = time.perf_counter_ns()
        i = 0
        while i < n:
            c.update((base + i) & mask)
            i += 1
        best = min(best, time.perf_counter_ns() - t0)
    t0 = time.perf_counter_ns()
    i = 0
    while i < n:
        (base + i) & mask
        i += 1
    return (best - (time.perf_counter_ns() - t0)) / n


def main():
    n = 200000
    m = measure_mp(n)
    loop = m["empty"]
    bare = m["bare"] - loop
    cp_update = measure_cpython(n)
    print("MicroPython unix port (x64 build), %d calls a loop, best of 3, loop cost taken off" % n)
    print("reference: a bare method call, %.0f ns" % bare)
    print()
    print("%-16s %12s %12s %12s %14s %14s" % ("control", "update ns", "update/bare", "press ns",
                                            "press/bare", "display/bare"))
    shares = []
    for control in ("90m/40,30m+30s", "10m+10s", "5m d3s", "30m byo3x30s"):
        up, press, disp = (x - loop for x in m[control])
        shares.append(up)
        print("%-16s %12.0f %11.1fx %12.0f %13.1fx %13.1fx" % (
            control, up, up / bare, press, press / bare, disp / bare))
    worst = max(shares)
    on_rp2040 = worst * RP2040_SLOWER  # ns
    share = on_rp2040 * 1e-9 * UPDATES_PER_S
    print()
    print("RP2040 (this machine's cost x %d, the dearest control): %d updates a second"
          % (RP2040_SLOWER, UPDATES_PER_S))
    print("  take %.3f%% of its time: %.1f us each, 1/%.0f of the %d ms between updates"
          % (100 * share, on_rp2040 / 1000, 1e9 / UPDATES_PER_S / on_rp2040, 1000 // UPDATES_PER_S))
    mp_update = m["90m/40,30m+30s"][0] - loop
    print("CPython, same source: update %.0f ns; unix port / CPython = %.2fx"
          % (cp_update, mp_update / cp_update))

if __name__ == "__main__":
    sys.path.insert(0, str(REPO / "host_tools"))
    main()
