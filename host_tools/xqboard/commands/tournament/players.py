"""`xqboard tournament players FILE`: the entrants, one a line (number,
name, pinyin, rating, club, seed; a team's members in brackets). A name
several players share shows its club or number."""
from .common import open_event


def register(actions):
    a = actions.add_parser("players", help="list the entrants")
    a.add_argument("file")
    a.set_defaults(func=run)


def run(args):
    print_entrants(open_event(args))


def describe(e, shown=None):
    """One entrant on one line."""
    late = "  (from round %d)" % e.joined_round if (e.joined_round or 1) > 1 else ""
    return "%4s  %-24s %-18s %6s  %-16s seed %s%s" % (
        e.number or "(%d)" % e.id, shown or e.name, e.pinyin or "", e.rating or "", e.club or "", e.seed or "-", late)


def print_entrants(ev):
    team_event = ev.kind == "team"
    shown = ev.display_names()
    for e in ev.entrants():
        extra = ""
        if team_event:
            extra = "  [" + ", ".join(shown[m.id] for m in ev.members(e.id)) + "]"
        print(describe(e, shown[e.id]) + extra)
