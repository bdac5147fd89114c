"""Helpers to write and run scenario scripts in tests."""
import subprocess
import sys
import tempfile
from pathlib import Path

from xqboard.core import Position, parse_move, squares


def run(script, store=None):
    """Runs a scenario script (text) with `xqboard scenario`; returns the
    board's lines. Fails on a non-zero exit."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "s.txt"
        path.write_text(script)
        cmd = [sys.executable, "-m", "xqboard.cli", "scenario", str(path)]
        if store:
            cmd += ["--store", str(store)]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr + r.stdout[-2000:]
    return r.stdout.splitlines()


def events(lines, kind=None):
    """The event lines (E seq t KIND ...) as word lists, of one kind."""
    out = [line.split() for line in lines if line.startswith("E ")]
    return [w for w in out if kind is None or w[3] == kind]


def moves(lines):
    return [w[5] for w in events(lines, "MOVE")]


def result(lines):
    r = events(lines, "RESULT")
    return r[-1][4:] if r else None


def play(moves_iccs, fen=None, t0=1000, gap=1000, press=True):
    """Script lines that play ICCS moves physically from time t0, one every
    `gap` ms: the captured piece lifted first, then the mover lifted and
    placed, then the clock pressed. Returns (lines, time after the last)."""
    pos = Position(fen) if fen else Position()
    out = []
    t = t0
    for m in moves_iccs:
        mv = parse_move(m)
        frm, to = m[:2], m[2:]
        side = "red" if pos.side == 0 else "black"
        if pos.piece_at(mv & 255):
            out.append("%d lift %s" % (t, to))
        out.append("%d lift %s" % (t + 100, frm))
        out.append("%d place %s" % (t + 300, to))
        if press:
            out.append("%d press %s" % (t + 500, side))
        pos.push(mv)
        t += gap
    return out, t


def game(fen=None, tc="90m", extra="", moves_iccs=(), tail=""):
    """A whole script: new, setup, start at 100 ms, then the moves."""
    head = ["0 new tc=%s%s%s" % (tc, (" fen=" + fen.replace(" ", "_")) if fen else "", extra), "0 setup", "100 start"]
    body, t = play(moves_iccs, fen)
    return "\n".join(head + body) + "\n" + tail, t
