"""An event in one SQLite file: its Settings, entrants, rounds, pairings,
games and results.

The pairing system (`Settings.system`) is looked up in `systems.SYSTEMS`;
this module stores what the system draws and pairs, and reads it back.

>>> ev = Tournament.create(':memory:', 'Club night', system='swiss', rounds=5, seed=7)
>>> ev
Tournament('Club night', swiss, individual)
>>> for name in 'ABCD':
...     _ = ev.add_player(name)
>>> ev.draw(seed=1)
>>> ev.pair()
Round(1, 2 pairings, stage='main')
>>> ev.set_result(1, 1, '1-0')
>>> ev.pair()
Traceback (most recent call last):
...
xqboard.tournament.refusal.TournamentError: round 1 is not finished (results missing); --provisional pairs a Swiss anyway (appendix 2, principle 8)
"""
import dataclasses
import json
import os
import random
import sqlite3
from typing import List, Optional

from . import tiebreaks
from .db import SCHEMA_VERSION, connect, upgrade
from .entry import Entry, enter
from .eventzone import check_tz
from .refusal import TournamentError
from .lineups import board_games_individual, board_games_team, check_lineup, default_lineup
from .records import event_records
from .scoring import Scoring
from .roster import Roster
from .stored import Pairing, Round

KINDS = ("individual", "team")
LINEUPS = ("fixed", "substitutes", "adhoc", "allplay")   # 11.1-11.4 (11.5: team totals of an individual event)
LEVELS = ("national", "provincial", "junior")
FIRST_ROUND = ("near", "fold", "slide")
RANK_BY = ("match_points", "game_points")
LATE_POINTS = ("loss", "draw", "bye")   # a late entry's missed rounds: none, a draw, the first as his bye


@dataclasses.dataclass
class Settings:
    """What an event is played by, fixed when it is created.

    >>> s = Settings('Club night', system='roundrobin').check()
    >>> s
    Settings('Club night', system='roundrobin', tiebreaks=['sb', 'wins', 'direct', 'fouls', 'black_games', 'last_black'])
    >>> Settings('Open', system='swiss').check()
    Traceback (most recent call last):
    ...
    xqboard.tournament.refusal.TournamentError: a Swiss needs its number of rounds (appendix 2, principle 2)
    """

    name: str
    system: str = "swiss"              # a key of systems.SYSTEMS
    kind: str = "individual"           # or "team"
    rounds: Optional[int] = None       # a Swiss's rounds (swiss-ko: of the Swiss part)
    scoring: str = "2/1/0"             # win/draw/loss (13.1) or win/Red draw/Black draw/loss (13.3)
    tiebreaks: Optional[List[str]] = None  # art. 14 order; None: the default of the system
    level: str = "national"            # fouls rules
    boards: int = 4                    # boards of a team match
    lineup: str = "fixed"              # 11.1-11.4
    games: int = 1                     # games per match of an individual round robin (14.2)
    cycles: int = 1                    # 2: a double round robin
    groups: int = 2                    # groups of a group round robin (10.2)
    qualifiers: int = 8                # players into the knockout of 10.5
    elim_from: Optional[int] = None    # 10.6: first round preceded by an elimination
    elim_per_round: int = 1
    elim_keep: int = 2
    first: str = "near"                # round 1 of a Swiss: near, fold or slide
    seed: Optional[int] = None         # random seed of every lot
    date: str = ""
    tc: str = ""                       # the time control the boards are started with (6.1-6.5), '' = the board's
    city: str = ""
    arbiter: str = ""
    rank_by: str = "match_points"      # team events: or game_points (14.7)
    late_entries: bool = True          # a Swiss takes players after round 1 (the 2011 rules are silent)
    late_points: str = "loss"          # each round a late entry missed scores a loss, or a draw
    short: str = ""                    # the name the boards get (`new event=`); '' = made from `name` (short_name)
    tz: str = ""                       # the event's time zone, IANA (eventzone.py); '' = the host's

    def __repr__(self):
        changed = ["%s=%r" % (f.name, getattr(self, f.name)) for f in dataclasses.fields(self)[1:]
                   if getattr(self, f.name) != f.default]
        return "Settings(%s)" % ", ".join([repr(self.name)] + changed)

    def check(self):
        """Raises TournamentError for a setting out of range; fills in the
        default tie-breaks and writes the scoring in its normal form."""
        for what, v, allowed in (("system", self.system, tuple(systems())), ("kind", self.kind, KINDS),
                                 ("lineup", self.lineup, LINEUPS), ("level", self.level, LEVELS),
                                 ("first round", self.first, FIRST_ROUND)):
            if v not in allowed:
                raise TournamentError("%s %r: one of %s" % (what, v, ", ".join(allowed)))
        self.scoring = str(Scoring.parse(self.scoring))
        system = systems()[self.system]
        if system.needs_rounds and not self.rounds:
            raise TournamentError("a Swiss needs its number of rounds (appendix 2, principle 2)")
        if self.kind == "team" and system.individual_only:
            raise TournamentError("knockouts are for individual events here")
        if self.games not in (1, 2, 3, 4) or self.cycles not in (1, 2):
            raise TournamentError("games per match 1-4, cycles 1 or 2")
        if self.late_points not in LATE_POINTS:
            raise TournamentError("late points %r: one of %s" % (self.late_points, ", ".join(LATE_POINTS)))
        if self.rank_by not in RANK_BY or (self.rank_by == "game_points" and self.kind != "team"):
            raise TournamentError("--rank-by game_points (14.7) is for team events; otherwise match_points")
        if self.short:
            check_short(self.short)
        check_tz(self.tz)
        self.tiebreaks = list(self.tiebreaks or tiebreaks.default_order(self.system, self.kind, self.games))
        try:
            tiebreaks.check(self.tiebreaks)
        except ValueError as e:
            raise TournamentError(str(e))
        return self


SETTINGS = tuple(f.name for f in dataclasses.fields(Settings))


def _event_bound():
    """(the board's bound on `event=` in bytes, the escape it is measured
    after): firmware/link/bounds.py, the one declaration."""
    from .. import core  # noqa: F401  (firmware/ on sys.path)
    from game.events import escape
    from link import bounds

    return bounds.MAX["event"], lambda text: escape(text).replace(" ", "_")


def check_short(short):
    """TournamentError unless `short` fits the board's `event=` field."""
    most, wire = _event_bound()
    size = len(wire(short).encode())
    if not short.strip() or size > most:
        raise TournamentError("the short name %r is %d bytes on the board's link, at most %d "
                              "(firmware/link/bounds.py)" % (short, size, most))


def short_name(settings):
    """The event's name on the boards: its short name, or else the full
    name cut to whole characters within the board's bound.

    >>> short_name(Settings('2026年全国象棋个人锦标赛（男子组）'))
    '2026年全国象棋个人锦标赛（男子组）'
    >>> short_name(Settings('全国象棋个人锦标赛' * 3))
    '全国象棋个人锦标赛全国象棋个人锦标赛全国象'
    >>> short_name(Settings('Open', short='City Open'))
    'City Open'
    """
    if settings.short:
        return settings.short
    most, wire = _event_bound()
    name = settings.name.strip()
    while len(wire(name).encode()) > most:
        name = name[:-1].rstrip()
    return name


def systems():
    """The SYSTEMS table, loaded when something pairs or asks the system:
    the pairing algorithms are most of the library's import, and listing
    the players or entering a result needs none of them."""
    from .systems import SYSTEMS

    return SYSTEMS


class Tournament(Roster):
    """One event file. All changes run in one transaction each (see db).

    The entrants are a Roster (add_player, entrants, entrant...);
    then draw(), pair() and set_result() round by round, standings() or,
    for a knockout, champion(). The pairing rules are the System in
    `pairing_system`; `settings` are what the event was created with.
    """

    def __init__(self, db, path):
        self.db = db
        self.path = path

    # -- creating and opening ---------------------------------------------

    @classmethod
    def create(cls, path, name, **settings):
        """A new event file at `path` (':memory:' for none); `settings` are
        the fields of Settings."""
        if str(path) != ":memory:" and os.path.exists(path):
            raise TournamentError("%s exists already" % path)
        s = Settings(name, **settings).check()
        if s.seed is None:
            s.seed = random.SystemRandom().randrange(10 ** 9)
        db = connect(path)
        ev = cls(db, path)
        meta = dict(version=SCHEMA_VERSION, slots=None, **dataclasses.asdict(s))
        with db:
            for k, v in meta.items():
                db.execute("insert or replace into meta values (?, ?)", (k, json.dumps(v)))
        return ev

    @classmethod
    def open(cls, path):
        """The event of the file at `path`; TournamentError if it is none,
        or damaged (then every command refuses it, those that write too)."""
        if not os.path.exists(path):
            raise TournamentError("no event file %s (create it with `xqboard tournament new`)" % path)
        try:
            probe = sqlite3.connect("file:%s?mode=ro" % os.path.abspath(path), uri=True)
            ok = probe.execute("select value from meta where key = 'version'").fetchone()
            # every command that opens the file, those that write included,
            # refuses one whose pages are damaged (issue 26): quick_check
            # reads every page's header and the b-trees, ~1 ms for an event
            check = _quick_check(probe) if ok else "ok"
            probe.close()
        except sqlite3.DatabaseError:
            ok, check = None, "ok"
        if not ok:
            raise TournamentError("%s is not an event file (create one with `xqboard tournament new`)" % path)
        if check != "ok":
            raise TournamentError("%s: the event file is damaged (%s); `xqboard tournament restore %s` brings "
                                  "back a backup" % (path, check.splitlines()[0][:120], path))
        db = connect(path)
        ev = cls(db, path)
        if ev.get("version") in range(1, SCHEMA_VERSION):
            upgrade(db, ev.get("version"))
        if ev.get("version") != SCHEMA_VERSION:
            raise TournamentError("%s: an event file of version %s; this xqboard reads version %d"
                                  % (path, ev.get("version"), SCHEMA_VERSION))
        return ev

    def get(self, key, default=None):
        """A stored value: a setting, or the state kept beside them
        ('slots' of a bracket, 'drawn')."""
        row = self.db.execute("select value from meta where key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else default

    def set(self, key, value):
        with self.db:
            self.db.execute("insert or replace into meta values (?, ?)", (key, json.dumps(value)))

    @property
    def settings(self):
        """The event's Settings, as stored."""
        stored = {k: json.loads(v) for k, v in self.db.execute("select key, value from meta")}
        return Settings(**{k: stored[k] for k in SETTINGS if k in stored})

    @property
    def short_name(self):
        """The name `round start` gives the boards (Settings.short, or the
        full name within the board's bound: short_name())."""
        return short_name(self.settings)

    def set_short(self, short):
        """Sets the event's short name ('' : made from the full name again)."""
        if short:
            check_short(short)
        self.set("short", short)

    def set_tz(self, tz):
        """Sets the event's time zone (an IANA name, '' : the host's):
        the clock of every time its pages and printouts show."""
        self.set("tz", check_tz(tz))

    @property
    def tz(self):
        return self.get("tz", "")

    @property
    def pairing_system(self):
        """The System of systems.SYSTEMS this event is played by."""
        return systems()[self.system]

    @property
    def scoring(self):
        """The event's Scoring (13.1-13.3)."""
        return Scoring.parse(self.get("scoring"))

    @property
    def system(self):
        return self.get("system")

    @property
    def kind(self):
        return self.get("kind")

    def __repr__(self):
        return "Tournament(%r, %s, %s)" % (self.get("name"), self.system, self.kind)

    # -- numbers (the draw) --------------------------------------------------

    def draw(self, seed=None, lot=True):
        """Pairing numbers (and groups, bracket slots) before round 1, drawn
        by the event's system (see systems)."""
        if self.current_round:
            raise TournamentError("round 1 is paired: the numbers are fixed")
        es = self.entrants()
        if len(es) < 2:
            raise TournamentError("at least two entrants are needed")
        settings = self.settings
        rng = random.Random(settings.seed if seed is None else seed)
        ranked = sorted(es, key=lambda e: (e.seed is None, e.seed or 0, -(e.rating or 0), e.name))
        drawn = self.pairing_system.draw(ranked, settings, rng, lot)
        with self.db:
            if drawn.slots is not None:
                self.db.execute("insert or replace into meta values ('slots', ?)", (json.dumps(drawn.slots),))
            for eid, n in drawn.numbers.items():
                self.db.execute("update entrants set number = ?, grp = ? where id = ?", (n, drawn.groups.get(eid), eid))
            self.db.execute("insert or replace into meta values ('drawn', 'true')")

    # -- rounds ---------------------------------------------------------------

    @property
    def current_round(self):
        """The last round paired (0 before round 1)."""
        return self.db.execute("select coalesce(max(no), 0) from rounds").fetchone()[0]

    def rounds(self):
        """[(round number, stage)] of the rounds paired, in order."""
        return [tuple(r) for r in self.db.execute("select no, stage from rounds order by no")]

    def pairings(self, rnd=None):
        """The Pairings of round `rnd` (default: the last), by table."""
        rnd = rnd or self.current_round
        return [self._with_games(p) for p in
                self.db.execute("select * from pairings where round = ? order by table_no", (rnd,)).fetchall()]

    def stage_pairings(self, upto, stage="main"):
        """The pairings of the rounds up to `upto` of a stage, in order."""
        return [self._with_games(p) for p in self.db.execute(
            "select p.* from pairings p join rounds r on r.no = p.round where p.round <= ? and r.stage = ? "
            "order by p.round, p.table_no", (upto, stage)).fetchall()]

    def _with_games(self, row):
        games = self.db.execute("select * from games where pairing_id = ? order by game_no", (row["id"],)).fetchall()
        return Pairing(row, games)

    def float_history(self, upto):
        """(red, black, float_red, float_black) of every pairing up to
        round `upto` (appendix 2, principle 9)."""
        return self.db.execute("select red, black, float_red, float_black from pairings where round <= ?",
                               (upto,)).fetchall()

    def stage_of(self, rnd):
        """'main', 'ko', 'W' or 'F' (see Round), None for a round not paired."""
        row = self.db.execute("select stage from rounds where no = ?", (rnd,)).fetchone()
        return row[0] if row else None

    def planned_rounds(self):
        """Rounds the event plans with its entrants (see System.planned_rounds)."""
        return self.pairing_system.planned_rounds(self.settings, len(self.entrants()))

    def round_complete(self, rnd):
        return all(self.match_decided(p) for p in self.pairings(rnd))

    def match_decided(self, p):
        """Every game has its result (and a knockout match its winner)."""
        return self.pairing_system.match_decided(self, p)

    def pair(self, allow_unfinished=False):
        """Pairs the next round by the event's system. Unfinished games of the
        previous round stop it unless allow_unfinished (appendix 2, principle
        8: they count as draws for this pairing, which then stands)."""
        if not self.get("drawn"):
            self.draw()
        last = self.current_round
        if last and not self.round_complete(last) and not (allow_unfinished and self.pairing_system.provisional_pairing):
            raise TournamentError("round %d is not finished (results missing); --provisional pairs a Swiss anyway "
                                  "(appendix 2, principle 8)" % last)
        return self.pairing_system.pair(self, last + 1)

    def new_round(self, rnd, stage, pairs):
        """Stores a round. pairs: [(red, black or None, bracket, floats
        (red, black), result preset for every game or None)]."""
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
                for g, (rp, bp) in enumerate(self._board_games(rnd, red, black), 1):
                    board += 1
                    src = "withdrawal" if preset else None
                    self.db.execute("insert into games (pairing_id, game_no, board, red_player, black_player, result, source) "
                                    "values (?, ?, ?, ?, ?, ?, ?)", (pid, g, board, rp, bp, preset, src))
        return Round(rnd, self.pairings(rnd), stage)

    def set_rapid(self, pairing):
        """Marks the games of a pairing rapid (appendix 3 (5))."""
        with self.db:
            self.db.execute("update games set rapid = 1 where pairing_id = ?", (pairing.id,))

    def _board_games(self, rnd, red, black):
        if self.kind != "team":
            return board_games_individual(red, black, int(self.get("games") or 1))
        allplay = self.get("lineup") == "allplay"
        return board_games_team(self._lineup(rnd, red), self._lineup(rnd, black), allplay)

    def set_lineup(self, rnd, team, players):
        """A team's players for a round, in board order (11.2 substitutes keep
        the roster order; 11.3 any order; 11.1 the registered boards)."""
        t = self.entrant(team, kind="team")
        roster = self.members(t.id)
        names = {m.name: m for m in roster}
        chosen = []
        for p in players:
            if p not in names:
                raise TournamentError("%s is not in team %s" % (p, t.name))
            chosen.append(names[p])
        check_lineup(t, roster, chosen, self.get("lineup"), int(self.get("boards")))
        with self.db:
            self.db.execute("delete from lineups where round = ? and team = ?", (rnd, t.id))
            for i, m in enumerate(chosen, 1):
                self.db.execute("insert into lineups values (?, ?, ?, ?)", (rnd, t.id, i, m.id))

    def _lineup(self, rnd, team_id):
        rows = self.db.execute("select player from lineups where round = ? and team = ? order by pos",
                               (rnd, team_id)).fetchall()
        if rows:
            return [r[0] for r in rows]
        return default_lineup(self.by_id()[team_id], self.members(team_id), self.get("lineup"),
                                      int(self.get("boards")))

    def swiss_players(self, upto, provisional=True):
        """The Swiss pairing's view (swiss.SwissPlayer) of every entrant after round `upto`."""
        from .systems import positional_swiss

        return positional_swiss.swiss_players(self, upto, provisional)

    # -- knockout ---------------------------------------------------------------------------

    def knockout_pairings(self):
        """The pairings of the knockout matches played so far, in order."""
        return self.pairing_system.knockout_pairings(self)

    def match_winner(self, p):
        """A knockout match's winner, None while undecided or tied."""
        from .systems import bracket_play

        return bracket_play.match_winner(self, p)

    def set_winner(self, rnd, table, who):
        """The arbiter decides a tied knockout match (play-off or lot, 10.4)."""
        p = self._pairing(rnd, table)
        e = self.entrant(who)
        if e.id not in (p.red, p.black):
            raise TournamentError("%s does not play round %d table %d" % (e.name, rnd, table))
        with self.db:
            self.db.execute("update pairings set winner = ? where id = ?", (e.id, p.id))

    def champion(self):
        """The knockout's winner, or None."""
        return self.pairing_system.champion(self)

    def final_state(self):
        """Double elimination final (appendix 3 (2)-(5)): (champion id or None,
        next game number or None, A, B)."""
        return self.pairing_system.final_state(self)

    # -- results ----------------------------------------------------------------------------

    def _pairing(self, rnd, table):
        for p in self.pairings(rnd):
            if p.table_no == table:
                return p
        raise TournamentError("round %d has no table %d" % (rnd, table))

    def game_at(self, rnd, board):
        """(pairing, game) at a hall board number (the boards' [Board] tag)."""
        row = self.db.execute("select g.*, p.round from games g join pairings p on p.id = g.pairing_id "
                              "where p.round = ? and g.board = ?", (rnd, board)).fetchone()
        if row is None:
            raise TournamentError("round %d has no board %d" % (rnd, board))
        return row

    def set_result(self, rnd, board, result, fouls_red=None, fouls_black=None, termination=None,
                   source="hand", force=False):
        """Enters one game's result by round and board number (entry.enter).
        A different result needs force; once the next round is paired it
        also returns the corrections.LateCorrection: the pairings the
        correction would have changed and what the arbiter can do. None
        when there is nothing to say."""
        return self.set_results(rnd, [Entry(board, result, fouls_red, fouls_black, termination)], force,
                                source).correction

    def set_results(self, rnd, entries, force=False, source="hand", faults=()):
        """Enters a round's results (entry.Entry each) all or nothing, every
        faulty one named (with the caller's `faults`); returns entry.Entered."""
        return enter(self, rnd, entries, force, source, faults)

    def withdraw(self, who, from_round=None):
        """19.1-19.3: the entrant plays no more from `from_round` (default:
        the next round). Round robin (19.2): with fewer than half of the
        opponents met, all the entrant's results are cancelled; otherwise
        they stand and the games left are forfeits won by the opponents.
        Swiss (19.3): results stand; a game already paired is forfeited."""
        e = self.entrant(who)
        rnd = from_round or self.current_round + 1
        all_play_all = self.pairing_system.all_play_all
        annul = 0
        if all_play_all:
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
                                "(result is null or ? = 'void')" % ("2" if all_play_all else "3"),
                                (res, p["id"], res))
        return annul

    def penalize(self, who, article, rnd=None, note=None):
        """18.1 warning, 18.2 disqualified from a game: ranked last among equal
        scores (18.5); 18.3 expulsion is a withdrawal."""
        e = self.entrant(who)
        if article == "18.3":
            return self.withdraw(who, rnd)
        if article not in ("18.1", "18.2"):
            raise TournamentError("penalty article: 18.1, 18.2 or 18.3")
        if rnd is not None and not (isinstance(rnd, int) and 1 <= rnd <= self.current_round):
            raise TournamentError("penalty round %r: a round paired so far (1-%d)" % (rnd, self.current_round))
        with self.db:
            self.db.execute("insert into penalties (entrant, round, article, note) values (?, ?, ?, ?)",
                            (e.id, rnd, article, note))

    def penalties(self):
        """entrant id -> (disqualifications 18.2, warnings 18.1); a team
        shares its players' penalties."""
        out = {}
        for r in self.db.execute("select entrant, article from penalties"):
            d = out.setdefault(r[0], [0, 0])
            d[0 if r[1] == "18.2" else 1] += 1
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
        upto = upto if upto is not None else self.current_round
        return event_records(self, upto, provisional, stage)

    def standings(self, upto=None, group=None):
        """Rows best first (see standings.rank), the event's tie-break order;
        a group round robin ranks each group (10.2)."""
        from . import ranking

        return ranking.standings(self, upto, group)

    def last_complete_round(self):
        """The last main-stage round with every result in (the standings'
        default); a round still being played is left out."""
        last = self.db.execute("select coalesce(max(no), 0) from rounds where stage = 'main'").fetchone()[0]
        while last and not self.round_complete(last):
            last -= 1
        return last

    def team_totals(self, upto=None):
        """11.5 and 14.8 for an individual event: (club, points, placings
        sum, best place) by club, best first."""
        from . import ranking

        return ranking.team_totals(self, upto)


def _quick_check(db):
    # "ok", or what SQLite's quick_check finds wrong (a page it cannot read)
    try:
        return db.execute("pragma quick_check").fetchone()[0]
    except sqlite3.DatabaseError as e:
        return str(e)
