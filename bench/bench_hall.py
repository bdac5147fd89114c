"""The hall under load and faults (issue 17, 5), at the issue's size.

200 boards, 4 of them simulated (the real firmware in the MicroPython unix
port playing master games by hand through its pty), the rest light replay
boards (the real link protocol, recorded master games), through 4
processes of `xqboard log --mqtt`, one event per replay board every 0.95 s
(200 events/s across the hall) for 5 minutes, into a Mosquitto of our own
and `xqboard broadcast`'s subscriber, store, Hub, pages and results, with a
subscribed SSE client in a process of its own on /feed and /stream. The
broker is restarted at 1/3 of the run, the client's connections cut at
1/2 (it resumes with Last-Event-ID), a logger killed (SIGKILL) and started
again at 2/3. Printed: the rate; events lost / twice / out of order at the
Hub and at the client (goal 0); the latency from a board's link line to
the logger's sink, the Hub, the client's /feed and /stream, p50/p99/max,
in all, steady, and within 10 s after each fault (goal: p99 <= 1 s); the
confirmed results written into the event file. Exit status 1 if anything
was lost, duplicated or disordered, at the Hub or at the client.

    python bench/bench_hall.py [BOARDS LOGGERS EVERY SECONDS [SIMS]]
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
        else (200, 4, 0.95, 300.0)  # (0.95 s: a board waits for its host between games: 200 events/s or more)
    sims = int(argv[4]) if len(argv) > 4 else 4
    with tempfile.TemporaryDirectory(prefix="xqboard-bench-hall-") as folder:
        f = run_load(folder, boards=boards, loggers=loggers, every=every, duration=seconds, sims=sims)
    print(report(f))
    print("p99 against the goal of %d ms, to the SSE client (/feed): %.2fx in all, %.2fx steady" % (
        GOAL_P99_MS, f["feed"]["all"][1] / GOAL_P99_MS, f["feed"]["steady"][1] / GOAL_P99_MS))
    c = f["client"]
    bad = (f["lost"] or f["duplicates_delivered"] or f["out_of_order"] or f["delivered"] != f["sent"]
           or c["feed_lost"] or c["twice"] or c["out_of_order"] or c["cursor_gaps"] or c["stream_lost"])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
