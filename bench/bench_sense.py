"""Sensing benchmark (issue 4): the cost of one scan tick (debouncer plus
recogniser) in the MicroPython unix port, its share of an RP2040 at the
5 ms scan period, and the latency from the last sensor change to the move.

References measured in the same run:
  - the same debouncing written as plain bytecode, a counter per point;
  - the scan budget: 5 ms on an RP2040 at 125 MHz, which runs MicroPython
    about 190x slower than this machine (docs/DEVELOPING.md, FIELD-NOTES:
    150-240); figures "on an RP2040" are this machine's times x 190.
Scans are measured three ways: quiet (nothing changes: the common case),
quiet with a move pending its settle time, and every scan of 40 master
games replayed with bounce, flickers and dropouts (idle scans skipped, so
the average is over scans near activity: a pessimistic mean).
"""
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "host_tools"))
sys.path.insert(0, str(REPO / "tests" / "mp"))

from xqboard import runtime  # noqa: E402
import sense_gen as gen  # noqa: E402

RP2040_FACTOR = 190
SCAN_US = 5000


def main():
    text, _ = gen.script(random.Random(5), gen.master_games()[:40])
    r = runtime.run([str(REPO / "tests" / "mp" / "sense_bench.py"), "50000", "replay"],
                    input=text, extra_paths=[REPO / "tests" / "mp"], check=True)
    v = {}
    for line in r.stdout.splitlines():
        k, _, rest = line.partition(" ")
        v[k] = rest
    f = {k: float(v[k]) for k in ("quiet_us", "quiet_pending_us", "bytecode_debounce_us",
                                  "replay_avg_us", "replay_worst_us")}
    hist = [tuple(int(y) for y in x.split(":")) for x in v["replay_hist"].split()]
    prov = [int(x) for x in v["prov_scans"].split()]
    nxt = [int(x) for x in v["next_scans"].split()]

    def row(name, us):
        rp = us * RP2040_FACTOR
        print("  %-44s %8.2f us   RP2040 %8.0f us = %5.2f%% of a 5 ms scan" % (name, us, rp, 100 * rp / SCAN_US))

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
    print("(RP2040 figures = this machine x %d, MicroPython on an RP2040 at 125 MHz; FIELD-NOTES range"
          " 150-240)" % RP2040_FACTOR)
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
    print("Scans by duration in the replay (us bound: count): %s" % ", ".join(
        "<%s: %d" % (e if e < 1 << 29 else "inf", n) for e, n in hist if n))


if __name__ == "__main__":
    main()
