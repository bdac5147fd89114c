"""Rules core benchmark (issue 2): perft speed of the firmware's viper build
in the MicroPython unix port against the same code as plain bytecode, the
same code under CPython, and `cchess` (pure-Python Xiangqi library); the
heap the core uses; .mpy size per architecture; the time to validate a move
and decide the game state (this machine's times: the fast regression check;
the device's, perft per node on armv6m: make bench-target).

All engines count the same trees: six positions (the start and the five
published perft positions) to depth 2, with bulk counting at the last ply,
repeated until each has run at least a second.
"""
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "host_tools"))

from xqboard import build, runtime  # noqa: E402
from xqboard.core import Position, perft  # noqa: E402
from xqboard.paths import FIRMWARE  # noqa: E402

RP2040_HEAP = 192 * 1024
POSITIONS = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
    "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1",
]
DEPTH = 2
MIN_SECONDS = 1.0


def master_games(n):
    text = (REPO / "data" / "master-games.pgn").read_text()
    games = []
    for block in text.split("[Game ")[1:n + 1]:
        moves = re.findall(r"\b([a-i][0-9][a-i][0-9])\b", block.split("]\n\n", 1)[-1])
        games.append(" ".join(moves))
    return games


def run_mp(paths, stdin):
    exe = runtime.micropython_exe()
    env = runtime.env()
    env["MICROPYPATH"] = ":".join([".frozen"] + [str(p) for p in paths])
    r = subprocess.run([exe, "-X", "heapsize=" + runtime.HEAP, str(REPO / "bench/mp/core_bench.py"),
                        str(DEPTH), str(int(MIN_SECONDS * 1e6))],
                       input=stdin, capture_output=True, text=True, env=env, check=True)
    return {k: int(v) for k, v in (line.split() for line in r.stdout.splitlines())}


def bytecode_copy(dst):
    """firmware/xq with the viper decorators removed: the same code, run as
    plain bytecode (the casts become identity functions)."""
    shutil.copytree(FIRMWARE / "xq", dst / "xq")
    shutil.copy(FIRMWARE / "ticks.py", dst / "ticks.py")
    src = (dst / "xq" / "movegen.py").read_text()
    src = src.replace("@micropython.viper\n", "")
    shim = "".join("def %s(x):\n    return x\n\n\n" % n for n in ("ptr8", "ptr16", "ptr32"))
    (dst / "xq" / "movegen.py").write_text(shim + src)
    assert "\n@micropython.viper" not in (dst / "xq" / "movegen.py").read_text()


def cpython_nps():
    nodes = 0
    t0 = time.perf_counter()
    trees = [Position(fen) for fen in POSITIONS]
    while time.perf_counter() - t0 < MIN_SECONDS:
        for pos in trees:
            nodes += perft(pos, DEPTH)
    return nodes / (time.perf_counter() - t0)


def cchess_nps():
    import cchess

    def legal(b):
        return [m for m in b.create_moves() if b.is_valid_move_t(m) and not b.is_checked_move(m[0], m[1])]

    def cperft(b, d):
        moves = legal(b)
        if d == 1:
            return len(moves)
        total = 0
        for f, t in moves:
            c = b.copy()
            c._move_piece(f, t)
            c.next_turn()
            total += cperft(c, d - 1)
        return total

    nodes = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < MIN_SECONDS:
        for fen in POSITIONS:
            nodes += cperft(cchess.ChessBoard(fen), DEPTH)
    return nodes / (time.perf_counter() - t0)


def check_cchess_counts():
    # The reference must count the same trees, or the ratio means nothing.
    import cchess

    b = cchess.ChessBoard(POSITIONS[0])
    moves = [m for m in b.create_moves() if b.is_valid_move_t(m) and not b.is_checked_move(m[0], m[1])]
    assert len(moves) == 44, len(moves)


def main():
    for arch in build.ARCHS:
        build.build(arch)
    stdin = "|".join(POSITIONS) + "\n" + "\n".join(master_games(40)) + "\n"
    viper = run_mp([build.BUILD / "x64"], stdin)
    with tempfile.TemporaryDirectory() as tmp:
        bytecode_copy(Path(tmp))
        plain = run_mp([tmp], stdin)
    check_cchess_counts()
    cpy = cpython_nps()
    cch = cchess_nps()

    v_nps = viper["perft_nodes"] / (viper["perft_us"] / 1e6)
    b_nps = plain["perft_nodes"] / (plain["perft_us"] / 1e6)
    print("Perft nodes per second, same 6 positions to depth %d (bulk counting), measured in this run:" % DEPTH)
    rows = [("viper build, MicroPython unix port", v_nps), ("same code as plain bytecode, unix port", b_nps),
            ("same code under CPython %d.%d" % sys.version_info[:2], cpy), ("cchess (pure Python, PyPI)", cch)]
    for name, nps in rows:
        print("  %-42s %12.0f n/s   viper is %7.1fx this" % (name, nps, v_nps / nps))
    print("  target: viper >= 100x cchess -> %s (%.0fx)" % ("met" if v_nps >= 100 * cch else "NOT MET", v_nps / cch))
    print("  on an RP2040: make bench-target (perft per node, measured on the emulated Pico)")

    print("\nHeap of the rules core in the unix port (x64 objects; 32-bit ports use less):")
    print("  modules imported: %6d bytes" % viper["import_heap"])
    print("  + one Position:   %6d bytes  = %.1f%% of an RP2040's ~192 KiB heap" % (
        viper["position_heap"], 100.0 * viper["position_heap"] / RP2040_HEAP))

    print("\n.mpy size of the firmware per architecture (all modules):")
    x64 = sum(build.sizes("x64").values())
    for arch in build.ARCHS:
        total = sum(build.sizes(arch).values())
        core = sum(v for k, v in build.sizes(arch).items() if k.startswith("xq/"))
        print("  %-10s %7d bytes (rules core xq/: %6d)  %.2fx x64" % (arch, total, core, total / x64))

    per_move_us = viper["validate_us"] / viper["validate_moves"]
    plain_us = plain["validate_us"] / plain["validate_moves"]
    print("\nValidate one move and decide the game state (classify + push + status), %d moves"
          " of 40 master games:" % viper["validate_moves"])
    print("  viper build: %.1f us here; plain bytecode %.1f us (%.1fx slower)" % (
        per_move_us, plain_us, plain_us / per_move_us))


if __name__ == "__main__":
    main()
