# Perft: the number of leaf nodes of the legal move tree, the standard check
# of a move generator against published figures.
from array import array

from xq.movegen import MAX_MOVES, do_move, gen_legal, undo_move
from xq.movegen import perft as _perft
from xq.zobrist import KEYS


def perft(pos, depth):
    """Leaf nodes of `pos` to `depth` plies (1 at depth 0)."""
    if depth <= 0:
        return 1
    buf = array("H", bytes(2 * MAX_MOVES * depth))
    return _perft(pos.board, pos.state, KEYS, buf, 0, depth)


def divide(pos, depth):
    """[(move, leaf nodes below it)] for each legal move, in generation order."""
    depth = max(depth, 1)
    buf = array("H", bytes(2 * MAX_MOVES * depth))
    n = gen_legal(pos.board, pos.state, buf, 0)
    out = []
    for i in range(n):
        m = buf[i]
        c = do_move(pos.board, pos.state, KEYS, m)
        count = 1 if depth == 1 else _perft(pos.board, pos.state, KEYS, buf, n, depth - 1)
        undo_move(pos.board, pos.state, KEYS, m, c)
        out.append((m, count))
    return out
