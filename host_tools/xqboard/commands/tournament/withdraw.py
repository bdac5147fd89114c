"""`xqboard tournament withdraw FILE NAME [--round N]`: an entrant leaves (19.1-19.3)."""
from .common import open_event


def register(actions):
    a = actions.add_parser("withdraw", help="an entrant leaves (19.1-19.3)")
    a.add_argument("file")
    a.add_argument("name")
    a.add_argument("--round", type=int, help="first round not played (default: the next)")
    a.set_defaults(func=run)


def run(args):
    ev = open_event(args)
    annulled = ev.withdraw(args.name, args.round)
    e = ev.entrant(args.name)
    print("%s: %s withdrawn from round %d" % (args.file, e.name, e.withdrawn_round))
    if annulled:
        print("fewer than half the games played: all results of %s are cancelled (19.2)" % args.name)
