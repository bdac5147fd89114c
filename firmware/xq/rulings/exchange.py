# Static exchange evaluation on one square, with legality: what a capture on
# a square wins once both sides have recaptured as long as it pays (24.3
# "通过完整互吃交换后吃掉对方子且得子"), and how the target is protected
# (24.15 有根/无根/少根, 24.16 假根: a root that cannot legally leave its line
# to recapture counts as none).
#
# Captures are tried on the Position itself (push, test, pop), so pins, the
# flying-general rule and cannon screens that appear or vanish during the
# exchange all come out right. A capture that would expose the capturer's
# own general is not a capture at all.
from xq.pieces import EMPTY, KING, OFF, colour, type_of
from xq.rulings.attacks import attackers
from xq.rulings.values import value

# Protection of a target, as seen from its side (24.15, 24.16).
UNPROTECTED = "unprotected"  # 无根子: no piece can recapture
FALSE_ROOT = "falsely protected"  # 假根: roots exist, none can legally recapture
UNDER_PROTECTED = "under-protected"  # 少根子: fewer roots than attackers
PROTECTED = "protected"  # 有根子

_by_value_buf = bytearray(16)


def try_move(pos, m):
    """Makes m if it leaves the mover's general safe; True if made."""
    side = pos.side
    pos.push(m)
    if pos.in_check(side):
        pos.pop()
        return False
    return True


def _sorted_attackers(pos, t, side):
    n = attackers(pos.board, t, side, _by_value_buf)
    sqs = [_by_value_buf[i] for i in range(n)]
    if n > 1:
        sqs.sort(key=lambda s: value(pos.board[s], s))
    return sqs


def see(pos, t):
    """Best gain (>= 0) for the side to move from capturing on t and the
    recaptures that follow, each side stopping when it pays to stop."""
    victim = value(pos.board[t], t)
    for a in _sorted_attackers(pos, t, pos.side):
        if try_move(pos, a << 8 | t):
            gain = victim - see(pos, t)
            pos.pop()
            return gain if gain > 0 else 0
    return 0


def capture(pos, frm, t):
    """The side to move captures on t with the piece on frm, then the
    exchange runs its course. Returns (gain, protection) with protection one
    of UNPROTECTED, FALSE_ROOT, PROTECTED (UNDER_PROTECTED when the gain
    comes from outnumbering the roots), or None if the capture is illegal."""
    victim = value(pos.board[t], t)
    own = value(pos.board[frm], frm)
    if not try_move(pos, frm << 8 | t):
        return None
    roots = _sorted_attackers(pos, t, pos.side)
    legal_roots = 0
    for r in roots:
        if try_move(pos, r << 8 | t):
            pos.pop()
            legal_roots += 1
    gain = victim - see(pos, t)
    pos.pop()
    if not roots:
        return gain, UNPROTECTED
    if legal_roots == 0:
        return gain, FALSE_ROOT
    if gain > 0 and own >= victim:
        return gain, UNDER_PROTECTED
    return gain, PROTECTED


def best_gain(pos, skip=-1):
    """The most the side to move wins by one capture and its exchange, over
    every enemy piece but the general (and the square `skip`)."""
    side = pos.side
    best = 0
    b = pos.board
    for t in range(51, 205):
        p = b[t]
        if p == EMPTY or p == OFF or colour(p) == side or type_of(p) == KING or t == skip:
            continue
        g = see(pos, t)
        if g > best:
            best = g
    return best
