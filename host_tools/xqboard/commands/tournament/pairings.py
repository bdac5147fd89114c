"""`xqboard tournament pairings FILE [--round N]`: print a round's pairings."""
from ...errors import UsageError
from .common import open_event


def register(actions):
    a = actions.add_parser("pairings", help="print a round's pairings")
    a.add_argument("file")
    a.add_argument("--round", type=int)
    a.set_defaults(func=run)


def run(args):
    from ...tournament import views

    ev = open_event(args)
    if not ev.current_round:
        raise UsageError("no round is paired yet")
    if args.round and not 1 <= args.round <= ev.current_round:
        raise UsageError("round %d is not paired" % args.round)
    print(views.text(views.pairing_table(ev, args.round)))
