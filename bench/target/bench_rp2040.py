"""`make bench-target`, the rp2040 column: the Pico's UF2 on rp2040js with
the board's parts (host_tools/xqboard/target/rp2040/), measured in the
chip's own cycles at 125 MHz (`mcu.core.cycles`: the core's active cycles;
asleep in WFI/WFE it counts none). rp2040js counts every flash fetch as an
XIP cache hit, so a real Pico spends more (a miss costs tens of cycles).
Beside it, the qemu column (bench_target.py: instructions of the same
firmware on the qemu stand-in), and the issue's reference, 109,020 active
cycles a 5 ms scan period (issue 23, measured before this bench).

The rows:
- the loop's CPU duty, a game in progress with no move being made (Black's
  clock running, the faces ticking), over 10 s of the board's time with the
  USB host detached; the active cycles a scan period (mean, p90, p99) and
  the p99 period;
- press to MOVE: from the lever's first edge to the MOVE frame's last byte
  on USB, and the active cycles of the step that sends it (from the scan
  that takes the press);
- the GC pause (gc_collect, entry to return) and the bytes allocated a
  scan period (gc_alloc's sizes) in that window, the free heap (gc_info);
- the same after a 300-ply game (its moves a PLY_MS apart).

    XQ_RP2040_PLIES=0 skips the long game; XQ_RP2040_STRICT=0 runs an image
    with a known fault past it (the fault only noted: never for a verdict).
    XQ_RP2040_WINDOW_MS sets the duty's window (default 10000: the issue's
    10 s; 60000 evens out the littlefs compaction that falls in one mark
    of ~16). XQ_RP2040_PROFILE=N also prints where the window's cycles go
    (the functions of every N-th instruction's PC, the largest shares) and
    its allocations by size. XQ_RP2040_QEMU=0 leaves the qemu column out.
"""
import bisect
import collections
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from xqboard.target import rp2040, rp2040_env  # noqa: E402
from xqboard.target.rp2040 import MS, Pico, deployed_flash  # noqa: E402
from xqboard.target.rp2040_scenario import HostRunner  # noqa: E402

MHZ = 125
PERIOD_CYCLES = 5 * MHZ * 1000  # a 5 ms scan period: 625,000 cycles
BUDGET_DUTY = 0.03  # issue 23: at most 3% (18,750 cycles a period)
REFERENCE = 109020  # issue 23: active cycles a period before (no game, no USB host)
WINDOW_MS = int(os.environ.get("XQ_RP2040_WINDOW_MS", "10000"))
PROFILE = int(os.environ.get("XQ_RP2040_PROFILE", "0"))
PLIES = int(os.environ.get("XQ_RP2040_PLIES", "300"))
PLY_MS = 600
STRICT = os.environ.get("XQ_RP2040_STRICT", "1") != "0"
WATCH = ("gc_collect", "gc_alloc", "gc_info", "time_sleep_ms")  # the last: the loop's sleep, once an iteration


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0


def addresses(elf):
    syms = {n: a for a, n in rp2040.symbols(elf, kinds="t")}
    return {name: syms[name] for name in WATCH if name in syms}


def window(pico, fns, ms, elf=None, before=None):
    """Runs ms of the board's time recording; the figures of that window
    (the free heap: its last look in the window, else the last one of
    `before`, the records up to it: the loop looks only every minute when
    the game does not change, app_loop.py)."""
    pico.call("profile", entries=list(fns.values()))
    if PROFILE:
        pico.call("sample", every=PROFILE)
    t0, c0 = pico.t, pico.report()["cycles"]
    pico.run_ms(ms)
    rec = pico.call("records", entries=list(fns.values()))
    if PROFILE:
        print_profile(pico.call("samples")["samples"], elf)
        pico.call("sample", every=0)
    c1 = pico.report()["cycles"]
    by = {a: n for n, a in fns.items()}
    calls = {n: [c for c in rec["calls"] if by.get(c[0]) == n] for n in WATCH}
    # the loop's iterations: from one entry of its sleep to the next (the
    # chain's /PL marks them where the core reads it; with the PIO it is
    # read every ~0.8 ms whatever the loop does)
    scans = [(c[1], c[7]) for c in calls["time_sleep_ms"]] or [tuple(x) for x in rec["scans"]]
    periods = [(b[0] - a[0]) / MS for a, b in zip(scans, scans[1:])]
    iterations = [b[1] - a[1] for a, b in zip(scans, scans[1:])]
    fixed = rec.get("periods") or []  # the active cycles of each 5 ms of the board's time
    active = [b[1] - a[1] for a, b in zip(fixed, fixed[1:])] or iterations
    heap = [c[6] for c in calls["gc_info"] if c[6]]
    if not heap and before:
        heap = [c[6] for c in before["calls"] if by.get(c[0]) == "gc_info" and c[6]]
    if PROFILE:
        sizes = collections.Counter(c[4] for c in calls["gc_alloc"])
        print("allocations in the window (gc_alloc): %d, %d B; by size (B: count): %s" % (
            len(calls["gc_alloc"]), sum(c[4] for c in calls["gc_alloc"]),
            ", ".join("%d: %d" % kv for kv in sorted(sizes.items()))))
    return {
        "duty": (c1 - c0) / ((pico.t - t0) / MS * MHZ * 1000),
        "active": active, "periods": periods, "iterations": iterations,
        "gc": [c[3] for c in calls["gc_collect"]],
        "alloc": sum(c[4] for c in calls["gc_alloc"]) / max(1, len(periods)),
        "heap": heap[-1] if heap else None,  # total, used, free (bytes)
    }


def print_profile(samples, elf, top=25):
    """The functions the sampled PCs fall in, the largest shares first."""
    syms = rp2040.symbols(elf, kinds="t")
    starts = [a for a, _ in syms]
    by = collections.Counter()
    for pc, n in samples:
        i = bisect.bisect_right(starts, pc) - 1
        by[syms[i][1] if i >= 0 else "?"] += n
    total = sum(by.values()) or 1
    print("PC samples (%d):" % total)
    for name, n in by.most_common(top):
        print("  %5.1f%%  %s" % (100 * n / total, name))


def press_to_move(runner, moves, fns):
    """Plays moves by hand; [(edge to MOVE on the wire ns, the active cycles in between)]."""
    pico = runner.pico
    out = []
    for i, mv in enumerate(moves):
        side = "red" if i % 2 == 0 else "black"
        runner.place(point(mv[:2]), False)
        pico.run_ms(200)
        runner.place(point(mv[2:]), True)
        pico.run_ms(300)
        pico.sent.clear()
        edge, edge_cycles = pico.t, pico.report()["cycles"]
        pico.press(side)
        pico.run_ms(300)
        runner.pump()
        got = [(t, c) for t, c, data in pico.sent if b" MOVE " in data]
        if got:
            t, c = got[0]
            out.append((t - edge, c - edge_cycles))  # the core's active cycles from the edge to the MOVE's bytes
    return out


def point(name):
    from boards.scenario import parse_point

    return parse_point(name)


def game_moves(plies):
    from bench_target import long_game

    return long_game(plies, 1)


def start_game(runner, tc="90m"):
    runner.boot()
    runner.send(["new", "tc=%s" % tc, "limit=999"])
    runner.setup(0)
    runner.send(["start"])


def watch_heap(pico, fns):
    """Records the heap's looks (gc_info) alone from now: the last one
    before a window is its free heap if the window has none."""
    pico.call("profile", entries=[a for n, a in fns.items() if n == "gc_info"])


def measure(elf):
    fns = addresses(elf)
    out = {}
    with tempfile.TemporaryDirectory() as d:
        flash = shutil.copyfile(deployed_flash(Path(d) / "deployed.bin"), Path(d) / "flash.bin")
        with Pico(flash, strict=STRICT) as pico:
            lines = []
            runner = HostRunner(pico, out=lines.append)
            start_game(runner)
            moves = game_moves(PLIES or 2)
            watch_heap(pico, fns)
            out["press"] = press_to_move(runner, moves[:2], fns)  # Black's clock runs on
            pico.usb(False)  # the host detached: no host polls (issue 23 measures so)
            pico.run_ms(500)
            before = pico.call("records", entries=list(fns.values()))
            out["idle"] = window(pico, fns, WINDOW_MS, elf, before)
            pico.usb(True)
            if PLIES:
                for i, mv in enumerate(moves[2:]):
                    play(runner, mv, "red" if i % 2 == 0 else "black")
                runner.pump()
                watch_heap(pico, fns)
                pico.usb(False)
                pico.run_ms(500)
                out["long"] = window(pico, fns, 2000, elf, pico.call("records", entries=list(fns.values())))
                out["plies"] = len(moves)
            out["recorded"] = sum(1 for line in lines if line.startswith("E ") and line.split()[3] == "MOVE")
    return out


def play(runner, mv, side):
    pico = runner.pico
    frm, to = point(mv[:2]), point(mv[2:])
    if to in runner.pieces:
        runner.place(to, False)
        pico.run_ms(80)
    runner.place(frm, False)
    pico.run_ms(100)
    runner.place(to, True)
    pico.run_ms(150)
    pico.press(side)
    pico.run_ms(PLY_MS - 330)
    runner.pump()


def rows(m, qemu=None):
    """The table: the rp2040 column, the qemu one where given."""
    q = qemu or {}
    idle = m["idle"]
    mean = statistics.mean(idle["active"]) if idle["active"] else 0
    lines = [
        ("loop CPU duty, game on, no move (%d s, no USB host)" % (WINDOW_MS // 1000), "%.1f%% (%.0f cycles/period)" % (
            100 * idle["duty"], idle["duty"] * PERIOD_CYCLES), "budget 3%% = 18,750: x%.1f" % (
            idle["duty"] / BUDGET_DUTY)),
        ("  active cycles a 5 ms period: mean, p90, p99", "%d, %d, %d" % (
            mean, pct(idle["active"], .9), pct(idle["active"], .99)), "vs 109,020 before: %.2f" % (mean / REFERENCE)),
        ("  scan period p99", "%.2f ms" % pct(idle["periods"], .99), "(5 ms due)"),
        ("quiet scan (the loop's iteration, median)", "%d cycles = %.3f ms" % (
            statistics.median(idle["iterations"] or [0]), statistics.median(idle["iterations"] or [0]) / MHZ / 1000),
         "qemu App.scan %s instr" % q.get("quiet", "-")),
        ("bytes allocated a quiet period (gc_alloc)", "%.1f B" % idle["alloc"], "qemu %s B" % q.get("alloc", "-")),
    ]
    for i, (ns, step) in enumerate(m["press"]):
        lines.append(("press to MOVE on the wire, move %d" % (i + 1), "%.1f ms = %d cycles" % (ns / MS, ns / 8),
                      "active in it: %s cycles; qemu worst step %s instr" % (step, q.get("press", "-"))))
    gc = idle["gc"] + m.get("long", {}).get("gc", [])
    lines.append(("GC pause (gc_collect), worst seen", "%d cycles = %.1f ms" % (max(gc), max(gc) / MHZ / 1000)
                  if gc else "(no collection in the windows)", "qemu %s instr" % q.get("gc", "-")))
    for name, w in (("game on", idle), ("after the %s-ply game" % m.get("plies"), m.get("long"))):
        if w and w["heap"]:
            total, used, free = w["heap"]
            lines.append(("free heap, " + name, "%d B of %d (%d%%)" % (free, total, 100 * free / total),
                          "qemu after 300 plies %s" % q.get("free", "-") if w is not idle else ""))
    lines.append(("moves the board recorded (played by hand)", "%d of %d" % (m["recorded"], m.get("plies", 2)), ""))
    if m.get("long"):
        w = m["long"]
        lines.append(("loop CPU duty after the long game (2 s)", "%.1f%%" % (100 * w["duty"]), ""))
    return lines


def main():
    """The qemu bench first (its own table), then the rp2040 column with the
    qemu figures of the same rows beside it."""
    from xqboard.target import image

    qemu = None
    if os.environ.get("XQ_RP2040_QEMU", "1") == "0":
        print("bench-target, qemu column: left out (XQ_RP2040_QEMU=0)")
    elif image.missing():
        print("bench-target, qemu column: skipped, missing %s" % image.missing())
    else:
        import bench_target

        qemu = bench_target.main()
    why = rp2040_env.missing()
    if why:
        print("bench-target, rp2040 column: skipped, missing %s" % why)
        return None
    m = measure(str(rp2040_env.uf2().with_suffix(".elf")))
    print("On rp2040js (the Pico's UF2, RP2040 at %d MHz, the chip's active cycles; rp2040js counts every "
          "flash fetch as an XIP cache hit: a real Pico spends more); beside: the qemu column" % MHZ)
    for name, value, ref in rows(m, qemu):
        print("  %-52s %-30s %s" % (name, value, ref))
    return m


if __name__ == "__main__":
    main()
