"""The faces' cost counted on the emulated Pico (docs/HARDWARE.md, "Faces,
displays and sound"): instructions of each face's redraw and key, and of
finding and copying a changed part for the display (1 instruction = 1 ns
under -icount shift=0, so a ticks_us difference of 1 is 1,000
instructions). Needs the firmware image (make firmware).

    python -m xqboard.faces_bench
"""
import sys
import tempfile
from pathlib import Path

from xqboard.target import image, qemu

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


def main():
    why = image.missing()
    if why:
        raise SystemExit("faces_bench needs %s" % why)
    elf = image.ensure_built()
    with tempfile.TemporaryDirectory() as d:
        with qemu.Emulator(Path(d) / "f.img", elf=elf) as emu:
            emu.launch(CODE)
            for line in emu.lines(300):
                line = line.decode()
                if line.startswith("END"):
                    break
                print(line)


if __name__ == "__main__":
    sys.exit(main())
