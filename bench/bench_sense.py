"""Sensing benchmark (issue 4): the cost of one scan tick (debouncer plus
recogniser) in the MicroPython unix port (the fast regression check; the
device's figures: make bench-target), and the latency from the last sensor change to the move.

References measured in the same run:
  - the same debouncing written as plain bytecode, a counter per point.
Scans are measured three ways: quiet (nothing changes: the common case),
quiet with a move pending its settle time, and every scan of 40 master
games replayed with bounce, flickers and dropouts (idle scans skipped, so
the average is over scans near activity: a pessimistic mean).
The heap: what a set-up pipeline holds, and in a second pass over the same
games, the bytes the scans and presses allocate and the peak live heap.

  python bench/bench_sense.py                 this checkout
  python bench/bench_sense.py --against DIR   this checkout against another
      x64 build (DIR: a build/x64 made from another commit), both run five
      times in turns; the medians side by side.
"""
import os
import random
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "host_tools"))
sys.path.insert(0, str(REPO / "tests" / "mp"))

from xqboard import runtime  # noqa: E402
import sense_gen as gen  # noqa: E402



def measure(text, build=None, mode="replay"):
    """One run of tests/mp/sense_bench.py on this checkout's build, or on
    `build` (another x64 build); returns its "key value" lines as a dict."""
    args = [str(REPO / "tests" / "mp" / "sense_bench.py"), "50000", mode]
    if build is None:
        r = runtime.run(args, input=text, extra_paths=[REPO / "tests" / "mp"], check=True)
    else:
        env = runtime.env([REPO / "tests" / "mp"])
        env["MICROPYPATH"] = ":".join([".frozen", str(build), str(REPO / "tests" / "mp")])
        r = subprocess.run([runtime.micropython_exe(), "-X", "heapsize=" + runtime.HEAP] + args,
                           input=text, capture_output=True, text=True, env=env, check=True)
    v = {}
    for line in r.stdout.splitlines():
        k, _, rest = line.partition(" ")
        v[k] = rest
    return v


COMPARED = ("quiet_us", "quiet_pending_us", "replay_avg_us", "boot_heap", "alloc_bytes",
            "alloc_worst_scan", "live_max")


def against(other, runs=5):
    text, _ = gen.script(random.Random(5), gen.master_games()[:40])
    runtime.ensure_built()
    got = {"this": [], "other": []}
    for _ in range(runs):
        for name, build in (("other", other), ("this", None)):
            v = measure(text, build)
            v.update(measure(text, build, "alloc"))
            got[name].append({k: float(v[k]) for k in COMPARED})
    print("Median of %d runs each, heap %s; other = %s" % (runs, runtime.HEAP, other))
    print("  %-22s %12s %12s %8s" % ("", "other", "this", "this/other"))
    for k in COMPARED:
        a = statistics.median(x[k] for x in got["other"])
        b = statistics.median(x[k] for x in got["this"])
        print("  %-22s %12.3f %12.3f %8.3f" % (k, a, b, b / a if a else float("nan")))


def main():
    if "--against" in sys.argv:
        return against(os.path.abspath(sys.argv[sys.argv.index("--against") + 1]))
    text, _ = gen.script(random.Random(5), gen.master_games()[:40])
    v = measure(text)
    heap = measure(text, mode="alloc")
    f = {k: float(v[k]) for k in ("quiet_us", "quiet_pending_us", "bytecode_debounce_us",
                                  "replay_avg_us", "replay_worst_us")}
    hist = [tuple(int(y) for y in x.split(":")) for x in v["replay_hist"].split()]
    prov = [int(x) for x in v["prov_scans"].split()]
    nxt = [int(x) for x in v["next_scans"].split()]

    def row(name, us):
        print("  %-44s %8.2f us" % (name, us))

    print("One scan tick (debounce 90 points + recogniser), unix port x64, heap %s:" % runtime.HEAP)
    row("quiet scan (no change)", f["quiet_us"])
    row("quiet scan, a move pending its settle time", f["quiet_pending_us"])
    row("replayed games: mean over %s active scans" % v["replay_scans"], f["replay_avg_us"])
    total = sum(n for _, n in hist)
    for q in (0.99, 0.999):
        acc = 0
        for edge, n in hist:
            acc += n
            if acc >= q * total:
                break
        row("replayed games: %.1f%% of scans under" % (100 * q), edge)
    row("replayed games: worst scan (incl. OS noise)", f["replay_worst_us"])
    print("Reference, same run: plain-bytecode per-point debouncer alone: %.2f us = %.1fx the"
          " viper debouncer + recogniser quiet scan" % (f["bytecode_debounce_us"],
                                                       f["bytecode_debounce_us"] / f["quiet_us"]))
    print("(this machine's times; the device's: make bench-target, docs/HARDWARE.md)")
    print()
    print("Latency from the last sensor change to the move, in 5 ms scan periods (debounce 15 ms):")
    print("  move recognised (provisional):        %s scans (min %d, max %d)" % (
        sorted(set(prov)), min(prov), max(prov)))
    print("  final on the opponent's first lift:   %s scans after the lift (min %d, max %d)" % (
        sorted(set(nxt)), min(nxt), max(nxt)))
    print("  final on the mover's clock press:     0 scans after the press (same call)")
    print("  final by the settle time (2 s):       400 scans after the placement")
    print("  A fast reply is seen %d scans after the opponent lifts, so a reply 20 ms after the"
          " placement is never lost." % max(nxt))
    print("  (a still piece's lift counts once held %d ms, %d scans, beyond the debounce: weak"
          " magnets' 20-40 ms dropouts are never read; docs/SENSING.md)" % (gen.HOLD_MS, gen.HOLD_MS // gen.SCAN_MS))
    print("Scans by duration in the replay (us bound: count): %s" % ", ".join(
        "<%s: %d" % (e if e < 1 << 29 else "inf", n) for e, n in hist if n))
    print()
    print("Heap (bytes, unix port x64: an object word is 8 bytes, 4 on the device):")
    print("  a pipeline set up and confirmed holds             %8s" % heap["boot_heap"])
    print("  the replay's scans and presses allocate in all   %8s (%s scans allocate; the"
          " worst scan %s)" % (heap["alloc_bytes"], heap["alloc_scans"], heap["alloc_worst_scan"]))
    print("  peak live heap of the replay (at a press)         %8s" % heap["live_max"])


if __name__ == "__main__":
    main()
