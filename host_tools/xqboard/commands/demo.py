"""`xqboard demo` (`make demo`): a real master game played by hand on the
simulated board, logged through the serial path, its record printed; see
xqboard.demo."""
from ..errors import UsageError
from .sim import speed_arg


def register(sub):
    p = sub.add_parser("demo", help="play a master game on the simulated board, log it, print the record")
    p.add_argument("--out", metavar="DIR", help="where the records go (default: a new temporary folder)")
    p.add_argument("--speed", default="25", help="board time per real time (default 25)")
    p.add_argument("--game", type=int, default=None,
                   help="which game of data/master-games.pgn (0-299; default 171, which ends in mate)")
    p.add_argument("--no-cut", action="store_true", help="do not pull the cable halfway")
    p.set_defaults(func=cmd_demo)


def cmd_demo(args):
    from .. import demo

    try:
        demo.run(out=args.out, speed=speed_arg(args.speed),
                 game_index=demo.DEMO_GAME if args.game is None else args.game, cut=not args.no_cut)
    except IndexError as e:
        raise UsageError(str(e))
    return 0
