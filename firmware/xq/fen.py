# FEN in and out (xqbase convention: RNBAKCP / rnbakcp, N horse, B elephant;
# H and E are accepted on input). Ranks are written from Black's side (rank 9)
# down to Red's (rank 0); the side to move is `w` (Red; `r` accepted) or `b`.
#
# A FEN is checked for everything a board in a real game can never show, so
# that a position set by an arbiter is one the rules (art. 1-2) can reach.

from xq import pieces, squares
from xq.movegen import FLAGS, king_danger
from xq.pieces import BLACK, RED, colour, index, other, side_name, type_of

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

# Points an advisor or an elephant can ever stand on, by colour (art. 2.2).
_ADVISOR_POINTS = ("d0", "f0", "e1", "d2", "f2")
_ELEPHANT_POINTS = ("c0", "g0", "a2", "e2", "i2", "c4", "g4")


def _mirror(name):
    # The same point seen from Black's side: rank r -> 9 - r.
    return name[0] + str(9 - int(name[1]))


def empty_board():
    """A board of 256 squares: the 90 points empty, the border OFF."""
    b = bytearray(b"\x80" * 256)
    for sq in range(256):
        if FLAGS[sq]:
            b[sq] = 0
    return b


def parse(fen, board):
    """Fills `board` (from empty_board()) from a FEN; returns (side,
    quiet_plies, move_number, generals), side RED or BLACK, generals the
    squares of the red and the black general. Raises ValueError with a
    message that says what is wrong."""
    fields = fen.split()
    if not fields:
        raise ValueError("empty FEN")
    rows = fields[0].split("/")
    if len(rows) != 10:
        raise ValueError("FEN has %d ranks, a Xiangqi board has 10" % len(rows))
    for i in range(10):
        _parse_rank(rows[i], 9 - i, board)
    side = _parse_side(fields[1] if len(fields) > 1 else "w")
    quiet = _parse_count(fields, 4, 0, "half-move clock")
    number = _parse_count(fields, 5, 1, "move number")
    generals = check_position(board, side)
    return side, quiet, max(number, 1), generals


def _parse_rank(text, rank, board):
    f = 0
    for ch in text:
        if "1" <= ch <= "9":
            f += ord(ch) - 48
            continue
        p = pieces.from_letter(ch)
        if p == 0:
            raise ValueError("unknown piece letter %r in FEN (use RNBAKCP, also H and E)" % ch)
        if f < 9:
            board[squares.square(f, rank)] = p
        f += 1
    if f != 9:
        raise ValueError("rank %d of the FEN (%r) covers %d files, not 9" % (rank, text, f))


def _parse_side(text):
    if text in ("w", "r", "W", "R"):
        return RED
    if text in ("b", "B"):
        return BLACK
    raise ValueError("side to move %r: want w (red) or b (black)" % text)


def _parse_count(fields, i, default, what):
    if len(fields) <= i or fields[i] == "-":
        return default
    try:
        n = int(fields[i])
    except ValueError:
        n = -1
    if n < 0:
        raise ValueError("%s %r is not a number" % (what, fields[i]))
    return n


def check_position(board, side):
    """Raises ValueError if the position cannot occur in a game: a missing or
    extra general, too many pieces of a kind, a piece on a point it can never
    reach, or the side not to move in check (it would be capturable).
    Returns the squares of the red and the black general."""
    counts = bytearray(16)
    kings = [0, 0]
    for sq in range(256):
        p = board[sq]
        if p == 0 or p == pieces.OFF:
            continue
        counts[p] += 1
        if type_of(p) == pieces.KING:
            kings[index(colour(p))] = sq
        _check_point(p, sq)
    for p in range(1, 16):
        t = type_of(p)
        if t and counts[p] > pieces.MAX_COUNT[t]:
            raise ValueError("%d %s %ss: a side has at most %d (art. 1.2)" % (
                counts[p], side_name(colour(p)), _TYPE_NAMES[t], pieces.MAX_COUNT[t]))
    for s in (RED, BLACK):
        if counts[pieces.KING | s] == 0:
            raise ValueError("no %s general" % side_name(s))
    waiting = other(side)
    if king_danger(board, kings[index(waiting)], waiting):
        raise ValueError("%s, not to move, is in check: its general could be captured"
                         % side_name(waiting))
    return kings[0], kings[1]


_TYPE_NAMES = ("", "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier")


def _check_point(p, sq):
    t = type_of(p)
    name = squares.name(sq)
    own = _mirror(name) if colour(p) == BLACK else name  # as seen from the piece's own side
    rank = int(own[1])
    ok = True
    if t == pieces.KING:
        ok = own[0] in "def" and rank <= 2
    elif t == pieces.ADVISOR:
        ok = own in _ADVISOR_POINTS
    elif t == pieces.ELEPHANT:
        ok = own in _ELEPHANT_POINTS
    elif t == pieces.SOLDIER:
        # Never behind its starting rank; before the river only on its file.
        ok = rank >= 5 or (rank >= 3 and own[0] in "acegi")
    if not ok:
        raise ValueError("%s %s on %s: it can never stand there (art. 2.2)" % (
            side_name(colour(p)), _TYPE_NAMES[t], name))


def format(board, side, quiet=0, number=1):
    """FEN of a board: 'rnbakabnr/9/... w - - 0 1'."""
    rows = []
    for rank in range(9, -1, -1):
        row = ""
        gap = 0
        for f in range(9):
            p = board[squares.square(f, rank)]
            if p == 0:
                gap += 1
                continue
            if gap:
                row += str(gap)
                gap = 0
            row += pieces.letter(p)
        if gap:
            row += str(gap)
        rows.append(row)
    return "%s %s - - %d %d" % ("/".join(rows), "b" if side == BLACK else "w", quiet, number)
