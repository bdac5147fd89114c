# Material values for the repetition rulings (art. 1.2, 26.6).
#
# 1.2: a chariot is worth two horses, two cannons, or a horse and a cannon;
# horse = cannon ("strong pieces"); advisor = elephant ("weak pieces"); a
# soldier across the river floats in value. 26.6 fixes the float for the
# rulings: a crossed soldier is worth less than a chariot; an uncrossed one
# (or one captured right after it crossed) is worth nothing to a chaser.
# The numbers only need to order the pieces as 1.2 does.
from micropython import const

CHARIOT = const(8)
HORSE = const(4)  # = cannon (1.2)
WEAK = const(2)  # advisor = elephant (1.2)
CROSSED_SOLDIER = const(2)  # floats below a chariot (26.6)
GENERAL = const(100)  # never captured; orders the general last as a capturer

# By piece type: . K A B N R C P (the soldier's entry is for a crossed one).
_BY_TYPE = (0, GENERAL, WEAK, WEAK, HORSE, CHARIOT, HORSE, CROSSED_SOLDIER)


def crossed(piece, sq):
    """True if a soldier on sq has crossed the river (ranks 5-9 for Red,
    0-4 for Black; square = (rank+3)*16 + file+3)."""
    rank = (sq >> 4) - 3
    return rank >= 5 if (piece & 8) == 0 else rank <= 4


def value(piece, sq):
    """What the piece on sq is worth to a chaser: 1.2, with the soldier
    rule of 26.6 (an uncrossed soldier is no gain)."""
    t = piece & 7
    if t == 7 and not crossed(piece, sq):
        return 0
    return _BY_TYPE[t]


def attacking(piece, sq):
    """A piece that can attack (26.2): chariot, horse, cannon, crossed soldier."""
    t = piece & 7
    return 4 <= t <= 6 or (t == 7 and crossed(piece, sq))
