# Attackers of a square: which pieces of one side could capture on it by the
# movement rules (art. 2.2), pins not considered. The exchange evaluation
# (exchange.py) checks legality move by move; this is its hot scan, so it is
# @micropython.viper and allocates nothing: the squares go into `out`.
#
# Board layout as in xq/movegen.py: padded 16x16, square (rank+3)*16+file+3.
import micropython
from micropython import const

from xq.movegen import FLAGS

_K = const(1)
_A = const(2)
_B = const(3)
_N = const(4)
_R = const(5)
_C = const(6)
_P = const(7)
_OFF = const(0x80)
_PALACE = const(2)
_RED_HALF = const(4)
_BLACK_HALF = const(8)


@micropython.viper
def _rays(bo, t: int, side: int, out, n: int) -> int:
    # Chariots: first piece on a ray. Cannons: first piece past one screen.
    b = ptr8(bo)
    o = ptr8(out)
    for i in range(4):
        if i == 0:
            d = 16
        elif i == 1:
            d = -16
        elif i == 2:
            d = 1
        else:
            d = -1
        s = t + d
        while b[s] == 0:
            s += d
        p = b[s]
        if p == (_R | side):
            o[n] = s
            n += 1
        if p != _OFF:
            s += d
            while b[s] == 0:
                s += d
            if b[s] == (_C | side):
                o[n] = s
                n += 1
    return n


@micropython.viper
def _horses(bo, t: int, side: int, out, n: int) -> int:
    # A horse on h reaches t = h + 2d + e with its leg on h + d (蹩马腿):
    # seen from t, the horse is on t - 2d - e and the leg on t - d - e.
    b = ptr8(bo)
    o = ptr8(out)
    horse = _N | side
    for i in range(8):
        if i < 4:
            d = 16 if i < 2 else -16
            e = 1 if (i & 1) == 0 else -1
        else:
            d = 1 if i < 6 else -1
            e = 16 if (i & 1) == 0 else -16
        h = t - d - d - e
        if b[h] == horse and b[t - d - e] == 0:
            o[n] = h
            n += 1
    return n


@micropython.viper
def _steppers(bo, t: int, side: int, out, n: int) -> int:
    # General and advisor (inside the palace), elephant (own half, eye
    # empty), soldier (forward; sideways once across the river).
    b = ptr8(bo)
    o = ptr8(out)
    fl = ptr8(FLAGS)
    if fl[t] & _PALACE:
        for i in range(4):
            if i == 0:
                d = 16
            elif i == 1:
                d = -16
            elif i == 2:
                d = 1
            else:
                d = -1
            if b[t + d] == (_K | side):
                o[n] = t + d
                n += 1
        for i in range(4):
            if i == 0:
                d = 17
            elif i == 1:
                d = 15
            elif i == 2:
                d = -15
            else:
                d = -17
            if b[t + d] == (_A | side):
                o[n] = t + d
                n += 1
    own = _RED_HALF if side == 0 else _BLACK_HALF
    if fl[t] & own:
        for i in range(4):
            if i == 0:
                d = 17
            elif i == 1:
                d = 15
            elif i == 2:
                d = -15
            else:
                d = -17
            if b[t + d + d] == (_B | side) and b[t + d] == 0:
                o[n] = t + d + d
                n += 1
    pawn = _P | side
    back = -16 if side == 0 else 16
    if b[t + back] == pawn:
        o[n] = t + back
        n += 1
    across = _BLACK_HALF if side == 0 else _RED_HALF
    if fl[t] & across:
        if b[t - 1] == pawn:
            o[n] = t - 1
            n += 1
        if b[t + 1] == pawn:
            o[n] = t + 1
            n += 1
    return n


@micropython.viper
def attackers(bo, t: int, side: int, out) -> int:
    """Writes into the bytearray `out` (16 bytes suffice) the squares of the
    pieces of `side` (0 red, 8 black) that could move to square t by the
    movement rules, a capture if t holds an enemy piece; returns the count.
    Pins are not considered (the caller tries the move)."""
    n = int(_rays(bo, t, side, out, 0))
    n = int(_horses(bo, t, side, out, n))
    return int(_steppers(bo, t, side, out, n))
