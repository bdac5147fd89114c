"""Physical actions that play moves on the simulated board.

A move becomes what hands do on a board (the scenario's action syntax, with
`+<ms>` the board time after the action before): the mover's piece lifted
and placed, a captured piece lifted in either order, the clock pressed.

    >>> from xqboard.core import Position, parse_move
    >>> move_actions(Position(), parse_move("h2e2"))
    ['+150 lift h2', '+250 place e2', '+150 press red']
    >>> p = Position("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
    >>> move_actions(p, parse_move("h2h9"), mover_first=True)
    ['+150 lift h2', '+150 lift h9', '+250 place h9', '+150 press red']
    >>> move_actions(p, parse_move("h2h9"))
    ['+150 lift h9', '+150 lift h2', '+250 place h9', '+150 press red']
"""
from .core import pieces, squares


def point(sq):
    return squares.name(sq)


def move_actions(pos, move, mover_first=False, touch=False):
    """The actions of one move by the side to move in `pos`. A capture lifts
    the captured piece first, or the mover first (`mover_first`): the
    recogniser takes either order (ARCHITECTURE). `touch`: the piece is
    first lifted and put back (a touch, 5.1: it must then be moved, and is)."""
    frm, to = point(squares.move_from(move)), point(squares.move_to(move))
    out = []
    if touch:
        out += ["+150 lift %s" % frm, "+250 place %s" % frm, "+400 lift %s" % frm]
    capture = bool(pos.piece_at(squares.move_to(move)))
    if capture and not mover_first:
        out.append("+150 lift %s" % to)
    if not touch:
        out.append("+150 lift %s" % frm)
    if capture and mover_first:
        out.append("+150 lift %s" % to)
    out.append("+250 place %s" % to)
    out.append("+150 press %s" % pieces.side_name(pos.side))
    return out


def knock_actions(pos, avoid=()):
    """A piece of the side not to move knocked onto an empty neighbouring
    point and, after the alert (5.8.2: displaced), put back: (actions,
    from, to) or None if no piece can be knocked so."""
    other = pieces.other(pos.side)
    for pt in range(90):
        sq = squares.from_point(pt)
        piece = pos.piece_at(sq)
        if not piece or pieces.colour(piece) != other:
            continue
        f, r = squares.file_of(sq), squares.rank_of(sq)
        for df, dr in ((0, -1), (0, 1), (1, 0), (-1, 0)):
            nf, nr = f + df, r + dr
            if not (0 <= nf < 9 and 0 <= nr < 10):
                continue
            nsq = squares.square(nf, nr)
            if pos.piece_at(nsq) or point(nsq) in avoid or point(sq) in avoid:
                continue
            a, b = point(sq), point(nsq)
            return (["+300 lift %s" % a, "+100 place %s" % b,
                     "+2500 lift %s" % b, "+150 place %s" % a], a, b)
    return None
