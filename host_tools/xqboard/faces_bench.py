"""The faces' cost counted on the emulated Pico (docs/HARDWARE.md, "Faces,
displays and sound"): instructions of each face's redraw and key, of the
worst scan's display work in every phase (PHASE lines: two displays driven
as boards/device.py drives them), and of finding and copying a changed
part for the display (1 instruction = 1 ns
under -icount shift=0, so a ticks_us difference of 1 is 1,000
instructions). Needs the firmware image (make firmware).

    python -m xqboard.faces_bench

tests/ui/test_faces_budget.py checks the figures against the scan's budget.
"""
import sys
import tempfile
from pathlib import Path

from xqboard.target import emulator, image

CODE = r"""
import time, framebuf
from xq.position import Position
from clock.clock import Clock
from ui.scene import Scene
from ui.faces import Face
from ui.paging import PagedSender
from xq.pieces import RED, BLACK
class State:
    def __init__(self):
        self.phase = 2; self.position = Position(); self.clock = Clock("90m+30s"); self.result = None; self.verdict = None
g = State(); s = Scene(g); g.clock.start(0, RED)
buf = bytearray(1024)
fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
def bench(name, side, n=20):
    f = Face(fb, side)
    f.draw(s, 0)
    t = time.ticks_us()
    for i in range(n):
        f.draw(s, 1000 * i)
    d = time.ticks_diff(time.ticks_us(), t) // n
    t = time.ticks_us()
    for i in range(n):
        f.key(s, 1000 * i)
    k = time.ticks_diff(time.ticks_us(), t) // n
    print("FACE %s redraw %d key %d" % (name, d * 1000, k * 1000))
bench("running", RED)
bench("shared", None)
s.on_event(0, "ALERT", ("knocked", "e3,a0", "e4", "5.9"))
bench("alert", RED)
def sliced(name, side, points, n=20):
    # as a device draws it: the text at once, then the mini board `points` points a scan
    f = Face(fb, side, points)
    text = worst = 0
    for i in range(n):
        f.forget()
        t = time.ticks_us()
        f.update(s, 0)
        text += time.ticks_diff(time.ticks_us(), t)
        while True:
            t = time.ticks_us()
            more = f.draw_slice()
            worst = max(worst, time.ticks_diff(time.ticks_us(), t))
            if not more:
                break
    print("SLICED %s text %d slice of %d points %d" % (name, text * 1000 // n, points, worst * 1000))
sliced("alert", RED, 15)
sliced("alert", RED, 10)
s.on_event(0, "RESTORED", ())
s.on_event(0, "TOUCH", (RED, "own", "h2", "5.1"))
bench("duty", RED)
g.result = ("0-1", "4.1.1", "mate")
bench("result", RED)
g.result = None; s.duty = None
class Oled:
    def __init__(self): self.buffer = buf
    def write_cmd(self, c): pass
    def write_data(self, d): pass
p = PagedSender(Oled())
f = Face(fb, RED); f.update(s, 5000)
while p.send(32): pass
f.update(s, 6000)
parts = 0
t = time.ticks_us()
while p.send(32): parts += 1
print("SEND a part: %d (%d parts a second's tick)" % (time.ticks_diff(time.ticks_us(), t) * 1000 // max(parts, 1), parts))
print("END")
"""

# (a fresh interpreter of its own: the redraws above leave the heap fuller)
PHASES = r"""
import time, framebuf
from xq.position import Position
from clock.clock import Clock
from ui.scene import Scene
from xq.pieces import RED, BLACK
# Per scan, every phase: two displays (boards/device.py Panels on fake
# SSD1306s, as the ESP32-S3 definition) driven by Device's own Displays: the
# display task asks every 100 ms (Displays.ask, from Device.draw), every 5 ms
# scan runs Displays.tick (from Device.tick). The worst scan's display work
# of each phase, in instructions. The garbage collector runs between scans
# as app_loop's collect_if_quiet does, not inside one.
import gc
from game.phases import PLAYING, SETUP, OVER
from ui.sound import Sounder
from boards.device import Displays, Panel
class Oled(framebuf.FrameBuffer):
    def __init__(self):
        self.buffer = bytearray(1024)
        super().__init__(self.buffer, 128, 64, framebuf.MONO_VLSB)
    def write_cmd(self, c): pass
    def write_data(self, d): pass
class BenchGame:  # a stand-in for game.game.Game: what the scene reads
    def __init__(self, tc, phase=PLAYING):
        self.phase = phase; self.position = Position(); self.clock = Clock(tc); self.result = None; self.verdict = None
displays = Displays([Panel(Oled(), RED), Panel(Oled(), BLACK)], Sounder(None))
def run(name, scene, t0, ms):
    # worst of: the scan loop's step (Device.tick), the display task's ask
    # (Device.draw), both in one scan period
    # (a scan in which the heap had to be collected, the collector's pause,
    # 0.6-1 M instructions, counted apart: docs/HARDWARE.md, "GC pause")
    gc.collect()
    step = task = both = collected = 0
    now = t0
    # (SHARE %: the share of each phase's time played, at least a second,
    # so that every phase crosses a second's redraw: 100 in make bench)
    for i in range(max(1000, ms * SHARE // 100) // 5):
        free = gc.mem_free()
        if free < 48 * 1024:  # (between scans, untimed: a device's collection at a quiet moment)
            gc.collect()
            free = gc.mem_free()
        t = time.ticks_us()
        if i % 20 == 0:
            displays.ask(scene, now)  # Device.draw, from the display task
        t1 = time.ticks_us()
        displays.tick(now)  # Device.tick
        t2 = time.ticks_us()
        now += 5
        if gc.mem_free() > free:
            collected += 1
            continue
        task = max(task, time.ticks_diff(t1, t))
        step = max(step, time.ticks_diff(t2, t1))
        both = max(both, time.ticks_diff(t2, t))
    print("PHASE %d %d %d %d %s" % (both * 1000, step * 1000, task * 1000, collected, name))
u = BenchGame("10m", SETUP); us = Scene(u)
us.on_event(0, "SETUP", ("wrong", "b2,h9,e3", "e5"))
run("set-up check", us, 0, 1000)
def running(name, tc, t0=754321, ms=2500, moves=0, start_event=False):
    g = BenchGame(tc); s = Scene(g); c = g.clock
    c.start(0, RED)
    for n in range(moves):
        c.move_made(RED, 1000 * n + 500); c.press(RED, 1000 * n + 600)
        c.move_made(BLACK, 1000 * n + 800); c.press(BLACK, 1000 * n + 900)
    if start_event:
        s.on_event(0, "START", (RED, "20.1"))
    run(name, s, t0, ms)
    return g, s
running("running 6.1 increment 90m+30s", "90m+30s")
running("running 6.2 quota 90m/40,30m", "90m/40,30m", 20000, moves=12)
running("running 6.3 sudden death 90m", "90m")
running("running 6.4 rapid 10m+10s", "10m+10s", 60000)
running("running 6.5 time odds red=60m+30s;black=50m+30s", "red=60m+30s;black=50m+30s")
running("running byo-yomi 1m byo3x30s", "1m byo3x30s", 61000 + 35000)
running("running delay 5m d10s", "5m d10s", 1000, start_event=True)
running("running Bronstein 5m b10s", "5m b10s", 1000, start_event=True)
running("running from one hour 2h", "2h", 1000)
running("tenths in the last 10 s", "10m", 600000 - 12000, 4000)
g, s = running("running, a move", "90m+30s", 700000, 300)
s.on_event(701000, "ALERT", ("knocked", "e3,a0", "e4", "5.9"))
run("alert", s, 701000, 1500)
s.on_event(703000, "RESTORED", ())
s.on_event(703000, "TOUCH", (RED, "own", "h2", "5.1"))
run("touch duty", s, 703000, 2500)
s.on_event(706000, "MOVE", (None, None, None, None, None, None, None))
s.on_event(706000, "OVERRULE", ("foul", BLACK, None, "Li", "8.1.6"))
run("overrule foul", s, 706000, 2500)
s.on_event(709000, "FLAG", (BLACK, 709000, "4.1.6"))
g.verdict = ("1-0", "4.1.6", "time black")
run("flag", s, 709000, 2500)
s.on_event(712000, "OVERRULE", ("annul", 40, "Li", "21.5"))
g.verdict = None
run("overrule annul", s, 712000, 1500)
s.on_event(714000, "RESUME", ("arbiter",))
g.phase = OVER
g.result = ("0-1", "4.1.1", "mate")
run("result", s, 714000, 1500)
g.result = ("1-0", "4.1.12", "resigned black")
s.on_event(716000, "OVERRULE", ("result", "1-0", 41, "Li", "4.1.12", "resigned black", None))
run("overrule result", s, 716000, 1500)
s.on_event(718000, "CONFIRM", ("1-0", "4.1.12", 1, 2, "0,0", "9.1", None))
run("result confirmed", s, 718000, 1000)
print("END")
"""


def lines(share=100):
    """The figures' lines the emulated Pico prints (FACE, SLICED, SEND,
    PHASE), each phase played for `share` % of its time (at least a
    second): tests/ui/test_faces_budget.py plays 40 % in make test (13 s of
    the emulator where the whole takes 31 s), all of it in make bench."""
    why = image.missing()
    if why:
        raise SystemExit("faces_bench needs %s" % why)
    elf = image.ensure_built()
    out = []
    # Each script once. It ran twice, the lower of two readings kept, while
    # now and then one reading of ticks_us was 1 ms late (exactly 1,000,000
    # more): the emulated SysTick read across a millisecond's rollover,
    # fixed in the board since (boards/qemu_pico/board_time.c; proved by
    # tests/target/test_clock_on_target.py). Two runs now differ by 1,000 at
    # most (one µs of ticks_us) in 17 of 94 figures, and the PHASES script
    # is the whole cost (31 s of the 32 s of a run).
    for code in (CODE, "SHARE = %d\n" % share + PHASES):
        with tempfile.TemporaryDirectory() as d:
            with emulator.Emulator(Path(d) / "f.img", elf=elf) as emu:
                emu.launch(code)
                for line in emu.lines(300):
                    line = line.decode()
                    if line.startswith("END"):
                        break
                    out.append(line)
    return out


def figures(text_lines):
    """{name: instructions}: 'running redraw', 'alert key', 'alert sliced
    text', 'alert slice of 15', 'send part', ..., and for each phase
    'scan: PHASE' (the worst scan period's display work), 'step: PHASE'
    (of it, the worst step of the scan loop, Device.tick), 'task: PHASE'
    (the worst ask of the display task, Device.draw) and 'collected: PHASE'
    (scans in which the heap was collected, left out of the others) from
    the lines; of a figure measured more than once, the lower."""
    out = {}

    def put(key, value):
        out[key] = min(int(value), out.get(key, int(value)))

    for line in text_lines:
        w = line.split()
        if w[:1] == ["FACE"]:
            put(w[1] + " redraw", w[3])
            put(w[1] + " key", w[5])
        elif w[:1] == ["SLICED"]:
            put(w[1] + " sliced text", w[3])
            put("%s slice of %s" % (w[1], w[6]), w[8])
        elif w[:2] == ["SEND", "a"]:
            put("send part", w[3])
        elif w[:1] == ["PHASE"]:
            name = line.split(" ", 5)[5]
            for what, value in (("scan", w[1]), ("step", w[2]), ("task", w[3]), ("collected", w[4])):
                put("%s: %s" % (what, name), value)
    return out


def main():
    for line in lines():
        print(line)


if __name__ == "__main__":
    main()
