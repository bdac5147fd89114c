"""`make bench-target`, the journal's part (issue 14): a 4-hour game played
on the emulated Pico (boards/qemu_pico: littlefs on the W25Q16JV model,
1408 KiB, 4096-byte sectors), then the power-up that recovers it.

Prints the flash's work for the game (sector erases, pages programmed,
the journal's bytes, commits and clock marks; per ply), and the recovery's
cost: the records read, its instructions and the flash's read time, as
RP2040 time (125 MHz, the cycles-per-instruction range of
docs/HARDWARE.md). The watchdog is 5 s (main.py); the budget for recovery
is 1 s. The recovery is measured from the last snapshot, and from the one
before it (as after a cut between a snapshot's commit and its pointer:
more records after it than the bound after the last), and beside, the
same journal replayed in full, as before snapshots.

    .venv/bin/python bench/target/bench_journal.py [PLIES] [MINUTES]

XQ_JOURNAL_FLASH=FILE keeps the flash image of the game played there, and
when FILE exists already skips the game (the recovery alone is measured
again: the game takes ~10 minutes on a busy machine). The recovery's parts
are timed too, each alone on the same journal: the file read into commits
(CRC checked), the events decoded, then the whole replay.
"""
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))

from board import scenarios as sc  # noqa: E402
from board.test_power import master_games  # noqa: E402
from xqboard.target import emulator, image  # noqa: E402

CPI = (1.4, 2.5)
MHZ = 125
BUDGET_MS = 1000  # a power-up's recovery (issue 14), within the 5 s watchdog

PLAY = """
import os
import boards.qemu as q
r, flash = q.start(%(flash)r)
q.replay(r, %(script)r, 0)
j = r.app.journal
e, p, w = flash.stats()
print("PLAYED", r.app.game.position.ply, r.app.game.seq, os.stat(j.path(j.game))[6], e, p, w, j.writes, j.marks)
"""

# The App built as main.py builds it, then its recovery alone timed (the
# instructions, less the time the flash chip took: reads through XIP).
RECOVER = """
import time
import boards.qemu as q
from boards.simrun import KEY
from app import App
flash = q.mount(%(flash)r)
q._board.idle()
board = q.EmulatedSensors(port=q.UartLink(), store="/games", key=KEY, board_id="bench")
app = App(board, nonce="1")
from store import recovery
import gc
path = app.journal.path(app.journal.games()[-1])
every = gc.threshold()
gc.threshold(-1)  # as replay() has it
for part in ("commits", "events"):
    _, _, w0 = flash.stats()
    t = time.ticks_us()
    n = 0
    for _ in getattr(recovery.Reader(path), part)():
        n += 1
    d = time.ticks_diff(time.ticks_us(), t)
    _, _, w1 = flash.stats()
    print("PART", part, n, d, w1 - w0)
import os
from store import snapshot
_, _, w0 = flash.stats()
t = time.ticks_us()
snapshot.file_crc(path, os.stat(path)[6])
d = time.ticks_diff(time.ticks_us(), t)
_, _, w1 = flash.stats()
print("PART crc-of-the-whole-file", os.stat(path)[6], d, w1 - w0)
gc.threshold(every)
_, _, w0 = flash.stats()
t = time.ticks_us()
records, lost = app._recover(time.ticks_ms() & 0x3FFFFFFF)
d = time.ticks_diff(time.ticks_us(), t)
_, _, w1 = flash.stats()
print("RECOVERED", records, lost, app.game.seq, d, w1 - w0)
app.journal.close()
# The same journal replayed in full, as before snapshots (the ratio)
from game.game import Game
from store.journal import Journal
j = Journal("/games")
g = Game()
_, _, w0 = flash.stats()
t = time.ticks_us()
full, _ = recovery.replay(j, g, time.ticks_ms() & 0x3FFFFFFF, snapshots=False)
d = time.ticks_diff(time.ticks_us(), t)
_, _, w1 = flash.stats()
reader = recovery.Reader(path)
starts = [reader.group_at for grp in reader.commits() if grp[-1].startswith("K ")]
print("FULL", full, g.seq, d, w1 - w0, len(starts))
# What the quiet steps that build a snapshot spend on it (once every 64
# records): in all, and the worst slice (one step's; store/snapshot.py, build)
known = [None, None]
for what in ("snapshot-made-first", "snapshot-made"):  # the start FEN read, then known
    slices = snapshot.build(g, 0, 0, None, known)
    made = None
    total = worst = n = 0
    while made is None:
        t = time.ticks_us()
        made = next(slices)
        d = time.ticks_diff(time.ticks_us(), t)
        total, worst, n = total + d, max(worst, d), n + 1
    print("PART", what, len(made), total, 0)
    print("PART", what + "-its-worst-slice-of-" + str(n), len(made), worst, 0)
j.close()
# From the snapshot before the last (its pointer, as if the power had gone
# between the last snapshot's commit and the pointer's write): more records
# after it than the bound after the last one (63)
if len(starts) > 1:
    from link.frame import framed
    with open("/games/clock", "wb") as f:
        f.write(framed("C %%d -1 0 0 %%d" %% (j.games()[-1], starts[-2])))
    j = Journal("/games")
    g = Game()
    _, _, w0 = flash.stats()
    t = time.ticks_us()
    n, _ = recovery.replay(j, g, time.ticks_ms() & 0x3FFFFFFF)
    d = time.ticks_diff(time.ticks_us(), t)
    _, _, w1 = flash.stats()
    print("BEFORE", n, g.seq, d, w1 - w0)
    j.close()
    with open("/games/clock", "wb") as f:  # the pointer as the game left it, for the next run
        f.write(framed("C %%d -1 0 0 %%d" %% (j.games()[-1], starts[-1])))
"""


def rp2040_ms(instructions):
    return tuple(instructions * c / MHZ / 1000 for c in CPI)


def run(emu_flash, code, timeout=7200, **kw):
    with emulator.Emulator(emu_flash) as emu:
        emu.launch(code % dict(flash=emu.flash, **kw))
        out = [line.decode() for line in emu.lines(timeout)]
        err = emu.finish(60)
    if err:
        raise SystemExit(err.decode(errors="replace"))
    return out


def main(plies=None, minutes=240):
    why = image.missing()
    if why:
        raise SystemExit("bench_journal needs %s" % why)
    game = max(master_games(), key=lambda g: len(g.split())).split()[:plies]
    gap = minutes * 60000 // len(game)
    kept = os.environ.get("XQ_JOURNAL_FLASH")
    with tempfile.TemporaryDirectory() as d:
        script = Path(d) / "game.txt"
        body, _ = sc.play(game, t0=1000, gap=gap)
        script.write_text("0 new tc=150m+30s\n0 setup\n100 start\n" + "\n".join(body) + "\n")
        flash = Path(kept) if kept else Path(d) / "flash.img"
        played_file = flash.with_suffix(".played")
        if kept and played_file.exists():
            played = played_file.read_text().split()
        else:
            played = next(x for x in run(flash, PLAY, script=str(script)) if x.startswith("PLAYED")).split()[1:]
            if kept:
                played_file.write_text(" ".join(played))
        ply, seq, size, erases, pages, waited, commits, marks = (int(x) for x in played)
        out = run(flash, RECOVER)
        parts = [x.split()[1:] for x in out if x.startswith("PART")]
        rec = next(x for x in out if x.startswith("RECOVERED")).split()[1:]
        records, lost, seq2, us, flash_us = (int(x) for x in rec)
        full = next(x for x in out if x.startswith("FULL")).split()[1:]
        full_records, full_seq, full_us, full_flash_us, snaps = (int(x) for x in full)
    instr = (us - flash_us) * 1000
    lo, hi = rp2040_ms(instr)
    print("A %d-ply game over %d minutes on the emulated Pico (littlefs, 1408 KiB, 4096-byte sectors)" % (ply, minutes))
    print("  journal: %d bytes, %d commits (%d with a snapshot), %d clock marks; %d events"
          % (size, commits, snaps, marks, seq))
    print("  flash: %d sector erases, %d pages programmed, %.1f s of flash waits" % (erases, pages, waited / 1e6))
    print("  per ply: %.0f bytes, %.2f erases, %.2f commits" % (size / ply, erases / ply, commits / ply))
    print("Recovery at power-up (store/recovery.py replay, from the last snapshot)")
    print("  %d records applied (the snapshot and the records after it), %d events, %d lost" % (records, seq2, lost))
    print("  %d instructions + %.1f ms of flash reads: RP2040 %.0f-%.0f ms (+ the reads); budget 1000 ms"
          % (instr, flash_us / 1000, lo, hi))
    full_instr = (full_us - full_flash_us) * 1000
    lo, hi = rp2040_ms(full_instr)
    worst = instr
    before = [x.split()[1:] for x in out if x.startswith("BEFORE")]
    if before:
        n, _, b_us, b_flash = (int(x) for x in before[0])
        worst = max(worst, (b_us - b_flash) * 1000)
        b_lo, b_hi = rp2040_ms((b_us - b_flash) * 1000)
        print("  from the snapshot before the last (a pointer lost to a cut): %d records applied, "
              "%d instructions: RP2040 %.0f-%.0f ms" % (n, (b_us - b_flash) * 1000, b_lo, b_hi))
    print("The same journal replayed in full (snapshots ignored, as before them): %d records, %d events"
          % (full_records, full_seq))
    print("  %d instructions + %.1f ms of flash reads: RP2040 %.0f-%.0f ms; from the snapshot: %.2f of it"
          % (full_instr, full_flash_us / 1000, lo, hi, instr / full_instr))
    for part, n, part_us, part_flash in parts:
        lo, hi = rp2040_ms((int(part_us) - int(part_flash)) * 1000)
        print("  of which, alone: %s (%s) RP2040 %.0f-%.0f ms" % (part, n, lo, hi))
    if rp2040_ms(worst)[1] > BUDGET_MS:
        # issue 14: recovery within 1 s at RP2040 speed, at the slow end
        raise SystemExit("recovery over its budget: %d instructions, %.0f ms at CPI %.1f > %d ms"
                         % (worst, rp2040_ms(worst)[1], CPI[1], BUDGET_MS))


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
