"""`xqboard tournament result FILE ROUND BOARD RESULT`: enter a result by
round and hall board number."""
from .common import open_event


def register(actions):
    a = actions.add_parser("result", help="enter a result by round and board number")
    a.add_argument("file")
    a.add_argument("round", type=int)
    a.add_argument("board", type=int, help="board number in the hall (the record's [Board])")
    a.add_argument("result", help="1-0, 0-1, 1/2-1/2 (=), +- / -+ forfeit (20.3), -- both forfeit (20.2)")
    a.add_argument("--fouls-red", type=int)
    a.add_argument("--fouls-black", type=int)
    a.add_argument("--termination", help="how it ended, with its article (e.g. '4.1.6 flag')")
    a.add_argument("--force", action="store_true", help="replace a result entered before")
    a.set_defaults(func=run)


def run(args):
    open_event(args).set_result(args.round, args.board, args.result, fouls_red=args.fouls_red,
                                fouls_black=args.fouls_black, termination=args.termination, force=args.force)
