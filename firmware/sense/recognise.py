"""The recogniser: from a known position and the order in which the stable
occupancy changes, it tells moves, touches and alerts (art. 3.4, 4.1.8,
5.1-5.10, 8.1.7). Pure: `now` comes in, nothing reads a clock or a pin.
docs/SENSING.md is its manual: the calls, the events, the model, weak
magnets. explain.py reads the sensors against the position, touches.py
keeps the touches and their duties (art. 5), holds.py the lifts of still
pieces waiting for their confirmation.

One position (`rec.pos`), the game's on the board, never a copy kept in
step by FEN: the recogniser proposes each final move to the game, which
makes the ply on it or refuses it (plies.py).

    rec = Recogniser(pos=None, settle_ms=2000, alert_ms=None, lag_ms=0)
    rec.follow(pos)      follows this Position (the game's) from now on
    rec.setup(now, fen=None) / rec.confirm(now, who) / rec.reset(now, fen=None)
                         (fen None: the position followed, as it stands)
    rec.frame(now, words) or rec.feed(now, occ)   each scan's stable occupancy
    rec.tick(now)        a scan with no change (timers, holds)
    rec.press(now, side) a clock lever (RED or BLACK)
    rec.provisional(), rec.provisional_at(), rec.deadline()   read-outs

Each call returns a list of events, or events.NOTHING. A scan without a
change is one deadline check; explanations run only when the occupancy
changes (a few times a move).
"""
from micropython import const

import ticks
from sense import report
from sense import presence as fr
from sense.holds import Holds
from sense.plies import Plies
from sense.alerts import Alerts
from sense.explain import AT, BASE, HAND, MOVE, UNEXPLAINED, Explainer
from sense.touches import Touches
from xq.pieces import index
from xq.position import Position
from xq.squares import point


# A change in the scan's list (frame.changes()): point | present << 7.
_PRESENT = const(128)
_POINT_BITS = const(127)


# The modes, and _raise()'s kind when the points that differ are to tell it
# (alerts.py has the same).
_SETUP = const(0)  # checking the set-up
_PLAY = const(1)  # following the game
_ALERT = const(2)  # waiting until the points of an alert are restored
_BY_POINTS = const(0)


class Recogniser(Alerts, Plies):
    def __init__(self, pos=None, settle_ms=2000, alert_ms=None, lag_ms=0, jitter_ms=10, simul_ms=30, make=None):
        # (first: a quiet scan reads it, and an attribute set first is found
        # first in the instance's table)
        self._deadline = None  # when tick() may next act: the timer, or a hold's end
        self.pos = pos if pos is not None else Position()
        self.settle_ms = settle_ms  # 5.7: no change this long makes a placement final
        self.alert_ms = settle_ms if alert_ms is None else alert_ms
        self.lag_ms = lag_ms  # debouncer lag: a change is dated this much before its scan
        self.make = make  # the game's make(now, reports), or None: the plies made here
        self._ply = self.pos.ply  # the plies of the position followed
        self.explainer = Explainer(self.pos, jitter_ms)
        self.touches = Touches(simul_ms)
        # the scans waiting behind a held lift, the occupancy as sensed
        self.holds = Holds()
        self._changes = bytearray(90)  # scratch: the changes of one scan
        self._mode = _SETUP
        self._state = BASE  # the last explanation (explain.py), in play
        self._candidate = None  # the provisional move (a candidate, explain.py)
        self._end = None  # when the settle or alert timer is due
        # Per side (index()): a move of it became final and it has not
        # pressed its clock since (8.1.7 is pressing without one).
        self._owes_press = bytearray(2)
        self._unexplained_at = 0  # when the unexplained state began
        self._calm_seq = 0  # the count of changes when the board left a calm state
        self._alert = 0  # the kind of the alert waited on (events.py)
        self._breach_point = -1  # the piece moved against the rules (5.8.3)
        self._shown_pts = None  # the points the last SETUP or ALERT showed
        self._fresh = True  # no game followed yet: a reset() now is a recovery
        self._recovering = False  # until it ends, the board may show a move not pressed

    # -- the game layer's calls -------------------------------------------

    def follow(self, pos):
        """Follows the Position `pos` (the game's: the same object, no copy)
        from now on; setup() or reset() says how."""
        self.pos = pos
        self.explainer.pos = pos

    def setup(self, now, fen=None):
        """Checks the sensors against a position to start from (the position
        followed as it stands, or `fen` set on it) until confirm() is
        called."""
        if fen is not None:
            self.pos.set_fen(fen)
        self._clear()
        self._mode = _SETUP
        self._fresh = False  # a game set up here: no recovery to follow
        self._shown_pts = None
        out = []
        self._setup_check(now, out)
        return out

    def confirm(self, now, who):
        """The arbiter, the players (both levers) or the host confirm the
        set-up. Refused (a SETUP event with the wrong points) while the
        sensors differ from the position."""
        out = []
        pts, missing = self.explainer.differing()
        if pts:
            out.append((report.SETUP, now, "", pts, 0, missing))
            return out
        self._mode = _PLAY
        self._clear()
        out.append((report.SETUP_OK, now, "", (), 0, who))
        return out

    def reset(self, now, fen=None):
        """Follows the position as it stands (or `fen` set on it) from now
        on (an arbiter's correction, recovery): an ALERT (POSITION) until the
        sensors show it."""
        if fen is not None:
            self.pos.set_fen(fen)
        self._clear()
        self._owes_press[0] = self._owes_press[1] = 0
        self._mode = _PLAY
        self._recovering, self._fresh = self._fresh, False
        out = []
        pts, missing = self.explainer.differing()
        if pts:
            self._alert_mode(now, report.POSITION, pts, missing, out)
        return out

    def frame(self, now, words):
        """Takes the stable frame (three words, frame.py) of this scan."""
        return self._scan(now, int(fr.changes(words, self.holds.stable, self._changes)))

    def feed(self, now, occ):
        """Takes the stable occupancy as a bitmap of 90 points."""
        return self._scan(now, int(fr.occ_changes(occ, self.holds.stable, self._changes)))

    def tick(self, now):
        """A scan without a change: runs the settle and alert timers and
        ends the holds due."""
        deadline = self._deadline
        if deadline is None or ticks.diff(now, deadline) < 0:
            return report.NOTHING
        out = []
        if self.pos.ply != self._ply:
            self._follow_made(now, out)
        self._read(now, out)
        self._check(now, out)
        self._arm()
        return out

    def _check(self, now, out):
        # The settle and alert timers, once due; they wait while a lift is
        # held (it may be the change that would have stopped them).
        timer = self._end
        if timer is None or ticks.diff(now, timer) < 0 or self.holds.queue:
            return
        self._end = None
        if self._mode == _PLAY:
            if self._state == MOVE:
                if self._final(now, self._candidate, report.BY_SETTLE, out):
                    self._evaluate(now, out)
            elif self._state == UNEXPLAINED:
                self._raise(now, _BY_POINTS, None, out)

    def _arm(self):
        # The deadline: the end of the oldest scan's holds if any (the
        # timers wait for them), else the timer.
        until = self.holds.deadline()
        self._deadline = self._end if until is None else until

    def press(self, now, side):
        """A clock press by `side`. Makes the presser's provisional move
        final; NOMOVE (8.1.7) if the presser has not moved; an ALERT if the
        board shows no legal move (BETWEEN, 5.10, for a piece in the air)."""
        out = []
        if self.pos.ply != self._ply:
            self._follow_made(now, out)
        self._press(now, side, out)
        self._arm()
        return out

    def _press(self, now, side, out):
        owes = self._owes_press
        i = index(side)
        if self._mode == _PLAY and side == self.pos.side:
            if self._state == MOVE:
                if self._final(now, self._candidate, report.BY_PRESS, out):
                    owes[i] = 0
                    self._evaluate(now, out)
                return
            if self._state != BASE:
                # The press says the hand has left: the legal move seen
                # last, if the board is nearer to it than to the position,
                # is the move (what else the board shows is the
                # opponent's, or an error).
                best = self.explainer.nearest(True)
                if best is not None:
                    if self._final(now, best, report.BY_PRESS, out):
                        owes[i] = 0
                        self._evaluate(now, out)
                    return
            if owes[i]:
                # Nothing placed yet this turn: a late press for the move
                # before (the opponent replied before the press came).
                owes[i] = 0
                return
            if self._state == UNEXPLAINED:
                self._raise(now, _BY_POINTS, None, out)
                return
            if self._state == HAND:
                kind, breach = self.explainer.explain(self.explainer.expected, 0)
                if breach is not None:
                    # An own piece gone, an opposing point refilled after it
                    # and no legal capture there: a capture against the
                    # movement rules.
                    self._raise(now, report.BREACH, breach, out)
                    return
                self._raise(now, report.BETWEEN, None, out)
        if owes[i]:
            owes[i] = 0
            return
        if self._mode != _SETUP:
            pts, missing = self.explainer.differing()
            out.append((report.NOMOVE, now, "8.1.7", pts, 0, side))

    def provisional(self):
        """The move being made, not final yet (from << 8 | to), or 0."""
        c = self._candidate  # (move, class, seq, at)
        if self._mode == _PLAY and self._state == MOVE and c is not None:
            return c[0]
        return 0

    def provisional_at(self):
        """The instant of the placement that completed the provisional move
        (ms ticks), or 0 if there is none."""
        c = self._candidate
        if self._mode == _PLAY and self._state == MOVE and c is not None:
            return c[3]
        return 0

    def deadline(self):
        """When tick() may next act (ms ticks), or None."""
        return self._deadline

    # -- changes ------------------------------------------------------------

    def _scan(self, now, n):
        # The n changes of a scan (in self._changes) go at once, unless one
        # is the lift of a still piece or scans wait already: then they wait
        # too, and go in order (holds.py; only they allocate).
        out = []
        if self.pos.ply != self._ply:
            self._follow_made(now, out)
        t = ticks.add(now, -self.lag_ms)
        holds = self.holds
        changes = self._changes
        wait = len(holds.queue) > 0
        for i in range(n):
            if not wait and not changes[i] & _PRESENT and self._hold(changes[i], t):
                wait = True
        if n and wait:
            holds.add(now, t, list(changes[:n]))
            n = 0
        self._read(now, out)
        if n:
            self._batch(now, t, n, out)
        self._check(now, out)
        self._arm()
        return out

    def _batch(self, now, t, n, out):
        # Placements of the scan first, then its lifts: when a placement and
        # a lift are seen together, the placement completing a move and the
        # lift beginning the reply is the reading that loses nothing.
        changes = self._changes
        observed = self.explainer.observed
        for i in range(n):
            observed[changes[i] & _POINT_BITS] = 1 if changes[i] & _PRESENT else 0
        if self._mode != _PLAY:
            # Setting up or waiting for a restoration: only the result counts.
            self.explainer.seq += 1
            self._alert_step(now, t, out) if self._mode == _ALERT else self._setup_check(t, out)
            return
        lifts = 0
        for i in range(n):
            if not changes[i] & _PRESENT:
                lifts += 1
                observed[changes[i]] = 1  # still there: the placements go first
        for present in (_PRESENT, 0):  # the placements' step, then the lifts'
            if (n - lifts if present else lifts) > 0:
                self._step(now, t, present, n, out)

    # -- weak magnets (holds.py) ------------------------------------------------

    def _read(self, now, out):
        # The scans waiting, read in order, as far as the holds allow.
        holds = self.holds
        while holds.queue:
            scan = holds.take(now, self._hold)
            if scan is None:
                return
            at, t, codes = scan
            for i in range(len(codes)):
                self._changes[i] = codes[i]
            if codes:
                self._batch(at, t, len(codes), out)

    def _hold(self, p, t):
        # Is the lift from point p one to hold? In play, a still piece
        # (explain.py); during an alert, a piece where the position has one.
        if self._mode == _PLAY:
            return self.explainer.quiet(p, t)
        return self._mode == _ALERT and self.explainer.expected[p] == 1

    def _step(self, now, t, present, n, out):
        # The changes of the scan in one direction (placements or lifts);
        # a lifted point is observed empty from its step on.
        explainer = self.explainer
        changes = self._changes
        if not present:
            for i in range(n):
                if not changes[i] & _PRESENT:
                    explainer.observed[changes[i]] = 0
        explainer.seq += 1
        seq = explainer.seq
        if self._mode != _PLAY:
            # The placements of this scan ended a restoration (or a 5.10
            # alert): its lifts belong to the game again.
            self._alert_step(now, t, out) if self._mode == _ALERT else self._setup_check(t, out)
            return
        for i in range(n):
            change = changes[i]
            if change & _PRESENT == present:
                self._record(seq, t, change & _POINT_BITS, 1 if present else 0)
        explainer.forget_oldest()
        self._evaluate(now, out)

    def _record(self, seq, t, p, up):
        # One change of the stable occupancy; the first lift of a piece of
        # the position this turn is its touch.
        explainer = self.explainer
        explainer.records.append([seq, t, p, up])
        if not up and explainer.expected[p]:
            self.touches.lifted(p, seq, t)

    # -- explaining ---------------------------------------------------------

    def _evaluate(self, now, out):
        explainer = self.explainer
        kind, candidate = explainer.explain(explainer.expected, 0)
        if kind == MOVE:
            m = candidate[0]
            if m not in explainer.seen:
                explainer.seen.append(m)
            self._candidate = candidate
            self._state = MOVE
            self._end = ticks.add(now, self.settle_ms)
            self.touches.put_back(self.pos, self.explainer.observed, point(m & 255), out)
            return
        if kind == BASE:
            self._state = BASE
            self._candidate = None
            self._end = None
            self.touches.put_back(self.pos, self.explainer.observed, -1, out)
            explainer.records = []
            return
        # Two plies: the mover's move done, the opponent's begun or done.
        hand = None
        for candidate in explainer.candidates(True):
            after = explainer.after(candidate)
            if after == MOVE or after == BASE:
                if self._final(now, candidate, report.BY_NEXT, out):
                    self._evaluate(now, out)
                return
            # The opponent's first lift (5.7): after the mover's placement
            # stood as the explanation, or when nothing else explains it.
            if after == HAND and hand is None and (
                    kind == UNEXPLAINED or (self._state == MOVE and candidate[0] == self._candidate[0])):
                hand = candidate
        if hand is not None:
            if self._final(now, hand, report.BY_NEXT, out):
                self._evaluate(now, out)
            return
        self._candidate = None
        if self._state == BASE or self._state == MOVE:
            # Leaving a calm state: should this end in an alert, the pieces
            # lifted from here on were knocked, not touched (5.8.2, 5.9).
            self._calm_seq = explainer.seq
        if kind == HAND:
            self._state = HAND
            self._end = None
            return
        if self._state != UNEXPLAINED:
            records = explainer.records
            self._unexplained_at = records[-1][AT] if records else now
        self._state = UNEXPLAINED
        self._end = ticks.add(now, self.alert_ms)

    # -- set-up ----------------------------------------------------------------

    def _setup_check(self, t, out):
        pts, missing = self.explainer.differing()
        if pts != self._shown_pts:
            self._shown_pts = pts
            out.append((report.SETUP, t, "", pts, 0, missing))

    def _clear(self):
        self.holds.clear()  # the scans waiting are forgotten: the points read as they are
        fr.copy(self.holds.stable, self.explainer.observed)
        self.explainer.restart()
        self.touches.new_turn()
        self._candidate = None
        self._state = BASE
        self._end = self._deadline = None
        self._breach_point = -1
        self._ply = self.pos.ply
