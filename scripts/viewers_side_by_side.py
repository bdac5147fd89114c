"""Two trees' pages under the same viewer load, run by turns in one window
(docs/HALL.md, "Thousands of viewers"): on a shared machine the others'
load moves from minute to minute, so trees compared are compared in runs
minutes apart, each with its lone reference viewer.

    git archive bb6d608 host_tools firmware data | tar -x -C /tmp/viewers-main
    nice -n 19 .venv/bin/python scripts/viewers_side_by_side.py main=/tmp/viewers-main here=. \\
        --order main,here,main,here --viewers 1000 --seconds 20

Each run is hall/viewerload.py's run_viewers on one replica, its processes
(the hall, the replica, the audience) importing the tree named
(PYTHONPATH); the load generator (hall/crowd.py) is each tree's own. A
line `SBS {...}` per run: the CPU per 1,000 viewers and per 1,000 frames a
second over the reference viewer's, p50/p99, frames a second a viewer,
bytes a frame and a second, the others' CPU over the window."""
import argparse
import json
import os
import tempfile
import time
from pathlib import Path

from xqboard.hall.viewerload import per_thousand, per_thousand_frames, report, run_viewers


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="+", help="NAME=FOLDER: a tree with host_tools/, firmware/ and data/")
    ap.add_argument("--order", help="the trees' names in the order run (default: each in turn, twice)")
    ap.add_argument("--viewers", type=int, default=1000)
    ap.add_argument("--seconds", type=float, default=20.0)
    args = ap.parse_args(argv)
    trees = dict(t.split("=", 1) for t in args.trees)
    order = args.order.split(",") if args.order else list(trees) * 2
    for name in order:
        os.environ["PYTHONPATH"] = str(Path(trees[name]).resolve() / "host_tools")
        at = time.strftime("%H:%M:%S", time.gmtime())
        f = run_viewers(Path(tempfile.mkdtemp(prefix="sbs-%s-" % name)), viewers=args.viewers, replicas=1,
                        seconds=args.seconds, relay_sites=20, crowds=2)
        print("=== %s (%s UTC)\n%s" % (name, at, report(f)), flush=True)
        print("SBS " + json.dumps({
            "tree": name, "at": at, "cpu_per_1000": per_thousand(f)[0], "cpu_per_1000_frames": per_thousand_frames(f)[0],
            "server_cpu": f["server_cpu"][0], "reference_cpu": f["reference_cpu"][0], "p50": f["latency"][0],
            "p99": f["latency"][1], "reference_p99": f["reference"][1],
            "frames_per_viewer_s": f["frames"] / f["viewers"] / f["seconds"],
            "bytes_per_frame": f["bytes"] / max(1, f["frames"]),
            "kB_per_viewer_s": f["bytes"] / f["viewers"] / f["seconds"] / 1000,
            "others_cpu": f["others_cpu"], "held": f["viewers"] - f["behind"] if not f["gaps"] else 0}), flush=True)


if __name__ == "__main__":
    main()
