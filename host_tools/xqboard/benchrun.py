"""Runs every benchmark: `python -m xqboard.benchrun [NAME...]` (make bench).

Each benchmark is a script bench/bench_<name>.py that measures in one run and
prints its figures as ratios against named references. They run one after
the other, never in parallel, so that they do not disturb each other.
"""
import subprocess
import sys
import time

from .paths import REPO


def main(argv=None):
    names = argv if argv is not None else sys.argv[1:]
    scripts = sorted((REPO / "bench").glob("bench_*.py"))
    if names:
        scripts = [s for s in scripts if s.stem[len("bench_"):] in names]
    failed = []
    for s in scripts:
        print("=" * 72)
        print("%s" % s.relative_to(REPO))
        print("=" * 72, flush=True)
        t = time.monotonic()
        r = subprocess.run([sys.executable, str(s)], cwd=REPO)
        print("(%s: %.1f s)\n" % (s.stem, time.monotonic() - t), flush=True)
        if r.returncode:
            failed.append(s.stem)
    if failed:
        print("benchmarks that failed: %s" % ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
