# Alerts (4.1.8, 5.8.2, 5.9, 5.10, and a position set by reset()): the part
# of the recogniser (recognise.py) that raises an alert when nothing
# explains the board, or on a press in the hand, and waits until the points
# are restored. A base class of Recogniser, whose state it reads and sets.
#
# The type checker cannot see that state from here (it is the Recogniser's,
# set in its __init__), and declaring it again in this class would cost the
# board interned names and code for nothing: attribute access is left to
# the Recogniser's own check (tests/tree/test_typecheck.py).
# pyright: reportAttributeAccessIssue=false
from micropython import const

import ticks
from sense import report
from sense.explain import BASE, MOVE, UNEXPLAINED
from xq.pieces import index, other
from xq.squares import from_point, point

# The recogniser's modes (recognise.py has the same; private names: on the
# unix port each public one takes a slot in the interned-string pool).
_PLAY = const(1)  # following the game
_ALERT = const(2)  # waiting until the points of an alert are restored

# _raise()'s kind when the points that differ are to tell it (no alert
# kind is 0).
_BY_POINTS = const(0)


class Alerts:
    def _raise(self, now, kind, breach, out):
        # An unexplained state is final: an alert of `kind` (_BY_POINTS:
        # which, the points tell) with the points that differ, from the position or
        # from the position after a legal move of the mover seen before,
        # whichever leaves fewer points to restore. `breach`: the capture
        # against the movement rules the board showed (explain.py), or None.
        explainer = self.explainer
        best = explainer.nearest(False)
        if best is not None:
            if not self._final(now, best, report.BY_ALERT, out):
                return  # refused by the game: the position to restore is the alert
            if kind == report.BETWEEN:
                kind = _BY_POINTS
        pts, missing = explainer.differing()
        if not pts:
            self._evaluate(now, out)
            return
        self._breach_point = -1
        if kind == report.BREACH and len(missing) == 1 and breach is not None:
            self._breach_point = missing[0]
            pts = tuple(sorted((missing[0], point(breach[0] & 255))))
        if kind == _BY_POINTS:
            kind = report.KNOCKED
            if len(missing) == 1 and len(pts) == 2:
                gone = missing[0]
                if explainer.is_movers(gone):
                    # An own piece moved against the movement rules.
                    kind = report.BREACH
                    self._breach_point = gone
                else:
                    kind = report.DISPLACED
        since = self._unexplained_at if self._state == UNEXPLAINED else now
        self._alert_mode(since, kind, pts, missing, out)

    def _alert_mode(self, t, kind, pts, missing, out):
        self._mode = _ALERT
        self._alert = kind
        self._shown_pts = pts
        self._timer = None
        self._candidate = None
        self._state = UNEXPLAINED
        out.append((report.ALERT, t, report.ALERT_ARTICLES[kind], pts, kind, missing))

    def _alert_step(self, now, t, out):
        explainer = self.explainer
        pts, missing = explainer.differing()
        if not pts:
            self._end_alert(t, out)
            self._state = BASE
            touches = self.touches
            if self._breach_point >= 0:
                # 5.8.3: the piece moved against the rules counts as touched.
                p = self._breach_point
                self._breach_point = -1
                touches.forget_knocked(self._calm_seq, p)
                touches.lifted(p, explainer.seq, t)
                touches.reported[p] = 1
                out.append((report.TOUCH, t, "5.8.3", (p,), 0, self.pos.piece_at(from_point(p))))
            else:
                # Knocked or displaced pieces are not touches (5.8.2, 5.9).
                touches.forget_knocked(self._calm_seq, -1)
            return
        landed = self._alert == report.BETWEEN or (self._alert == report.POSITION and self._recovering)
        kind, candidate = explainer.explain(explainer.expected, 0) if landed else (0, None)
        if kind == MOVE and candidate is not None:
            # The points are right for a legal move: the alert ends (5.7). A
            # piece in the air landed (5.10): final at once (its press was
            # 8.1.7). After a power cut: the move placed, not pressed, pending
            # again (a capture stays an alert: it looks like a piece in hand).
            m, cls, seq, at = candidate
            self._end_alert(t, out)
            if self._alert == report.BETWEEN:
                if self._final(now, (m, cls, explainer.seq, t), report.BY_PRESS, out):
                    self._owes_press[index(other(self.pos.side))] = 0
                    self._evaluate(now, out)
                return
            explainer.seen.append(m)
            self._candidate = (m, cls, explainer.seq, t)
            self._state = MOVE
            self._timer = ticks.add(now, self.settle_ms)
            return
        if pts != self._shown_pts:
            self._shown_pts = pts
            out.append((report.ALERT, t, report.ALERT_ARTICLES[self._alert], pts, self._alert, missing))

    def _end_alert(self, t, out):  # the points are right: RESTORED, play goes on
        out.append((report.RESTORED, t, report.ALERT_ARTICLES[self._alert], (), self._alert, 0))
        self._mode = _PLAY
        self._recovering = False
        self.explainer.records = []

