"""`xqboard ruling FEN MOVE...`: the repetition ruling (棋例, art. 23-26).

The moves (ICCS) must end in a position repeated three times (23.1); the
command prints each move of the cycle with its classification (art. 24, 26),
each side's pattern, and the verdict on the last line: `red must vary`,
`black must vary`, `draw`, `red loses` or `black loses`, with the articles.
By default the firmware's own code answers in the MicroPython unix port
(`--runtime micropython`); `--runtime cpython` runs the same source here.
"""
import sys

from ..errors import UsageError
from .. import inputs


def register(sub):
    p = sub.add_parser("ruling", help="rule on a repetition by art. 23-26 of the 2011 rules")
    p.add_argument("fen", metavar="FEN", help="the position before the moves (quote it), or startpos")
    p.add_argument("moves", metavar="MOVE", nargs="+", help="ICCS moves that end in the repetition")
    p.add_argument("--nine-rounds", action="store_true",
                   help="also rule the nine-round claim of 23.4 when nothing repeated")
    p.add_argument("--compact", action="store_true", help="one line, as in events and records")
    p.add_argument("--runtime", choices=("micropython", "cpython"), default="micropython",
                   help="where the firmware code runs (default: micropython, as on the board)")
    p.set_defaults(func=cmd_ruling)


def _fen(text):
    if text == "startpos":
        from ..core import START_FEN

        return START_FEN
    return text


def cmd_ruling(args):
    fen = _fen(inputs.fen(args.fen))
    flags = (["--nine-rounds"] if args.nine_rounds else []) + (["--compact"] if args.compact else [])
    if args.runtime == "micropython":
        from .. import runtime

        r = runtime.run_script("ruling_tool.py", flags + [fen] + list(args.moves))
        if r.returncode == 2:
            msg = r.stderr.strip()
            raise UsageError(msg[len("error: "):] if msg.startswith("error: ") else msg)
        if r.returncode:
            raise SystemExit("micropython failed (%d): %s" % (r.returncode, r.stderr.strip()))
        sys.stdout.write(r.stdout)
        return 0
    from .. import core  # noqa: F401  (puts the firmware on sys.path)
    from xq.rulings.wording import report

    try:
        out = report(fen, list(args.moves), args.nine_rounds, args.compact)
    except ValueError as e:
        raise UsageError(str(e))
    for line in out:
        print(line)
    return 0
