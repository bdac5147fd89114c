# Touch-move (art. 5.1-5.5): the pieces a player touched this turn, the duty
# they put on his move, and whether the move kept it.
#
# A presence board sees a lift, the strongest form of touch. What it knows
# of a turn is the first own piece and the first opposing piece lifted, and
# in which order; from them and the position duty() says what the move must
# be, and keeps() whether a move keeps the duty. The board witnesses; the
# arbiter rules (a declared adjustment, 5.6, is for him to weigh).
#
#     touches = Touches(simul_ms=30)
#     touches.lifted(point, seq, t)            each first lift of a piece
#     touches.put_back(pos, observed, -1, out) TOUCH events for pieces back
#                                              on their points
#     mine = touches.report_movers(...)        at the final move: its TOUCH
#     touches.broken_duty(pos, mine, m, t, out)  events, then a broken duty
#     touches.new_turn()                       once the move is pushed
from micropython import const

import ticks
from sense import report
from xq.pieces import colour
from xq.squares import from_point, point

# What a duty asks of the move.
FREE = const(0)  # no duty: any legal move
FROM = const(1)  # the move must start from the own piece
TO = const(2)  # the move must capture the opposing piece
EXACT = const(3)  # the own piece must capture the opposing piece

# In which order the first own and the first opposing piece were touched.
OWN_FIRST = const(0)
OPP_FIRST = const(1)
SIMULTANEOUS = const(2)

# A touch: [point, seq, t], the first lift of a piece this turn (seq: the
# recogniser's count of changes, which orders lifts seen in one scan).
_POINT = const(0)
_SEQ = const(1)
_AT = const(2)


class Touches:
    """The pieces lifted this turn and which of them were reported."""

    def __init__(self, simul_ms=30):
        self.simul_ms = simul_ms  # two first touches this close are simultaneous (5.5)
        self.touches = []  # [point, seq, t] the first lift of each piece this turn
        self.reported = bytearray(90)  # 1: a TOUCH was sent for this point this turn

    def lifted(self, p, seq, t):
        """A piece of the position lifted from point p: the first lift of
        it this turn is its touch."""
        for touch in self.touches:
            if touch[_POINT] == p:
                return
        self.touches.append([p, seq, t])

    def new_turn(self):
        """The move is final (or the position set): the next turn's touches
        start afresh."""
        for touch in self.touches:  # (reported is only ever set for touched points)
            self.reported[touch[_POINT]] = 0
        self.touches = []

    def put_back(self, pos, observed, excluded, out):
        """TOUCH events for the pieces lifted and put back this turn and not
        reported yet. `excluded`: the destination of the provisional capture
        (the piece there may be the capturing one: not a touch until the
        move is final), or -1."""
        for touch in self.touches:
            p = touch[_POINT]
            if not self.reported[p] and p != excluded and observed[p]:
                self.reported[p] = 1
                out.append(self._event(pos, touch, self.touches))

    def report_movers(self, pos, seq, gone, origin, captured, out):
        """The mover's touches: those up to the placement `seq` that
        completed his move, except the pieces still off their points
        (`gone`: they pass to the next turn). TOUCH events for those not
        reported yet, except the moved piece and the captured one
        (`captured`: its point, or -1). Returns them, for broken_duty()."""
        mine = []
        for touch in self.touches:
            if touch[_SEQ] <= seq and touch[_POINT] not in gone:
                mine.append(touch)
        for touch in mine:
            p = touch[_POINT]
            if p != origin and p != captured and not self.reported[p]:
                self.reported[p] = 1
                out.append(self._event(pos, touch, mine))
        return mine

    def broken_duty(self, pos, mine, m, t):
        """The DUTY event if the final move m (not made yet on pos) broke
        the duty the mover's touches `mine` put on it (5.1-5.5), or None."""
        origin = point(m >> 8)
        dest = point(m & 255)
        for touch in mine:
            if touch[_POINT] != origin and touch[_POINT] != dest:
                break
        else:
            # Only the moved and the captured piece touched: every duty is
            # kept (5.1, 5.2, 5.3.1, 5.4.1), no need to weigh it.
            return None
        own, opp, order = self._first(pos, mine)
        art, need = duty(pos, own, opp, order)
        if not keeps(need, own, opp, m):
            pts = (own,) if opp < 0 else (opp,) if own < 0 else (own, opp)
            return (report.DUTY, t, art, pts, m, 0)
        return None

    def forget_knocked(self, since_seq, keep):
        """Drops the pieces lifted from `since_seq` on (knocked, not touched:
        5.8.2, 5.9), except point `keep`."""
        kept = []
        for touch in self.touches:
            if touch[_SEQ] < since_seq or touch[_POINT] == keep:
                kept.append(touch)
            else:
                self.reported[touch[_POINT]] = 0
        self.touches = kept

    def _first(self, pos, touches):
        # First own and first opposing piece touched (points, -1: none), and
        # their order.
        own = None
        opp = None
        side = pos.side
        for touch in touches:
            if colour(pos.piece_at(from_point(touch[_POINT]))) == side:
                if own is None:
                    own = touch
            elif opp is None:
                opp = touch
        if own is None or opp is None:
            order = OWN_FIRST
        elif abs(ticks.diff(own[_AT], opp[_AT])) < self.simul_ms:
            order = SIMULTANEOUS
        elif own[_SEQ] < opp[_SEQ]:
            order = OWN_FIRST
        else:
            order = OPP_FIRST
        return (own[_POINT] if own else -1), (opp[_POINT] if opp else -1), order

    def _event(self, pos, touch, touches):
        # The TOUCH event of one touch: the duty in force once this piece was
        # touched, with those touched before it or at the same moment (5.5).
        upto = []
        for other in touches:
            if (other is touch or other[_SEQ] < touch[_SEQ]
                    or abs(ticks.diff(other[_AT], touch[_AT])) < self.simul_ms):
                upto.append(other)
        own, opp, order = self._first(pos, upto)
        art, need = duty(pos, own, opp, order)
        p = touch[_POINT]
        return (report.TOUCH, touch[_AT], art, (p,), 0, pos.piece_at(from_point(p)))


def duty(pos, own, opp, order):
    """The duty of the side to move in pos after touching its piece on point
    `own` and the opposing piece on point `opp` (-1: none touched), `order`
    OWN_FIRST, OPP_FIRST or SIMULTANEOUS. Returns (article, need) with need
    FREE, FROM, TO or EXACT. Article '8.1.5' when a lone touched piece can
    neither move nor be captured (a foul, no duty)."""
    if own < 0 and opp < 0:
        return "", FREE
    # From the legal moves: can the own piece move, can it capture the
    # opposing one, can anything capture the opposing one.
    n = pos.gen_legal()
    moves = pos.moves
    own_sq = from_point(own) if own >= 0 else -1
    opp_sq = from_point(opp) if opp >= 0 else -1
    own_moves = False
    own_takes = False
    taken = False
    for i in range(n):
        m = moves[i]
        if m >> 8 == own_sq:
            own_moves = True
            if m & 255 == opp_sq:
                own_takes = True
        if m & 255 == opp_sq:
            taken = True
    if opp < 0:
        # 5.1: a touched own piece must be moved, unless it cannot move.
        return ("5.1", FROM) if own_moves else ("8.1.5", FREE)
    if own < 0:
        # 5.2: a touched opposing piece must be captured if any piece can.
        return ("5.2", TO) if taken else ("8.1.5", FREE)
    if order == OWN_FIRST:
        # 5.3: own first, then opposing.
        if own_takes:
            return "5.3.1", EXACT
        if own_moves:
            return "5.3.2", FROM
        if taken:
            return "5.3.3", TO
        return "5.3.4", FREE
    # 5.4: opposing first, then own; 5.5: both at once, in the order of 5.4.
    pre = "5.4." if order == OPP_FIRST else "5.5/5.4."
    if own_takes:
        return pre + "1", EXACT
    if taken:
        return pre + "2", TO
    if own_moves:
        return pre + "3", FROM
    return pre + "4", FREE


def keeps(need, own, opp, m):
    """True if move m (from << 8 | to) keeps a duty `need` on the touched
    points own / opp."""
    if need == FREE:
        return True
    origin = point(m >> 8)
    dest = point(m & 255)
    if need == FROM:
        return origin == own
    if need == TO:
        return dest == opp
    return origin == own and dest == opp
