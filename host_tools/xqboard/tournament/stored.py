"""The rows of an event file as plain objects: entrants, pairings, rounds.

They are what `Tournament` returns; nothing here reads the database.

>>> Round(3, [], stage="ko")
Round(3, 0 pairings, stage='ko')
"""


class Entrant:
    """A player or a team as stored: id, name, rating, club, seed, number
    (the drawn pairing number), team_id and roster (a team's member), grp
    (10.2 group), withdrawn_round (19.1), annulled (19.2), eliminated_round
    (10.6)."""

    def __init__(self, row):
        for k in row.keys():
            setattr(self, k, row[k])

    def __repr__(self):
        return "Entrant(%d, %r, number=%r)" % (self.id, self.name, self.number)


class Pairing:
    """One table of a round: `red` is listed first (Red, 12.1), `black` is
    None for a bye; `bracket` is the knockout label ('R1-3', 'W2-1', 'F'),
    'rest' for a round-robin rest or 'G<k>' for a group; `games` are the
    rows of its games (one per board or per game of the match)."""

    def __init__(self, row, games):
        for k in row.keys():
            setattr(self, k, row[k])
        self.games = games

    def __repr__(self):
        return "Pairing(round=%d, table=%d, %r-%r)" % (self.round, self.table_no, self.red, self.black)


class Round:
    """A round as paired: its number, pairings, stage ('main', 'ko' for the
    knockout of 10.5, 'W'/'F' for the double elimination) and a note for
    the arbiter (relaxed Swiss criteria, the final's game number)."""

    def __init__(self, no, pairs, stage="main", note=""):
        self.no, self.pairs, self.stage, self.note = no, pairs, stage, note

    def __repr__(self):
        return "Round(%d, %d pairings, stage=%r)" % (self.no, len(self.pairs), self.stage)
