"""The event around the boards, for the live page: every round's games
(finished ones replayable in the viewer), and, with a tournament file
attached (`xqboard broadcast --tournament`), its players, pairings and
standings (docs/HALL.md, "The event").

  /rounds/<round>.json                 the round's games as board states (hall/boardview.py)
  /rounds/<round>/<device>/<game>.json one game ply by ply, for the viewer (exports.steps)
  /event/players.json                  number, name (duplicates told apart), club, rating, score
  /event/pairings.json                 the round's pairing list (?round=N; default: the last paired)
  /event/standings.json                the standings, with the tie-breaks of art. 14
  /standings                           the page of the two (static/standings.html)

The games come from hall/rounds.py's Rounds over the public hub (with a
broadcast delay, the delayed one: nothing here is ahead of the live
page); the lists from the organiser's own functions (tournament/lists.py),
read from the file at each request, so a result `broadcast` confirms into
it (hall/results.py) is on the next read.
"""
import contextlib
import os
from pathlib import Path

from starlette.responses import FileResponse, JSONResponse, PlainTextResponse
from starlette.routing import Route

from ..tournament.refusal import TournamentError
from ..tournament.event import Tournament
from ..tournament.eventzone import clock_text, iso_text
from ..tournament.lists import TB_TITLES, num, pairing_list, standings_list
from . import exports

NO_STORE = {"Cache-Control": "no-cache"}  # a list changes when a result is confirmed: ask each time


def side_json(side):
    """A lists.Side as the pages read it."""
    if side is None:
        return None
    return {"number": side.number, "name": side.name, "club": side.club, "rating": side.rating,
            "points": None if side.points is None else num(side.points)}


def pairings_json(pl):
    rows = []
    for row in pl.rows:
        rows.append({"table": row.table, "red": side_json(row.red), "black": side_json(row.black),
                     "rest": row.rest, "label": row.label, "score": row.score,
                     "games": [{"board": g.board, "red": side_json(g.red), "black": side_json(g.black),
                                "result": g.result} for g in row.games]})
    return {"event": pl.event, "round": pl.round, "team": pl.team, "rows": rows}


def tiebreak_json(t):
    """A tie-break column: its title, its words apart in each language (the
    pages show one) and its article, which stays a number in both."""
    en, zh = TB_TITLES[t.name].rsplit(" ", 1)
    return {"name": t.name, "title": t.title, "en": en, "zh": zh, "article": t.article}


def standings_json(st):
    return {"event": st.event, "after": st.after, "in_play": st.in_play, "when": st.when(),
            "results_in": st.results_in, "games": st.games,
            "scoring": st.scoring, "tiebreaks": [tiebreak_json(t) for t in st.tiebreaks],
            "rows": [{"rank": r.rank, "shared": r.shared, "number": r.number, "name": r.name, "club": r.club,
                      "rating": r.rating, "score": num(r.score), "tiebreaks": r.tiebreaks, "note": r.note}
                     for r in st.rows]}


def players_json(st):
    """Every entrant by number, the score of the standings beside it."""
    rows = sorted(st.rows, key=lambda r: (r.number is None, r.number or 0))
    return {"event": st.event, "when": st.when(),
            "players": [{"number": r.number, "name": r.name, "club": r.club, "rating": r.rating,
                         "score": num(r.score), "rank": r.rank} for r in rows]}


def file_version(path):
    """What changes with every write to the SQLite file at `path` (WAL
    mode: the write goes to `-wal` until a checkpoint): (mtime ns, size) of
    both; OSError if the file is not there."""
    main = os.stat(path)
    try:
        wal = os.stat(str(path) + "-wal")
        wal = (wal.st_mtime_ns, wal.st_size)
    except OSError:
        wal = None
    return (main.st_mtime_ns, main.st_size, wal)


def changed_at(path):
    """Unix time s of the file's last write (its own or its WAL's)."""
    version = file_version(path)
    return max(version[0], version[2][0] if version[2] else 0) / 1e9


class EventZone:
    """The time zone of the tournament file at `path` (Settings.tz,
    tournament/eventzone.py; '' : the host's, and with no file), read again
    when the file changes: the clock of every time the pages show, rendered
    here, 24-hour (a viewer's browser elsewhere shows the event's time)."""

    def __init__(self, path=None):
        self.path = str(path) if path else None
        self.seen = None  # the file's mtime at the last read
        self.tz = ""

    def name(self):
        if self.path is None:
            return self.tz
        try:
            mtime = file_version(self.path)
        except OSError:
            return self.tz
        if mtime != self.seen:
            self.seen = mtime
            try:
                ev = Tournament.open(self.path)
            except TournamentError:
                return self.tz  # (the lists say why)
            with contextlib.closing(ev.db):
                self.tz = ev.tz
        return self.tz

    def clock(self, ts, seconds=True):
        """'17:20:05' of Unix time `ts` in the event's zone."""
        return clock_text(ts, self.name(), seconds)

    def stamp(self, ts):
        """{"updated": '17:20', "updated_at": ISO 8601 with the offset, "tz"}: when a list last changed."""
        return {"updated": self.clock(ts, seconds=False), "updated_at": iso_text(ts, self.name()), "tz": self.name()}


def event_lists(path, zone):
    """{"players", "standings", "pairings" (the last paired round)} of the
    tournament file at `path`, each stamped with the file's last change in
    the event's zone (EventZone.stamp); TournamentError if it cannot be read.
    What the pages serve, and what `broadcast --public-feed` publishes for
    the replicas (hall/publicfeed.py)."""
    # (the stamp before the file is opened: opening it makes a new WAL,
    # whose time would read as a change: "updated" = when someone looked)
    stamp = zone.stamp(changed_at(path))
    ev = Tournament.open(path)
    with contextlib.closing(ev.db):
        st = standings_list(ev)
        pl = pairings_json(pairing_list(ev)) if ev.current_round else {"round": None, "rows": []}
        return {"players": dict(players_json(st), **stamp), "standings": dict(standings_json(st), **stamp),
                "pairings": dict(pl, **stamp)}


class ListsWatch:
    """The lists of the tournament file at `path` each time it changes
    (`changed()`: event_lists' dict, or None while the file is as last
    read): what `broadcast --public-feed` publishes for the replicas."""

    def __init__(self, path, zone=None):
        self.path = str(path)
        self.zone = zone or EventZone(self.path)
        self.seen = None

    def changed(self):
        try:
            mtime = file_version(self.path)
        except OSError:
            return None
        if mtime == self.seen:
            return None
        try:
            lists = event_lists(self.path, self.zone)
        except TournamentError:
            return None  # (read again at its next change)
        self.seen = mtime
        return lists


class EventPages:
    """The routes above over `rounds` (hall/rounds.py, of the public hub)
    and the tournament file at `tournament` (None: the lists answer 404),
    its times in `zone`'s (EventZone). A replica has no file: `published`
    (hall/replica.py's Replica) gives the lists the primary published
    (its `lists()`: event_lists' dict, or None before the first)."""

    def __init__(self, rounds, tournament=None, zone=None, published=None):
        self.rounds = rounds
        self.tournament = str(tournament) if tournament else None
        self.zone = zone or EventZone(self.tournament)
        self.published = published

    async def round_games(self, request):
        name = request.path_params["round"]
        boards = self.rounds.states(name)
        if boards is None:
            return PlainTextResponse("no round %s in this hall" % name, status_code=404)
        for b in boards:
            b["export"] = "/rounds/%s/%s/%s.json" % (name, b["device"], b["game"])
        return JSONResponse({"round": name, "current": self.rounds.current(), "boards": boards}, headers=NO_STORE)

    async def round_game(self, request):
        p = request.path_params
        try:
            steps = self.rounds.written(p["round"], p["device"], p["game"], exports.steps)
        except (KeyError, ValueError):  # (ValueError: a game that is no number)
            return PlainTextResponse("no such game in round %s" % p["round"], status_code=404)
        return JSONResponse(steps)

    def published_list(self, kind, rnd):
        """A replica's copy of list `kind` (read-only: what the primary published)."""
        got = self.published.lists()
        if got is None or kind not in got:
            return PlainTextResponse("no lists published by the primary yet", status_code=404)
        if rnd and str(got[kind].get("round")) != rnd:
            return PlainTextResponse("a replica has the last paired round's pairings only", status_code=404)
        return JSONResponse(got[kind], headers=NO_STORE)

    def lists(self, build):
        """JSONResponse of build(event) over the tournament file, or 404."""
        if self.tournament is None:
            return PlainTextResponse("no tournament file attached (broadcast --tournament)", status_code=404)
        try:
            stamp = self.zone.stamp(changed_at(self.tournament))  # (before the open: lists_of)
            ev = Tournament.open(self.tournament)
        except (TournamentError, OSError) as e:
            return PlainTextResponse(str(e), status_code=404)
        with contextlib.closing(ev.db):
            try:
                return JSONResponse(dict(build(ev), **stamp), headers=NO_STORE)
            except (TournamentError, OSError) as e:
                return PlainTextResponse(str(e), status_code=404)

    async def players(self, request):
        if self.published is not None:
            return self.published_list("players", None)
        return self.lists(lambda ev: players_json(standings_list(ev)))

    async def standings(self, request):
        if self.published is not None:
            return self.published_list("standings", None)
        return self.lists(lambda ev: standings_json(standings_list(ev)))

    async def pairings(self, request):
        rnd = request.query_params.get("round", "")
        if rnd and not rnd.isdigit():
            return PlainTextResponse("round: a number", status_code=400)
        if self.published is not None:
            return self.published_list("pairings", rnd)
        return self.lists(lambda ev: pairings_json(pairing_list(ev, int(rnd) if rnd else None))
                          if ev.current_round else {"round": None, "rows": []})

    async def standings_page(self, request):
        return FileResponse(Path(__file__).resolve().parent / "static" / "standings.html")

    def routes(self):
        return [Route("/rounds/{round}.json", self.round_games),
                Route("/rounds/{round}/{device}/{game}.json", self.round_game),
                Route("/event/players.json", self.players),
                Route("/event/pairings.json", self.pairings),
                Route("/event/standings.json", self.standings),
                Route("/standings", self.standings_page)]
