"""`xqboard tournament results FILE ROUND SLIP [--force]`: a whole round's
results from a result slip (CSV or XLSX; tournament/slips.py), all or
nothing, every bad line named. The same slip entered twice changes nothing
the second time."""
from .common import open_event, print_correction


def register(actions):
    a = actions.add_parser("results", help="enter a round's results from a result slip (CSV or XLSX)")
    a.add_argument("file")
    a.add_argument("round", type=int)
    a.add_argument("slip", help="CSV or XLSX: board,result[,fouls_red,fouls_black,termination] "
                                "(`slips` writes a blank one)")
    a.add_argument("--force", action="store_true", help="replace results entered before")
    a.set_defaults(func=run)


def run(args):
    import os

    from ...tournament.slips import read_slip, wrong_players

    ev = open_event(args)
    entries, blank, faults = read_slip(args.slip)
    faults += wrong_players(ev, args.round, entries)
    done = ev.set_results(args.round, entries, force=args.force, faults=faults,
                          source="slip:%s" % os.path.basename(args.slip))
    for board, old, new in done.changed:
        if old is not None and old != new:
            print("forced: round %d board %d was %s, now %s" % (args.round, board, old, new))
    print("%s: round %d, %d result(s) entered, %d unchanged, %d left blank%s" % (
        args.file, args.round, len(done.changed), len(done.unchanged), blank,
        "; the round is complete" if ev.round_complete(args.round) else ""))
    if done.correction:
        print_correction(ev, done.correction)
