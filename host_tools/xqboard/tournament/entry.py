"""Entering results: one game (`result`) or a whole round at once from a
result slip (`results`, slips.py), checked line by line and written in one
transaction, all or nothing.

A line whose result (and fouls, termination) the event has already changes
nothing, so the same slip entered twice is no change the second time. A
different result needs force; once the next round is paired, it also gets
the LateCorrection of corrections.py (which pairings it would have changed).

>>> from .event import Tournament
>>> ev = Tournament.create(':memory:', 'Demo', system='roundrobin', seed=1)
>>> for n in 'ABCD':
...     _ = ev.add_player(n)
>>> r = ev.pair()
>>> enter(ev, 1, [Entry(1, '1-0', where='s.csv line 2'), Entry(2, '=', where='s.csv line 3')])
Entered(2 changed, 0 unchanged)
>>> enter(ev, 1, [Entry(1, '1-0'), Entry(2, '1/2-1/2')])
Entered(0 changed, 2 unchanged)
>>> enter(ev, 1, [Entry(1, '0-1', where='s.csv line 2'), Entry(9, '1-0', where='s.csv line 3')])
Traceback (most recent call last):
...
xqboard.tournament.refusal.TournamentError: s.csv line 2: round 1 board 1 has 1-0 already (--force to change it); s.csv line 3: round 1 has no board 9
"""
from .corrections import late_correction
from .refusal import TournamentError
from .scoring import MAX_FOULS, parse_result


class Entry:
    """One game's result to enter: the hall board number, the result
    (any form scoring.parse_result takes), fouls per side (None: keep what
    is stored), termination, and `where` it came from for the messages
    ('slip.csv line 4'; '' for the command line), and the `players` a
    slip names for the board (red_no, red, black_no, black; None each when
    not given), checked by slips.wrong_players."""

    __slots__ = ("board", "result", "fouls_red", "fouls_black", "termination", "where", "players")

    def __init__(self, board, result, fouls_red=None, fouls_black=None, termination=None, where="", players=None):
        self.board, self.result = board, result
        self.fouls_red, self.fouls_black, self.termination, self.where = fouls_red, fouls_black, termination, where
        self.players = players or (None, None, None, None)

    def __repr__(self):
        return "Entry(board %s: %s)" % (self.board, self.result)


class Entered:
    """What enter() did: `changed` [(board, old result, new result)],
    `unchanged` [board], and the LateCorrection (or None)."""

    def __init__(self, changed, unchanged, correction):
        self.changed, self.unchanged, self.correction = changed, unchanged, correction

    def __repr__(self):
        return "Entered(%d changed, %d unchanged)" % (len(self.changed), len(self.unchanged))


def paired_round(event, rnd):
    """The event's current round, or TournamentError when round `rnd` is not
    paired (said once, not once a board of a slip)."""
    current = event.current_round
    if not 1 <= rnd <= current:
        raise TournamentError("round %d is not paired (%s)" % (
            rnd, "the last paired is round %d" % current if current else "no round is paired yet"))
    return current


def line_of(fault):
    """The line number a fault names ('r1.csv line 7: ...'), 0 for none:
    a slip's faults are told in the order of its lines, whichever check
    found them.

    >>> sorted(['s.csv line 12: b', 's.csv line 3: a', 'no line'], key=line_of)
    ['no line', 's.csv line 3: a', 's.csv line 12: b']
    """
    head = fault.split(": ", 1)[0]
    number = head.rsplit(" line ", 1)[-1] if " line " in head else ""
    return int(number) if number.isdigit() else 0


def _check(event, rnd, e, force, current):
    """(game row, result) of one entry, or TournamentError saying why not."""
    result = parse_result(e.result) if e.result is not None else None
    for side, n in (("Red", e.fouls_red), ("Black", e.fouls_black)):
        if n is not None and not (isinstance(n, int) and 0 <= n <= MAX_FOULS):
            raise TournamentError("%s's fouls %r: a count from 0 to %d" % (side, n, MAX_FOULS))
    g = event.game_at(rnd, e.board)
    changed = g["result"] is not None and g["result"] != result
    later = changed and rnd < current        # a missing result may follow (principle 8)
    if changed and not force and not later:
        raise TournamentError("round %d board %d has %s already (--force to change it)" % (rnd, e.board, g["result"]))
    if later and not force:
        raise TournamentError("round %d is paired: a result of round %d changes the standings it was paired "
                              "from (--force enters it and names the pairings it would have changed)" % (current, rnd))
    return g, result


def _same(g, e, result):
    return g["result"] == result and all(
        v is None or g[k] == v for k, v in (("fouls_red", e.fouls_red), ("fouls_black", e.fouls_black),
                                            ("termination", e.termination)))


def enter(event, rnd, entries, force=False, source="hand", faults=()):
    """Checks every entry, then writes them all in one transaction; any
    fault refuses them all, each named with its `where` (`faults`: those
    the caller found already, named with the others). Returns Entered."""
    current = paired_round(event, rnd)
    checked, faults, seen = [], list(faults), {}
    for e in entries:
        where = (e.where + ": ") if e.where else ""
        if e.board in seen:
            other = seen[e.board] or "above"
            if " line " in other and other.rsplit(" line ", 1)[0] == e.where.rsplit(" line ", 1)[0]:
                other = "line " + other.rsplit(" line ", 1)[1]      # the same file: its line number is enough
            faults.append("%sboard %d twice (also %s)" % (where, e.board, other))
            continue
        seen[e.board] = e.where
        try:
            checked.append((e, *_check(event, rnd, e, force, current)))
        except TournamentError as err:
            faults.append(where + str(err))
    if faults:
        raise TournamentError("; ".join(sorted(faults, key=line_of)))
    todo = [(e, g, res) for e, g, res in checked if not _same(g, e, res)]
    late = {e.board: res for e, g, res in todo if g["result"] is not None and g["result"] != res and rnd < current}
    correction = late_correction(event, rnd, late) if late else None
    with event.db:
        for e, g, res in todo:
            event.db.execute("update games set result = ?, fouls_red = coalesce(?, fouls_red), "
                             "fouls_black = coalesce(?, fouls_black), termination = coalesce(?, termination), "
                             "source = ? where id = ?",
                             (res, e.fouls_red, e.fouls_black, e.termination, source, g["id"]))
    return Entered([(e.board, g["result"], res) for e, g, res in todo],
                   [e.board for e, g, res in checked if _same(g, e, res)], correction)
