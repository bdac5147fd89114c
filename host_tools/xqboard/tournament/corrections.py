"""The arbiter's corrections between rounds: take the last round back
(unpair, delete), change it by hand (repair: swap two players, swap a
table's colours) naming every rule the change bends, and say which pairings a late
result correction would have changed.

>>> from .event import Event
>>> ev = Event.create(':memory:', 'Demo', system='swiss', rounds=3, seed=1)
>>> for n in 'ABCD':
...     _ = ev.add_player(n)
>>> r = ev.pair(); ev.set_result(1, 1, '1-0')
>>> unpair(ev)
Traceback (most recent call last):
...
xqboard.tournament.errors.TournamentError: round 1 has results in (board 1); delete-round takes it back with them
>>> delete_last_round(ev), ev.current_round
(1, 0)
"""
import sqlite3

from .errors import TournamentError


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


def repairing_changes(event, rnd, board, result):
    """Lines naming the pairings of round rnd+1 that entering `result` at
    round `rnd` board `board` would have changed (the next round paired
    again on a copy of the event); [] when none."""
    copy = sqlite3.connect(":memory:")
    copy.row_factory = sqlite3.Row
    event.db.backup(copy)
    what_if = type(event)(copy, ":memory:")     # an Event on the copy
    nxt = rnd + 1
    with copy:
        copy.execute("delete from games where pairing_id in (select id from pairings where round > ?)", (rnd,))
        copy.execute("delete from pairings where round > ?", (rnd,))
        copy.execute("delete from rounds where no > ?", (rnd,))
        copy.execute("update entrants set eliminated_round = null where eliminated_round > ?", (rnd,))
        copy.execute("delete from entrants where joined_round > ?", (nxt,))
        copy.execute("update games set result = ? where board = ? and pairing_id in "
                     "(select id from pairings where round = ?)", (result, board, rnd))
    try:
        what_if.pair(allow_unfinished=True)
    except TournamentError as e:
        return ["round %d could not be paired again: %s" % (nxt, e)]
    shown = event.display_names()

    def pairs(ev):
        return {(p.red, p.black) for p in ev.pairings(nxt)}

    stored, again = pairs(event), pairs(what_if)
    copy.close()
    if stored == again:
        return []

    def show(pair):
        return "%s - %s" % (shown[pair[0]], shown[pair[1]] if pair[1] else "bye")

    return ["round %d is paired %s; with this result it would have been %s" % (
        nxt, ", ".join(show(x) for x in sorted(stored - again, key=str)),
        ", ".join(show(x) for x in sorted(again - stored, key=str)))]
