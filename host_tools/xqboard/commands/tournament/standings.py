"""`xqboard tournament standings FILE [--round N] [--teams]`: the standings
with the tie-breaks of art. 14; --teams adds the club totals (11.5, 14.8)."""
from ...errors import UsageError
from .common import open_event


def register(actions):
    a = actions.add_parser("standings", help="print the standings with the tie-breaks of art. 14")
    a.add_argument("file")
    a.add_argument("--round", type=int, help="after this round (default: the last)")
    a.add_argument("--teams", action="store_true", help="team totals and placings sum (11.5, 14.8) by club")
    a.add_argument("--crosstable", action="store_true", help="the crosstable instead (a grid for a round robin)")
    a.set_defaults(func=run)


def run(args):
    from ...tournament import sheets, views

    ev = open_event(args)
    if args.round is not None and not 0 <= args.round <= ev.current_round:
        raise UsageError("round %d is not paired" % args.round)
    if args.crosstable:
        print(views.text(sheets.crosstable(ev, args.round)))
        return
    print(views.text(views.standings_table(ev, args.round)))
    if args.teams:
        print()
        print("Team    Points  Places (14.8)  Best")
        for team, pts, places, best in ev.team_totals(args.round):
            print("%-8s%6s  %13d  %4d" % (team, views.num(pts), places, best))
