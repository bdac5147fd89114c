"""The lists an arbiter reads and the hall's pages show: a round's pairing
list, the standings and the crosstable, as typed rows (plain objects, no
layout). views.py and sheets.py render them as text, CSV and the printed
page; the broadcast can read the same rows.

    pairing_list(event, rnd)     PairingList: PairingRow per table (Side, TableGame)
    standings_list(event, upto)  Standings: StandingRow per entrant
    crosstable_list(event, upto) Crosstable: CrossRow per entrant

Points are the event's own (its scoring, 13.1-13.3: 2/1/0 by default) in the
standings, the crosstable's cells and the pairing list alike; fouls are
counts; a tie-break's column is named with the article of art. 14 that puts
it in the event's order.

>>> from .event import Tournament
>>> ev = Tournament.create(':memory:', 'Club', system='roundrobin', seed=1)
>>> for n in 'ABC':
...     _ = ev.add_player(n, club='Hangzhou', rating=2000)
>>> r = ev.pair(); ev.set_result(1, 1, '1-0')
>>> s = standings_list(ev)
>>> s.after, s.in_play, [(row.rank, row.name, row.score) for row in s.rows]
(1, None, [(1, 'C', 2), (2, 'A', 0), (3, 'B', 0)])
>>> [t.title for t in s.tiebreaks][:2]
['SB 小分 (14.1)', 'Wins 胜局 (14.1)']
>>> r = ev.pair()
>>> standings_list(ev).in_play
2
"""
from . import tiebreaks
from .records import match_game_points
from .standings import scores_of

TB_TITLES = {
    "sb": "SB 小分", "wins": "Wins 胜局", "direct": "Direct 直胜", "fouls": "Fouls 犯规",
    "black_games": "Black 后走局数", "black_wins": "Black wins 后走胜局", "last_black": "Black vs 对局后走",
    "buchholz": "Opp 对手分", "previous": "Prev 前轮", "progressive": "Prog 累进分",
    "progressive_cut": "Prog cut 去轮累进", "game_points": "Games 局分", "match_wins": "Matches 胜场",
}


def num(v):
    """A number as printed: 2, 1.5 (never 2.0)."""
    if isinstance(v, float):
        return ("%d" % v) if v == int(v) else ("%.1f" % v)
    return str(v)


class Tiebreak:
    """A tie-break column: its name (tiebreaks.NAMES), title with its
    article ('Opp 对手分 (14.3.1)')."""

    def __init__(self, name, article):
        self.name, self.article = name, article
        self.title = "%s (%s)" % (TB_TITLES[name], article)

    def shown(self, value):
        """The value as an arbiter reads it: fouls as a count (the ranking
        keeps them negated, fewer first), the score after the round before
        (not every round's), the progressive score with round 1 cut."""
        if value in ("", None):
            return ""
        if self.name == "fouls":
            return num(-value)
        if isinstance(value, tuple):
            return num(value[0]) if value else ""
        return num(value)


def tiebreak_columns(event):
    order = event.get("tiebreaks") or []
    games = int(event.get("games") or 1)
    return [Tiebreak(t, tiebreaks.article(t, event.system, event.kind, games, order)) for t in order]


class Side:
    """One side of a pairing or a game: the entrant, its number, its name
    as lists show it, club, rating, and its points before the round."""

    __slots__ = ("entrant", "number", "name", "club", "rating", "points")

    def __init__(self, e, name, points=None):
        self.entrant, self.number, self.name = e.id, e.number, name
        self.club, self.rating, self.points = e.club, e.rating, points

    def __repr__(self):
        return "Side(%s %s)" % (self.number, self.name)


class TableGame:
    """One game of a pairing: its hall board number (the one `result`
    takes), the players and the result code (None: not in)."""

    __slots__ = ("board", "red", "black", "result")

    def __init__(self, board, red, black, result):
        self.board, self.red, self.black, self.result = board, red, black, result


class PairingRow:
    """One table: `red` (listed first, Red in an individual game), `black`
    (None for a bye or a rest), `label` (a knockout's bracket), `games`,
    `score` (a match's game points so far, red's side first, or None) and
    `match` (a team match or a match of several games: its games are the
    boards)."""

    __slots__ = ("table", "red", "black", "label", "games", "score", "match", "rest")

    def __init__(self, table, red, black, label, games, score, match, rest=False):
        self.table, self.red, self.black, self.label = table, red, black, label
        self.games, self.score, self.match, self.rest = games, score, match, rest


class PairingList:
    """A round's pairings: `event` (its name), `round`, `team`, `rows`."""

    def __init__(self, event, rnd, team, rows):
        self.event, self.round, self.team, self.rows = event, rnd, team, rows


def pairing_list(event, rnd=None):
    """The PairingList of round `rnd` (default: the last paired)."""
    rnd = rnd or event.current_round
    es, shown = event.by_id(), event.display_names()
    before = {}
    if rnd > 1:
        before = scores_of(event.records(rnd - 1, stage=event.stage_of(rnd) or "main"))
    team = event.kind == "team"
    rows = []
    for p in event.pairings(rnd):
        red = Side(es[p.red], shown[p.red], before.get(p.red, 0))
        if p.black is None:
            rows.append(PairingRow(p.table_no, red, None, p.bracket, [], None, False, rest=p.bracket == "rest"))
            continue
        black = Side(es[p.black], shown[p.black], before.get(p.black, 0))
        label = p.bracket if p.bracket and not p.bracket.startswith("G") else None
        games = [TableGame(g["board"], Side(es[g["red_player"]], shown[g["red_player"]]),
                      Side(es[g["black_player"]], shown[g["black_player"]]), g["result"]) for g in p.games]
        match = team or len(p.games) > 1
        rows.append(PairingRow(p.table_no, red, black, label, games,
                               match_game_points(event, p, es) if match else None, match))
    return PairingList(event.get("name"), rnd, team, rows)


class StandingRow:
    """One entrant's line: rank (shared: '=' before it), number, name,
    club, rating, group (10.2), score, `tiebreaks` (name -> value as
    printed), and a note (withdrew, eliminated)."""

    __slots__ = ("rank", "shared", "entrant", "number", "name", "club", "rating", "group", "score", "tiebreaks",
                 "note")

    def __init__(self, row, e, name, columns):
        self.rank, self.shared, self.entrant, self.score = row.rank, row.shared, row.entrant, row.score
        self.number, self.name, self.club, self.rating, self.group = e.number, name, e.club, e.rating, e.grp
        self.tiebreaks = {t.name: t.shown(row.values.get(t.name, "")) for t in columns}
        self.note = ("withdrew r%d" % e.withdrawn_round if e.withdrawn_round else
                     "out r%d" % e.eliminated_round if e.eliminated_round else "")

    def __repr__(self):
        return "StandingRow(%s%d %s %s)" % ("=" if self.shared else "", self.rank, self.name, num(self.score))


class Standings:
    """The standings after round `after` (the last complete round); while a
    round is being played `in_play` is its number and `results_in` how many
    of its games have a result (of `games`)."""

    def __init__(self, event, after, in_play, results_in, games, tiebreaks, grouped, scoring, rows):
        self.event, self.after, self.in_play, self.results_in, self.games = event, after, in_play, results_in, games
        self.tiebreaks, self.grouped, self.scoring, self.rows = tiebreaks, grouped, scoring, rows

    def when(self):
        """'after round 2 (round 3 in play: 12 of 20 results in)', 'before round 1', ..."""
        text = "after round %d" % self.after if self.after else "before round 1"
        if self.in_play:
            text += " (round %d in play: %d of %d results in)" % (self.in_play, self.results_in, self.games)
        return text


def _in_play(event, after):
    """(round being played or None, results in, games) after round `after`."""
    nxt = after + 1
    if nxt > event.current_round or event.stage_of(nxt) != "main":
        return None, 0, 0
    games = [g for p in event.pairings(nxt) for g in p.games]
    return nxt, sum(1 for g in games if g["result"] is not None), len(games)


def standings_list(event, upto=None):
    """The Standings after round `upto` (default: the last complete round)."""
    upto = upto if upto is not None else event.last_complete_round()
    es, shown = event.by_id(), event.display_names()
    columns = tiebreak_columns(event)
    rows = [StandingRow(r, es[r.entrant], shown[r.entrant], columns) for r in event.standings(upto)]
    in_play = _in_play(event, upto) if upto == event.last_complete_round() else (None, 0, 0)
    return Standings(event.get("name"), upto, *in_play, columns, event.pairing_system.grouped,
                     str(event.scoring), rows)


def cell_mark(record, team=False):
    """A game's cell in the event's points (a team match: its match
    points), + / - for a forfeit (20.3), 'bye' (14.4), 'late' for a round a
    late entry missed, '…' for a game not in."""
    if record.bye:
        return "bye"
    if record.opponent is None:
        return "late"
    if record.pending or record.outcome is None:
        return "…"
    if record.forfeit:
        return "+" if record.outcome == "W" else "-"
    return num(record.score)


class CrossRow(StandingRow):
    """A StandingRow with its crosstable `cells`, in the columns' order."""

    __slots__ = ("cells",)


class Crosstable:
    """After round `after`: `grid` (a round robin: a column per entrant, in
    the rows' order, × on the diagonal) or a column a round (`columns`:
    'R1', 'R2', ...; a cell '12R2' is against number 12 with Red, 2 points)."""

    def __init__(self, event, after, grid, columns, tiebreaks, scoring, rows):
        self.event, self.after, self.grid, self.columns = event, after, grid, columns
        self.tiebreaks, self.scoring, self.rows = tiebreaks, scoring, rows


def crosstable_list(event, upto=None):
    """The Crosstable after round `upto` (default: the last complete round),
    rows in standings order."""
    upto = upto if upto is not None else event.last_complete_round()
    recs = event.records(upto)
    es, shown = event.by_id(), event.display_names()
    system = event.pairing_system
    grid = system.all_play_all and not system.grouped and event.kind != "team"
    columns = tiebreak_columns(event)
    rows = [CrossRow(r, es[r.entrant], shown[r.entrant], columns) for r in event.standings(upto)]
    order = [row.entrant for row in rows]
    team = event.kind == "team"
    for row in rows:
        mine = recs.get(row.entrant, [])
        row.cells = _grid_cells(row.entrant, mine, order) if grid else _round_cells(mine, es, upto, team)
    labels = [str(es[e].number or "") for e in order] if grid else ["R%d" % r for r in range(1, upto + 1)]
    return Crosstable(event.get("name"), upto, grid, labels, columns, str(event.scoring), rows)


def _grid_cells(me, records, order):
    by_opp = {}
    for r in records:
        if r.opponent is not None:
            by_opp.setdefault(r.opponent, []).append(cell_mark(r))
    return ["×" if e == me else " ".join(by_opp.get(e, [])) for e in order]


def _round_cells(records, es, upto, team):
    by_round = {r.round: r for r in records}
    cells = []
    for rnd in range(1, upto + 1):
        r = by_round.get(rnd)
        if r is None:
            cells.append("")
        elif r.opponent is None:
            cells.append(cell_mark(r))
        else:
            mark = cell_mark(r)
            if team and not r.pending:
                mark += "(%s)" % num(r.game_points)     # match points, the game points beside them
            cells.append("%s%s%s" % (es[r.opponent].number or "", r.colour or "", mark))
    return cells
