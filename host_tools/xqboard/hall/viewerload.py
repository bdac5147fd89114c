"""Thousands of viewers (issue 28, 4): how many live-page viewers one
process of the pages holds, and what read-only replicas add
(docs/HALL.md, "Thousands of viewers"). tests/hall/test_viewer_load.py
runs it small in `make test` and at 5,000 viewers under `make bench`.

    figures = run_viewers(folder, viewers=5000, replicas=0)     # the live page server alone
    figures = run_viewers(folder, viewers=2500, replicas=2)     # 2 replicas, 2,500 viewers each

Each part in a process of its own, on loopback:
- **the hall** (`python -m xqboard.hall.viewerload hall`): a Hub of 200
  boards playing master games, their events pushed at `rate` a second
  (the time of each push, by cursor, in a push log), serving the pages
  itself (no replicas) or publishing its public hall on a Mosquitto of
  our own (hall/publicfeed.py);
- **the replicas**: `xqboard replica`, the command a public web server
  runs, each following the broker into its own Hub and serving its pages;
- **the audience** (hall/crowd.py): `crowds` processes of viewers on
  `/stream`, a share of them on one board full size (`/export/<b>.json`
  after each of its changes), and relay sites polling the round's files
  with If-None-Match.

The run: the hall and its replicas start; a lone reference viewer
follows the first server for REFERENCE_S (its latencies are the named
reference, and the server's CPU then its cost without an audience); the
audience connects; then for `seconds` every event's latency from its
push to each viewer is measured, and each process's CPU (utime + stime
from /proc) over that window: the pages' servers', the hall's, the
broker's and the audience's, apart.
"""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from . import masters
from .broker import Mosquitto

REFERENCE_S = 4.0  # s the lone reference viewer is measured alone
OPENING = 8  # each board's first events, in before anyone watches


def cpu_seconds(pid):
    """utime + stime of a process (all its threads), in s."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_busy():
    """(busy CPU s of the whole machine, all cores, since boot; cores):
    /proc/stat's user+nice+system+irq+softirq+steal. Over a window, less
    the run's own processes, it is what the machine's other users took."""
    with open("/proc/stat") as f:
        first = f.readline().split()
    user, nice, system, idle, iowait, irq, softirq, steal = (int(x) for x in first[1:9])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK"), os.cpu_count()


def load_average():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def hall_events(boards):
    """[(board, seq, line)] of `boards` boards playing master games
    together, each board's in order."""
    games = masters.master_games()
    lines = {str(n): masters.game_lines(games[n % len(games)], str(n), masters.think_of(n))
             for n in range(1, boards + 1)}
    return [(board, seq, line) for t, board, seq, line in masters.merged(lines)]


def serve_hall(boards, rate, pushlog, mqtt=None, serve=True):
    """The hall's process: prints `url URL` (or `url -` with no pages),
    then pushes the events at `rate` a second until its input closes."""
    from .hub import Hub
    from .publicfeed import PublicFeed
    from .web import Serving, make_app

    events = hall_events(boards)
    hub = Hub()
    opening = boards * OPENING
    for board, seq, line in events[:opening]:
        hub.push(board, "d" + board, 1, seq, line)
    feed = PublicFeed(hub, *mqtt).start() if mqtt else None
    server = Serving(make_app(hub, None)) if serve else None
    url = server.__enter__() if server else "-"
    print("url %s" % url, flush=True)
    import threading
    done = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
    with open(pushlog, "w", encoding="ascii") as log:
        start = time.monotonic()
        for i, (board, seq, line) in enumerate(events[opening:]):
            due = start + i / rate
            if done.wait(max(0.0, due - time.monotonic())):
                break
            at = time.time()
            hub.push(board, "d" + board, 1, seq, line)
            log.write("%d %.6f\n" % (hub.cursor, at))
            if i % rate == 0:
                log.flush()
        log.flush()
    done.wait()
    if feed:
        feed.close()
    if server:
        server.__exit__(None, None, None)


class Process:
    """A child process whose lines we read (its first: what it says when ready)."""

    def __init__(self, argv, cwd=None):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=cwd)

    def line(self, timeout=60.0):
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("%s ended: %s" % (self.proc.args[:4], self.proc.wait(timeout)))
        return line.strip()

    def say(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def cpu(self):
        return cpu_seconds(self.proc.pid)

    def end(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()
                self.proc.wait(10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.terminate()
                self.proc.wait(10)


def crowd(url, viewers, index, boards, board_share, relay_sites):
    return Process([sys.executable, "-m", "xqboard.hall.crowd", url, "--viewers", str(viewers), "--index",
                    str(index), "--boards", str(boards), "--board-share", str(board_share), "--relay-sites",
                    str(relay_sites)])


def percentiles(hist):
    """(p50, p99, max) of a histogram {ms: count}."""
    total = sum(hist.values())
    if not total:
        return None, None, None
    out, seen, want = [], 0, [0.50 * total, 0.99 * total]
    for ms in sorted(hist):
        seen += hist[ms]
        while want and seen >= want[0]:
            out.append(ms)
            want.pop(0)
    return out[0], out[1], max(hist)


def merged(reports, key):
    out = {}
    for r in reports:
        for ms, n in r[key].items():
            out[int(ms)] = out.get(int(ms), 0) + n
    return out


def pushed_between(pushlog, t0, t1):
    """How many events the hall pushed in [t0, t1] (its push log). Its
    games are finite (hall_events: 182 s at 200 a second after the
    opening): an audience slower to connect finds no event left."""
    with open(pushlog, encoding="ascii") as f:
        return sum(1 for line in f if t0 <= float(line.split()[1]) <= t1)


def run_viewers(folder, viewers=5000, replicas=0, seconds=30.0, boards=200, rate=200, board_share=0.1,
                relay_sites=20, crowds=None, reference_s=REFERENCE_S):
    """The figures of one run (a dict; report() prints them). `replicas`
    0: the hall's own process serves the viewers; else each of that many
    replicas serves `viewers` of them."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    pushlog = folder / "pushes.log"
    broker = Mosquitto(folder / "broker").start() if replicas else None
    hall_argv = [sys.executable, "-m", "xqboard.hall.viewerload", "hall", "--boards", str(boards), "--rate",
                 str(rate), "--pushlog", str(pushlog)] + (["--mqtt", "127.0.0.1:%d" % broker.port] if broker else [])
    hall = Process(hall_argv)
    parts = []
    try:
        hall_url = hall.line().split()[1]
        servers = [hall] if not replicas else []
        for k in range(replicas):
            servers.append(Process([str(Path(sys.executable).parent / "xqboard"), "replica", "--mqtt", "127.0.0.1:%d" % broker.port,
                                    "--name", "r%d" % (k + 1), "--http", "127.0.0.1:0"]))
        urls = [hall_url] if not replicas else [s.line().rsplit(" ", 1)[1].rstrip("/") for s in servers]
        reference = crowd(urls[0], 1, 0, boards, 0.0, 0)
        parts.append(reference)
        reference.line()
        ref_t0, ref_cpu0 = time.time(), [s.cpu() for s in servers]
        time.sleep(reference_s)
        ref_t1, ref_cpu1 = time.time(), [s.cpu() for s in servers]
        per_server = max(1, (crowds or 2) // len(urls))
        audience = []
        for k, url in enumerate(urls):
            n = viewers
            for j in range(per_server):
                share = n // per_server + (1 if j < n % per_server else 0)
                audience.append(crowd(url, share, 1 + k * per_server + j, boards, board_share,
                                      relay_sites // (len(urls) * per_server)))
        parts += audience
        connect_started, connect_cpu0 = time.time(), sum(s.cpu() for s in servers)
        for a in audience:
            a.line(timeout=120)
        connected_s = time.time() - connect_started
        connect_cpu = sum(s.cpu() for s in servers) - connect_cpu0
        watched = servers + ([hall] if replicas else []) + audience
        t0, cpu0 = time.time(), [p.cpu() for p in watched]
        broker_cpu0 = cpu_seconds(broker.proc.pid) if broker else 0.0
        busy0, cores = machine_busy()
        load0 = load_average()
        time.sleep(seconds)
        t1, cpu1 = time.time(), [p.cpu() for p in watched]
        broker_cpu1 = cpu_seconds(broker.proc.pid) if broker else 0.0
        busy1, _ = machine_busy()
        load1 = load_average()
        reference.say("stop %f %f %s" % (ref_t0, ref_t1, pushlog))
        for a in audience:
            a.say("stop %f %f %s" % (t0, t1, pushlog))
        ref = json.loads(reference.line())
        reports = [json.loads(a.line(timeout=120)) for a in audience]
    finally:
        for p in parts:
            p.end()
        hall.end()
        for s in (servers if replicas else []):
            s.proc.terminate()
            s.proc.wait(10)
        if broker:
            broker.stop()
    wall = t1 - t0
    used = [(b - a) / wall for a, b in zip(cpu0, cpu1)]
    n = len(servers)
    return {
        "viewers": viewers * (replicas or 1), "replicas": replicas, "boards": boards, "rate": rate,
        "seconds": wall, "connected_s": connected_s, "connect_cpu": connect_cpu,
        "reference": percentiles(merged([ref], "hist")),
        "reference_cpu": [(b - a) / (ref_t1 - ref_t0) for a, b in zip(ref_cpu0, ref_cpu1)],
        "latency": percentiles(merged(reports, "hist")), "counted": sum(r["counted"] for r in reports),
        "pushed": pushed_between(pushlog, t0, t1),
        "server_cpu": used[:n], "hall_cpu": used[n] if replicas else None,
        "crowd_cpu": sum(used[n + (1 if replicas else 0):]), "broker_cpu": (broker_cpu1 - broker_cpu0) / wall,
        "frames": sum(r["frames"] for r in reports), "bytes": sum(r["bytes"] for r in reports),
        "gaps": sum(r["gaps"] for r in reports), "token_changes": sum(r["token_changes"] for r in reports),
        "behind": sum(r["behind"] for r in reports), "ended": sum(r["ended"] for r in reports),
        "board_viewers": sum(r["board_viewers"] for r in reports),
        "fetch_ms": sorted(x for r in reports for x in r["fetch_ms"]),
        "fetch_errors": sum(r["fetch_errors"] for r in reports), "reopened": sum(r["reopened"] for r in reports),
        "relay": {k: sum(r["relay"].get(k, 0) for r in reports) for k in ("200", "304", "0")},
        "relay_ms": sorted(x for r in reports for x in r["relay_ms"]),
        # how busy the machine was: its cores, the load average at both ends, and the CPU (s/s) that
        # others took over the window (the machine's busy time less this run's processes)
        "cores": cores, "load": (load0, load1),
        "others_cpu": max(0.0, (busy1 - busy0) / wall - sum(used) - (broker_cpu1 - broker_cpu0) / wall),
    }


def held(f):
    """Viewers held: every one connected, none behind, no gap, no stream ended."""
    return f["viewers"] - f["behind"] if not (f["gaps"] or f["token_changes"] or f["ended"]) else 0


def per_thousand(f):
    """CPU (s per s) per 1,000 viewers of each server of the pages, over
    what it used with the lone reference viewer (following the hall)."""
    each = f["viewers"] / max(1, f["replicas"] or 1)
    return [(c - r) * 1000 / each for c, r in zip(f["server_cpu"], f["reference_cpu"])]


def per_thousand_frames(f):
    """CPU (s per s) of each server over the reference's per 1,000 frames a
    second it sent: the cost of a frame to a viewer, whatever the rate the
    frames came at (a server waiting for a core coalesces its frames, and
    its CPU per viewer falls with them)."""
    n = max(1, f["replicas"] or 1)
    sent = f["frames"] / f["seconds"] / n  # frames/s each server sent (the audience is split evenly)
    return [(c - r) * 1000 / max(1e-9, sent) for c, r in zip(f["server_cpu"], f["reference_cpu"])]


def q(values, p):
    return values[min(len(values) - 1, int(p * len(values)))] if values else None


def report(f):
    p50, p99, top = f["latency"]
    r50, r99, rtop = f["reference"]
    where = "%d replicas" % f["replicas"] if f["replicas"] else "the live page server alone (no replica)"
    lines = [
        "%d viewers on %s; %d boards, %d events/s; %.0f s measured (connected in %.1f s, the servers' CPU "
        "meanwhile %.1f s: %.1f ms a viewer)" % (
            f["viewers"], where, f["boards"], f["rate"], f["seconds"], f["connected_s"], f["connect_cpu"],
            f["connect_cpu"] * 1000 / f["viewers"]),
        "  held %d of %d: behind %d, gaps %d, token changes %d, streams ended %d" % (
            held(f), f["viewers"], f["behind"], f["gaps"], f["token_changes"], f["ended"]),
        "  push -> viewer ms: p50 %s, p99 %s, max %s (%d event-viewer pairs of %d events pushed in the window); "
        "the lone reference viewer before: p50 %s, p99 %s" % (p50, p99, top, f["counted"], f["pushed"], r50, r99),
        "  p99 against the goal of 1000 ms: %s; against the lone reference viewer's p99: %s" % (
            "%.2fx" % (p99 / 1000.0) if p99 is not None else "- (no event reached a viewer in the window%s)" % (
                "" if f["pushed"] else ": the hall pushed none, its games had ended"),
            "%.1fx" % (p99 / max(1, r99)) if p99 is not None and r99 is not None else "-"),
        "  per viewer: %.1f frames/s, %.1f kB/s" % (f["frames"] / f["viewers"] / f["seconds"],
                                                    f["bytes"] / f["viewers"] / f["seconds"] / 1000),
        "  CPU (s per s of wall) of the pages' server%s: %s; with the lone reference viewer only: %s; per "
        "1,000 viewers over that: %s" % ("s" if len(f["server_cpu"]) > 1 else "", ", ".join("%.2f" % c for c in f["server_cpu"]),
                             ", ".join("%.3f" % c for c in f["reference_cpu"]),
                             ", ".join("%.3f" % c for c in per_thousand(f))),
        "  per 1,000 frames a second sent, over the reference: %s" % ", ".join(
            "%.3f" % c for c in per_thousand_frames(f)),
        "  apart: the audience's processes %.2f, the hall's %s, the broker's %.3f" % (
            f["crowd_cpu"], "%.2f" % f["hall_cpu"] if f["hall_cpu"] is not None else "(is the server)",
            f["broker_cpu"]),
        "  the machine: %d cores, load average %.1f -> %.1f, others' CPU over the window %.2f s/s" % (
            f["cores"], f["load"][0], f["load"][1], f["others_cpu"]),
        "  board full size: %d viewers, %d fetches of /export/<b>.json, p50 %s ms, p99 %s ms, errors %d" % (
            f["board_viewers"], len(f["fetch_ms"]), q(f["fetch_ms"], 0.5), q(f["fetch_ms"], 0.99), f["fetch_errors"]),
        "  relay sites: %d answers 200, %d 304, %d failed; p99 %s ms" % (
            f["relay"]["200"], f["relay"]["304"], f["relay"]["0"], q(f["relay_ms"], 0.99)),
        "  kept-alive connections the server closed while idle (its 5 s timeout), opened again and the GET "
        "sent once more as a browser does: %d" % f["reopened"],
    ]
    return "\n".join(lines)


def main(argv=None):
    import argparse
    ap = argparse.ArgumentParser(prog="python -m xqboard.hall.viewerload")
    s = ap.add_subparsers(dest="what", required=True)
    h = s.add_parser("hall", help="the hall's process of a run (run_viewers starts it)")
    h.add_argument("--boards", type=int, default=200)
    h.add_argument("--rate", type=int, default=200)
    h.add_argument("--pushlog", required=True)
    h.add_argument("--mqtt", help="HOST:PORT: publish the public hall there, serve no pages")
    args = ap.parse_args(argv)
    mqtt = None
    if args.mqtt:
        host, port = args.mqtt.rsplit(":", 1)
        mqtt = (host, int(port))
    serve_hall(args.boards, args.rate, args.pushlog, mqtt=mqtt, serve=mqtt is None)


if __name__ == "__main__":
    main()
