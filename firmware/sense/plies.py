# The plies (5.7): the part of the recogniser (recognise.py) that proposes a
# final move to the game and follows the position the game makes it on. A
# base class of Recogniser, whose state it reads and sets (as alerts.py).
#
# One position: on the board the recogniser follows the game's own Position
# object, never a copy kept in step by FEN text. A final move is proposed
# through `rec.make(now, reports)`, the game's make (App._make), which hands
# the reports so far, the MOVE last, to the game at once: Game.on_move makes
# the ply on that position (Position.push computes the ply's facts once, as
# Stockfish's do_move: the piece captured, check, the repetition key) or
# refuses it (no game in play: before the start, after the result); a
# refused ply leaves the position as it was, and the board, which shows the
# move, is to be restored (an ALERT POSITION until it is). The recogniser
# then reads the position the game left: the ply made, or not. With no make
# (the sense tests and benches: no game) it makes its plies itself. The
# game's only ply of its own, the provisional move made final at the flag
# (21.6), is followed at the recogniser's next call (_follow_made).
# pyright: reportAttributeAccessIssue=false
from sense import report
from sense.explain import AT, BASE, POINT, SEQ, UP
from xq.pieces import index, other
from xq.position import SUICIDE
from xq.squares import point


class Plies:
    def _final(self, now, candidate, how, out):
        # Proposes the candidate's move (final, 5.7) and, once the game has
        # made it, passes the changes after its completing placement (and
        # the unfinished changes before it) to the opponent's turn. False
        # if the game refused it.
        m, cls, seq, t = candidate
        explainer = self.explainer
        touches = self.touches
        pos = self.pos
        side = pos.side
        origin = point(m >> 8)
        dest = point(m & 255)
        capture = explainer.expected[dest]
        unfinished, later = explainer.split(seq, origin, dest)
        # The mover's touches: reported, then weighed against the move.
        gone = []  # the points of the unfinished changes
        for r in unfinished:
            gone.append(r[POINT])
        mine = touches.report_movers(pos, seq, gone, origin, dest if capture else -1, out)
        duty = touches.broken_duty(pos, mine, m, t)  # (on the position before the move)
        flags = how | (report.SUICIDE if cls == SUICIDE else 0) | (report.CAPTURE if capture else 0)
        out.append((report.MOVE, t, "3.4" if cls == SUICIDE else "", (origin, dest), m, flags))
        ply = pos.ply
        if self.make is None:
            pos.push(m)  # no game: the recogniser makes its own plies
        else:
            self.make(now, out)  # the game makes the ply, or refuses it
        self._ply = pos.ply
        if pos.ply != ply + 1 or pos.move_at(ply) != m:
            self._restore(now, out)
            return False
        if duty is not None:
            out.append(duty)
        self._made(m, side, unfinished, later)
        return True

    def _made(self, m, side, unfinished, later):
        # The move m of `side` made on the position: the sensors are read
        # against the position after it.
        explainer = self.explainer
        touches = self.touches
        explainer.advance(m)
        self._owes_press[index(side)] = 1
        # A touch already reported this turn and over (the piece back on
        # its point) stays this turn's.
        observed = explainer.observed
        expected = explainer.expected
        for r in later:
            p = r[POINT]
            if not (touches.reported[p] and observed[p] == expected[p]):
                unfinished.append(r)
        explainer.records = unfinished
        touches.new_turn()
        for r in unfinished:
            if not r[UP] and expected[r[POINT]]:
                touches.lifted(r[POINT], r[SEQ], r[AT])
        self._candidate = None
        explainer.seen = []
        self._state = BASE
        self._end = None

    def _follow_made(self, now, out):
        # The position has plies the recogniser did not propose: the game
        # made the provisional move itself (21.6, at the flag): it is final
        # (its reports would be the game's, which has it already). Any
        # other change of the position: the board is to show it.
        pos = self.pos
        if pos.ply == self._ply:
            return
        c = self._candidate
        if c is not None and pos.ply == self._ply + 1 and pos.move_at(self._ply) == c[0]:
            m = c[0]
            unfinished, later = self.explainer.split(c[2], point(m >> 8), point(m & 255))
            self._made(m, other(pos.side), unfinished, later)
            self._ply = pos.ply
            return
        self._ply = pos.ply
        self._clear()
        self._restore(now, out)

    def _restore(self, now, out):
        # The board shows what the position (the game's) has not: an ALERT
        # (POSITION) with the points to restore, until it shows it (a move
        # the game refused: before the start, after the result).
        self._candidate = None
        self.explainer.seen = []
        pts, missing = self.explainer.differing()
        if pts:
            self._alert_mode(now, report.POSITION, pts, missing, out)
        else:
            self._state = BASE
            self._end = None
