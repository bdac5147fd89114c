"""Standings: score, then penalties (18.5), then the event's tie-breaks.

>>> recs = {1: [Record(1, 1, 2, 'R', 2, outcome='W')], 2: [Record(1, 2, 1, 'B', 0, outcome='L')]}
>>> [(row.rank, row.entrant) for row in rank(recs, ['sb'])]
[(1, 1), (2, 2)]
"""
from . import tiebreaks


class Record:
    """One entrant's match in one round."""

    __slots__ = ("round", "entrant", "opponent", "colour", "score", "game_points", "wins", "black_games",
                 "black_wins", "fouls", "match_won", "bye", "pending", "played", "outcome", "forfeit")

    def __init__(self, round, entrant, opponent, colour, score, game_points=None, wins=None,
                 black_games=0, black_wins=0, fouls=0, match_won=None, bye=False, pending=False,
                 played=True, outcome=None, forfeit=False):
        self.round, self.entrant, self.opponent, self.colour = round, entrant, opponent, colour
        self.score = score
        self.game_points = score if game_points is None else game_points
        self.outcome = outcome
        self.wins = (1 if outcome == "W" else 0) if wins is None else wins
        self.black_games, self.black_wins, self.fouls = black_games, black_wins, fouls
        self.match_won = (outcome == "W") if match_won is None else match_won
        self.bye, self.pending, self.played, self.forfeit = bye, pending, played, forfeit

    def __repr__(self):
        return "Record(round=%d, %r vs %r, %s, score=%s%s)" % (
            self.round, self.entrant, self.opponent, self.colour, self.score, ", pending" if self.pending else "")


class Row:
    def __init__(self, rank, entrant, score, values, shared=False):
        self.rank, self.entrant, self.score, self.values, self.shared = rank, entrant, score, values, shared

    def __repr__(self):
        return "Row(%s%d, %r, %s, %r)" % ("=" if self.shared else "", self.rank, self.entrant, self.score, self.values)


def scores_of(recs):
    return {e: sum(0 if r.pending else r.score for r in rs) for e, rs in recs.items()}


def rank(recs, order, penalties=None, last_round=None, number=None):
    """Ranks the entrants of `recs` (entrant -> [Record]). penalties: entrant
    -> (disqualifications 18.2, warnings 18.1). Returns Rows, best first;
    entrants still tied after every tie-break share a rank."""
    tiebreaks.check(order)
    penalties = penalties or {}
    number = number or {}
    if last_round is None:
        last_round = max((r.round for rs in recs.values() for r in rs), default=0)
    scores = scores_of(recs)
    values = {e: {} for e in recs}
    for name in order:
        if name not in tiebreaks.RELATIVE:
            for e, v in tiebreaks.absolute(name, recs, scores, last_round).items():
                values[e][name] = v
    # 18.5: among equal scores, the penalised go last, the heavier first.
    keys = [lambda e: scores[e], lambda e: tuple(-x for x in penalties.get(e, (0, 0)))]
    groups = [sorted(recs, key=lambda e: number.get(e, 0))]
    for key in keys:
        groups = _split(groups, key)
    for name in order:
        if name in tiebreaks.RELATIVE:
            new = []
            for g in groups:
                if len(g) > 1:
                    vals = tiebreaks.relative(name, g, recs)
                    for e in g:
                        values[e][name] = vals[e]
                    new.extend(_split([g], vals.get))
                else:
                    new.append(g)
            groups = new
        else:
            groups = _split(groups, lambda e, n=name: values[e][n])
    rows, pos = [], 1
    for g in groups:
        for e in g:
            rows.append(Row(pos, e, scores[e], values[e], shared=len(g) > 1))
        pos += len(g)
    return rows


def _split(groups, key):
    out = []
    for g in groups:
        if len(g) < 2:
            out.append(g)
            continue
        srt = sorted(g, key=key, reverse=True)
        cur = [srt[0]]
        for e in srt[1:]:
            if key(e) == key(cur[0]):
                cur.append(e)
            else:
                out.append(cur)
                cur = [e]
        out.append(cur)
    return out


def placings_sum(rows, team_of):
    """14.8: teams ranked by the sum of their players' places, fewer first;
    equal sums by the best single place. Returns [(team, sum, best)]."""
    acc = {}
    for row in rows:
        t = team_of.get(row.entrant)
        if t is None:
            continue
        s, best = acc.get(t, (0, None))
        acc[t] = (s + row.rank, row.rank if best is None else min(best, row.rank))
    return sorted(((t, s, b) for t, (s, b) in acc.items()), key=lambda x: (x[1], x[2]))
