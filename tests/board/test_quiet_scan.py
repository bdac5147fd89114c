"""A quiet scan (App.scan with no point changing, no lever, no byte from
the host, nothing due) allocates nothing, not even for a moment: on the
device it runs 200 times a second, and a bytecode function whose frame
(locals and stack) is over 11 words takes that frame from the heap and
gives it back at the return. The heap's use is then the same after, but
the collector's threshold (gc.threshold, app.py) counts those bytes: every
16 KB of them a full collection ran, main's +6,600 instructions per quiet
scan on the emulated Pico (docs/HARDWARE.md). micropython.mem_total() counts every
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
app.due = now          # a scan that runs the timers: then none is due at `now`
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
def same(frame):        # a driver that knows its bits are the last read's
    return True
board.read_frame = same
i = 0
a = micropython.mem_total()
while i < 1000:         # (no point counting: the debouncer skipped)
    app.scan(now)
    i += 1
print("SKIPPING", micropython.mem_total() - a)
"""


def test_a_quiet_scan_allocates_nothing_even_for_a_moment(mp, tmp_path):
    out = mp.run(SCRIPT % {"store": str(tmp_path / "j")})
    assert "RUNNING True" in out
    assert "ALLOCATED 0" in out, out
    assert "SKIPPING 0" in out, out


SAME_BITS = r"""
from boards.sim import SimBoard
from boards.simrun import KEY, Runner

class SameBits(SimBoard):
    # Reads as the Pico's driver does (boards/hc165.py): True when the bits
    # are those of its last read into the frame, so that the App skips the
    # debouncer while no point is counting (app.py's scan).
    seen = None
    def read_frame(self, frame):
        SimBoard.read_frame(self, frame)
        bits = tuple(frame)
        same = bits == self.seen
        self.seen = bits
        return same

SCRIPT = %(script)r
for board in (SimBoard(store=None, key=KEY), SameBits(store=None, key=KEY)):
    lines = []
    Runner(None, out=lines.append, board=board).replay(SCRIPT.splitlines(), 30000)
    print(repr(lines))
"""


def test_a_read_that_says_same_bits_changes_nothing_the_board_sends(mp):
    # The same script on a board whose read says when its bits are the last
    # read's and on one that never says it: the same lines, the same times.
    # Moves, a capture, a touch (5.1), a move against the rules (an alert,
    # then restored), flickers shorter and longer than the debounce.
    from board import scenarios as sc

    script, t = sc.game(tc="10m+5s", moves_iccs=["h2e2", "h9g7", "h0g2", "i9h9", "e2e6"])
    script += "\n".join(["%d lift g2" % (t + 1000), "%d place g2" % (t + 1300),
                         "%d flicker e4 10" % (t + 2000), "%d flicker e4 60" % (t + 2500),
                         "%d lift a0" % (t + 4000), "%d place a5" % (t + 4200), "%d press red" % (t + 4400),
                         "%d lift a5" % (t + 7000), "%d place a0" % (t + 7200)]) + "\n"
    out = mp.run(SAME_BITS % {"script": script}).splitlines()
    plain, same = out[0], out[1]
    assert plain == same
    kinds = " ".join(line.split()[3] for line in eval(plain) if line.startswith("E "))
    for kind in ("MOVE", "TOUCH", "ALERT", "PRESS"):
        assert kind in kinds, kinds


def test_the_scan_reads_the_debouncers_counting_word(mp):
    # app.py names st[COUNTING] by its number (a const of another module is
    # a lookup in every scan): the two must agree.
    from pathlib import Path

    out = mp.run("from sense.debounce import COUNTING\nprint(COUNTING)")
    app = (Path(__file__).resolve().parents[2] / "firmware" / "app.py").read_text()
    assert "not st[%d]:  # (st[sense.debounce.COUNTING])" % int(out) in app
