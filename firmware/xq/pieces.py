# Piece codes: the low three bits are the type, bit 3 the colour.
# movegen.py repeats these as local const()s, which viper inlines.
from micropython import const

EMPTY = const(0)
KING = const(1)  # 帅/将, the general
ADVISOR = const(2)  # 仕/士
ELEPHANT = const(3)  # 相/象
HORSE = const(4)  # 马
CHARIOT = const(5)  # 车
CANNON = const(6)  # 炮
SOLDIER = const(7)  # 兵/卒
RED = const(0)
BLACK = const(8)  # the colour bit
OFF = const(0x80)  # a square off the board

# FEN letters by type (xqbase: N horse, B elephant), index = type.
LETTERS = ".KABNRCP"
# Most of each type a side can have (art. 1.2).
MAX_COUNT = (0, 1, 2, 2, 2, 2, 2, 5)


def colour_of(piece):
    return piece & BLACK


def type_of(piece):
    return piece & 7


def letter(piece):
    """FEN letter of a piece: upper case for Red, lower for Black."""
    ch = LETTERS[piece & 7]
    return ch.lower() if piece & BLACK else ch


def from_letter(ch):
    """Piece code of a FEN letter; H and E are accepted for horse and
    elephant, as some programs write them. Returns 0 for an unknown letter."""
    up = ch.upper()
    if up == "H":
        up = "N"
    elif up == "E":
        up = "B"
    i = LETTERS.find(up)
    if i <= 0:
        return 0
    return i | (BLACK if "a" <= ch <= "z" else RED)
