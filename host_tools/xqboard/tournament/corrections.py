"""The arbiter's corrections between rounds: take the last round back
(unpair, delete), change it by hand (repair: swap two players, swap a
table's colours) naming every rule the change bends, and say which pairings a late
result correction would have changed (LateCorrection: a table of them, and
what the arbiter can do).

>>> from .event import Tournament
>>> ev = Tournament.create(':memory:', 'Demo', system='swiss', rounds=3, seed=1)
>>> for n in 'ABCD':
...     _ = ev.add_player(n)
>>> r = ev.pair(); ev.set_result(1, 1, '1-0')
>>> unpair(ev)
Traceback (most recent call last):
...
xqboard.tournament.refusal.TournamentError: round 1 has results in (board 1); delete-round takes it back with them
>>> delete_last_round(ev), ev.current_round
(1, 0)
"""
import shlex
import sqlite3

from .refusal import TournamentError


def _last_round(event):
    rnd = event.current_round
    if not rnd:
        raise TournamentError("no round is paired")
    return rnd


def _entered(event, rnd):
    """Boards of round `rnd` with a result entered (a withdrawal's preset is not one)."""
    return [g["board"] for p in event.pairings(rnd) for g in p.games
            if g["result"] is not None and not (g["source"] or "").startswith("withdrawal")]


def unpair(event):
    """Takes back the last round, which has no result in yet."""
    rnd = _last_round(event)
    boards = _entered(event, rnd)
    if boards:
        raise TournamentError("round %d has results in (board %s); delete-round takes it back with them"
                              % (rnd, ", ".join(map(str, boards))))
    return delete_last_round(event)


def delete_last_round(event):
    """Deletes the last round with its results; returns how many results
    went. 10.6 eliminations made before it are undone."""
    rnd = _last_round(event)
    gone = len(_entered(event, rnd))
    with event.db:
        ids = "select id from pairings where round = ?"
        event.db.execute("delete from games where pairing_id in (%s)" % ids, (rnd,))
        event.db.execute("delete from pairings where round = ?", (rnd,))
        event.db.execute("delete from rounds where no = ?", (rnd,))
        event.db.execute("update entrants set eliminated_round = null where eliminated_round = ?", (rnd,))
    return gone


def _open_tables(event, rnd, whose):
    """The pairings of `rnd` that hold the entrants `whose`, checked to have
    no result yet."""
    out = []
    for p in event.pairings(rnd):
        if whose & {p.red, p.black}:
            done = [g["board"] for g in p.games if g["result"] is not None
                    and not (g["source"] or "").startswith("withdrawal")]
            if done:
                raise TournamentError("round %d table %d has a result in: unpair or delete-round first"
                                      % (rnd, p.table_no))
            out.append(p)
    return out


def repair(event, swaps=(), flips=()):
    """Changes the last round by hand, all in one transaction: `swaps`
    exchange two players (individual events), `flips` swap a table's
    colours. Returns the rules the round then bends (see bent_rules)."""
    rnd = _last_round(event)
    changed = set()
    with event.db:
        for a, b in swaps:
            changed |= _swap(event, rnd, a, b)
        for table in flips:
            changed |= _flip(event, rnd, table)
    return list(dict.fromkeys(bent_rules(event, rnd, changed)))


def _swap(event, rnd, a, b):
    if event.kind == "team":
        raise TournamentError("swap is for individual events (a team's line-up: `lineup`)")
    ea, eb = event.entrant(a), event.entrant(b)
    if ea.id == eb.id:
        raise TournamentError("the same player twice")
    tables = _open_tables(event, rnd, {ea.id, eb.id})
    if len({x for p in tables for x in (p.red, p.black)} & {ea.id, eb.id}) < 2:
        raise TournamentError("both players must be paired in round %d" % rnd)
    other = {ea.id: eb.id, eb.id: ea.id}
    for p in tables:
        _store(event, p, other.get(p.red, p.red), other.get(p.black, p.black) if p.black else None)
    return {ea.id, eb.id}


def _flip(event, rnd, table):
    p = next((x for x in event.pairings(rnd) if x.table_no == table), None)
    if p is None or p.black is None:
        raise TournamentError("round %d has no game at table %d" % (rnd, table))
    if event.kind == "team" or len(p.games) > 1:
        raise TournamentError("flip is for one-game pairings")
    _open_tables(event, rnd, {p.red})
    _store(event, p, p.black, p.red)
    return {p.red, p.black}


def _store(event, p, red, black):
    event.db.execute("update pairings set red = ?, black = ?, float_red = null, float_black = null where id = ?",
                     (red, black, p.id))
    if black is None:
        event.db.execute("delete from games where pairing_id = ?", (p.id,))
        return
    if p.black is None:       # was a bye: the table gets its game, on the next free board
        board = 1 + event.db.execute("select coalesce(max(g.board), 0) from games g join pairings q on "
                                     "q.id = g.pairing_id where q.round = ?", (p.round,)).fetchone()[0]
        event.db.execute("insert into games (pairing_id, game_no, board, red_player, black_player) "
                         "values (?, 1, ?, ?, ?)", (p.id, board, red, black))
        return
    event.db.execute("update games set red_player = ?, black_player = ? where pairing_id = ?", (red, black, p.id))


def bent_rules(event, rnd, changed):
    """What the pairing of round `rnd` now breaks for the entrants `changed`,
    one line per rule, with its article."""
    system = event.pairing_system
    if system.all_play_all:
        return ["appendix 1: round %d is no longer the table's round (every pairing is fixed by the draw)" % rnd]
    if not system.has_score_table or event.stage_of(rnd) != "main":
        return ["appendix 3: the bracket's lines are no longer followed"]
    shown = event.display_names()
    players = event.swiss_players(rnd - 1)
    out = []
    active_scores = [players[e.id].score for e in event.entrants()
                     if e.withdrawn_round is None or e.withdrawn_round > rnd]
    for p in event.pairings(rnd):
        if not changed & {p.red, p.black}:
            continue
        if p.black is None:
            sp = players[p.red]
            if sp.byes:
                out.append("appendix 2, principle 5: %s has had the bye already" % shown[p.red])
            if sp.score > min(active_scores):
                out.append("appendix 2, principle 5: the bye goes to the lowest score group, not %s (%s)"
                           % (shown[p.red], _n(sp.score)))
            continue
        r, b = players[p.red], players[p.black]
        if p.black in r.opponents:
            out.append("appendix 2, principle 6: %s and %s have met" % (shown[p.red], shown[p.black]))
        if r.score != b.score:
            out.append("appendix 2, principles 4 and 9: %s (%s) and %s (%s) are in different score groups (a float)"
                       % (shown[p.red], _n(r.score), shown[p.black], _n(b.score)))
        for sp, colour in ((r, "R"), (b, "B")):
            out += _colour_faults(sp.colours + [colour], shown[sp.id])
    return out


def _colour_faults(colours, name):
    faults = []
    if len(colours) >= 3 and len(set(colours[-3:])) == 1:
        faults.append("appendix 2, method 4 (11): %s would play %s three times in a row"
                      % (name, "Red" if colours[-1] == "R" else "Black"))
    if abs(colours.count("R") - colours.count("B")) > 2:
        faults.append("appendix 2, method 4 (11): %s would have three more %s than %s" % (
            name, *(("Reds", "Blacks") if colours.count("R") > colours.count("B") else ("Blacks", "Reds"))))
    return faults


def _n(v):
    return ("%d" % v) if v == int(v) else ("%.1f" % v)


class Difference:
    """One pairing of the paired round that the corrected results would not
    make: its table, the pairing ((red, black) entrant ids, black None for
    the bye) and `again`, the pairings the re-pairing gives its players
    instead [(table, (red, black))]. A pairing the re-pairing makes too, at
    another table, is no difference; the same two players with the colours
    swapped are."""

    __slots__ = ("table", "paired", "again")

    def __init__(self, table, paired, again):
        self.table, self.paired, self.again = table, paired, again

    def __repr__(self):
        return "Difference(table %d: %r -> %r)" % (self.table, self.paired, self.again)


class LateCorrection:
    """What results corrected in round `corrected` after the next round was
    paired would have changed: `repaired` (that next round) paired again on
    a copy of the event, table by table (`rows`, [Difference]); `affected`,
    the rounds paired on the old standings; `results_in`, whether the
    re-paired round has results already; `error`, why it could not be paired
    again, if so. What the arbiter can do is `options()`; `table(shown)` is
    the report as a (title, header, rows) table."""

    def __init__(self, corrected, boards, current, rows, results_in, error=None):
        self.corrected, self.boards, self.current = corrected, boards, current
        self.repaired = corrected + 1
        self.affected = list(range(corrected + 1, current + 1))
        self.rows, self.results_in, self.error = rows, results_in, error

    def __repr__(self):
        return "LateCorrection(round %d, %d tables differ in round %d)" % (self.corrected, len(self.rows), self.repaired)

    def options(self, event="EVENT"):
        """[(what, how)]: keep the pairings (always), or re-pair (only when
        the re-paired round is the last and has no result in), the commands
        naming the `event` file as given."""
        n = self.repaired
        if not self.rows and not self.error:
            return [("keep", "no pairing of round %d would have changed; the standings are re-ranked" % n)]
        out = [("keep", "round %s stands as paired (the standings are re-ranked with the correction)"
                % ", ".join(map(str, self.affected)))]
        if self.current == n and not self.results_in:
            out.append(("re-pair", "`xqboard tournament unpair {0}`, then `xqboard tournament pair {0}`: round {1} "
                                   "paired again from the corrected standings".format(shlex.quote(event), n)))
        elif self.results_in:
            out.append(("re-pair", "not without losing results: round %d has results in (`delete-round` takes the "
                                   "round back with them)" % n))
        else:
            out.append(("re-pair", "rounds %d-%d were paired since: `delete-round` each, newest first, then `pair`"
                        % (n, self.current)))
        return out

    def table(self, shown):
        """(title, header, rows) of the differences, names by `shown`
        (entrant id -> name, Roster.display_names)."""
        def side(pair):
            return "%s - %s" % (shown[pair[0]], shown[pair[1]] if pair[1] else "bye 轮空")

        def instead(again):
            return ", ".join("%s (table %d)" % (side(pair), t) for t, pair in again) or "-"

        title = "round %d corrected (board %s): round %d paired again from the corrected standings" % (
            self.corrected, ", ".join(map(str, self.boards)), self.repaired)
        if self.error:
            title += ": %s" % self.error
        return title, ["Round", "Table", "Paired 已编排", "Would be 更正后"], [
            [str(self.repaired), str(d.table), side(d.paired), instead(d.again)] for d in self.rows]


def late_correction(event, rnd, results):
    """The LateCorrection of entering `results` ({board: result}) in round
    `rnd` once round rnd+1 is paired: round rnd+1 paired again on a copy of
    the event with the corrected results."""
    copy = sqlite3.connect(":memory:")
    copy.row_factory = sqlite3.Row
    event.db.backup(copy)
    what_if = type(event)(copy, ":memory:")     # a Tournament on the copy
    nxt = rnd + 1
    with copy:
        copy.execute("delete from games where pairing_id in (select id from pairings where round > ?)", (rnd,))
        copy.execute("delete from pairings where round > ?", (rnd,))
        copy.execute("delete from rounds where no > ?", (rnd,))
        copy.execute("update entrants set eliminated_round = null where eliminated_round > ?", (rnd,))
        copy.execute("delete from entrants where joined_round > ?", (nxt,))
        for board, result in results.items():
            copy.execute("update games set result = ? where board = ? and pairing_id in "
                         "(select id from pairings where round = ?)", (result, board, rnd))
    results_in = bool(_entered(event, nxt))
    boards = sorted(results)
    try:
        what_if.pair(allow_unfinished=True)
    except TournamentError as e:
        copy.close()
        return LateCorrection(rnd, boards, event.current_round, [], results_in, error=str(e))
    stored = [(p.table_no, (p.red, p.black)) for p in event.pairings(nxt)]
    again = [(p.table_no, (p.red, p.black)) for p in what_if.pairings(nxt)]
    copy.close()
    made = {pair for _, pair in again}
    rows = [Difference(t, pair, [(u, other) for u, other in again if set(other) & set(pair) - {None}])
            for t, pair in stored if pair not in made]
    return LateCorrection(rnd, boards, event.current_round, rows, results_in)
