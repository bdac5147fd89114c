"""What a move is, seen from the side that makes it: the facts every
file-based notation (Chinese, WXF) is written from.

Art. 1.1: Red's files are numbered 一..九 from Red's right, Black's 1..9
from Black's right. So for Red file number n = 9 - f (ICCS file a..i is
f = 0..8) and for Black n = f + 1. "Forward" is towards the other side.

    >>> from xqboard.core import Position, parse_move
    >>> facts(Position(), parse_move("h2e2"))
    Facts(type=6, red, file=2, dir='.', arg=5)
"""
from array import array

from ..core import movegen, pieces, squares

KING, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER = range(1, 8)
RED, BLACK = pieces.RED, pieces.BLACK
# Pieces that move along files and ranks: their last symbol is a count of
# steps when they go forward or back. The others (advisor, elephant,
# horse) always name the file they arrive on.
STRAIGHT = (KING, CHARIOT, CANNON, SOLDIER)

FORWARD, BACKWARD, SIDEWAYS = "+", "-", "."


def file_number(f, side):
    """Art. 1.1: the number (1-9) of ICCS file f (0-8) for `side`."""
    return 9 - f if side == RED else f + 1


def file_index(n, side):
    """The ICCS file (0-8) of file number n (1-9) for `side`."""
    return 9 - n if side == RED else n - 1


def forwardness(rank, side):
    """How far rank (0-9) lies from `side`'s own back rank."""
    return rank if side == RED else 9 - rank


class Facts:
    """A move as the mover sees it: piece type and side, the file number it
    starts on, the direction ('+', '-', '.') and the last figure (steps for a
    straight move, else the file number it arrives on)."""

    __slots__ = ("type", "side", "file", "dir", "arg", "frm", "to")

    def __init__(self, type_, side, file_, dir_, arg, frm, to):
        self.type = type_
        self.side = side
        self.file = file_
        self.dir = dir_
        self.arg = arg
        self.frm = frm
        self.to = to

    def __repr__(self):
        return "Facts(type=%d, %s, file=%d, dir=%r, arg=%d)" % (
            self.type, pieces.side_name(self.side), self.file, self.dir, self.arg)


def facts(pos, move):
    """The Facts of `move` (an int, from << 8 | to) in `pos`; ValueError if
    no piece stands on the move's starting point."""
    frm, to = squares.move_from(move), squares.move_to(move)
    piece = pos.piece_at(frm)
    if piece == 0 or piece == pieces.OFF:
        raise ValueError("no piece on %s for move %s" % (squares.name(frm), squares.move_name(move)))
    side, kind = pieces.colour(piece), pieces.type_of(piece)
    f0, f1 = squares.file_of(frm), squares.file_of(to)
    dr = forwardness(squares.rank_of(to), side) - forwardness(squares.rank_of(frm), side)
    d = FORWARD if dr > 0 else BACKWARD if dr < 0 else SIDEWAYS
    if kind in STRAIGHT and d != SIDEWAYS:
        arg = abs(dr)
    else:
        arg = file_number(f1, side)
    return Facts(kind, side, file_number(f0, side), d, arg, frm, to)


def same_pieces_by_file(pos, piece):
    """{file number: [squares, front first]} for every piece equal to
    `piece` (type and colour) in `pos`."""
    side = pieces.colour(piece)
    out = {}
    for f in range(9):
        col = []
        for r in range(10):
            sq = squares.square(f, r)
            if pos.piece_at(sq) == piece:
                col.append(sq)
        if col:
            col.sort(key=lambda s: -forwardness(squares.rank_of(s), side))
            out[file_number(f, side)] = col
    return out


def tandem(pos, sq):
    """Where the piece on `sq` stands among like pieces on files holding two
    or more of them: (index, count, files) with the pieces of those files
    taken file by file from the mover's right (file 1 first) and front to
    back within a file; files is the sorted list of such file numbers. None
    if the piece is alone on its file."""
    piece = pos.piece_at(sq)
    side = pieces.colour(piece)
    byfile = same_pieces_by_file(pos, piece)
    n = file_number(squares.file_of(sq), side)
    if len(byfile.get(n, ())) < 2:
        return None
    multi = sorted(k for k, v in byfile.items() if len(v) >= 2)
    order = [s for k in multi for s in byfile[k]]
    return order.index(sq), len(order), multi


def on_file(pos, sq):
    """(index from the front, count) of the piece on `sq` among like pieces
    on its own file."""
    piece = pos.piece_at(sq)
    side = pieces.colour(piece)
    col = same_pieces_by_file(pos, piece)[file_number(squares.file_of(sq), side)]
    return col.index(sq), len(col)


def candidate_moves(pos, kind=None):
    """The moves the side to move could make by the movement rules (legal
    ones and suicides, art. 3.4: a game may end on one), optionally only
    those of piece type `kind`. A buffer per call: the logger may read
    several boards' records in threads."""
    buf = array("H", bytes(2 * movegen.MAX_MOVES))
    n = movegen.gen_pseudo(pos.board, pos.side, buf, 0)
    out = []
    for i in range(n):
        m = buf[i]
        if kind is None or pos.piece_at(m >> 8) & 7 == kind:
            out.append(m)
    return out
