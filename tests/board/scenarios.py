"""Helpers to write and run scenario scripts in tests."""
import tempfile
from pathlib import Path

from xqboard.commands import scenario as scenario_command
from xqboard.core import Position, parse_move, squares


def run(script, store=None):
    """Runs a scenario script (text) as `xqboard scenario` does, its check
    and then the unix port's run, from this process: the CLI's own CPython
    start (0.1 s of CPU, in hundreds of runs) is left to the tests that run
    the command itself (tests/host/test_cli_inputs.py, test_arbiter.py).
    Returns the board's lines; fails on a non-zero exit."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "s.txt"
        path.write_text(script)
        scenario_command.check(str(path))
        r = scenario_command.run(str(path), str(store) if store else str(Path(tmp) / "journal"))
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
