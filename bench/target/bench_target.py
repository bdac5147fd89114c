"""`make bench-target`: the firmware image measured on the emulated Pico
(boards/qemu_pico), in instructions (-icount shift=0: 1 instruction = 1 ns
of the board's clock, so a ticks_us difference of 1 is 1,000 instructions),
then converted to RP2040 time at 125 MHz with the cycles-per-instruction
range of docs/HARDWARE.md ("The firmware image and the emulated board").

Runs on the board:
1. boot: free heap after boot and with the App up; a quiet scan (App.scan
   every 5 ms with nothing changing or falling due) and what it allocates;
   a collection; perft per node to depth 4.
2. games played through the sensors and levers (boards/qemu.py's runner),
   each on a board of its own, JOBS at once: GAMES master games, a touch
   and alert script, a legal 300-ply game. Each step is timed, less
   the time the flash chip takes (counted apart: W25Q16JV typical times);
   the worst step of each kind of event it sent (MOVE: the step of the
   press, which sends the move; a capture; TOUCH; ALERT); press to MOVE on
   the wire with its journal write, with and without a sector erase, and
   with a collection; the journal's share of each; the worst quiet step
   that runs a slice of the journal's snapshot, and the one that writes it
   (store/journal.py, snapshot_step: never in a press's step), each with and without
   a collection in it (+gc: the worst of them measured the collector); the GC pause and the
   free heap at the end of the 300-ply game; the quiet scan by part (and
   whether a collection ran in it), with
   the Pico's own read (boards/hc165.py) in place of the emulated one; a
   scan that runs the timers; the device loop's iteration around a quiet
   scan (asyncio's switch, the loop's own work); the display refresh (its own task on the
   device: its work measured, its I2C transfer modelled).
"""
import os
import random
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))

from board import scenarios as sc  # noqa: E402
from board.test_power import master_games  # noqa: E402
from xqboard.core import PLAYING, Position, move_name  # noqa: E402
from xqboard.target import emulator, image  # noqa: E402

CPI = (1.4, 2.5)  # RP2040 cycles per instruction, low and high (docs/HARDWARE.md)
MHZ = 125
HEAP = 196608  # boards/qemu_pico/mpconfigboard.mk
# Master games replayed whole on the board (each ~30 s here): a sample by
# default, all 300 with XQ_TARGET_GAMES=300 (~2.5 h; docs/HARDWARE.md says
# why the sample stands for them).
GAMES = int(os.environ.get("XQ_TARGET_GAMES", "3"))
# Emulators run at once (each a qemu process on a core of its own):
# XQ_TARGET_JOBS, default 2.
JOBS = int(os.environ.get("XQ_TARGET_JOBS", "2"))
# The display (docs/HARDWARE.md, "Display"): an SSD1306 128x64 on I2C at
# 400 kHz, 9 bit times a byte; a frame is 8 pages of 128 bytes, each sent
# with its address commands (6 bytes) and a control byte.
I2C_HZ = 400000
PAGE_BYTES = 128 + 6 + 1
PAGES = 8

BOOT = """
import gc, time
gc.collect(); boot_free = gc.mem_free()
import boards.qemu as q
r, flash = q.start(%(flash)r)
gc.collect(); app_free = gc.mem_free()
now = r.tick()
r.app.step(now)
app = r.app
app.due = now  # a scan that runs the timers, and now none is due at `now`
app.scan(now)
def nothing():
    pass
scan = lambda: app.scan(now)  # noqa: E731  (timed as GAMES_RUN times it)
gc.collect()
t = time.ticks_us()
for i in range(200):  # quiet scans at one instant (see GAMES_RUN's timed())
    scan()
quiet_us = time.ticks_diff(time.ticks_us(), t)
t = time.ticks_us()
for i in range(200):
    nothing()
quiet_us = (quiet_us - time.ticks_diff(time.ticks_us(), t)) / 200
a = gc.mem_alloc()
for i in range(100):
    app.scan(now)
quiet_alloc = (gc.mem_alloc() - a) / 100
t = time.ticks_us(); gc.collect(); boot_gc_us = time.ticks_diff(time.ticks_us(), t)
from xq.position import Position
from xq.perft import perft
t = time.ticks_us(); n = perft(Position(), 4); perft_us = time.ticks_diff(time.ticks_us(), t)
print("BOOT", boot_free, app_free, quiet_us, quiet_alloc, perft_us * 1000 // n, boot_gc_us)
"""

# Every step timed; the kinds of the events it sent; press to MOVE.
GAMES_RUN = """
import gc, time
import boards.qemu as q
r, flash = q.start(%(flash)r)
worst = {}
sent = []
port = r.board.port
uart_write = port.write
def write(data):
    if data[:2] == b"E ":
        sent.append(bytes(data).split(b"*")[0].split()[3].decode())
    uart_write(data)
port.write = write
# The App's step alone (EmulatedRunner.step first sleeps until it is due,
# then calls Runner.step: the step is timed there).
app_step = q.Runner.step
state = [None]  # pieces on the board at the last move
# The journal's share of a step (store/journal.py: a step's commit and the
# running clock's mark): its time with the flash's waits, and the waits.
from store.journal import Journal
journal = [0, 0]
def timed(write):
    def timed_write(self, *args):
        w = flash.stats()[2]
        t = time.ticks_us()
        done = write(self, *args)
        journal[0] += time.ticks_diff(time.ticks_us(), t)
        journal[1] += flash.stats()[2] - w
        return done
    return timed_write
Journal.commit = timed(Journal.commit)
Journal.mark_clock = timed(Journal.mark_clock)
# The snapshot's slices (Journal.snapshot_step, in steps that commit
# nothing): a step that ran one is timed as "snapshot-slice", or
# "snapshot-write" if it wrote the snapshot's own commit.
slices = [0]
def counted(step):
    def counted_step(self):
        slices[0] += 1
        return step(self)
    return counted_step
Journal.snapshot_step = timed(counted(Journal.snapshot_step))
def timed_step(self):
    del sent[:]
    journal[0] = journal[1] = slices[0] = 0
    snaps = self.app.journal.snapshots
    erases, _, waited = flash.stats()
    used = gc.mem_alloc()
    t = time.ticks_us()
    app_step(self)
    d = time.ticks_diff(time.ticks_us(), t)
    collected = 1 if gc.mem_alloc() < used else 0  # a collection ran in the step
    erases2, _, waited2 = flash.stats()
    cpu = d - (waited2 - waited)
    kinds = list(sent)
    if "MOVE" in kinds:
        pieces = sum(r.board.occ)
        if state[0] is not None and pieces < state[0]:
            kinds.append("capture")
        state[0] = pieces
        press = "press-to-MOVE+erase" if erases2 > erases else "press-to-MOVE"
        kinds.append(press + ("+gc" if collected else ""))
    if slices[0]:
        # (+gc as for a press: most snapshot writes allocate enough to run a
        # collection, and the worst of them then measured the collector)
        kinds.append(("snapshot-write" if self.app.journal.snapshots > snaps else "snapshot-slice")
                     + ("+gc" if collected else ""))
    for k in kinds:
        w = worst.get(k)
        if w is None or d > w[0]:
            worst[k] = (d, cpu, journal[0] - journal[1], journal[1], collected)
q.Runner.step = timed_step
q.replay(r, %(script)r, 0)
q.Runner.step = app_step
# Quiet scans at the end of the game (clocks running, every piece on the
# board): the whole step, then its parts, 100 of each 5 ms apart.
app = r.app
g = app.game
now = r.tick()
allocated = [0]  # bytes the calls of the last timed() allocated, per call
# Whether a collection ran in the last timed() quiet calls: a bytecode call
# whose frame is over 11 words takes it from the heap and frees it at the
# return, which gc.mem_alloc() does not show but gc.threshold (app.py)
# counts, so that a full collection ran every ~100 quiet scans (+6,600
# instructions a scan, found after the journal2 merge).
collected = [0]
def timed(fn, quiet=True):
    # quiet: 200 calls in a row at one instant, just after a scan that ran
    # the timers, so that none falls due in them (a quiet scan's work does
    # not depend on the instant); less an empty function's calls, so the
    # cost of calling fn itself is not counted. Else 100 calls 5 ms apart,
    # each timed alone. Instructions per call (1 us = 1000).
    global now
    gc.collect()
    if quiet:
        junk = bytearray(16)  # garbage: a collection frees it
        junk = None
        used = gc.mem_alloc()
        t = time.ticks_us()
        for i in range(200):
            fn()
        d = time.ticks_diff(time.ticks_us(), t)
        collected[0] = 1 if gc.mem_alloc() < used else 0
        t = time.ticks_us()
        for i in range(200):
            nothing()
        d -= time.ticks_diff(time.ticks_us(), t)
        a = gc.mem_alloc()
        fn()
        allocated[0] = gc.mem_alloc() - a
        return d * 1000 // 200
    total = alloc = 0
    for i in range(100):
        now = (now + 5) & 0x3FFFFFFF
        a = gc.mem_alloc()  # around the call alone (not the loop's range, fn)
        t = time.ticks_us()
        fn()
        total += time.ticks_diff(time.ticks_us(), t)
        alloc += gc.mem_alloc() - a
    allocated[0] = alloc / 100
    return total * 10
def nothing():
    pass
app.scan(now)
app.due = now  # a scan that runs the timers, and now none is due at `now`
app.scan(now)
whole = timed(lambda: app.scan(now))
alloc, whole_collected = allocated[0], collected[0]
from sense.pipeline import scan_frame
def busy():
    app.due = now  # a scan that runs the timers (nothing is due in them)
    app.scan(now)
# The Pico's own read (boards/hc165.py) with C stand-ins for the pins and
# the SPI transfer (the transfer's time is not in it: 96 us at 1 MHz).
import io
from boards.hc165 import HC165
class Stand: pass
spi, load = Stand(), Stand()
spi.readinto = io.BytesIO(bytes(12 * 200)).readinto
load.value = abs
hc165 = HC165(spi, load)
raw = app.raw
from sense import presence
pico_raw = presence.new()
parts = (timed(lambda: app.board.read_frame(raw)), timed(lambda: scan_frame(raw, app._st, app._n)),
         timed(lambda: app.board.port.read()), timed(lambda: hc165.read(pico_raw)), timed(busy, False),
         timed(lambda: g.tick(now), False))

# A display refresh (the faces' text and show()), in its own task on the
# device: each call here 100 ms after the last, so each one refreshes.
def refresh():
    global now
    now = (now + 95) & 0x3FFFFFFF
    app.refresh_display(now)
shown = timed(refresh, False)
shown_alloc = allocated[0]
print("QUIET", whole, alloc, *parts, shown, shown_alloc, whole_collected)
gc.collect(); end_free = gc.mem_free()
t = time.ticks_us(); gc.collect(); gc_us = time.ticks_diff(time.ticks_us(), t)
erases, pages, _ = flash.stats()
print("GAMES", end_free, gc_us, erases, pages)
for k in worst:
    print("WORST", k, *worst[k])
"""


# The device loop (firmware/app_loop.py, App.run) around quiet scans, under
# asyncio.run as main.py runs it (the loop never yields): its clock virtual, 5 ms further at every other
# read (the loop reads it twice a scan), so that every scan is due at once;
# a task of this script drives it (one asyncio switch a scan of its own,
# timed alone and taken off). No before_step (a Pico's Device.tick).
LOOP = """
import asyncio, time
import boards.qemu as q
import ticks
from app import App
q.mount(%(flash)r)
board = q.EmulatedSensors(port=q.UartLink(), store="/games", key=q.KEY, board_id="loop")
app = App(board)
vt = [ticks.MASK - 100000, 0]
def clock():
    vt[1] += 1
    if vt[1] & 1 == 0:
        vt[0] = ticks.add(vt[0], 5)
    return vt[0]
N = 400
def main():
    c0 = vt[1]
    t0 = time.ticks_us()
    asyncio.run(app.run(clock, for_ms=5 * N))  # (the loop never yields: issue 23)
    whole = time.ticks_diff(time.ticks_us(), t0) * 1000 // ((vt[1] - c0) // 2)
    switch = 0  # no asyncio round trip a scan any more
    t0 = time.ticks_us()
    for i in range(N):
        clock()
        clock()
    clocks = time.ticks_diff(time.ticks_us(), t0) * 1000 // N
    t = vt[0]
    app.due = t
    app.scan(t)  # the timers run: none is due at t then
    t0 = time.ticks_us()
    for i in range(200):
        app.scan(t)
    scan = time.ticks_diff(time.ticks_us(), t0) * 1000 // 200
    print("LOOP", whole - switch, switch, scan, clocks)
main()
"""


def loop_rows(out):
    """The device loop's iteration around a quiet scan (LOOP), by part."""
    whole, switch, scan, clocks = (float(x) for x in next(x for x in out if x.startswith("LOOP")).split()[1:])
    row("device loop, an iteration around a quiet scan", "%d instr" % whole, whole)
    row("  of which asyncio's switch (a sleep_ms round trip)", "%d instr" % switch, switch)
    row("  of which the quiet scan", "%d instr" % scan, scan)
    rest = whole - switch - scan
    row("  the loop's own (clock reads, ticks, checks)", "%d instr" % rest, rest)
    print("    (of which this bench's two clock reads %d instr; a Pico's Device.tick before each scan not counted)"
          % clocks)


def rp2040_time(instructions):
    lo, hi = (instructions * c / MHZ for c in CPI)  # us at 125 MHz
    return "%.2f-%.2f ms" % (lo / 1000, hi / 1000) if hi >= 1000 else "%.1f-%.1f us" % (lo, hi)


def long_game(plies, seed):
    """A legal game of `plies` plies that nothing ends: no move that mates
    or stalemates, none that brings back a position seen before (so no
    repetition ruling), captures rare; played with limit=999 (4.2.4's
    natural limit is then never reached)."""
    rng = random.Random(seed)
    p = Position()
    seen = {p.fen().split(" ")[0]}
    out = []
    while len(out) < plies:
        moves = p.legal_moves()
        rng.shuffle(moves)
        moves.sort(key=lambda m: 1 if p.piece_at(m & 255) else 0)  # quiet moves first
        for m in moves:
            p.push(m)
            key = p.fen().split(" ")[0] + p.fen().split(" ")[1]
            if p.status() == PLAYING and key not in seen:
                seen.add(key)
                out.append(move_name(m))
                break
            p.pop()
        else:
            raise AssertionError("no move keeps the game going")
    return out


def display_rows(shown, shown_alloc):
    """The display refresh, in its own task every 100 ms (App.run): its
    CPU work measured, its I2C transfer modelled (I2C_HZ, PAGE_BYTES)."""
    page_ms = PAGE_BYTES * 9 * 1000 / I2C_HZ
    row("display refresh (faces' text, show), every 100 ms", "%d instr, %.0f B" % (shown, shown_alloc), shown)
    row("  SSD1306 frame on I2C 400 kHz, whole (model)", "%.1f ms = %.1f scan periods" % (
        PAGES * page_ms, PAGES * page_ms / 5))
    row("  one page, sent between two scans (model)", "%.1f ms < the 5 ms period" % page_ms)


def on_board(code, timeout, script=None):
    with tempfile.TemporaryDirectory() as d:
        with emulator.Emulator(Path(d) / "f.img") as emu:
            emu.launch(code % {"flash": emu.flash, "script": script})
            out = [line.decode() for line in emu.lines(timeout)]
            err = emu.finish(60)
    if err:
        raise SystemExit(err.decode(errors="replace"))
    return out


def row(name, value, instructions=None):
    rp = rp2040_time(instructions) if instructions is not None else ""
    print("  %-44s %-24s %s" % (name, value, rp))


SCRIPTS = []


def main():
    why = image.missing()
    if why:
        raise SystemExit("bench-target needs %s" % why)
    tmp = tempfile.TemporaryDirectory()
    for i, game in enumerate(master_games()):
        if i == GAMES:
            break
        script, _ = sc.game(tc="30m+10s", moves_iccs=game.split())
        SCRIPTS.append(str(Path(tmp.name) / ("m%d.txt" % i)))
        Path(SCRIPTS[-1]).write_text(script)
    # A touch witnessed (5.1) and a move against the rules (5.8.3: an alert,
    # then a touch), as in tests/board/test_scenarios.py.
    SCRIPTS.append(str(Path(tmp.name) / "touch.txt"))
    Path(SCRIPTS[-1]).write_text("0 new level=junior\n0 setup\n100 start\n1s lift h2\n1.3s place h2\n"
                                 "3s lift a0\n3.2s place a4\n3.4s press red\n7s lift a4\n7.2s place a0\n"
                                 "9s lift h2\n9.2s place e2\n9.4s press red\n")
    script, _ = sc.game(tc="90m+30s", extra=" limit=999", moves_iccs=long_game(300, 1))
    SCRIPTS.append(str(Path(tmp.name) / "long.txt"))
    Path(SCRIPTS[-1]).write_text(script)

    boot = next(x for x in on_board(BOOT, 600) if x.startswith("BOOT")).split()[1:]
    loop = on_board(LOOP, 600)
    boot_free, app_free, quiet_us, quiet_alloc, perft_instr, boot_gc_us = (float(x) for x in boot)
    worst = {}
    erases = pages = 0
    quiet = None
    started = time.time()
    with ThreadPoolExecutor(JOBS) as pool:  # each script on a fresh board (a qemu process of its own)
        outs = list(pool.map(lambda script: on_board(GAMES_RUN, 3600, script), SCRIPTS))
    took = time.time() - started
    for out in outs:  # in SCRIPTS' order: the 300-ply game last
        end_free, gc_us, e, p = (float(x) for x in next(x for x in out if x.startswith("GAMES")).split()[1:])
        erases, pages = erases + e, pages + p
        quiet = next(x for x in out if x.startswith("QUIET")).split()[1:]  # the last: the 300-ply game
        for w in (x.split() for x in out if x.startswith("WORST")):
            if w[1] not in worst or float(w[2]) > worst[w[1]][0]:
                worst[w[1]] = tuple(float(x) for x in w[2:])

    print("On the emulated Pico (armv6m code, 1 instruction = 1 ns); RP2040 time at %d MHz, CPI %.1f-%.1f"
          % (MHZ, CPI[0], CPI[1]))
    row("free heap after boot", "%d B (%d%%)" % (boot_free, 100 * boot_free / HEAP))
    row("free heap, App up", "%d B (%d%%)" % (app_free, 100 * app_free / HEAP))
    row("free heap after the 300-ply game", "%d B (%d%%)" % (end_free, 100 * end_free / HEAP))
    row("quiet scan, no game", "%d instr" % (quiet_us * 1000), quiet_us * 1000)
    row("bytes allocated per quiet scan, no game", "%.1f B" % quiet_alloc)
    whole, alloc, read, debounce, link, pico_read, busy, tick, shown, shown_alloc, gc_ran = (float(x) for x in quiet)
    row("quiet scan, 300-ply game on, clocks running", "%d instr" % whole, whole)
    row("  of which the emulated board's read", "%d instr" % read, read)
    row("  of which the link's poll", "%d instr" % link, link)
    own = whole - read - link
    row("  of which App.scan's own (its call, checks)", "%d instr" % own, own)
    row("  the debouncer (viper), while a point counts", "%d instr" % debounce, debounce)
    row("  a collection in the 200 quiet scans", "yes: a frame on the heap?" if gc_ran else "no")
    row("  the Pico's read instead (hc165.py, no transfer)", "%d instr" % pico_read, pico_read)
    row("  quiet scan with the Pico's read", "%d instr" % (whole - read + pico_read), whole - read + pico_read)
    row("a scan that runs the timers, nothing due", "%d instr" % busy, busy)
    row("  of which the game's tick (clocks)", "%d instr" % tick, tick)
    row("bytes allocated per quiet scan, game on", "%.1f B" % alloc)
    loop_rows(loop)
    display_rows(shown, shown_alloc)
    row("GC pause after boot", "%d instr" % (boot_gc_us * 1000), boot_gc_us * 1000)
    row("GC pause after the 300-ply game", "%d instr" % (gc_us * 1000), gc_us * 1000)
    row("perft per node (depth 4)", "%d instr" % perft_instr, perft_instr)
    print("  worst step by what it sent (%d master games, a touch-and-alert script, the 300-ply game):"
          " instructions, then emulated time with the flash chip's waits; +gc: a collection ran in it" % GAMES)
    for kind in ("MOVE", "capture", "TOUCH", "ALERT", "press-to-MOVE", "press-to-MOVE+gc", "press-to-MOVE+erase",
                 "press-to-MOVE+erase+gc", "snapshot-slice", "snapshot-slice+gc", "snapshot-write", "snapshot-write+gc"):
        if kind not in worst:
            row("  " + kind, "(none in these games)")
            continue
        total, cpu, journal_cpu, journal_wait, _ = worst[kind]
        row("  " + kind, "%d instr, %.1f ms" % (cpu * 1000, total / 1000), cpu * 1000)
        row("    of which the journal's write", "%d instr + %.1f ms flash" % (journal_cpu * 1000, journal_wait / 1000),
            journal_cpu * 1000)
    summary = {"quiet": "%d" % whole, "alloc": "%.1f" % alloc, "gc": "%d" % (gc_us * 1000),
               "press": "%d" % (worst["press-to-MOVE"][1] * 1000) if "press-to-MOVE" in worst else "-",
               "free": "%d%%" % (100 * end_free / HEAP)}  # the rp2040 column's neighbours (bench_rp2040.py)
    print("  flash: %d sector erases, %d page programs in all" % (erases, pages))
    print("  (%d scripts replayed in %.0f s, %d emulators at once)" % (len(SCRIPTS), took, JOBS))
    tmp.cleanup()
    # the journal's figures: a 4-hour game and its recovery (docs/STORE.md)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import bench_journal

    bench_journal.main()
    return summary


if __name__ == "__main__":
    main()
