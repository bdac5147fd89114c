# Squares and moves.
#
# The board is a padded 16x16 mailbox: the point on file f (0-8, ICCS a-i,
# from Red's left) and rank r (0-9, from Red's side) is square (r+3)*16+f+3.
# Three rows and columns of border on each side mean rays stop on a border
# square and a horse's two-step jump never leaves the array.
# A move is one int, from << 8 | to.

FILES = "abcdefghi"


def square(file, rank):
    return (rank + 3) * 16 + file + 3


def file_of(sq):
    return (sq & 15) - 3


def rank_of(sq):
    return (sq >> 4) - 3


def on_board(sq):
    f = (sq & 15) - 3
    r = (sq >> 4) - 3
    return 0 <= f <= 8 and 0 <= r <= 9


def name(sq):
    """ICCS name of a square: square(7, 2) -> 'h2'."""
    return FILES[file_of(sq)] + str(rank_of(sq))


def parse(text):
    """Square of an ICCS name ('h2'); ValueError if it is not one."""
    if len(text) != 2:
        raise ValueError("not a point: %r (want a file a-i and a rank 0-9)" % text)
    f = FILES.find(text[0].lower())
    r = ord(text[1]) - 48
    if f < 0 or not 0 <= r <= 9:
        raise ValueError("not a point: %r (want a file a-i and a rank 0-9)" % text)
    return square(f, r)


def move(frm, to):
    return frm << 8 | to


def move_from(m):
    return m >> 8


def move_to(m):
    return m & 255


def move_name(m):
    """ICCS text of a move: 'h2e2'."""
    return name(m >> 8) + name(m & 255)


def parse_move(text):
    """Move of an ICCS text ('h2e2', also 'h2-e2'); ValueError if malformed."""
    t = text.strip().replace("-", "")
    if len(t) != 4:
        raise ValueError("not a move: %r (want ICCS such as h2e2)" % text)
    return move(parse(t[:2]), parse(t[2:]))


def point(sq):
    """Point number 0-89 (rank*9 + file), used by the sensors and the hash."""
    return rank_of(sq) * 9 + file_of(sq)


def from_point(pt):
    return square(pt % 9, pt // 9)
