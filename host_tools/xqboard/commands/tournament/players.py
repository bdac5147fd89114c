"""`xqboard tournament players FILE`: the entrants, one a line (number,
name, rating, club, seed; a team's members in brackets)."""
from .common import open_event


def register(actions):
    a = actions.add_parser("players", help="list the entrants")
    a.add_argument("file")
    a.set_defaults(func=run)


def run(args):
    print_entrants(open_event(args))


def print_entrants(ev):
    team_event = ev.kind == "team"
    for e in ev.entrants():
        extra = ""
        if team_event:
            extra = "  [" + ", ".join(m.name for m in ev.members(e.id)) + "]"
        print("%4s  %-24s %6s  %-16s seed %s%s" % (e.number or "-", e.name, e.rating or "", e.club or "",
                                                   e.seed or "-", extra))
