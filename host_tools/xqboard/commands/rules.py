"""`xqboard legal` and `xqboard perft`: the rules core from the command line.

By default the firmware's own code answers, in the MicroPython unix port on
the x64 build (`--runtime micropython`), the way it runs on the board;
`--runtime cpython` runs the same source under CPython.
"""
import sys

from ..errors import UsageError
from .. import inputs

START = "startpos"


def register(sub):
    p = sub.add_parser("legal", help="list the legal moves of a position in ICCS")
    p.add_argument("fen", metavar="FEN", help="a FEN (quote it), or startpos")
    _runtime_arg(p)
    p.set_defaults(func=cmd_legal)

    p = sub.add_parser("perft", help="count the leaf nodes of the legal move tree")
    p.add_argument("fen", metavar="FEN", help="a FEN (quote it), or startpos")
    p.add_argument("depth", metavar="DEPTH", type=int)
    p.add_argument("--divide", action="store_true", help="print the count below each move first")
    _runtime_arg(p)
    p.set_defaults(func=cmd_perft)


def _runtime_arg(p):
    p.add_argument("--runtime", choices=("micropython", "cpython"), default="micropython",
                   help="where the firmware code runs (default: micropython, as on the board)")


def _run_micropython(args):
    from .. import runtime

    r = runtime.run_script("xq_tool.py", args)
    if r.returncode == 2:
        raise UsageError(r.stderr.strip().removeprefix("error: "))
    if r.returncode:
        raise SystemExit("micropython failed (%d): %s" % (r.returncode, r.stderr.strip()))
    sys.stdout.write(r.stdout)
    return 0


def _position(fen):
    from ..core import Position

    try:
        return Position() if fen == START else Position(fen)
    except ValueError as e:
        raise UsageError("bad FEN: %s" % e)


def cmd_legal(args):
    inputs.fen(args.fen)
    if args.runtime == "micropython":
        return _run_micropython(["legal", args.fen])
    from ..core import move_name

    for m in sorted(move_name(m) for m in _position(args.fen).legal_moves()):
        print(m)
    return 0


def cmd_perft(args):
    inputs.fen(args.fen)
    inputs.depth(args.depth)
    if args.runtime == "micropython":
        return _run_micropython(["perft", args.fen, str(args.depth)] + (["divide"] if args.divide else []))
    from ..core import divide, move_name, perft

    pos = _position(args.fen)
    if args.divide:
        total = 0
        for name, n in sorted((move_name(m), n) for m, n in divide(pos, args.depth)):
            print("%s %d" % (name, n))
            total += n
        print(total)
    else:
        print(perft(pos, args.depth))
    return 0
