"""An event in one SQLite file: entrants, rounds, pairings, games, results.

>>> ev = Event.create(':memory:', 'Club night', system='swiss', rounds=5)
>>> for name in 'ABCD':
...     _ = ev.add_player(name)
>>> ev.draw(seed=1)
>>> len(ev.pair().pairs)
2
"""
import json
import os
import random
import sqlite3

from ..errors import UsageError
from . import knockout, roundrobin, swiss, tiebreaks
from .db import SCHEMA_VERSION, connect
from .scoring import FORFEITS, PLAYED, Scoring, outcome, parse_result
from .standings import Record, placings_sum, rank

SYSTEMS = ("roundrobin", "groups", "swiss", "swiss-ko", "swiss-elim", "knockout", "double")
KINDS = ("individual", "team")
LINEUPS = ("fixed", "substitutes", "adhoc", "allplay")   # 11.1-11.4 (11.5: team totals of an individual event)
LEVELS = ("national", "provincial", "junior")
FIRST_ROUND = ("near", "fold", "slide")


class Entrant:
    """A player or a team as stored."""

    def __init__(self, row):
        for k in row.keys():
            setattr(self, k, row[k])

    def __repr__(self):
        return "Entrant(%d, %r, number=%r)" % (self.id, self.name, self.number)


class Pairing:
    def __init__(self, row, games):
        for k in row.keys():
            setattr(self, k, row[k])
        self.games = games

    def __repr__(self):
        return "Pairing(round=%d, table=%d, %r-%r)" % (self.round, self.table_no, self.red, self.black)


class Round:
    def __init__(self, no, pairs, stage="main", note=""):
        self.no, self.pairs, self.stage, self.note = no, pairs, stage, note

    def __repr__(self):
        return "Round(%d, %d pairings, stage=%r)" % (self.no, len(self.pairs), self.stage)


class Event:
    """One event. All changes run in one transaction each (see db)."""

    def __init__(self, db, path):
        self.db = db
        self.path = path

    # -- creating and opening ---------------------------------------------

    @classmethod
    def create(cls, path, name, system="swiss", kind="individual", rounds=None, scoring="2/1/0",
               tiebreaks=None, level="national", boards=4, lineup="fixed", games=1, cycles=1, groups=2,
               qualifiers=8, elim_from=None, elim_per_round=1, elim_keep=2, first="near", seed=None,
               date="", city="", arbiter="", rank_by="match_points"):
        if str(path) != ":memory:" and os.path.exists(path):
            raise UsageError("%s exists already" % path)
        for what, v, allowed in (("system", system, SYSTEMS), ("kind", kind, KINDS), ("lineup", lineup, LINEUPS),
                                 ("level", level, LEVELS), ("first round", first, FIRST_ROUND)):
            if v not in allowed:
                raise UsageError("%s %r: one of %s" % (what, v, ", ".join(allowed)))
        sc = Scoring.parse(scoring)
        if system in ("swiss", "swiss-ko", "swiss-elim") and not rounds:
            raise UsageError("a Swiss needs its number of rounds (appendix 2, principle 2)")
        if kind == "team" and system in ("knockout", "double", "swiss-ko"):
            raise UsageError("knockouts are for individual events here")
        if games not in (1, 2, 3, 4) or cycles not in (1, 2):
            raise UsageError("games per match 1-4, cycles 1 or 2")
        if rank_by not in ("match_points", "game_points") or (rank_by == "game_points" and kind != "team"):
            raise UsageError("--rank-by game_points (14.7) is for team events; otherwise match_points")
        order = tiebreaks or tiebreaks_default(system, kind, games)
        try:
            _check_tiebreaks(order)
        except ValueError as e:
            raise UsageError(str(e))
        db = connect(path)
        ev = cls(db, path)
        meta = dict(version=SCHEMA_VERSION, name=name, system=system, kind=kind, rounds=rounds, scoring=str(sc),
                    tiebreaks=order, level=level, boards=boards, lineup=lineup, games=games, cycles=cycles,
                    groups=groups, qualifiers=qualifiers, elim_from=elim_from, elim_per_round=elim_per_round,
                    elim_keep=elim_keep, first=first, seed=seed if seed is not None else random.SystemRandom().randrange(10 ** 9),
                    date=date, city=city, arbiter=arbiter, slots=None, rank_by=rank_by)
        with db:
            for k, v in meta.items():
                db.execute("insert or replace into meta values (?, ?)", (k, json.dumps(v)))
        return ev

    @classmethod
    def open(cls, path):
        if not os.path.exists(path):
            raise UsageError("no event file %s (create it with `xqboard tournament new`)" % path)
        try:
            probe = sqlite3.connect("file:%s?mode=ro" % os.path.abspath(path), uri=True)
            ok = probe.execute("select value from meta where key = 'version'").fetchone()
            probe.close()
        except sqlite3.DatabaseError:
            ok = None
        if not ok:
            raise UsageError("%s is not an event file (create one with `xqboard tournament new`)" % path)
        db = connect(path)
        ev = cls(db, path)
        if ev.get("version") != SCHEMA_VERSION:
            raise UsageError("%s: not an event file of this version" % path)
        return ev

    def get(self, key, default=None):
        row = self.db.execute("select value from meta where key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else default

    def set(self, key, value):
        with self.db:
            self.db.execute("insert or replace into meta values (?, ?)", (key, json.dumps(value)))

    @property
    def scoring(self):
        return Scoring.parse(self.get("scoring"))

    @property
    def system(self):
        return self.get("system")

    @property
    def kind(self):
        return self.get("kind")

    def __repr__(self):
        return "Event(%r, %s, %s)" % (self.get("name"), self.system, self.kind)

    # -- entrants -----------------------------------------------------------

    def add_team(self, name, club=None, rating=None, seed=None):
        if self.kind != "team":
            raise UsageError("teams are for team events (kind team)")
        return self._insert(kind="team", name=name, club=club, rating=rating, seed=seed)

    def add_player(self, name, rating=None, club=None, seed=None, team=None):
        team_id = roster = None
        if self.kind == "team":
            if not team:
                raise UsageError("a player of a team event needs --team")
            t = self.entrant(team, kind="team")
            team_id = t.id
            roster = 1 + self.db.execute("select count(*) from entrants where team_id = ?", (t.id,)).fetchone()[0]
        return self._insert(kind="player", name=name, rating=rating, club=club, seed=seed, team_id=team_id, roster=roster)

    def _insert(self, **kw):
        if not kw["name"] or not kw["name"].strip():
            raise UsageError("a name is needed")
        kw["name"] = " ".join(kw["name"].split())
        if self._rounds():
            raise UsageError("round 1 is paired: entrants can no longer be added")
        cols = ", ".join(kw)
        try:
            with self.db:
                cur = self.db.execute("insert into entrants (%s) values (%s)" % (cols, ", ".join("?" * len(kw))),
                                      tuple(kw.values()))
                # a new entrant means a new draw (the numbers are not fixed yet)
                self.db.execute("update entrants set number = null")
                self.db.execute("delete from meta where key = 'drawn'")
        except Exception as e:
            if "UNIQUE" in str(e):
                raise UsageError("%r is entered already" % kw["name"])
            raise
        return cur.lastrowid

    def remove(self, who):
        """Withdrawal before the start (14.4): the entrant is taken out and
        the numbers must be drawn again."""
        e = self.entrant(who)
        if self._rounds():
            raise UsageError("the event has started: use withdraw (19.1-19.3)")
        with self.db:
            self.db.execute("delete from entrants where id = ? or team_id = ?", (e.id, e.id))
            self.db.execute("update entrants set number = null")
            self.db.execute("delete from meta where key = 'drawn'")

    def entrants(self, kind=None):
        kind = kind or ("team" if self.kind == "team" else "player")
        rows = self.db.execute("select * from entrants where kind = ? order by coalesce(grp, 0), number, "
                               "coalesce(seed, 1e9), rating desc, id", (kind,)).fetchall()
        return [Entrant(r) for r in rows]

    def members(self, team_id):
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
            raise UsageError("no entrant %r" % who)
        return Entrant(row)

    def by_id(self):
        return {r["id"]: Entrant(r) for r in self.db.execute("select * from entrants")}

    # -- numbers (the draw) --------------------------------------------------

    def draw(self, seed=None, lot=True):
        """Pairing numbers before round 1: a lot for round robins (appendix 1),
        seeds on odd and the others on even numbers for the Swiss (appendix
        2, method 1), seeds on positions 1-8 (1-4 for the double) and the
        others drawn for knockouts (appendix 3), snake groups (10.2)."""
        if self._rounds():
            raise UsageError("round 1 is paired: the numbers are fixed")
        es = self.entrants()
        if len(es) < 2:
            raise UsageError("at least two entrants are needed")
        rng = random.Random(self.get("seed") if seed is None else seed)
        ranked = sorted(es, key=lambda e: (e.seed is None, e.seed or 0, -(e.rating or 0), e.name))
        system = self.system
        numbers, groups = {}, {}
        if system == "roundrobin":
            order = list(ranked)
            if lot:
                rng.shuffle(order)
            numbers = {e.id: i for i, e in enumerate(order, 1)}
        elif system == "groups":
            g = int(self.get("groups"))
            if g < 2 or len(es) < 2 * g:
                raise UsageError("groups: at least 2 groups of 2")
            for gi, members in enumerate(roundrobin.snake_groups(ranked, g), 1):
                if lot:
                    rng.shuffle(members)
                for i, e in enumerate(members, 1):
                    numbers[e.id] = i
                    groups[e.id] = gi
        elif system in ("knockout", "double"):
            size = 16 if system == "double" else max(4, knockout.bracket_size(len(es)))
            if system == "double" and len(es) > 16 or len(es) > 32 and system == "knockout":
                raise UsageError("%s: at most %d players" % (system, 16 if system == "double" else 32))
            if system == "double" and len(es) < 9:
                raise UsageError("the double elimination table is for 9-16 players")
            nseeds = 4 if system == "double" else size // 4
            seeds = [e for e in ranked if e.seed is not None][:nseeds]
            rest = [e for e in ranked if e not in seeds]
            if lot:
                rng.shuffle(rest)
            # positions: seeds 1..k; the byes (empty positions) face the seeds
            empty = {size + 1 - k for k in range(1, size - len(es) + 1)}
            free = [p for p in range(len(seeds) + 1, size + 1) if p not in empty]
            numbers = {e.id: i for i, e in enumerate(seeds, 1)}
            numbers.update({e.id: p for e, p in zip(rest, free)})
            pos = {p: eid for eid, p in numbers.items()}
            self.set("slots", [pos.get(p) for p in knockout.seed_order(size)])
        else:  # the Swiss family: seeds (upper half) odd, the others even
            half = (len(ranked) + 1) // 2
            top, bottom = ranked[:half], ranked[half:]
            if lot:
                rng.shuffle(top)
                rng.shuffle(bottom)
            numbers = {e.id: 2 * i + 1 for i, e in enumerate(top)}
            numbers.update({e.id: 2 * i + 2 for i, e in enumerate(bottom)})
        with self.db:
            for eid, n in numbers.items():
                self.db.execute("update entrants set number = ?, grp = ? where id = ?", (n, groups.get(eid), eid))
            self.db.execute("insert or replace into meta values ('drawn', 'true')")

    # -- rounds ---------------------------------------------------------------

    def _rounds(self):
        return self.db.execute("select coalesce(max(no), 0) from rounds").fetchone()[0]

    @property
    def current_round(self):
        return self._rounds()

    def pairings(self, rnd=None):
        rnd = rnd or self._rounds()
        out = []
        for p in self.db.execute("select * from pairings where round = ? order by table_no", (rnd,)).fetchall():
            games = self.db.execute("select * from games where pairing_id = ? order by game_no", (p["id"],)).fetchall()
            out.append(Pairing(p, games))
        return out

    def stage_of(self, rnd):
        row = self.db.execute("select stage from rounds where no = ?", (rnd,)).fetchone()
        return row[0] if row else None

    def planned_rounds(self):
        s = self.system
        n = len(self.entrants())
        if s == "roundrobin":
            return (roundrobin.largest_number(n) - 1) * int(self.get("cycles"))
        if s == "groups":
            # the group sizes of the snake (10.2), drawn or not yet
            sizes = [len(g) for g in roundrobin.snake_groups(list(range(n)), int(self.get("groups")))]
            return max(roundrobin.largest_number(k) - 1 for k in sizes if k >= 2) * int(self.get("cycles"))
        return self.get("rounds")

    def round_complete(self, rnd):
        return all(self.match_decided(p) for p in self.pairings(rnd))

    def match_decided(self, p):
        if p.black is None or p.bracket == "rest":
            return True
        if p.bracket and p.bracket.startswith("F") and self.system == "double":
            return all(g["result"] is not None for g in p.games)
        if all(g["result"] is not None for g in p.games):
            if p.bracket and self.stage_of(p.round) != "main" or self.system in ("knockout", "double"):
                return self._ko_winner(p) is not None
            return True
        return False

    def pair(self, lineups=None, allow_unfinished=False):
        """Pairs the next round by the event's system. Unfinished games of the
        previous round stop it unless allow_unfinished (appendix 2, principle
        8: they count as draws for this pairing, which then stands)."""
        if not self.get("drawn"):
            self.draw()
        last = self._rounds()
        if last and not self.round_complete(last) and not (allow_unfinished and self.system.startswith("swiss")):
            raise UsageError("round %d is not finished (results missing); --provisional pairs a Swiss anyway "
                             "(appendix 2, principle 8)" % last)
        rnd = last + 1
        s = self.system
        if s in ("roundrobin", "groups"):
            return self._pair_roundrobin(rnd, lineups)
        if s in ("knockout", "double"):
            return self._pair_knockout(rnd)
        if s == "swiss-ko" and rnd > int(self.get("rounds")):
            return self._pair_knockout(rnd)
        if rnd > int(self.get("rounds")):
            raise UsageError("all %d rounds are paired" % self.get("rounds"))
        return self._pair_swiss(rnd, lineups)

    def _new_round(self, rnd, stage, pairs, lineups=None):
        """pairs: [(red, black or None, bracket, floats (red, black), result for both)]"""
        with self.db:
            self.db.execute("insert into rounds (no, stage) values (?, ?)", (rnd, stage))
            board = 0
            for t, (red, black, bracket, floats, preset) in enumerate(pairs, 1):
                cur = self.db.execute(
                    "insert into pairings (round, table_no, red, black, bracket, float_red, float_black) "
                    "values (?, ?, ?, ?, ?, ?, ?)", (rnd, t, red, black, bracket, floats[0], floats[1]))
                pid = cur.lastrowid
                if black is None:
                    continue
                for g, (rp, bp) in enumerate(self._board_games(rnd, red, black, lineups), 1):
                    board += 1
                    res = preset
                    src = "withdrawal" if preset else None
                    self.db.execute("insert into games (pairing_id, game_no, board, red_player, black_player, result, source) "
                                    "values (?, ?, ?, ?, ?, ?, ?)", (pid, g, board, rp, bp, res, src))
        return Round(rnd, self.pairings(rnd), stage)

    def _board_games(self, rnd, red, black, lineups):
        """(red player, black player) of each game of a match. Individual: one
        game (or `games` games with colours alternating, appendix 1 notes).
        Team: board by board, the first-listed team Red on odd boards (12.2,
        12.3); all-play-all 11.4: every member against every member."""
        if self.kind != "team":
            n = int(self.get("games") or 1)
            return [(red, black) if g % 2 == 0 else (black, red) for g in range(n)]
        a, b = self._lineup(rnd, red, lineups), self._lineup(rnd, black, lineups)
        if self.get("lineup") == "allplay":
            out = []
            for i, pa in enumerate(a):
                for j, pb in enumerate(b):
                    out.append((pa, pb) if (i + j) % 2 == 0 else (pb, pa))
            return out
        return [(pa, pb) if k % 2 == 0 else (pb, pa) for k, (pa, pb) in enumerate(zip(a, b))]

    def set_lineup(self, rnd, team, players):
        """A team's players for a round, in board order (11.2 substitutes keep
        the roster order; 11.3 any order; 11.1 the registered boards)."""
        t = self.entrant(team, kind="team")
        roster = self.members(t.id)
        names = {m.name: m for m in roster}
        chosen = []
        for p in players:
            if p not in names:
                raise UsageError("%s is not in team %s" % (p, t.name))
            chosen.append(names[p])
        self._check_lineup(t, roster, chosen)
        with self.db:
            self.db.execute("delete from lineups where round = ? and team = ?", (rnd, t.id))
            for i, m in enumerate(chosen, 1):
                self.db.execute("insert into lineups values (?, ?, ?, ?)", (rnd, t.id, i, m.id))

    def _check_lineup(self, t, roster, chosen):
        boards = int(self.get("boards"))
        mode = self.get("lineup")
        ids = [m.id for m in chosen]
        if len(set(ids)) != len(ids):
            raise UsageError("a player twice in the lineup of %s" % t.name)
        if mode == "allplay":
            return
        if len(chosen) != boards:
            raise UsageError("%s: %d players for %d boards" % (t.name, len(chosen), boards))
        if mode == "fixed" and ids != [m.id for m in roster[:boards]]:
            raise UsageError("11.1 fixed boards: %s plays %s" % (t.name, ", ".join(m.name for m in roster[:boards])))
        if mode == "substitutes":
            order = [m.roster for m in chosen]
            if order != sorted(order):
                raise UsageError("11.2: the boards keep the roster order (%s)" % ", ".join(m.name for m in chosen))

    def _lineup(self, rnd, team_id, lineups):
        rows = self.db.execute("select player from lineups where round = ? and team = ? order by pos",
                               (rnd, team_id)).fetchall()
        if rows:
            return [r[0] for r in rows]
        roster = self.members(team_id)
        if self.get("lineup") == "allplay":
            return [m.id for m in roster]
        boards = int(self.get("boards"))
        if len(roster) < boards:
            raise UsageError("team %s has %d players for %d boards" % (self.by_id()[team_id].name, len(roster), boards))
        return [m.id for m in roster[:boards]]

    # -- round robin ------------------------------------------------------------

    def _pair_roundrobin(self, rnd, lineups):
        if rnd > self.planned_rounds():
            raise UsageError("all %d rounds are paired" % self.planned_rounds())
        by_group = {}
        for e in self.entrants():
            by_group.setdefault(e.grp or 0, []).append(e)
        cycles = int(self.get("cycles"))
        pairs = []
        for g in sorted(by_group):
            es = by_group[g]
            n = len(es)
            per = roundrobin.largest_number(n) - 1
            if rnd > per * cycles:
                continue
            cycle, idx = divmod(rnd - 1, per)
            num = {e.number: e for e in es}
            for a, b in roundrobin.table(n)[idx]:
                if cycle % 2:
                    a, b = b, a  # the second cycle swaps colours
                ea, eb = num.get(a), num.get(b)
                if ea is None or eb is None:
                    pairs.append(((ea or eb).id, None, "rest", (None, None), None))
                    continue
                pairs.append((ea.id, eb.id, "G%d" % g if g else None, (None, None), self._withdrawn_result(ea, eb, rnd)))
        return self._new_round(rnd, "main", pairs, lineups)

    def _withdrawn_result(self, a, b, rnd):
        """19.2/19.3: games of a withdrawn entrant are forfeits for the
        opponent; games with an entrant whose results were annulled are void."""
        wa = a.withdrawn_round is not None and a.withdrawn_round <= rnd
        wb = b.withdrawn_round is not None and b.withdrawn_round <= rnd
        if not (wa or wb):
            return None
        if a.annulled or b.annulled:
            return "void"
        if wa and wb:
            return "--"
        return "-+" if wa else "+-"

    # -- Swiss ----------------------------------------------------------------------

    def _active(self, rnd):
        return [e for e in self.entrants()
                if (e.withdrawn_round is None or e.withdrawn_round > rnd)
                and (e.eliminated_round is None or e.eliminated_round > rnd)]

    def swiss_players(self, upto, provisional=True):
        """The pairing's view of every entrant after round `upto`."""
        recs = self.records(upto, provisional=provisional)
        floats, down_all = {}, {}
        for row in self.db.execute("select red, black, float_red, float_black from pairings where round <= ?", (upto,)):
            for e, f in ((row["red"], row["float_red"]), (row["black"], row["float_black"])):
                if e is not None and f and f.startswith("down"):
                    down_all[e] = down_all.get(e, 0) + 1
                if e is not None and f and not f.endswith("!"):
                    d = floats.setdefault(e, [0, 0])
                    d[0 if f == "down" else 1] += 1
        out = {}
        for e in self.entrants():
            rs = sorted(recs.get(e.id, []), key=lambda r: r.round)
            sp = swiss.SwissPlayer(e.id, e.number or 0, score=sum(r.score for r in rs),
                                   colours=[r.colour for r in rs if r.colour and r.played],
                                   opponents=[r.opponent for r in rs if r.opponent is not None],
                                   byes=sum(1 for r in rs if r.bye))
            sp.down, sp.up = floats.get(e.id, (0, 0))
            sp.down_all = down_all.get(e.id, 0)
            out[e.id] = sp
        return out

    def _pair_swiss(self, rnd, lineups):
        if self.system == "swiss-elim":
            self._eliminate(rnd)
        active = self._active(rnd)
        players = self.swiss_players(rnd - 1)
        try:
            sr = swiss.pair_round([players[e.id] for e in active], rnd, int(self.get("rounds")), first=self.get("first"),
                                  rematch_ok=self.system == "swiss-elim")
        except swiss.PairingError as e:
            raise UsageError(str(e))
        pairs = []
        by_id = self.by_id()
        for red, black in sr.pairs:
            fl = tuple(_float_tag(sr.floats.get(x)) for x in (red, black))
            pairs.append((red, black, None, fl, self._withdrawn_result(by_id[red], by_id[black], rnd)))
        if sr.bye is not None:
            pairs.append((sr.bye, None, None, (None, None), None))
        r = self._new_round(rnd, "main", pairs, lineups)
        r.note = ("relaxed: " + ", ".join(sr.relaxed)) if sr.relaxed else ""
        return r

    def _eliminate(self, rnd):
        """10.6: from round elim_from on, the lowest `elim_per_round` players
        leave before each round, until elim_keep remain."""
        start = self.get("elim_from")
        if not start or rnd < int(start):
            return
        if self.db.execute("select count(*) from entrants where eliminated_round = ?", (rnd,)).fetchone()[0]:
            return  # done already (a pairing that failed or was cut short after it)
        active = self._active(rnd)
        keep = int(self.get("elim_keep") or 2)
        k = min(int(self.get("elim_per_round") or 1), max(0, len(active) - keep))
        if k <= 0:
            return
        rows = [r for r in self.standings(rnd - 1) if r.entrant in {e.id for e in active}]
        out = [r.entrant for r in rows[-k:]]
        with self.db:
            for e in out:
                self.db.execute("update entrants set eliminated_round = ? where id = ?", (rnd, e))

    # -- knockout ------------------------------------------------------------------------

    def _bracket(self):
        s = self.system
        if s == "double":
            structure = knockout.double_structure()
        else:
            structure = knockout.single_structure(len(self.get("slots")))
        decided = {}
        for p in self._ko_pairings():
            if p.bracket == "F" or p.bracket.startswith("F#"):
                continue
            w = self._ko_winner(p)
            if w is not None:
                decided[p.bracket] = w
        if s == "double":
            f = self.final_state()
            if f[0]:
                decided["F"] = f[0]
        return knockout.Bracket(structure, self.get("slots"), decided)

    def _ko_pairings(self):
        out = []
        for r in self.db.execute("select no from rounds where stage != 'main' or ? in ('knockout', 'double') order by no",
                                 (self.system,)):
            out.extend(p for p in self.pairings(r[0]) if p.bracket)
        return out

    def _ko_winner(self, p):
        if p.black is None:
            return p.red
        if p.winner is not None:
            return p.winner
        if any(g["result"] is None for g in p.games):
            return None
        sc = self.scoring
        pts = {p.red: 0, p.black: 0}
        for g in p.games:
            res = knockout.rapid_draw_with_foul(g["result"], g["fouls_red"], g["fouls_black"], g["rapid"])
            pts[g["red_player"]] += sc.points(res, "R")
            pts[g["black_player"]] += sc.points(res, "B")
        if pts[p.red] == pts[p.black]:
            return None  # a tie: play-off games or the arbiter's decision (set_winner)
        return p.red if pts[p.red] > pts[p.black] else p.black

    def final_state(self):
        """Double elimination final (appendix 3 (2)-(5)): (champion id or None,
        next game number or None, A, B)."""
        games, a, b = [], None, None
        for p in self._ko_pairings():
            if p.bracket.startswith("F"):
                for g in p.games:
                    if g["result"] is None:
                        continue
                    res = knockout.rapid_draw_with_foul(g["result"], g["fouls_red"], g["fouls_black"], g["rapid"])
                    a_colour = "R" if g["red_player"] == self._final_a() else "B"
                    games.append(outcome(res, a_colour))
        if self._final_a() is None:
            return None, None, None, None
        who, nxt = knockout.final_state(games)
        a, b = self._final_a(), self._final_b()
        return (a if who == "A" else b if who == "B" else None), nxt, a, b

    def _final_a(self):
        if self.system != "double":
            return None
        st = knockout.Bracket(knockout.double_structure(), self.get("slots"), self._decided_no_final())
        a, b = st.sides("F")
        return a if isinstance(a, int) else None

    def _final_b(self):
        st = knockout.Bracket(knockout.double_structure(), self.get("slots"), self._decided_no_final())
        a, b = st.sides("F")
        return b if isinstance(b, int) else None

    def _decided_no_final(self):
        d = {}
        for p in self._ko_pairings():
            if not p.bracket.startswith("F"):
                w = self._ko_winner(p)
                if w is not None:
                    d[p.bracket] = w
        return d

    def _pair_knockout(self, rnd):
        if self.system == "swiss-ko" and not self.get("slots"):
            q = int(self.get("qualifiers"))
            rows = self.standings(rnd - 1)[:q]
            size = knockout.bracket_size(len(rows))
            # 10.5: the Swiss ranks seed the knockout (rank k meets size+1-k)
            self.set("slots", [rows[k - 1].entrant if k <= len(rows) else None for k in knockout.seed_order(size)])
        rng_seed = self.get("seed")
        if self.system == "double":
            champ, nxt, a, b = self.final_state()
            if a is not None and b is not None:
                if champ is not None:
                    raise UsageError("the event is over: the final is decided (appendix 3)")
                first = random.Random("%s:F" % rng_seed).random() < 0.5
                # appendix 3 (4): game 1 by lot, then colours alternate
                red, black = (a, b) if first == (nxt % 2 == 1) else (b, a)
                rapid, _ = knockout.final_game_rules(nxt)
                r = self._new_round(rnd, "F", [(red, black, "F" if nxt == 1 else "F#%d" % nxt, (None, None), None)])
                if rapid:
                    with self.db:
                        self.db.execute("update games set rapid = 1 where pairing_id = ?", (r.pairs[0].id,))
                    r.pairs = self.pairings(rnd)
                r.note = "final game %d%s" % (nxt, " (rapid 10m+10s, appendix 3 (5))" if rapid else "")
                return r
        br = self._bracket()
        ready = br.ready()
        if not ready:
            raise UsageError("no match is ready: the knockout is over or results are missing")
        first_sched = ready[0][3]
        todo = [m for m in ready if m[3] == first_sched]
        pairs = []
        for label, a, b, _ in todo:
            # 12.4: colours by lot
            if random.Random("%s:%s" % (rng_seed, label)).random() < 0.5:
                a, b = b, a
            pairs.append((a, b, label, (None, None), None))
        if first_sched == 1:
            # appendix 3: the seeds' first-round byes, listed for the record
            pairs.extend((p, None, label, (None, None), None) for label, p in br.byes(1))
        return self._new_round(rnd, "ko" if self.system == "swiss-ko" else "W" if self.system == "double" else "ko", pairs)

    def set_winner(self, rnd, table, who):
        """The arbiter decides a tied knockout match (play-off or lot, 10.4)."""
        p = self._pairing(rnd, table)
        e = self.entrant(who)
        if e.id not in (p.red, p.black):
            raise UsageError("%s does not play round %d table %d" % (e.name, rnd, table))
        with self.db:
            self.db.execute("update pairings set winner = ? where id = ?", (e.id, p.id))

    def champion(self):
        if self.system == "double":
            return self.final_state()[0]
        if not self.get("slots"):
            return None
        br = self._bracket()
        size = len(self.get("slots"))
        return br.champion("R%d-1" % (size.bit_length() - 1))

    # -- results ----------------------------------------------------------------------------

    def _pairing(self, rnd, table):
        for p in self.pairings(rnd):
            if p.table_no == table:
                return p
        raise UsageError("round %d has no table %d" % (rnd, table))

    def game_at(self, rnd, board):
        """(pairing, game) at a hall board number (the boards' [Board] tag)."""
        row = self.db.execute("select g.*, p.round from games g join pairings p on p.id = g.pairing_id "
                              "where p.round = ? and g.board = ?", (rnd, board)).fetchone()
        if row is None:
            raise UsageError("round %d has no board %d" % (rnd, board))
        return row

    def set_result(self, rnd, board, result, fouls_red=None, fouls_black=None, termination=None,
                   source="hand", force=False):
        """Enters one game's result by round and board number."""
        result = parse_result(result) if result is not None else None
        g = self.game_at(rnd, board)
        if g["result"] is not None and g["result"] != result and not force:
            raise UsageError("round %d board %d has %s already (--force to change it)" % (rnd, board, g["result"]))
        with self.db:
            self.db.execute("update games set result = ?, fouls_red = coalesce(?, fouls_red), "
                            "fouls_black = coalesce(?, fouls_black), termination = coalesce(?, termination), "
                            "source = ? where id = ?", (result, fouls_red, fouls_black, termination, source, g["id"]))

    def withdraw(self, who, from_round=None):
        """19.1-19.3: the entrant plays no more from `from_round` (default:
        the next round). Round robin (19.2): with fewer than half of the
        opponents met, all the entrant's results are cancelled; otherwise
        they stand and the games left are forfeits won by the opponents.
        Swiss (19.3): results stand; a game already paired is forfeited."""
        e = self.entrant(who)
        rnd = from_round or self._rounds() + 1
        annul = 0
        if self.system in ("roundrobin", "groups"):
            n = len([x for x in self.entrants() if (x.grp or 0) == (e.grp or 0)])
            opponents = (n - 1) * int(self.get("cycles"))
            met = self.db.execute(
                "select count(*) from pairings p join games g on g.pairing_id = p.id and g.game_no = 1 "
                "where p.round < ? and (p.red = ? or p.black = ?) and p.black is not null and g.result in "
                "('1-0','0-1','1/2-1/2','+-','-+','--')", (rnd, e.id, e.id)).fetchone()[0]
            annul = 1 if met * 2 < opponents else 0
        with self.db:
            self.db.execute("update entrants set withdrawn_round = ?, annulled = ? where id = ?", (rnd, annul, e.id))
            if annul:
                self.db.execute("update games set result = 'void', source = 'withdrawal 19.2' where pairing_id in "
                                "(select id from pairings where red = ? or black = ?)", (e.id, e.id))
            for p in self.db.execute("select * from pairings where round >= ? and (red = ? or black = ?) "
                                     "and black is not null", (rnd, e.id, e.id)).fetchall():
                res = "void" if annul else ("-+" if p["red"] == e.id else "+-")
                self.db.execute("update games set result = ?, source = 'withdrawal 19.%s' where pairing_id = ? and "
                                "(result is null or ? = 'void')" % ("2" if self.system in ("roundrobin", "groups") else "3"),
                                (res, p["id"], res))
        return annul

    def penalize(self, who, article, rnd=None, note=None):
        """18.1 warning, 18.2 disqualified from a game: ranked last among equal
        scores (18.5); 18.3 expulsion is a withdrawal."""
        e = self.entrant(who)
        if article == "18.3":
            return self.withdraw(who, rnd)
        if article not in ("18.1", "18.2"):
            raise UsageError("penalty article: 18.1, 18.2 or 18.3")
        with self.db:
            self.db.execute("insert into penalties (entrant, round, article, note) values (?, ?, ?, ?)",
                            (e.id, rnd, article, note))

    def penalties(self):
        out = {}
        for r in self.db.execute("select entrant, article from penalties"):
            d = out.setdefault(r[0], [0, 0])
            d[0 if r[1] == "18.2" else 1] += 1
        # a team shares its players' penalties
        if self.kind == "team":
            for pid, (a, b) in list(out.items()):
                t = self.by_id()[pid].team_id
                if t:
                    d = out.setdefault(t, [0, 0])
                    d[0] += a
                    d[1] += b
        return {k: tuple(v) for k, v in out.items()}

    # -- records and standings ---------------------------------------------------------------------

    def records(self, upto=None, provisional=False, stage="main"):
        """entrant id -> [Record] for the rounds up to `upto` of the stage.
        provisional: unfinished games count as draws (appendix 2, principle 8)."""
        upto = upto if upto is not None else self._rounds()
        sc = self.scoring
        multi = self.kind == "team" or int(self.get("games") or 1) > 1
        by_id = self.by_id()
        recs = {e.id: [] for e in self.entrants()}
        rows = self.db.execute("select p.* from pairings p join rounds r on r.no = p.round "
                               "where p.round <= ? and r.stage = ? order by p.round, p.table_no",
                               (upto, stage)).fetchall()
        for p in rows:
            if p["bracket"] == "rest":
                continue
            if p["black"] is None:
                # 14.4: the bye scores as a win; a team's bye as won on every board
                boards = int(self.get("boards")) if self.kind == "team" else 1
                recs.setdefault(p["red"], []).append(Record(
                    p["round"], p["red"], None, None, sc.win, game_points=sc.win * boards, wins=boards,
                    outcome="W", bye=True, played=False))
                continue
            games = self.db.execute("select * from games where pairing_id = ? order by game_no", (p["id"],)).fetchall()
            if any(g["result"] == "void" for g in games):
                continue
            side = {}
            for e in (p["red"], p["black"]):
                side[e] = dict(gp=0, wins=0, bg=0, bw=0, fouls=0, pending=False, played=False, forfeit=False, out=None)
            for g in games:
                res = g["result"]
                for player, colour, fouls in ((g["red_player"], "R", g["fouls_red"]), (g["black_player"], "B", g["fouls_black"])):
                    ent = by_id[player].team_id if self.kind == "team" else player
                    d = side[ent]
                    d["fouls"] += fouls
                    if res is None:
                        if provisional:
                            d["gp"] += sc.points("1/2-1/2", colour)
                            d["played"] = True
                        else:
                            d["pending"] = True
                        continue
                    o = outcome(res, colour)
                    d["gp"] += sc.points(res, colour)
                    d["wins"] += o == "W"
                    d["played"] |= res in PLAYED
                    d["forfeit"] |= res in FORFEITS
                    if res in PLAYED and colour == "B":
                        d["bg"] += 1
                        d["bw"] += o == "W"
                    if not multi:
                        d["out"] = o
            red, black = p["red"], p["black"]
            for e, opp, colour in ((red, black, "R"), (black, red, "B")):
                d, o = side[e], side[opp]
                if multi:
                    score = sc.match_points(d["gp"], o["gp"])
                    out = "W" if d["gp"] > o["gp"] else "L" if d["gp"] < o["gp"] else "D"
                else:
                    score, out = d["gp"], d["out"]
                pending = d["pending"] or o["pending"]
                if pending:
                    score, out = 0, None
                recs.setdefault(e, []).append(Record(
                    p["round"], e, opp, colour, score, game_points=d["gp"], wins=d["wins"], black_games=d["bg"],
                    black_wins=d["bw"], fouls=d["fouls"], match_won=(out == "W"), pending=pending,
                    played=d["played"], outcome=out, forfeit=d["forfeit"] and not d["played"]))
        # 19.2: an entrant whose results are annulled is out of the table
        for e in list(recs):
            if by_id[e].annulled:
                del recs[e]
        return recs

    def standings(self, upto=None, group=None):
        """Rows best first (see standings.rank), the event's tie-break order."""
        if self.system in ("knockout", "double"):
            raise UsageError("a knockout has no score table: see `xqboard tournament bracket`")
        upto = upto if upto is not None else self._last_main_round()
        recs = self.records(upto)
        if self.system == "groups" or group is not None:
            es = {e.id: e for e in self.entrants()}
            out = []
            for g in sorted({e.grp for e in es.values()}) if group is None else [group]:
                sub = {k: v for k, v in recs.items() if es[k].grp == g}
                out.extend(self._rank(sub, upto))
            return out
        return self._rank(recs, upto)

    def _rank(self, recs, upto):
        if self.get("rank_by") == "game_points":
            # 14.7: a team Swiss may rank by the teams' total game points
            recs = {e: [_by_game_points(r) for r in rs] for e, rs in recs.items()}
        number = {e.id: e.number or 0 for e in self.entrants()}
        return rank(recs, self.get("tiebreaks"), self.penalties(), last_round=upto, number=number)

    def _last_main_round(self):
        """The last main-stage round with every result in (the standings'
        default); a round still being played is left out."""
        last = self.db.execute("select coalesce(max(no), 0) from rounds where stage = 'main'").fetchone()[0]
        while last and not self.round_complete(last):
            last -= 1
        return last

    def team_totals(self, upto=None):
        """11.5 and 14.8 for an individual event: by club, the sum of the
        players' points and of their places (fewer first), best place next."""
        rows = self.standings(upto)
        es = self.by_id()
        team_of = {r.entrant: es[r.entrant].club for r in rows if es[r.entrant].club}
        points = {}
        for r in rows:
            if r.entrant in team_of:
                points[team_of[r.entrant]] = points.get(team_of[r.entrant], 0) + r.score
        return [(t, points[t], s, b) for t, s, b in placings_sum(rows, team_of)]


def tiebreaks_default(system, kind, games=1):
    return tiebreaks.default_order(system, kind, games)


def _check_tiebreaks(order):
    tiebreaks.check(order)


def _by_game_points(r):
    c = Record(r.round, r.entrant, r.opponent, r.colour, r.game_points)
    for k in Record.__slots__:
        if k != "score":
            setattr(c, k, getattr(r, k))
    return c


def _float_tag(f):
    if not f:
        return None
    d, forced = f
    return d + ("!" if forced else "")
