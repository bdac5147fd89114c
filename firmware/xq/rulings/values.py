# Material values for the repetition rulings (art. 1.2, 26.6).
#
# 1.2: a chariot is worth two horses, two cannons, or a horse and a cannon;
# horse = cannon ("strong pieces"); advisor = elephant ("weak pieces"); a
# soldier across the river floats in value. 26.6 fixes the float for the
# rulings: a crossed soldier is worth less than a chariot; an uncrossed one
# (or one captured right after it crossed) is worth nothing to a chaser.
# The numbers only need to order the pieces as 1.2 does.
from micropython import const

from xq.pieces import CANNON, CHARIOT, HORSE, RED, SOLDIER, colour, type_of

CHARIOT_VALUE = const(8)
STRONG_VALUE = const(4)  # horse = cannon (1.2)
WEAK_VALUE = const(2)  # advisor = elephant (1.2)
CROSSED_SOLDIER_VALUE = const(2)  # floats below a chariot (26.6)
GENERAL_VALUE = const(100)  # never captured; orders the general last as a capturer

# By piece type: . K A B N R C P (the soldier's entry is for a crossed one).
_BY_TYPE = (0, GENERAL_VALUE, WEAK_VALUE, WEAK_VALUE, STRONG_VALUE, CHARIOT_VALUE, STRONG_VALUE,
            CROSSED_SOLDIER_VALUE)


def crossed(piece, sq):
    """True if a soldier on sq has crossed the river (ranks 5-9 for Red,
    0-4 for Black; square = (rank+3)*16 + file+3)."""
    rank = (sq >> 4) - 3
    return rank >= 5 if colour(piece) == RED else rank <= 4


def value(piece, sq):
    """What the piece on sq is worth to a chaser: 1.2, with the soldier
    rule of 26.6 (an uncrossed soldier is no gain)."""
    t = type_of(piece)
    if t == SOLDIER and not crossed(piece, sq):
        return 0
    return _BY_TYPE[t]


def attacking(piece, sq):
    """A piece that can attack (26.2): chariot, horse, cannon, crossed soldier."""
    t = type_of(piece)
    return t == HORSE or t == CHARIOT or t == CANNON or (t == SOLDIER and crossed(piece, sq))
