"""The hall under load and faults (issue 17, 5): bench/bench_hall.py runs it
at full size, tests/hall/test_pipe_load.py at a small one.

    figures = run_load(folder, boards=200, loggers=4, every=1.0, duration=300)

`boards` replay boards (the real link protocol, master games, the first
game of each started for round 1 of an event file with the players'
numbers) make one event every `every` seconds each; `loggers` processes of
`xqboard log --mqtt` follow them, a share each, and publish to a Mosquitto
of our own; this process subscribes (the broadcast's Subscriber and
Intake, the results into the event file) and measures, for every event,
the time from the board's link line to its delivery to the Hub (the pages'
feed; with hub=None the same point with no pages attached).
Faults: at 1/3 of the run the broker is restarted; at 2/3 a logger is
killed (SIGKILL) and started again on its files and outbox.
At the end the boards stop, the pipeline drains, and every event the
boards sent is checked: delivered exactly once, each game in order.
"""
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

from .broker import Mosquitto
from .demo import make_event
from .intake import Intake
from .replayboard import ReplayBoard, ReplayHall, game_events, master_records
from .results import Results
from .store import Store
from .subscriber import Subscriber

RECOVERY = 10  # s after a fault left out of the second latency figure


def hall_boards(n, every, duration, plies=None):
    """n replay boards: game 1 of round 1 with the pairing's numbers
    (confirmed: art. 9), then more games, with no round, until `duration`
    (`plies`: each record cut to that many, for short games)."""
    records = master_records()
    if plies:
        for r in records:
            r.plies = r.plies[:plies]
    boards = []
    for i, g in enumerate(make_event(":memory:", players=["P%d" % i for i in range(2 * n)])):
        first = game_events(records[i % len(records)], "Load", 1, g.board, g.red_no, g.black_no)
        logs, length, k = [first], len(first), 1
        while length * every < duration + 30:
            more = game_events(records[(i + 7 * k) % len(records)], "Load friendly", confirm=False)
            logs.append(more)
            length += len(more)
            k += 1
        boards.append(ReplayBoard("load-%d" % g.board, logs))
    return boards


class Meter:
    """Checks each delivered event (once, in order) and its latency."""

    def __init__(self, boards):
        self.by_device = {b.device: b for b in boards}
        self.last = {}
        self.latencies = []  # (sent at, latency) of each delivered event
        self.faults = []  # when a fault was made (Unix time)
        self.to_logger = []  # from the board's line to the logger's sink (the envelope's `at`)
        self.out_of_order = 0
        self.duplicates = 0

    def __call__(self, env):
        now = time.time()
        key = (env.device, env.game)
        prev = self.last.get(key, 0)
        if env.seq <= prev:
            self.duplicates += 1
        elif env.seq != prev + 1:
            self.out_of_order += 1
        self.last[key] = max(prev, env.seq)
        sent = self.by_device[env.device].sent_at.get((env.game, env.seq))
        if sent is not None:
            self.latencies.append((sent, now - sent))
            self.to_logger.append((sent, env.at - sent))  # the logger's share (read, fsync, outbox)

    def percentiles(self, away_from_faults=None, near_fault=None, series=None):
        """(p50, p99, max) in ms; with away_from_faults=s, only the events
        sent more than s seconds after any fault (or before it); with
        near_fault=i, only those sent within RECOVERY s after fault i."""
        return percentiles(d for t, d in (self.latencies if series is None else series)
                           if self._window(t, away_from_faults, near_fault))

    def _window(self, t, away_from_faults, near_fault):
        if near_fault is not None:
            return near_fault < len(self.faults) and 0 <= t - self.faults[near_fault] < RECOVERY
        return away_from_faults is None or all(not 0 <= t - f < away_from_faults for f in self.faults)

    def worst_seconds(self, t0, n=5):
        """[(second of the run, events sent in it, their max latency ms)]: the
        n seconds whose events waited longest (where the p99 comes from)."""
        worst = {}
        for t, d in self.latencies:
            s = int(t - t0)
            count, top = worst.get(s, (0, 0.0))
            worst[s] = (count + 1, max(top, d))
        return sorted(((s, c, 1000 * top) for s, (c, top) in worst.items()), key=lambda w: -w[2])[:n]

    def missing(self, boards):
        lost = 0
        for b in boards:
            for i in range(b.game_index + 1):
                game = b.game_no - b.game_index + i
                sent = len(b.logs[i]) if i < b.game_index else b.sent
                lost += max(0, sent - self.last.get((b.device, game), 0))
        return lost


def percentiles(values):
    """(p50, p99, max) in ms of latencies in s (None, None, None: none)."""
    lat = sorted(values)
    if not lat:
        return None, None, None
    return 1000 * statistics.median(lat), 1000 * lat[int(0.99 * (len(lat) - 1))], 1000 * lat[-1]


def start_logger(folder, name, port, boards):
    return subprocess.Popen([sys.executable, "-m", "xqboard.cli", "log", "--plain", "--mqtt", "127.0.0.1:%d" % port,
                             "--logger-id", name, "--out", str(folder / name), "--records-every", "30"] + [b.url for b in boards],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def run_load(folder, boards=200, loggers=4, every=1.0, duration=300.0, faults=True, hub=None, say=print,
             plies=None):
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    event_path = folder / "event.db"
    if event_path.exists():
        event_path.unlink()
    games = make_event(event_path, players=["P%d" % i for i in range(2 * boards)])
    replay = hall_boards(boards, every, duration, plies)
    assert [g.board for g in games] == [int(b.device.split("-")[1]) for b in replay]
    meter = Meter(replay)
    store = Store(folder / "hall.sqlite")
    intake = Intake(store, hub)
    flags = []
    intake.on_flag = lambda *f: flags.append(f)
    intake.results = Results(str(event_path), intake.flag)
    intake.listeners.append(meter)
    share = [replay[k::loggers] for k in range(loggers)]
    with Mosquitto(folder / "broker") as broker:
        sub = Subscriber("127.0.0.1", broker.port, intake).start()
        procs = [start_logger(folder, "load-%d" % k, broker.port, share[k]) for k in range(loggers)]
        hall = ReplayHall(replay, every=every)
        hall.paused = True  # until every logger has its boards (start-up is not the pipeline's latency)
        hall.start()
        ready = time.monotonic() + 60
        while not all(b.client is not None for b in replay) and time.monotonic() < ready:
            sub.step(0.05)
        hall.paused = False
        t0, wall0 = time.monotonic(), time.time()
        done_faults = set()
        fault_names = []
        try:
            while time.monotonic() - t0 < duration:
                sub.step(0.05)
                elapsed = time.monotonic() - t0
                if faults and elapsed > duration / 3 and "broker" not in done_faults:
                    done_faults.add("broker")
                    fault_names.append("broker restarted")
                    say("%6.1f s: broker restarted" % elapsed)
                    meter.faults.append(time.time())
                    broker.restart(down=0.5)
                if faults and elapsed > 2 * duration / 3 and "logger" not in done_faults:
                    done_faults.add("logger")
                    fault_names.append("logger killed")
                    say("%6.1f s: logger load-0 killed (SIGKILL) and started again" % elapsed)
                    meter.faults.append(time.time())
                    procs[0].send_signal(signal.SIGKILL)
                    procs[0].wait()
                    procs[0] = start_logger(folder, "load-0", broker.port, share[0])
            hall.paused = True
            sent = sum(sum(len(log) for log in b.logs[:b.game_index]) + b.sent for b in replay)
            rate = sent / (time.monotonic() - t0)
            drain = time.monotonic() + 90
            while intake.delivered < sent and time.monotonic() < drain:
                sub.step(0.05)
        finally:
            for p in procs:
                p.send_signal(signal.SIGINT)
            for p in procs:
                try:
                    p.wait(30)
                except subprocess.TimeoutExpired:
                    p.kill()
            sub.close()
            hall.close()
    confirmed = _confirmed(event_path)
    p50, p99, top = meter.percentiles()
    calm = meter.percentiles(away_from_faults=RECOVERY)
    logger = meter.percentiles(series=meter.to_logger)
    figures = {
        "boards": boards, "loggers": loggers, "seconds": duration, "sent": sent, "rate": rate,
        "delivered": intake.delivered, "lost": meter.missing(replay), "duplicates_delivered": meter.duplicates,
        "out_of_order": meter.out_of_order, "duplicates_dropped": intake.duplicates,
        "p50_ms": p50, "p99_ms": p99, "max_ms": top, "calm_p50_ms": calm[0], "calm_p99_ms": calm[1],
        "recovery_s": RECOVERY,
        "logger_p50_ms": logger[0], "logger_p99_ms": logger[1],
        "after_faults": [(name, meter.percentiles(near_fault=i)) for i, name in enumerate(fault_names)],
        "worst_seconds": meter.worst_seconds(wall0),
        "results_expected": sum(1 for b in replay if b.game_index > 0 or b.sent == len(b.logs[0])),
        "results_written": confirmed,
        "flags": len(flags),
    }
    store.close()
    return figures


def _confirmed(event_path):
    import sqlite3

    db = sqlite3.connect(str(event_path))
    try:
        return db.execute("select count(*) from games where source like 'board %'").fetchone()[0]
    finally:
        db.close()


def report(f):
    return ("%(boards)d boards, %(loggers)d logger processes, %(seconds).0f s: %(sent)d events sent, "
            "%(rate).1f events/s\n"
            "delivered %(delivered)d: lost %(lost)d, delivered twice %(duplicates_delivered)d, out of order "
            "%(out_of_order)d (duplicates dropped by the store: %(duplicates_dropped)d)\n"
            "latency link line -> Hub, every event: p50 %(p50_ms).1f ms, p99 %(p99_ms).1f ms, max %(max_ms).1f ms\n"
            "  leaving out the events sent within %(recovery_s)d s after a fault: p50 %(calm_p50_ms).1f ms, "
            "p99 %(calm_p99_ms).1f ms\n"
            "  of which board line -> the logger's sink (read, .events fsync): p50 %(logger_p50_ms).1f ms, "
            "p99 %(logger_p99_ms).1f ms\n"
            "results: %(results_written)d confirmed results in the event file of %(results_expected)d games "
            "finished in round 1; flags %(flags)d" % f
            + "".join("\n  events sent within %d s after the %s: p50 %.1f ms, p99 %.1f ms, max %.1f ms"
                      % ((f["recovery_s"], name) + tuple(fig)) for name, fig in f["after_faults"] if fig[0] is not None)
            + "\n  the seconds whose events waited longest (second, events, max ms): "
            + ", ".join("%d: %d, %.0f" % w for w in f["worst_seconds"]))


if __name__ == "__main__":  # python -m xqboard.hall.loadrun [boards loggers every seconds]
    a = sys.argv[1:]
    print(report(run_load(os.environ.get("TMPDIR", "/tmp") + "/xqboard-load", *(
        [int(a[0]), int(a[1]), float(a[2]), float(a[3])] if a else []))))
