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


# Sides. A side is its colour bit (RED 0, BLACK 8), so `piece & BLACK` is
# the side of a piece inside viper code; everywhere else use these names.
SIDE_NAMES = ("red", "black")


def other(side):
    """The opponent of `side`: other(RED) == BLACK."""
    return BLACK if side == RED else RED


def index(side):
    """0 for Red, 1 for Black: the index of a side in per-side tuples."""
    return 0 if side == RED else 1


def colour(piece):
    """The side a piece belongs to: RED or BLACK."""
    return piece & BLACK


def side_name(side):
    """'red' or 'black', as the protocol and the records write a side."""
    return SIDE_NAMES[index(side)]


def side_of(name):
    """The side a protocol word names; ValueError for anything else."""
    if name == "red":
        return RED
    if name == "black":
        return BLACK
    raise ValueError("side %r: red or black" % name)


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
