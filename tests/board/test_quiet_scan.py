"""A quiet scan (App.scan with no point changing, no lever, no byte from
the host, nothing due) allocates nothing, not even for a moment: on the
device it runs 200 times a second, and a bytecode function whose frame
(locals and stack) is over 11 words takes that frame from the heap and
gives it back at the return. The heap's use is then the same after, but
the collector's threshold (gc.threshold, app.py) counts those bytes: every
16 KB of them a full collection ran, ~4,600 instructions per quiet scan on
the emulated Pico (docs/HARDWARE.md). micropython.mem_total() counts every
byte allocated, freed or not. (The simulated board's read, Python over
90 points, allocates its own frame: it is counted alone and set apart;
the device's reads are bench-target's to count.)"""

SCRIPT = r"""
import gc, micropython
from boards.simrun import Runner
r = Runner(%(store)r, out=lambda line: None, board_id="quiet")
r.command(["new", "tc=30m+10s"])
r.setup()
r.command(["start"])
for m in ("h2e2", "h9g7", "h0g2"):
    r.play(m, gap=1500)
app = r.app
now = r.tick()
app.scan(now)
app._due = now          # a scan that runs the timers: then none is due at `now`
app.scan(now)
print("RUNNING", app.game.clock_running())
board, raw = app.board, app.raw
i = a = scans = reads = 0  # (a new global would allocate)
gc.collect()
a = micropython.mem_total()
while i < 1000:         # (range() would allocate)
    app.scan(now)
    i += 1
scans = micropython.mem_total() - a
i = 0
a = micropython.mem_total()
while i < 1000:
    board.read_frame(raw)
    i += 1
reads = micropython.mem_total() - a
print("ALLOCATED", scans - reads)
"""


def test_a_quiet_scan_allocates_nothing_even_for_a_moment(mp, tmp_path):
    out = mp.run(SCRIPT % {"store": str(tmp_path / "j")})
    assert "RUNNING True" in out
    assert "ALLOCATED 0" in out, out
