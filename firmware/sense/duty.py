# Touch-move duties (art. 5.1-5.5), from the pieces a player touched.
#
# A presence board sees a lift, the strongest form of touch. What it knows
# of a turn is the first own piece and the first opposing piece lifted, and
# in which order; from them and the position these functions say what the
# move must be, and whether a move keeps the duty. The board witnesses; the
# arbiter rules (a declared adjustment, 5.6, is for him to weigh).
from micropython import const

from xq.squares import from_point, point

FREE = const(0)  # no duty: any legal move
FROM = const(1)  # the move must start from the own piece
TO = const(2)  # the move must capture the opposing piece
EXACT = const(3)  # the own piece must capture the opposing piece

OWN_FIRST = const(0)
OPP_FIRST = const(1)
SIMULTANEOUS = const(2)


def _facts(pos, own, opp):
    # From the legal moves of the side to move: can the own piece move, can
    # it capture the opposing one, can anything capture the opposing one.
    n = pos.gen_legal()
    mv = pos.moves
    a = from_point(own) if own >= 0 else -1
    b = from_point(opp) if opp >= 0 else -1
    moves = False
    exact = False
    to = False
    for i in range(n):
        m = mv[i]
        f = m >> 8
        t = m & 255
        if f == a:
            moves = True
            if t == b:
                exact = True
        if t == b:
            to = True
    return moves, exact, to


def duty(pos, own, opp, order):
    """The duty of the side to move in pos after touching its piece on point
    `own` and the opposing piece on point `opp` (-1: none touched), `order`
    OWN_FIRST, OPP_FIRST or SIMULTANEOUS. Returns (article, need) with need
    FREE, FROM, TO or EXACT. Article '8.1.5' when a lone touched piece can
    neither move nor be captured (a foul, no duty)."""
    if own < 0 and opp < 0:
        return "", FREE
    moves, exact, to = _facts(pos, own, opp)
    if opp < 0:
        # 5.1: a touched own piece must be moved, unless it cannot move.
        return ("5.1", FROM) if moves else ("8.1.5", FREE)
    if own < 0:
        # 5.2: a touched opposing piece must be captured if any piece can.
        return ("5.2", TO) if to else ("8.1.5", FREE)
    if order == OWN_FIRST:
        # 5.3: own first, then opposing.
        if exact:
            return "5.3.1", EXACT
        if moves:
            return "5.3.2", FROM
        if to:
            return "5.3.3", TO
        return "5.3.4", FREE
    # 5.4: opposing first, then own; 5.5: both at once, in the order of 5.4.
    pre = "5.4." if order == OPP_FIRST else "5.5/5.4."
    if exact:
        return pre + "1", EXACT
    if to:
        return pre + "2", TO
    if moves:
        return pre + "3", FROM
    return pre + "4", FREE


def keeps(need, own, opp, m):
    """True if move m (from << 8 | to) keeps a duty `need` on the touched
    points own / opp."""
    if need == FREE:
        return True
    f = point(m >> 8)
    t = point(m & 255)
    if need == FROM:
        return f == own
    if need == TO:
        return t == opp
    return f == own and t == opp
