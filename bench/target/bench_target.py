"""`make bench-target`: the firmware image measured on the emulated Pico
(boards/qemu_pico), in instructions (-icount shift=0: 1 instruction = 1 ns
of the board's clock, so a ticks_us difference of 1 is 1,000 instructions),
then converted to RP2040 time at 125 MHz with the cycles-per-instruction
range of docs/HARDWARE.md ("The firmware image and the emulated board").

Measured: free heap after boot and with the App up, a quiet scan, the
worst step of a master game (a scan completing a move with the press and
its journal write on the flash with typical W25Q16JV times), a full
collection with the App's live heap, perft per node to depth 4."""
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))

from board import scenarios as sc  # noqa: E402
from board.test_power import master_games  # noqa: E402
from xqboard.target import image, qemu  # noqa: E402

CPI = (1.4, 2.5)  # RP2040 cycles per instruction, low and high (docs/HARDWARE.md)
MHZ = 125

ON_BOARD = """
import gc, time
gc.collect(); boot_free = gc.mem_free()
import boards.qemu as q
from boards.simrun import Runner
q.mount(%(flash)r)
r = q.EmulatedRunner("/games")
gc.collect(); app_free = gc.mem_free()
# A quiet scan: the App's step with nothing changing on the board, one
# every 5 ms of its clock; and the bytes it allocates.
now = r.tick()
r.app.step(now)
quiet_us = 0
a = gc.mem_alloc()
for i in range(100):
    now = (now + 5) & 0x3FFFFFFF
    t = time.ticks_us()
    r.app.step(now)
    quiet_us += time.ticks_diff(time.ticks_us(), t)
quiet_alloc = (gc.mem_alloc() - a) / 100
quiet_us /= 100
t = time.ticks_us(); gc.collect(); gc_us = time.ticks_diff(time.ticks_us(), t)
from xq.position import Position
from xq.perft import perft
t = time.ticks_us(); n = perft(Position(), 4); perft_us = time.ticks_diff(time.ticks_us(), t)
# The worst step of a master game, flash waits excluded and included.
worst = [0, 0]
orig = q.Runner.step
def step(self):
    t0 = time.ticks_us(); orig(self); d = time.ticks_diff(time.ticks_us(), t0)
    if d > worst[0]: worst[0] = d
q.Runner.step = step
del r; gc.collect()
q.scenario(%(script)r, %(flash2)r, 0)
gc.collect(); game_free = gc.mem_free()
print("RESULT", boot_free, app_free, quiet_us, gc_us, n, perft_us, worst[0], game_free, quiet_alloc)
"""


def rp2040_time(instructions):
    lo, hi = (instructions * c / MHZ for c in CPI)  # us at 125 MHz
    return "%.2f-%.2f ms" % (lo / 1000, hi / 1000) if hi >= 1000 else "%.1f-%.1f us" % (lo, hi)


def main():
    why = image.missing()
    if why:
        raise SystemExit("bench-target: no %s" % why)
    game = next(master_games()).split()
    script, _ = sc.game(tc="30m+10s", moves_iccs=game)
    with tempfile.TemporaryDirectory() as d:
        (Path(d) / "s.txt").write_text(script)
        with qemu.Emulator(Path(d) / "f.img") as emu:
            code = ON_BOARD % {"flash": emu.flash, "script": str(Path(d) / "s.txt"),
                               "flash2": str(Path(d) / "g.img")}
            qemu.blank_flash(str(Path(d) / "g.img"))
            emu.launch(code)
            out = [line for line in emu.lines(900)]
            err = emu.finish(60)
    if err:
        raise SystemExit(err.decode(errors="replace"))
    res = next(x for x in out if x.startswith(b"RESULT")).split()[1:]
    boot_free, app_free, quiet_us, gc_us, nodes, perft_us, worst_us, game_free, quiet_alloc = (float(x) for x in res)
    heap = 196608
    rows = [
        ("free heap after boot", "%d B (%d%%)" % (boot_free, 100 * boot_free / heap), ""),
        ("free heap, App up", "%d B (%d%%)" % (app_free, 100 * app_free / heap), ""),
        ("free heap after a %d-ply master game" % len(game), "%d B (%d%%)" % (game_free, 100 * game_free / heap), ""),
        ("quiet scan", "%d instr" % (quiet_us * 1000), rp2040_time(quiet_us * 1000)),
        ("bytes allocated per quiet scan", "%.1f B" % quiet_alloc, ""),
        ("GC pause, App's live heap", "%d instr" % (gc_us * 1000), rp2040_time(gc_us * 1000)),
        ("perft per node (depth 4, %d nodes)" % nodes, "%d instr" % (perft_us * 1000 / nodes),
         rp2040_time(perft_us * 1000 / nodes)),
        ("worst step of the game (flash waits at typical times included)", "%.1f ms emulated" % (worst_us / 1000), ""),
    ]
    print("On the emulated Pico (armv6m code, 1 instruction = 1 ns); RP2040 time at %d MHz, CPI %.1f-%.1f" % (MHZ, *CPI))
    for name, value, rp in rows:
        print("  %-62s %-22s %s" % (name, value, rp))


if __name__ == "__main__":
    main()
