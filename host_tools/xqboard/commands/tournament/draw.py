"""`xqboard tournament draw FILE [--seed N] [--no-lot]`: draw the pairing
numbers, then list the entrants."""
from .common import open_event
from .players import print_entrants


def register(actions):
    a = actions.add_parser("draw", help="draw the pairing numbers (done by the first pair otherwise)")
    a.add_argument("file")
    a.add_argument("--seed", type=int)
    a.add_argument("--no-lot", action="store_true", help="numbers by seed and rating, no lot")
    a.set_defaults(func=run)


def run(args):
    ev = open_event(args)
    ev.draw(seed=args.seed, lot=not args.no_lot)
    print_entrants(ev)
