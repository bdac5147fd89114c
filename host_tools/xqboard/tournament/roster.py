"""The entrants of an event file: players and teams, their pairing
numbers, withdrawals and eliminations. `Event` is a Roster: these are its
methods on the `entrants` table (the storage of the rest is in event.py).

>>> from .event import Event
>>> ev = Event.create(':memory:', 'Club night', system='roundrobin', seed=1)
>>> ev.add_player('Wang  Tianyi', rating=2650)
1
>>> ev.entrant('Wang Tianyi')
Entrant(1, 'Wang Tianyi', number=None)
"""
import sqlite3

from .errors import TournamentError
from .stored import Entrant


class Roster:
    """The entrants table; the base of Event, which gives it `db`, `kind`
    and `current_round`."""

    def add_team(self, name, club=None, rating=None, seed=None):
        """Enters a team (team events); its players follow with add_player(team=...)."""
        if self.kind != "team":
            raise TournamentError("teams are for team events (kind team)")
        return self._insert(kind="team", name=name, club=club, rating=rating, seed=seed)

    def add_player(self, name, rating=None, club=None, seed=None, team=None):
        """Enters a player (of `team`, in board order, in a team event);
        returns its id. seed: 1 = top seed, None = unseeded."""
        team_id = roster = None
        if self.kind == "team":
            if not team:
                raise TournamentError("a player of a team event needs --team")
            t = self.entrant(team, kind="team")
            team_id = t.id
            roster = 1 + self.db.execute("select count(*) from entrants where team_id = ?", (t.id,)).fetchone()[0]
        return self._insert(kind="player", name=name, rating=rating, club=club, seed=seed, team_id=team_id, roster=roster)

    def _insert(self, **kw):
        if not kw["name"] or not kw["name"].strip():
            raise TournamentError("a name is needed")
        kw["name"] = " ".join(kw["name"].split())
        if self.current_round:
            raise TournamentError("round 1 is paired: entrants can no longer be added")
        cols = ", ".join(kw)
        try:
            with self.db:
                cur = self.db.execute("insert into entrants (%s) values (%s)" % (cols, ", ".join("?" * len(kw))),
                                      tuple(kw.values()))
                # a new entrant means a new draw (the numbers are not fixed yet)
                self.db.execute("update entrants set number = null")
                self.db.execute("delete from meta where key = 'drawn'")
        except sqlite3.IntegrityError as e:
            if "UNIQUE" in str(e):
                raise TournamentError("%r is entered already" % kw["name"])
            raise
        return cur.lastrowid

    def remove(self, who):
        """Withdrawal before the start (14.4): the entrant is taken out and
        the numbers must be drawn again."""
        e = self.entrant(who)
        if self.current_round:
            raise TournamentError("the event has started: use withdraw (19.1-19.3)")
        with self.db:
            self.db.execute("delete from entrants where id = ? or team_id = ?", (e.id, e.id))
            self.db.execute("update entrants set number = null")
            self.db.execute("delete from meta where key = 'drawn'")

    def entrants(self, kind=None):
        """The players (the teams of a team event), by group and number."""
        kind = kind or ("team" if self.kind == "team" else "player")
        rows = self.db.execute("select * from entrants where kind = ? order by coalesce(grp, 0), number, "
                               "coalesce(seed, 1e9), rating desc, id", (kind,)).fetchall()
        return [Entrant(r) for r in rows]

    def members(self, team_id):
        """A team's players in roster (board) order."""
        return [Entrant(r) for r in self.db.execute(
            "select * from entrants where team_id = ? order by roster", (team_id,))]

    def entrant(self, who, kind=None):
        """By id-free reference: a name, or '#N' for pairing number N."""
        kind = kind or ("team" if self.kind == "team" else "player")
        who = str(who).strip()
        if who.startswith("#") and who[1:].isdigit():
            row = self.db.execute("select * from entrants where kind = ? and number = ?", (kind, int(who[1:]))).fetchone()
        else:
            row = self.db.execute("select * from entrants where kind = ? and name = ?", (kind, " ".join(who.split()))).fetchone()
            if row is None:
                row = self.db.execute("select * from entrants where name = ?", (" ".join(who.split()),)).fetchone()
        if row is None:
            raise TournamentError("no entrant %r" % who)
        return Entrant(row)

    def by_id(self):
        """entrant id -> Entrant, players and teams."""
        return {r["id"]: Entrant(r) for r in self.db.execute("select * from entrants")}

    def eliminate(self, ids, rnd):
        """10.6: these entrants play no round from `rnd` on."""
        with self.db:
            for e in ids:
                self.db.execute("update entrants set eliminated_round = ? where id = ?", (rnd, e))

    def eliminated_before(self, rnd):
        """How many entrants were eliminated just before round `rnd`."""
        return self.db.execute("select count(*) from entrants where eliminated_round = ?", (rnd,)).fetchone()[0]
