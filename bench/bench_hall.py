"""The hall under load and faults (issue 17, 5), at the issue's size.

200 replay boards (the real link protocol, recorded master games) through
4 processes of `xqboard log --mqtt`, one event per board per second (200
events/s across the hall) for 5 minutes, into a Mosquitto of our own and
`xqboard broadcast`'s subscriber, store, Hub feed and results. The broker is
restarted at 1/3 of the run, a logger killed (SIGKILL) and started again at
2/3. Printed: the rate, events lost / delivered twice / out of order (goal
0), the latency from a board's link line to its delivery to the Hub (the
pages' feed), p50 and p99 (goal: p99 <= 1 s), and the confirmed results
written into the event file. Exit status 1 if anything was lost,
duplicated or disordered.

    python bench/bench_hall.py [BOARDS LOGGERS EVERY SECONDS]
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "host_tools"))

from xqboard.hall.broker import mosquitto_exe  # noqa: E402
from xqboard.hall.loadrun import report, run_load  # noqa: E402

GOAL_P99_MS = 1000  # the goal at 200 boards


def main(argv):
    if mosquitto_exe() is None:
        print("bench_hall: mosquitto is not installed (system-packages.txt): skipped")
        return 0
    boards, loggers, every, seconds = (int(argv[0]), int(argv[1]), float(argv[2]), float(argv[3])) if argv \
        else (200, 4, 1.0, 300.0)
    with tempfile.TemporaryDirectory(prefix="xqboard-bench-hall-") as folder:
        f = run_load(folder, boards=boards, loggers=loggers, every=every, duration=seconds)
    print(report(f))
    print("p99 against the goal of %d ms: %.2fx" % (GOAL_P99_MS, f["p99_ms"] / GOAL_P99_MS))
    bad = f["lost"] or f["duplicates_delivered"] or f["out_of_order"] or f["delivered"] != f["sent"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
