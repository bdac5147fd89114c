"""`xqboard tournament players FILE`: the entrants, one a line (number,
name, pinyin, rating, club, seed; a team's members in brackets), with who
joined late, withdrew (19.1-19.3) or was eliminated (10.6). A name several
players share shows its club or number."""
from .common import file_action, open_event


def register(actions):
    file_action(actions, "players", "list the entrants", run)


def run(args):
    print_entrants(open_event(args))


def describe(e, shown=None):
    """One entrant on one line (columns by terminal width: a Chinese
    character takes two)."""
    from ...tournament.views import width

    def pad(text, size):
        return str(text) + " " * max(0, size - width(text))

    notes = []
    if (e.joined_round or 1) > 1:
        notes.append("from round %d" % e.joined_round)
    if e.withdrawn_round:
        notes.append("withdrew from round %d%s" % (e.withdrawn_round, ", results cancelled (19.2)" if e.annulled else ""))
    if e.eliminated_round:
        notes.append("out from round %d (10.6)" % e.eliminated_round)
    return "%4s  %s %s %6s  %s seed %s%s" % (
        e.number or "(%d)" % e.id, pad(shown or e.name, 24), pad(e.pinyin or "", 18), e.rating or "",
        pad(e.club or "", 16), e.seed or "-", "".join("  (%s)" % n for n in notes))


def print_entrants(ev):
    team_event = ev.kind == "team"
    shown = ev.display_names()
    for e in ev.entrants():
        extra = ""
        if team_event:
            extra = "  [" + ", ".join(shown[m.id] for m in ev.members(e.id)) + "]"
        print(describe(e, shown[e.id]) + extra)
