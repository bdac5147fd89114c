"""The hall under load and faults (issue 17, 5): bench/bench_hall.py runs it
at full size, tests/hall/test_pipe_load.py at a small one.

    figures = run_load(folder, boards=200, loggers=4, every=1.0, duration=300, sims=4)

`boards` boards in all, of which `sims` are simulated boards (the real
firmware in the MicroPython unix port playing a master game by hand:
hall/simhall.py) and the rest light replay boards (the real link protocol,
master games: hall/replayboard.py), each started for its board of round 1
of an event file with the players' numbers; a replay board makes one
event every `every` seconds. `loggers` processes of `xqboard log --mqtt`
follow them, a share each, and publish to a Mosquitto of our own. This
process is `xqboard broadcast`: its Subscriber, Store, Intake, the results
into the event file, and the Hub served by uvicorn (hall/web.py). A
subscribed client in a process of its own (hall/feedclient.py) follows the
server-sent events of /feed (every event) and /stream (the live page's).
For every event the run measures the time from the board's link line to
the logger's sink, to the Hub, to the client's /feed and /stream.
Faults: at 1/3 of the run the broker is restarted; at 1/2 the client's
connections are cut (it resumes with Last-Event-ID); at 2/3 a logger is
killed (SIGKILL) and started again on its files and outbox.
At the end the boards stop, the pipeline drains, and every event the
boards sent (a simulated board's: its journal) is checked: delivered
exactly once and in each game's order, to the Hub and to the client.
"""
import json
import os
import secrets
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

from ..logger.round import BoardStart
from ..simboard import DEFAULT_KEY
from .access import Account
from .broker import Mosquitto, free_port
from .demo_hall import make_event
from .hub import Hub
from .hallinit import init
from .intake import Intake
from .masters import cut_short, master_games
from .replayboard import ReplayBoard, ReplayHall, game_events
from .results import Results
from .simhall import GAME_NO, SimHall
from .eventdb import Store
from .subscriber import Subscriber
from .trust import Keys
from .web import Serving, make_app

RECOVERY = 10  # s after a fault: its events' latency is reported apart
SIM_THINK_S = 2.0  # a simulated board's move every this many seconds
SERIES = ("logger", "hub", "feed", "stream")  # where each event's latency is taken (see Meter)


def hall_boards(games, every, duration, plies=None):
    """A replay board for each of `games` (the event's BoardGames): game 1
    of round 1 with the pairing's numbers (confirmed: art. 9), then more
    games, with no round, until `duration` (`plies`: each record cut to
    that many, for short games)."""
    records = master_games()

    def record(n):  # (each game read when first played: master_games)
        return cut_short(records[n % len(records)], plies)

    boards = []
    for i, g in enumerate(games):
        device, key = "load-%d" % g.board, secrets.token_bytes(16)  # each board its key: every event MACed
        first = game_events(record(i), "Load", 1, g.board, g.red_no, g.black_no, key=key,
                            device=device)
        logs, length, k = [first], len(first), 1
        while length * every < duration + 30:
            more = game_events(record(i + 7 * k), "Load friendly", confirm=False, key=key,
                               device=device, number=k + 1)  # (the board's game k + 1: ReplayBoard's numbering)
            logs.append(more)
            length += len(more)
            k += 1
        boards.append(ReplayBoard(device, logs))
        boards[-1].key = key
    return boards


class Meter:
    """Each event's latency from its board's link line to each point of
    SERIES: `logger` the logger's sink (the envelope's `at`: read, .events
    fsync), `hub` its delivery to the Hub (the pages' feed), `feed` and
    `stream` its arrival at the subscribed client. Checks, on delivery to
    the Hub, that each game's events come once and in order."""

    def __init__(self, boards):
        self.by_device = {b.device: b for b in boards}  # each with sent_at[(game, seq)]
        self.last = {}
        self.delivered = set()  # keys delivered to the Hub
        self.series = {name: [] for name in SERIES}  # name -> [(sent at, latency s)]
        self.faults = []  # (name, when: Unix time)
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
        self.delivered.add((env.device, env.game, env.seq))
        sent = self.sent_at(env.device, env.game, env.seq)
        if sent is not None:
            self.series["hub"].append((sent, now - sent))
            self.series["logger"].append((sent, env.at - sent))

    def sent_at(self, device, game, seq):
        board = self.by_device.get(device)
        return board.sent_at.get((game, seq)) if board is not None else None

    def arrived(self, name, arrivals):
        """The client's arrivals [(device, game, seq, when)] on stream `name`."""
        for device, game, seq, when in arrivals:
            sent = self.sent_at(device, game, seq)
            if sent is not None:
                self.series[name].append((sent, when - sent))

    def fault(self, name):
        self.faults.append((name, time.time()))

    def percentiles(self, name="hub", away_from_faults=False, near_fault=None):
        """(p50, p99, max) in ms of series `name`: every event; with
        away_from_faults, only those sent more than RECOVERY s after any
        fault (or before it); with near_fault=i, only those sent within
        RECOVERY s after fault i."""
        return percentiles(d for t, d in self.series[name] if self._window(t, away_from_faults, near_fault))

    def _window(self, t, away_from_faults, near_fault):
        if near_fault is not None:
            return 0 <= t - self.faults[near_fault][1] < RECOVERY
        return not away_from_faults or all(not 0 <= t - f < RECOVERY for _, f in self.faults)

    def worst_seconds(self, wall0, name="hub", n=5):
        """[(second of the run, events sent in it, their max latency ms)]: the
        n seconds whose events waited longest (where the p99 comes from)."""
        worst = {}
        for t, d in self.series[name]:
            s = int(t - wall0)
            count, top = worst.get(s, (0, 0.0))
            worst[s] = (count + 1, max(top, d))
        return sorted(((s, c, 1000 * top) for s, (c, top) in worst.items()), key=lambda w: -w[2])[:n]


def percentiles(values):
    """(p50, p99, max) in ms of latencies in s (None, None, None: none)."""
    lat = sorted(values)
    if not lat:
        return None, None, None
    return 1000 * statistics.median(lat), 1000 * lat[int(0.99 * (len(lat) - 1))], 1000 * lat[-1]


def sent_keys(replay, sims):
    """Every (device, game, seq) the boards sent: a replay board's events
    that happened, a simulated board's journal."""
    keys = []
    for b in replay:
        for i in range(b.game_index + 1):
            game = b.game_no - b.game_index + i
            keys += [(b.device, game, seq) for seq in range(1, 1 + (len(b.logs[i]) if i < b.game_index else b.sent))]
    if sims is not None:
        for i, cable in enumerate(sims.boards):
            keys += [(cable.device, GAME_NO, seq) for seq in range(1, 1 + len(sims.journal(i)))]
    return keys


def start_logger(folder, name, port, urls, account):
    # its account from the environment, never the command line (hall/access.py)
    return subprocess.Popen([sys.executable, "-m", "xqboard.cli", "log", "--plain", "--mqtt", "127.0.0.1:%d" % port,
                             "--logger-id", name, "--out", str(folder / name), "--records-every", "30"] + urls,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=dict(os.environ, XQBOARD_MQTT_CREDENTIALS=str(account)))


def start_client(url, out):
    return subprocess.Popen([sys.executable, "-m", "xqboard.hall.feedclient", url, str(out)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=_env())


def client_count(client):
    """(events /feed brought, events /stream brought) so far (feedclient's `count`)."""
    client.stdin.write(b"count\n")
    client.stdin.flush()
    feed, stream = client.stdout.readline().split()
    return int(feed), int(stream)


def _env():
    env = dict(os.environ)
    here = str(Path(__file__).resolve().parents[2])  # host_tools/
    env["PYTHONPATH"] = here + os.pathsep + env.get("PYTHONPATH", "") if env.get("PYTHONPATH") else here
    return env


def run_load(folder, boards=200, loggers=4, every=1.0, duration=300.0, faults=True, sims=0, say=print,
             plies=None):
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    event_path = folder / "event.db"
    if event_path.exists():
        event_path.unlink()
    games = make_event(event_path, players=["P%d" % i for i in range(2 * boards)])
    replay = hall_boards(games[:boards - sims], every, duration, plies)
    simhall = SimHall(folder / "sims", [BoardStart(g.board, g.red, g.black, g.red_no, g.black_no)
                                        for g in games[boards - sims:]]).start() if sims else None
    meter = Meter(replay + (simhall.boards if simhall else []))
    store = Store(folder / "hall.sqlite")
    hub = Hub()
    keys = Keys({b.device: b.key for b in replay})
    for c in (simhall.boards if simhall else []):
        keys.keys[c.device] = DEFAULT_KEY
    intake = Intake(store, hub, keys=keys)  # every event checked with its board's key before it counts
    flags = []
    intake.on_flag = lambda *f: flags.append(f)  # (device, game, seq, what, note)
    intake.results = Results(str(event_path), intake.flag)
    intake.listeners.append(meter)
    urls = [b.url for b in replay] + ([c.url for c in simhall.boards] if simhall else [])
    share = [urls[k::loggers] for k in range(loggers)]
    procs, client, hall, sub = [], None, None, None
    client_out = folder / "client.json"
    # the hall's broker as `xqboard hall init` sets it up: accounts, ACLs, TLS
    made = init(folder / "broker", ["load-%d" % k for k in range(loggers)], port=free_port())
    with Mosquitto.of_hall(made) as broker, Serving(make_app(hub, None)) as page_url:
        try:
            sub = Subscriber("127.0.0.1", broker.port, intake,
                             account=Account.from_file(made.credentials["broadcast"])).start()
            client = start_client(page_url, client_out)
            procs = [start_logger(folder, "load-%d" % k, broker.port, share[k], made.credentials["load-%d" % k])
                     for k in range(loggers)]
            hall = ReplayHall(replay, every=every)
            hall.paused = True  # until every logger has its boards (start-up is not the pipeline's latency)
            hall.start()
            ready = time.monotonic() + 60
            while not (all(b.client is not None for b in replay)
                       and all(c.client is not None for c in (simhall.boards if simhall else []))):
                if time.monotonic() > ready:
                    raise RuntimeError("the loggers did not open every board within 60 s")
                sub.step(0.05)
            hall.paused = False
            if simhall:
                simhall.play(SIM_THINK_S)
            t0, wall0 = time.monotonic(), time.time()
            plan = [(1 / 3, "broker restarted"), (1 / 2, "client's connections cut"), (2 / 3, "logger killed")]
            while time.monotonic() - t0 < duration:
                sub.step(0.05)
                if simhall:
                    simhall.tick()
                elapsed = time.monotonic() - t0
                while faults and plan and elapsed > plan[0][0] * duration:
                    name = plan.pop(0)[1]
                    say("%6.1f s: %s" % (elapsed, name))
                    meter.fault(name)
                    if name == "broker restarted":
                        broker.restart(down=0.5)
                    elif name == "client's connections cut":
                        client.stdin.write(b"drop\n")
                        client.stdin.flush()
                    else:  # started again on its files and outbox
                        procs[0].send_signal(signal.SIGKILL)
                        procs[0].wait()
                        procs[0] = start_logger(folder, "load-0", broker.port, share[0], made.credentials["load-0"])
            hall.paused = True
            elapsed = time.monotonic() - t0
            settle = time.monotonic() + 2  # a simulated board's last move is done in ~0.6 s
            while time.monotonic() < settle:
                sub.step(0.05)
            keys = sent_keys(replay, simhall)
            rate = len(keys) / elapsed
            drain = time.monotonic() + 90
            while time.monotonic() < drain:  # (again if a simulated board's last move came meanwhile)
                while intake.delivered < len(keys) and time.monotonic() < drain:
                    sub.step(0.05)
                more = sent_keys(replay, simhall)
                if len(more) == len(keys):
                    break
                keys = more
            # the client's last events: until it has every one, or the drain's time is up
            while time.monotonic() < drain and min(client_count(client)) < len(keys):
                sub.step(0.05)
        finally:
            if client is not None:
                client.stdin.close()  # the client writes what it saw and ends
            for p in procs:
                p.send_signal(signal.SIGINT)
            for p in procs + ([client] if client is not None else []):
                try:
                    p.wait(60)
                except subprocess.TimeoutExpired:
                    p.kill()
            if sub is not None:
                sub.close()
            if hall is not None:
                hall.close()
            if simhall is not None:
                simhall.close()
    seen = json.loads(client_out.read_text(encoding="utf-8"))
    meter.arrived("feed", seen["feed"])
    meter.arrived("stream", seen["stream"])
    expected = set(keys)
    fault_names = [name for name, _ in meter.faults]
    figures = {
        "boards": boards, "sims": sims, "loggers": loggers, "seconds": duration, "sent": len(keys), "rate": rate,
        "delivered": intake.delivered, "lost": len(expected - meter.delivered),
        "lost_keys": sorted(expected - meter.delivered)[:20],
        "duplicates_delivered": meter.duplicates, "out_of_order": meter.out_of_order,
        "duplicates_dropped": intake.duplicates, "recovery_s": RECOVERY,
        "client": {"feed_lost": len(expected - {tuple(a[:3]) for a in seen["feed"]}),
                   "stream_lost": len(expected - {tuple(a[:3]) for a in seen["stream"]}),
                   "twice": seen["twice"], "out_of_order": seen["out_of_order"],
                   "cursor_gaps": seen["cursor_gaps"], "stream_back": seen["stream_back"],
                   "connects": seen["connects"]},
        "sims_sent": sum(len(simhall.journal(i)) for i in range(sims)) if simhall else 0,
        "sim_crashes": simhall.crashes() if simhall else [],
        "results_expected": sum(1 for b in replay if b.game_index > 0 or b.sent == len(b.logs[0])),
        "results_written": _confirmed(event_path),
        "quarantined": len(store.quarantined()), "malformed": sum(intake.malformed.values()),
        "flags": len(flags), "flag_notes": flags[:10],
        "replays_asked": intake.replays_asked,
        "worst_seconds": meter.worst_seconds(wall0),
    }
    for name in SERIES:
        figures[name] = {"all": meter.percentiles(name), "steady": meter.percentiles(name, away_from_faults=True),
                         "after": [(f, meter.percentiles(name, near_fault=i)) for i, f in enumerate(fault_names)]}
    figures["p50_ms"], figures["p99_ms"], figures["max_ms"] = figures["feed"]["all"]
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
    c = f["client"]
    lines = [
        "%(boards)d boards (%(sims)d simulated), %(loggers)d logger processes, %(seconds).0f s: "
        "%(sent)d events sent, %(rate).1f events/s" % f,
        "to the Hub: delivered %(delivered)d, lost %(lost)d, twice %(duplicates_delivered)d, out of order "
        "%(out_of_order)d (duplicates dropped by the store: %(duplicates_dropped)d)" % f,
        "to the SSE client: /feed lost %d, twice %d, out of order %d, cursor gaps %d; /stream lost %d, "
        "went back %d; connections %s" % (c["feed_lost"], c["twice"], c["out_of_order"], c["cursor_gaps"],
                                          c["stream_lost"], c["stream_back"], c["connects"]),
        "latency from the board's link line (ms)       p50      p99      max",
    ]
    names = {"logger": "to the logger's sink (.events fsynced)", "hub": "to the Hub (stored, in order)",
             "feed": "to the SSE client, /feed", "stream": "to the SSE client, /stream (live page)"}

    def row(label, fig):
        return "  %-43s %s" % (label, "  ".join("%7.1f" % v if v is not None else "      -" for v in fig))

    for name in SERIES:
        lines.append(row(names[name] + ", all", f[name]["all"]))
        lines.append(row("  steady (no fault in the last %d s)" % f["recovery_s"], f[name]["steady"]))
        for fault, fig in f[name]["after"]:
            lines.append(row("  within %d s after the %s" % (f["recovery_s"], fault), fig))
    lines.append("simulated boards: %(sims_sent)d events from their journals, firmware exceptions %(sim_crashes)s"
                 % f)
    lines.append("checks: every event verified with its board's key over TLS with accounts; quarantined "
                 "%(quarantined)d, malformed %(malformed)d" % f)
    lines.append("results: %(results_written)d confirmed results in the event file of %(results_expected)d "
                 "games finished in round 1; flags %(flags)d" % f)
    if f["lost_keys"]:
        lines.append("lost at the Hub (device, game, seq), the first: %s" % f["lost_keys"])
    asked = f["replays_asked"]
    lines.append("replay requests to the loggers: %d, for %d games" % (len(asked), len({r[1:3] for r in asked})))
    lines.append("the seconds whose events waited longest for the Hub (second, events, max ms): "
                 + ", ".join("%d: %d, %.0f" % w for w in f["worst_seconds"]))
    return "\n".join(lines)


if __name__ == "__main__":  # python -m xqboard.hall.loadrun [boards loggers every seconds]
    a = sys.argv[1:]
    print(report(run_load(os.environ.get("TMPDIR", "/tmp") + "/xqboard-load", *(
        [int(a[0]), int(a[1]), float(a[2]), float(a[3])] if a else []), sims=int(a[4]) if len(a) > 4 else 4)))
