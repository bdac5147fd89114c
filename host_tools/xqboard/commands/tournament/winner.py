"""`xqboard tournament winner FILE ROUND TABLE NAME`: the arbiter's decision
of a tied knockout match (10.4)."""
from .common import open_event


def register(actions):
    a = actions.add_parser("winner", help="knockout: the arbiter's decision of a tied match")
    a.add_argument("file")
    a.add_argument("round", type=int)
    a.add_argument("table", type=int)
    a.add_argument("name")
    a.set_defaults(func=run)


def run(args):
    open_event(args).set_winner(args.round, args.table, args.name)
    print("%s: round %d table %d won by %s (the arbiter's decision, 10.4)" % (args.file, args.round, args.table, args.name))
