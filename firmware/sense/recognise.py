"""The recogniser: from a known position and the order in which the stable
occupancy changes, it tells moves, touches and alerts (art. 3.4, 4.1.8,
5.1-5.10, 8.1.7). Pure: `now` comes in, nothing reads a clock or a pin.

Who owns what
  The recogniser owns a Position (`rec.pos`, from xq/position.py) and
  pushes each move when it becomes final; the game layer reads rec.pos
  and never pushes to it. After an arbiter's correction, or after
  recovery from the journal, the game layer calls rec.reset(now, fen).

Calls (each returns a list of events, or events.NONE when nothing
happened; see events.py for the event tuples)
  rec = Recogniser(pos=None, settle_ms=2000, alert_ms=None, lag_ms=0)
  rec.setup(now, fen=None)    check the sensors against a position (the
                              start by default): SETUP with wrong points
  rec.confirm(now, who)       arbiter/players/host vouch for the set-up:
                              SETUP_OK, or SETUP if points are still wrong
  rec.frame(now, words)       the debounced stable frame (frame.py), each
                              scan; rec.feed(now, occ) the same from a
                              bitmap of 90 points (bytearray, 1 = a piece):
                              what the simulated board drives
  rec.tick(now)               a scan with no change (settle/alert timers);
                              frame() and feed() call it when nothing changed
  rec.press(now, side)        a clock lever (0 Red, 8 Black): makes the
                              presser's provisional move (or the legal
                              placement it last showed) final; NOMOVE
                              (8.1.7) if the presser has not moved
  rec.reset(now, fen)         follow this position from now on
  rec.provisional()           the move being made (not final yet), or 0
  rec.deadline()              when tick() may next act (ms ticks), or None

The model
  Let P be the position after the last final move. Each change of the
  stable occupancy is a record (seq, t, point, up). After each change the
  recogniser explains what the sensors show relative to P:
    BASE   exactly P (pieces lifted and put back are touches);
    MOVE   one legal move of the side to move: a plain move (its origin
           empty, its destination filled), or a capture (origin empty,
           the captured piece's point lifted and filled again after the
           origin was lifted, in either lift order, however briefly);
           a suicide (3.4) counts, marked. The move is provisional;
    HAND   pieces in the hand and nothing misplaced (one own piece, one
           opposing piece, or one of each): a move may be under way;
    NONE   nothing explains it: a piece on its way (a slide, a drag) or
           an error.
  Failing MOVE, it looks for two plies: a legal move m of the mover
  completed by an earlier placement, and after it the opponent's move
  (complete, or begun by lifting one of his pieces while nothing else
  explains the board). That is how a fast reply is never missed, whatever
  the order in which the two hands' changes are seen.
  Finality (5.7): a provisional move becomes final on the mover's clock
  press, on the opponent's first lift (the two-ply case), or when nothing
  has changed for settle_ms. Until then moving the same piece on (a slide,
  an adjustment) just changes the explanation: intermediate points of a
  slide are never moves. The move's instant is the placement that
  completed it.
  Alerts: a NONE state that lasts alert_ms (default: settle_ms), or a
  clock press by the mover in a NONE or HAND state, raises an ALERT with
  the points that differ; the recogniser then waits until they are
  restored (RESTORED), and a piece moved against the movement rules then
  counts as touched (5.8.3). Pieces in the hand never alert by time.

Cost: a scan without a change is one deadline check. Explanations run only
when the stable occupancy changes (a few times per move).

Events are tuples (kind, t, art, pts, move, info): see events.py and
docs/SENSING.md, which also lists what presence alone cannot tell.
"""
from micropython import const

import ticks
from sense import duty as dt
from sense import events as ev
from sense import frame as fr
from xq.fen import START
from xq.position import BREACH, SUICIDE, Position
from xq.squares import from_point, point

# Modes.
_SETUP = const(0)
_PLAY = const(1)
_ALERT = const(2)

# What the sensors show relative to a position (_explain()).
_BASE = const(0)
_MOVE = const(1)
_HAND = const(2)
_NONE = const(3)

# Records of changes: [seq, t, point, up].
_S = const(0)
_T = const(1)
_P = const(2)
_UP = const(3)
_MAXREC = const(48)  # a turn fiddled with longer than this forgets its oldest changes
_SCAN2 = const(24)  # how many recent records the two-ply search looks at


def _mv(a, b):
    return from_point(a) << 8 | from_point(b)


class Recogniser:
    def __init__(self, pos=None, settle_ms=2000, alert_ms=None, lag_ms=0, jitter_ms=10, simul_ms=30):
        self.pos = pos if pos is not None else Position()
        self.settle_ms = settle_ms  # 5.7: no change this long makes a placement final
        self.alert_ms = settle_ms if alert_ms is None else alert_ms
        self.lag_ms = lag_ms  # debouncer lag: a change is dated this much before its scan
        self.jitter_ms = jitter_ms  # changes this close may be seen in either order
        self.simul_ms = simul_ms  # two first touches this close are simultaneous (5.5)
        self.cur = bytearray(90)  # stable occupancy seen
        self.exp = bytearray(90)  # occupancy of pos
        self._e2 = bytearray(90)  # scratch: occupancy after a candidate move
        self._chg = bytearray(90)  # scratch: the changes of one scan
        self._dif = bytearray(90)  # scratch: diff()
        self.told = bytearray(90)  # touches reported this turn
        self.recs = []  # changes since the position: [seq, t, point, up]
        self.seen = []  # moves that stood as the explanation this turn
        self.touched = []  # [point, seq, t] first lift of each piece this turn
        self.seq = 0
        self.mode = _SETUP
        self.state = _BASE
        self.cand = 0  # provisional move
        self.cand_cls = 0
        self.cand_t = 0
        self.cand_j = 0
        self.dl = 0  # deadline of the settle or alert timer
        self.dl_on = False
        # Per side (Red 0, Black 1): a move of it became final and it has
        # not pressed its clock since (8.1.7 is pressing without one).
        self.owes = bytearray(2)
        self.none_t = 0  # when the unexplained state began
        self.none_seq = 0
        self.alert_art = ""
        self.alert_pts = ()
        self.breach_pt = -1
        self.setup_pts = None
        self._bcap = -1  # a capture against the rules seen by _capture()
        self._m = 0  # result of _explain()
        self._c = 0
        self._j = 0
        self._t = 0
        self.pos.occupancy(self.exp)

    # -- the game layer's calls -------------------------------------------

    def setup(self, now, fen=None):
        """Checks the sensors against a position to start from (the start
        position by default) until confirm() is called."""
        self.pos.set_fen(fen or START)
        self._clear()
        self.mode = _SETUP
        self.setup_pts = None
        out = []
        self._setup_check(now, out)
        return out

    def confirm(self, now, who):
        """The arbiter, the players (both levers) or the host confirm the
        set-up. Refused (a SETUP event with the wrong points) while the
        sensors differ from the position."""
        out = []
        pts, missing = self._points()
        if pts:
            out.append((ev.SETUP, now, "", pts, 0, missing))
            return out
        self.mode = _PLAY
        self._clear()
        out.append((ev.SETUP_OK, now, "", (), 0, who))
        return out

    def reset(self, now, fen):
        """Follows the position `fen` from now on (an arbiter's correction,
        recovery): an ALERT ('') until the sensors show it."""
        self.pos.set_fen(fen)
        self._clear()
        self.owes[0] = self.owes[1] = 0
        self.mode = _PLAY
        out = []
        pts, missing = self._points()
        if pts:
            self._alert_mode(now, "", pts, missing, out)
        return out

    def frame(self, now, words):
        """Takes the stable frame (three words, frame.py) of this scan."""
        n = int(fr.changes(words, self.cur, self._chg))
        if n == 0:
            return self.tick(now)
        return self._batch(now, n)

    def feed(self, now, occ):
        """Takes the stable occupancy as a bitmap of 90 points."""
        n = int(fr.occ_changes(occ, self.cur, self._chg))
        if n == 0:
            return self.tick(now)
        return self._batch(now, n)

    def tick(self, now):
        """A scan without a change: runs the settle and alert timers."""
        if not self.dl_on or ticks.diff(now, self.dl) < 0:
            return ev.NONE
        self.dl_on = False
        out = []
        if self.mode == _PLAY:
            if self.state == _MOVE:
                self._final(self.cand, self.cand_cls, self.cand_t, self.cand_j, ev.BY_SETTLE, out)
                self._evaluate(now, out)
            elif self.state == _NONE:
                self._raise(now, "", out)
        return out

    def press(self, now, side):
        """A clock press by `side`. Makes the presser's provisional move
        final; NOMOVE (8.1.7) if the presser has not moved; an ALERT if the
        board shows no legal move (5.10 for a piece in the air)."""
        out = []
        if self.mode == _PLAY and side == self.pos.side:
            if self.state == _MOVE:
                self._final(self.cand, self.cand_cls, self.cand_t, self.cand_j, ev.BY_PRESS, out)
                self.owes[side >> 3] = 0
                self._evaluate(now, out)
                return out
            if self.state != _BASE:
                # The press says the hand has left: the legal move seen
                # last, if the board is nearer to it than to the position,
                # is the move (what else the board shows is the
                # opponent's, or an error).
                best = self._nearest(True)
                if best is not None:
                    self._final_at(best[0], best[1], best[2], ev.BY_PRESS, out)
                    self.owes[side >> 3] = 0
                    self._evaluate(now, out)
                    return out
            if self.owes[side >> 3]:
                # Nothing placed yet this turn: a late press for the move
                # before (the opponent replied before the press came).
                self.owes[side >> 3] = 0
                return out
            if self.state == _NONE:
                self._raise(now, "", out)
                return out
            if self.state == _HAND:
                self._explain(self.exp, 0)
                if self._bcap >= 0:
                    # An own piece gone, an opposing point refilled after it
                    # and no legal capture there: a capture against the
                    # movement rules.
                    self._raise(now, "4.1.8", out)
                    return out
                self._raise(now, "5.10", out)
        if self.owes[side >> 3]:
            self.owes[side >> 3] = 0
            return out
        if self.mode != _SETUP:
            pts, missing = self._points()
            out.append((ev.NOMOVE, now, "8.1.7", pts, 0, side))
        return out

    def provisional(self):
        return self.cand if self.mode == _PLAY and self.state == _MOVE else 0

    def deadline(self):
        return self.dl if self.dl_on else None

    # -- changes ------------------------------------------------------------

    def _batch(self, now, n):
        # Placements of the scan first, then its lifts: when a placement and
        # a lift are seen together, the placement completing a move and the
        # lift beginning the reply is the reading that loses nothing.
        t = ticks.add(now, -self.lag_ms)
        out = []
        if self.mode != _PLAY:
            # Setting up or waiting for a restoration: only the result counts.
            self.seq += 1
            if self.mode == _ALERT:
                self._alert_step(now, t, out)
            else:
                self._setup_check(t, out)
            return out
        c = self._chg
        cur = self.cur
        lifts = 0
        for i in range(n):
            if not c[i] & 128:
                lifts += 1
                cur[c[i]] = 1
        if lifts < n:
            self._step(now, t, 128, n, out)
        if lifts:
            for i in range(n):
                if not c[i] & 128:
                    cur[c[i]] = 0
            self._step(now, t, 0, n, out)
        return out

    def _step(self, now, t, up, n, out):
        self.seq += 1
        s = self.seq
        if self.mode != _PLAY:
            # The placements of this scan ended a restoration (or a 5.10
            # alert): its lifts belong to the game again.
            self._alert_step(now, t, out) if self.mode == _ALERT else self._setup_check(t, out)
            return
        c = self._chg
        for i in range(n):
            v = c[i]
            if v & 128 == up:
                p = v & 127
                self.recs.append([s, t, p, up >> 7])
                if not up and self.exp[p]:
                    self._first_lift(p, s, t)
        if len(self.recs) > _MAXREC:
            del self.recs[: _MAXREC // 2]
        self._evaluate(now, out)

    def _first_lift(self, p, s, t):
        for e in self.touched:
            if e[0] == p:
                return
        self.touched.append([p, s, t])

    # -- explaining ---------------------------------------------------------

    def _explain(self, exp, start):
        # What the sensors show relative to self.pos (whose occupancy is
        # exp), with the records from index `start`. Sets _m, _c, _j, _t
        # for a MOVE.
        self._bcap = -1
        r = int(fr.diff(exp, self.cur, self._dif))
        nm = r & 255
        nx = r >> 8
        if nm == 0 and nx == 0:
            return _BASE
        pos = self.pos
        side = pos.side
        d = self._dif
        if nm == 1:
            a = d[0]
            own = (pos.piece_at(from_point(a)) & 8) == side
            if nx == 1:
                if own:
                    b = d[89]
                    m = _mv(a, b)
                    c = pos.classify(m)
                    if c != BREACH:
                        self._set(m, c, b, start)
                        return _MOVE
                return _NONE
            if nx:
                return _NONE
            if own and self._capture(exp, a, start):
                return _MOVE
            return _HAND
        if nm == 2 and nx == 0:
            own = 0
            for i in range(2):
                if (pos.piece_at(from_point(d[i])) & 8) == side:
                    own += 1
            if own == 1:
                return _HAND
        return _NONE

    def _capture(self, exp, a, start):
        # Capture by the piece lifted from a: the latest placement, after a
        # was last lifted, on a point that held an opposing piece.
        recs = self.recs
        la = 0
        for i in range(len(recs) - 1, start - 1, -1):
            r = recs[i]
            if r[_P] == a and not r[_UP]:
                la = r[_S]
                break
        pos = self.pos
        side = pos.side
        for i in range(len(recs) - 1, start - 1, -1):
            r = recs[i]
            if r[_S] < la:
                break
            p = r[_P]
            if r[_UP] and p != a and exp[p] and self.cur[p]:
                if (pos.piece_at(from_point(p)) & 8) != side:
                    m = _mv(a, p)
                    c = pos.classify(m)
                    if c != BREACH:
                        self._m = m
                        self._c = c
                        self._j = r[_S]
                        self._t = r[_T]
                        return True
                    if self._bcap < 0:
                        # Taken against the movement rules, or touched
                        # while the piece is in the hand: which, the press
                        # will tell.
                        self._bcap = p
        return False

    def _set(self, m, c, b, start):
        self._m = m
        self._c = c
        recs = self.recs
        for i in range(len(recs) - 1, start - 1, -1):
            r = recs[i]
            if r[_P] == b and r[_UP]:
                self._j = r[_S]
                self._t = r[_T]
                return
        self._j = self.seq
        self._t = recs[-1][_T] if recs else 0

    def _candidates(self, lifted=False):
        # Moves of the mover that an earlier placement completed: (m, class,
        # index of the completing record), oldest first. The destination
        # must be occupied now, unless `lifted` (the opponent may have lifted
        # the piece to take it).
        recs = self.recs
        n = len(recs)
        lo = n - _SCAN2 if n > _SCAN2 else 0
        pos = self.pos
        side = pos.side
        exp = self.exp
        cur = self.cur
        out = []
        for i in range(lo, n):
            ri = recs[i]
            a = ri[_P]
            if ri[_UP] or not exp[a] or (pos.piece_at(from_point(a)) & 8) != side:
                continue
            for j in range(i + 1, n):
                rj = recs[j]
                b = rj[_P]
                if b == a:
                    break
                if not rj[_UP] or not (cur[b] or lifted):
                    continue
                if exp[b] and (pos.piece_at(from_point(b)) & 8) == side:
                    continue
                m = _mv(a, b)
                c = pos.classify(m)
                if c != BREACH:
                    out.append((m, c, j))
        return out

    def _after(self, m, j):
        # Explains the board under pos + m with the records after index j.
        e2 = self._e2
        fr.copy(self.exp, e2)
        e2[point(m >> 8)] = 0
        e2[point(m & 255)] = 1
        self.pos.push(m)
        k = self._explain(e2, j + 1)
        if k == _HAND and not self._next_lifted(j):
            k = _NONE
        self.pos.pop()
        return k

    def _next_lifted(self, j):
        # In a HAND state under pos + m: has the side now to move lifted one
        # of its pieces after the placement j (or as good as at once)? That
        # is the opponent's first lift, which makes m final (5.7).
        r = int(fr.diff(self._e2, self.cur, self._dif))
        nm = r & 255
        pos = self.pos
        side = pos.side
        recs = self.recs
        sj = recs[j][_S]
        tj = recs[j][_T]
        for i in range(nm):
            p = self._dif[i]
            if (pos.piece_at(from_point(p)) & 8) != side:
                continue
            for k in range(len(recs) - 1, -1, -1):
                r = recs[k]
                if r[_P] == p and not r[_UP]:
                    if r[_S] > sj or ticks.diff(tj, r[_T]) <= self.jitter_ms:
                        return True
                    break
        return False

    def _evaluate(self, now, out):
        k = self._explain(self.exp, 0)
        if k == _MOVE:
            if self._m not in self.seen:
                self.seen.append(self._m)
            self.cand = self._m
            self.cand_cls = self._c
            self.cand_j = self._j
            self.cand_t = self._t
            self.state = _MOVE
            self._timer(now, self.settle_ms)
            self._touches(point(self._m & 255), out)
            return
        if k == _BASE:
            self.state = _BASE
            self.cand = 0
            self.dl_on = False
            self._touches(-1, out)
            self.recs = []
            return
        # Two plies: the mover's move done, the opponent's begun or done.
        hand = None
        for m, c, j in self._candidates(True):
            k2 = self._after(m, j)
            if k2 == _MOVE or k2 == _BASE:
                self._final_at(m, c, j, ev.BY_NEXT, out)
                self._evaluate(now, out)
                return
            # The opponent's first lift (5.7): after the mover's placement
            # stood as the explanation, or when nothing else explains it.
            if k2 == _HAND and hand is None and (k == _NONE or (self.state == _MOVE and m == self.cand)):
                hand = (m, c, j)
        if hand is not None:
            self._final_at(hand[0], hand[1], hand[2], ev.BY_NEXT, out)
            self._evaluate(now, out)
            return
        self.cand = 0
        if self.state == _BASE or self.state == _MOVE:
            # Leaving a calm state: should this end in an alert, the pieces
            # lifted from here on were knocked, not touched (5.8.2, 5.9).
            self.none_seq = self.seq
        if k == _HAND:
            self.state = _HAND
            self.dl_on = False
            return
        if self.state != _NONE:
            self.none_t = self.recs[-1][_T] if self.recs else now
        self.state = _NONE
        self._timer(now, self.alert_ms)

    def _timer(self, now, ms):
        self.dl = ticks.add(now, ms)
        self.dl_on = True

    # -- final moves ----------------------------------------------------------

    def _final_at(self, m, c, j, how, out):
        r = self.recs[j]
        self._final(m, c, r[_T], r[_S], how, out)

    def _final(self, m, c, t, sj, how, out):
        # Makes m final; the records after its completing placement (and the
        # unfinished changes before it) pass to the opponent's turn.
        pos = self.pos
        side = pos.side
        a = point(m >> 8)
        b = point(m & 255)
        exp = self.exp
        capture = exp[b]
        last = {}
        keep = []
        for r in self.recs:
            if r[_S] <= sj:
                last[r[_P]] = r
            else:
                keep.append(r)
        moved = []
        for p in last:
            r = last[p]
            if p != a and p != b and r[_UP] != exp[p]:
                moved.append(r)
        gone = [r[_P] for r in moved]
        # The mover's touches: reported, then weighed against the move.
        mine = [e for e in self.touched if e[1] <= sj and e[0] not in gone]
        for e in mine:
            p = e[0]
            if p != a and not (capture and p == b) and not self.told[p]:
                self.told[p] = 1
                out.append(self._touch_event(e, mine))
        flags = how | (ev.SUICIDE if c == SUICIDE else 0) | (ev.CAPTURE if capture else 0)
        out.append((ev.MOVE, t, "3.4" if c == SUICIDE else "", (a, b), m, flags))
        # Only the moved and the captured piece touched: every duty is kept
        # (5.1, 5.2, 5.3.1, 5.4.1), no need to weigh it.
        if [e for e in mine if e[0] != a and e[0] != b]:
            own, opp, order = self._first(mine)
            art, need = dt.duty(pos, own, opp, order)
            if not dt.keeps(need, own, opp, m):
                pts = tuple(p for p in (own, opp) if p >= 0)
                out.append((ev.DUTY, t, art, pts, m, 0))
        pos.push(m)
        exp[a] = 0
        exp[b] = 1
        self.owes[side >> 3] = 1
        # A touch already reported this turn and over (the piece back on
        # its point) stays this turn's.
        keep = [r for r in keep if not (self.told[r[_P]] and self.cur[r[_P]] == exp[r[_P]])]
        moved.sort(key=lambda r: r[_S])
        self.recs = moved + keep
        for e in self.touched:  # (told is only ever set for touched points)
            self.told[e[0]] = 0
        self.touched = []
        for r in self.recs:
            if not r[_UP] and exp[r[_P]]:
                self._first_lift(r[_P], r[_S], r[_T])
        self.cand = 0
        self.seen = []
        self.state = _BASE
        self.dl_on = False

    # -- touches --------------------------------------------------------------

    def _first(self, entries):
        # First own and first opposing piece touched, and their order.
        side = self.pos.side
        own = None
        opp = None
        for e in entries:
            mine = (self.pos.piece_at(from_point(e[0])) & 8) == side
            if mine and own is None:
                own = e
            elif not mine and opp is None:
                opp = e
        if own is None or opp is None:
            order = dt.OWN_FIRST
        elif abs(ticks.diff(own[2], opp[2])) < self.simul_ms:
            order = dt.SIMULTANEOUS
        elif own[1] < opp[1]:
            order = dt.OWN_FIRST
        else:
            order = dt.OPP_FIRST
        return (own[0] if own else -1), (opp[0] if opp else -1), order

    def _touch_event(self, e, entries):
        # The duty in force once this piece was touched (5.1-5.5, 8.1.5).
        # (with those lifted at the same moment: 5.5)
        upto = []
        for x in entries:
            if x is e or x[1] < e[1] or abs(ticks.diff(x[2], e[2])) < self.simul_ms:
                upto.append(x)
        own, opp, order = self._first(upto)
        art, need = dt.duty(self.pos, own, opp, order)
        p = e[0]
        return (ev.TOUCH, e[2], art, (p,), 0, self.pos.piece_at(from_point(p)))

    def _touches(self, excl, out):
        # Pieces lifted and put back this turn, not yet reported. A piece
        # put back on the destination of the provisional capture may be
        # the capturing piece: not a touch until the move is final.
        for e in self.touched:
            p = e[0]
            if not self.told[p] and p != excl and self.cur[p]:
                self.told[p] = 1
                out.append(self._touch_event(e, self.touched))

    # -- alerts ----------------------------------------------------------------

    def _points(self):
        r = int(fr.diff(self.exp, self.cur, self._dif))
        nm = r & 255
        nx = r >> 8
        d = self._dif
        missing = tuple(d[i] for i in range(nm))
        pts = list(missing) + [d[89 - i] for i in range(nx)]
        pts.sort()
        return tuple(pts), missing

    def _raise(self, now, art, out):
        # An unexplained state is final: alert with the points that differ,
        # from the position or from the position after a legal move of the
        # mover seen before, whichever leaves fewer points to restore.
        best = self._nearest(False)
        if best is not None:
            self._final_at(best[0], best[1], best[2], ev.BY_ALERT, out)
            if art == "5.10":
                art = ""
        pts, missing = self._points()
        if not pts:
            self._evaluate(now, out)
            return
        self.breach_pt = -1
        if art == "4.1.8" and len(missing) == 1 and self._bcap >= 0:
            self.breach_pt = missing[0]
            pts = tuple(sorted((missing[0], self._bcap)))
        if not art:
            art = "5.9"
            if len(missing) == 1 and len(pts) == 2:
                a = missing[0]
                b = pts[0] if pts[1] == a else pts[1]
                if (self.pos.piece_at(from_point(a)) & 8) == self.pos.side:
                    # An own piece moved against the movement rules.
                    art = "4.1.8"
                    self.breach_pt = a
                else:
                    art = "5.8.2"
        self._alert_mode(self.none_t if self.state == _NONE else now, art, pts, missing, out)

    def _nearest(self, pressed):
        # The legal move of the mover seen completed, after which the board
        # differs on fewer points than from the position; None if none.
        # After a press (the mover says he has moved) a tie goes to the most
        # recent such move, even if its piece has been lifted since.
        best = None
        r = int(fr.diff(self.exp, self.cur, self._dif))
        fewest = (r & 255) + (r >> 8)
        for m, c, j in self._candidates(pressed):
            if m not in self.seen:
                # Only a move the board once showed as such: pieces knocked
                # about must not combine into a ghost move.
                continue
            fr.copy(self.exp, self._e2)
            self._e2[point(m >> 8)] = 0
            self._e2[point(m & 255)] = 1
            r = int(fr.diff(self._e2, self.cur, self._dif))
            n = (r & 255) + (r >> 8)
            if n < fewest or (pressed and n == fewest):
                fewest = n
                best = (m, c, j)
        return best

    def _forget(self, keep):
        # Drops the pieces lifted since the calm state before the alert
        # (knocked, not touched), except `keep`.
        kept = []
        for e in self.touched:
            if e[1] < self.none_seq or e[0] == keep:
                kept.append(e)
            else:
                self.told[e[0]] = 0
        self.touched = kept

    def _alert_mode(self, t, art, pts, missing, out):
        self.mode = _ALERT
        self.alert_art = art
        self.alert_pts = pts
        self.dl_on = False
        self.cand = 0
        self.state = _NONE
        out.append((ev.ALERT, t, art, pts, 0, missing))

    def _alert_step(self, now, t, out):
        pts, missing = self._points()
        if not pts:
            out.append((ev.RESTORED, t, self.alert_art, (), 0, 0))
            self.mode = _PLAY
            self.state = _BASE
            self.recs = []
            if self.breach_pt >= 0:
                # 5.8.3: the piece moved against the rules counts as touched.
                p = self.breach_pt
                self.breach_pt = -1
                self._forget(p)
                self._first_lift(p, self.seq, t)
                self.told[p] = 1
                out.append((ev.TOUCH, t, "5.8.3", (p,), 0, self.pos.piece_at(from_point(p))))
            else:
                # Knocked or displaced pieces are not touches (5.8.2, 5.9).
                self._forget(-1)
            return
        if self.alert_art == "5.10" and self._explain(self.exp, 0) == _MOVE:
            # The piece in the air has landed on a point: the clock was
            # already pressed, so the move is final at once.
            self.mode = _PLAY
            self.recs = []
            self._final(self._m, self._c, t, self.seq, ev.BY_PRESS, out)
            self.owes[self.pos.side >> 3 ^ 1] = 0
            self._evaluate(now, out)
            return
        if pts != self.alert_pts:
            self.alert_pts = pts
            out.append((ev.ALERT, t, self.alert_art, pts, 0, missing))

    # -- set-up ----------------------------------------------------------------

    def _setup_check(self, t, out):
        pts, missing = self._points()
        if pts != self.setup_pts:
            self.setup_pts = pts
            out.append((ev.SETUP, t, "", pts, 0, missing))

    def _clear(self):
        self.pos.occupancy(self.exp)
        self.recs = []
        self.seen = []
        self.touched = []
        for i in range(90):
            self.told[i] = 0
        self.cand = 0
        self.state = _BASE
        self.dl_on = False
        self.breach_pt = -1

