"""`xqboard tournament pairings FILE [--round N]`: print a round's pairings."""
from ...errors import UsageError
from .common import open_event


def register(actions):
    a = actions.add_parser("pairings", help="print a round's pairings")
    a.add_argument("file")
    a.add_argument("--round", type=int)
    a.add_argument("--by-name", action="store_true", help="every player in name (pinyin) order, for the door")
    a.set_defaults(func=run)


def run(args):
    from ...tournament import sheets, views

    ev = open_event(args)
    if not ev.current_round:
        raise UsageError("no round is paired yet")
    if args.round and not 1 <= args.round <= ev.current_round:
        raise UsageError("round %d is not paired" % args.round)
    table = sheets.alphabetical_pairings(ev, args.round) if args.by_name else views.pairing_table(ev, args.round)
    print(views.text(table))
