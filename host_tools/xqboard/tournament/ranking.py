"""The standings of an event: its records ranked by score, penalties (18.5)
and its tie-breaks (art. 14), by group for a group round robin (10.2), and
the club totals of an individual event (11.5, 14.8).

>>> from .event import Tournament
>>> ev = Tournament.create(':memory:', 'Club night', system='roundrobin', seed=1)
>>> for name in 'ABC':
...     _ = ev.add_player(name, club='Hangzhou')
>>> for rnd in (1, 2, 3):
...     r = ev.pair(); ev.set_result(rnd, 1, '1-0')
>>> [(row.rank, ev.by_id()[row.entrant].name, row.score) for row in standings(ev)]
[(1, 'B', 2), (1, 'C', 2), (1, 'A', 2)]
>>> team_totals(ev)      # (club, points, placings sum 14.8, best place)
[('Hangzhou', 6, 3, 1)]
"""
from .refusal import TournamentError
from .records import by_game_points
from .standings import placings_sum, rank


def standings(event, upto=None, group=None):
    """Rows best first (see standings.rank) after round `upto` (default: the
    last round complete), the event's tie-break order."""
    if not event.pairing_system.has_score_table:
        raise TournamentError("a knockout has no score table: see `xqboard tournament bracket`")
    upto = upto if upto is not None else event.last_complete_round()
    recs = event.records(upto)
    if event.pairing_system.grouped or group is not None:
        es = {e.id: e for e in event.entrants()}
        out = []
        for g in sorted({e.grp for e in es.values()}) if group is None else [group]:
            sub = {k: v for k, v in recs.items() if es[k].grp == g}
            out.extend(_rank(event, sub, upto))
        return out
    return _rank(event, recs, upto)


def _rank(event, recs, upto):
    if event.get("rank_by") == "game_points":
        # 14.7: a team Swiss may rank by the teams' total game points
        recs = {e: [by_game_points(r) for r in rs] for e, rs in recs.items()}
    number = {e.id: e.number or 0 for e in event.entrants()}
    return rank(recs, event.get("tiebreaks"), event.penalties(), last_round=upto, number=number)


def team_totals(event, upto=None):
    """11.5 and 14.8 for an individual event: by club, the sum of the
    players' points and of their places (fewer first), best place next."""
    rows = standings(event, upto)
    es = event.by_id()
    team_of = {r.entrant: es[r.entrant].club for r in rows if es[r.entrant].club}
    points = {}
    for r in rows:
        if r.entrant in team_of:
            points[team_of[r.entrant]] = points.get(team_of[r.entrant], 0) + r.score
    return [(t, points[t], s, b) for t, s, b in placings_sum(rows, team_of)]
