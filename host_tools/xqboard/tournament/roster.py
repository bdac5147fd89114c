"""The entrants of an event file: players and teams, their pairing
numbers, withdrawals and eliminations. `Tournament` is a Roster: these are its
methods on the `entrants` table (the storage of the rest is in event.py).

>>> from .event import Tournament
>>> ev = Tournament.create(':memory:', 'Club night', system='roundrobin', seed=1)
>>> ev.add_player('Wang  Tianyi', rating=2650)
1
>>> ev.entrant('Wang Tianyi')
Entrant(1, 'Wang Tianyi', number=None)
>>> ev.add_player('王伟', club='杭州'), ev.add_player('王伟', club='北京')
(2, 3)
>>> ev.entrant('王伟')
Traceback (most recent call last):
...
xqboard.tournament.refusal.TournamentError: '王伟' is ambiguous: 2 王伟 (杭州), 3 王伟 (北京); give the number
>>> ev.entrant('#3').club, ev.entrant('3').pinyin
('北京', 'WANG Wei')
"""
from .refusal import TournamentError
from .registration import check_fields
from .stored import Entrant

def surname_style(name):
    """The name's pinyin (pinyin.surname_style); pypinyin, whose dictionaries
    take a tenth of a second to load, only when a name is entered."""
    from .pinyin import surname_style as convert

    return convert(name)


PLAYER_COLUMNS = ("name", "pinyin", "rating", "club", "seed", "birth", "sex", "federation", "player_id")


class Roster:
    """The entrants table; the base of Tournament, which gives it `db`, `kind`,
    `settings`, `pairing_system` and `current_round`."""

    def add_team(self, name, club=None, rating=None, seed=None):
        """Enters a team (team events); its players follow with add_player(team=...)."""
        if self.kind != "team":
            raise TournamentError("teams are for team events (kind team)")
        fields = self._checked(dict(name=name, club=club, rating=rating, seed=seed))
        return self._insert_all([dict(fields, kind="team")])[0]

    def add_player(self, name, rating=None, club=None, seed=None, team=None, **more):
        """Enters a player (of `team`, in board order, in a team event);
        returns its id. seed: 1 = top seed, None = unseeded. more: pinyin,
        birth, sex, federation, player_id (see registration)."""
        return self.add_players([dict(name=name, rating=rating, club=club, seed=seed, team=team, **more)])[0]

    def add_players(self, players):
        """Enters many players (dicts of registration fields) in one
        transaction; any fault refuses them all, each fault named."""
        rows, faults = [], []
        for i, raw in enumerate(players, 1):
            fields, bad = check_fields({k: v for k, v in raw.items() if v is not None})
            faults += ["player %d: %s" % (i, f) for f in bad] if len(players) > 1 else bad
            rows.append(fields)
        if faults:
            raise TournamentError("; ".join(faults))
        team_rows = {}
        for fields in rows:
            fields["kind"] = "player"
            if "pinyin" not in fields:
                fields["pinyin"] = surname_style(fields["name"]) or None
            team = fields.pop("team", None)
            if self.kind == "team":
                if not team:
                    raise TournamentError("a player of a team event needs --team (%s)" % fields["name"])
                t = self.entrant(team, kind="team")
                if t.id not in team_rows:
                    team_rows[t.id] = self.db.execute("select count(*) from entrants where team_id = ?",
                                                      (t.id,)).fetchone()[0]
                team_rows[t.id] += 1
                fields.update(team_id=t.id, roster=team_rows[t.id])
        return self._insert_all(rows)

    def _checked(self, raw):
        fields, faults = check_fields({k: v for k, v in raw.items() if v is not None})
        if faults:
            raise TournamentError("; ".join(faults))
        return fields

    def _insert_all(self, rows):
        late = self.current_round and self._late_entry_round()
        ids = []
        with self.db:
            for kw in rows:
                if late:
                    kw["joined_round"] = late
                    kw["number"] = 1 + self.db.execute("select coalesce(max(number), 0) from entrants "
                                                       "where kind = ?", (kw["kind"],)).fetchone()[0]
                cur = self.db.execute("insert into entrants (%s) values (%s)" % (", ".join(kw), ", ".join("?" * len(kw))),
                                      tuple(kw.values()))
                ids.append(cur.lastrowid)
            if not late:
                # a new entrant means a new draw (the numbers are not fixed yet)
                self.db.execute("update entrants set number = null")
                self.db.execute("delete from meta where key = 'drawn'")
        return ids

    def _late_entry_round(self):
        """The round a late entry joins, or TournamentError saying why none
        is taken. The 2011 rules have no article on late entries: a Swiss
        (10.3, 10.5's Swiss part, 10.6) takes them when the event allows
        (Settings.late_entries), with Settings.late_points for each round
        missed; an all-play-all or a bracket cannot."""
        system, settings = self.pairing_system, self.settings
        nxt = self.current_round + 1
        if not system.late_entry:
            raise TournamentError("round 1 is paired: a %s cannot take a late entry (every pairing of the "
                                  "schedule or bracket is fixed by the draw)" % system.title)
        if not settings.late_entries:
            raise TournamentError("round 1 is paired and this event takes no late entries (new --late-entries)")
        if self.kind == "team":
            raise TournamentError("round 1 is paired: late entries are for individual events")
        if settings.rounds and nxt > int(settings.rounds):
            raise TournamentError("round %d is past the Swiss rounds: no late entry" % nxt)
        return nxt

    def edit(self, who, **fields):
        """Changes a player's registration fields (name, pinyin, rating,
        club, seed, birth, sex, federation, player_id). The name's pinyin
        follows a new name unless given. Seeds are fixed once drawn."""
        e = self.entrant(who)
        fields = self._checked(fields) if fields else {}
        if "seed" in fields and self.get("drawn"):
            raise TournamentError("the numbers are drawn: the seeds are fixed (remove the draw first)")
        if "name" in fields and "pinyin" not in fields and (e.pinyin or "") == (surname_style(e.name) or ""):
            fields["pinyin"] = surname_style(fields["name"]) or None
        if not fields:
            raise TournamentError("nothing to change")
        with self.db:
            self.db.execute("update entrants set %s where id = ?" % ", ".join("%s = ?" % k for k in fields),
                            tuple(fields.values()) + (e.id,))
        return self.entrant("%d" % (e.number or e.id))

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
        """A number ('12' or '#12': the pairing number once drawn, the
        registration number before), or a name (or its pinyin) that only
        one entrant has. An ambiguous name is refused with the candidates."""
        kind = kind or ("team" if self.kind == "team" else "player")
        who = " ".join(str(who).split())
        digits = who[1:] if who.startswith("#") else who
        if digits.isdigit():
            col = "number" if self.get("drawn") else "id"
            row = self.db.execute("select * from entrants where kind = ? and %s = ?" % col,
                                  (kind, int(digits))).fetchone()
            if row is None:
                raise TournamentError("no entrant number %s" % digits)
            return Entrant(row)
        rows = self.db.execute("select * from entrants where kind = ? and name = ?", (kind, who)).fetchall() or             self.db.execute("select * from entrants where name = ?", (who,)).fetchall() or             self.db.execute("select * from entrants where kind = ? and upper(pinyin) = upper(?)", (kind, who)).fetchall()
        if not rows:
            raise TournamentError("no entrant %r" % who)
        if len(rows) > 1:
            es = [Entrant(r) for r in rows]
            shown = display_names(es, all_shown=True)
            raise TournamentError("%r is ambiguous: %s; give the number" % (
                who, ", ".join("%s %s" % (e.number or e.id, shown[e.id]) for e in es)))
        return Entrant(rows[0])

    def display_names(self):
        """entrant id -> the name as lists print it: a name two entrants
        share gets its club, or its number when the clubs are the same."""
        return display_names(list(self.by_id().values()))

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


def display_names(entrants, all_shown=False):
    """id -> name, with '(club)' or '(#number)' added to a name shared by
    several (all of them when all_shown).

    >>> class E:
    ...     def __init__(self, id, name, club, number): self.id, self.name, self.club, self.number = id, name, club, number
    >>> display_names([E(1, '王伟', '杭州', 4), E(2, '王伟', '杭州', 9), E(3, '李强', None, 1)])
    {1: '王伟 (#4)', 2: '王伟 (#9)', 3: '李强'}
    """
    by_name = {}
    for e in entrants:
        by_name.setdefault(e.name, []).append(e)
    out = {}
    for name, same in by_name.items():
        clubs = [e.club for e in same]
        for e in same:
            if len(same) == 1 and not all_shown:
                out[e.id] = name
            elif e.club and clubs.count(e.club) == 1:
                out[e.id] = "%s (%s)" % (name, e.club)
            else:
                out[e.id] = "%s (#%s)" % (name, e.number or e.id)
    return out
