"""The board as a whole (issue 5): a 600-ply game played by hand on the
simulated board with clocks and journal, in the unix port with the heap
capped at 192k: peak heap, the longest step and the longest garbage
collection, on this machine (the device's: make bench-target); and the latency from the last sensor
change (or lever press) to the move event on the link, in scan periods.
"""
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "host_tools"))
sys.path.insert(0, str(REPO))

from tests.board.test_long_game import long_game  # noqa: E402
from xqboard import build, runtime  # noqa: E402

SCAN_MS = 5
DEVICE = "the device's figures: make bench-target (docs/HARDWARE.md)"


def scenario_lines(script):
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "s.txt").write_text(script)
        r = subprocess.run([sys.executable, "-m", "xqboard.cli", "scenario", str(Path(tmp) / "s.txt")],
                           capture_output=True, text=True, check=True)
    return r.stdout.splitlines()


def move_time(lines):
    for line in lines:
        w = line.split()
        if w[0] == "E" and w[3] == "MOVE":
            return int(w[2])
    raise SystemExit("no move recognised")


def main():
    build.build("x64")
    moves, _ = long_game(600, 3)
    with tempfile.TemporaryDirectory() as tmp:
        r = runtime.run([str(REPO / "bench/mp/board_bench.py"), tmp + "/j"], heap=runtime.HEAP,
                        input="\n".join(moves) + "\n")
    if r.returncode:
        raise SystemExit(r.stderr)
    got = dict(line.split(" ", 1) for line in r.stdout.splitlines())
    heap = int(got["heap_total"])
    live = int(got["live_peak"])
    print("A 600-ply game by hand (lift, place, press), clocks and journal on, heap capped at %s:" % runtime.HEAP)
    print("  moves recorded: %s of 600, %s scan steps, %s journal records" % (
        got["moves"], got["steps"], got["journal_records"]))
    print("  live heap at its peak (after a collection every 10 moves; code included): %d of %d bytes"
          " (%.0f%%)" % (live, heap, 100.0 * live / heap))
    print("  free at the end: %s bytes (no growth over the game)" % got["heap_free_end"])
    step_avg, step_max, gc_us = int(got["step_avg_us"]), int(got["step_max_us"]), int(got["gc_full_us"])
    quiet = int(got["quiet_step_us"])
    print("  a quiet scan step (nothing changes; most of them): %d us here; it allocates %s bytes" % (
              quiet, got["quiet_step_bytes"]))
    h = [int(x) for x in got["hist"].split(",")]
    print("  every step of the game, by cost here: <50 us %d, <200 us %d, <1 ms %d, <5 ms %d, more %d" % tuple(h))
    print("  average %d us, longest %d us (the steps that make a move final, write the journal and"
          " talk to the host; wall-clock, on a shared machine)" % (step_avg, step_max))
    print("  of which a journal record (write + flush, which the unix port makes an fsync to this disk):"
          " %s us on average, %s us at most; on the board a littlefs flush of one record is a flash"
          " page program, about 1-3 ms" % (got["journal_avg_us"], got["journal_max_us"]))
    print("  a full garbage collection of the heap: %d us here" % gc_us)
    print("  (%s)" % DEVICE)

    pressed = scenario_lines("0 new\n0 setup\n100 start\n1s lift h2\n1.2s place e2\n1.5s press red\n")
    settled = scenario_lines("0 new\n0 setup\n100 start\n1s lift h2\n1.2s place e2\n")
    d_press = move_time(pressed) - 1500
    d_settle = move_time(settled) - 1200
    print("\nLatency to the move event on the link (virtual time, scan period %d ms):" % SCAN_MS)
    print("  from the clock press: %d ms = %d scan periods" % (d_press, d_press // SCAN_MS))
    print("  from the last placement, no press: %d ms = %d scan periods (the 2 s settle time of 5.7"
          " plus the 15 ms debounce)" % (d_settle, d_settle // SCAN_MS))


if __name__ == "__main__":
    main()
