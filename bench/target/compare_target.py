"""The qemu column of `make bench-target` for two commits in one run: the
base commit's firmware frozen into an emulator image beside this
checkout's boards/ (as bench/target_heap.py builds it for make
bench-compare), and this checkout's image; bench_target.py's measurement
run on each, one after the other (its journal part left out). Emulated
time is instructions, so the figures do not depend on the machine's load.

    python bench/target/compare_target.py [--base COMMIT]

Prints, for both and as new/base: the worst step that sent a MOVE, the
worst press-to-MOVE step by kind (with a sector erase, a collection: in
these games every one erases a sector), the quiet scan with the game on
and with no game, the device loop's iteration, in instructions.
"""
import argparse
import contextlib
import io
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import bench_journal  # noqa: E402
import bench_target  # noqa: E402
import compare_commits  # noqa: E402
import target_heap  # noqa: E402
from xqboard.target import image  # noqa: E402

ROWS = ("MOVE", "press-to-MOVE", "press-to-MOVE+erase", "press-to-MOVE+gc", "press-to-MOVE+erase+gc",
        "quiet scan, 300-ply game on, clocks running", "quiet scan, no game",
        "device loop, an iteration around a quiet scan")


def figures(elf):
    """The rows' instructions of bench_target.py on the image elf (its
    printout kept, for the log)."""
    built = image.ensure_built
    image.ensure_built = lambda: elf  # every Emulator of the run boots this image
    journal = bench_journal.main
    bench_journal.main = lambda *a, **k: None
    del bench_target.SCRIPTS[:]  # (main() appends its scripts, made in a folder of its own each run)
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            bench_target.main()
    finally:
        image.ensure_built, bench_journal.main = built, journal
    got = {}
    for line in out.getvalue().splitlines():
        name = line.strip().split("  ")[0]
        if name in ROWS and "instr" in line:
            got[name] = int(line.split("instr")[0].split()[-1])
    return got, out.getvalue()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", default="ca45550")
    args = ap.parse_args()
    why = image.missing()
    if why:
        raise SystemExit("compare_target needs %s" % why)
    with tempfile.TemporaryDirectory(prefix="xq-target-base-") as tmp:
        _, root = compare_commits.export(args.base, tmp)
        base_elf = target_heap.base_image(root, compare_commits.REPO, tmp)
        base, base_log = figures(base_elf)
        new, new_log = figures(image.ensure_built())
    print("bench_target.py on %s's firmware:\n%s" % (args.base, base_log))
    print("bench_target.py on this checkout's:\n%s" % new_log)
    print("qemu column, instructions: %-44s %12s %12s %8s" % ("", args.base, "new", "new/base"))
    for name in ROWS:
        b, n = base.get(name), new.get(name)
        ratio = "%.3f" % (n / b) if b and n else "-"
        print("  %-68s %12s %12s %8s" % (name, b if b is not None else "-", n if n is not None else "-", ratio))


if __name__ == "__main__":
    main()
