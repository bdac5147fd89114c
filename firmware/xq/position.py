# The position: board, side to move, hash, history; legal moves and the
# state of the game as the rules (art. 2-4) define it.
#
#     >>> p = Position()
#     >>> p.classify(parse_move("h2e2")) == LEGAL   # 炮二平五
#     True
#     >>> p.push(parse_move("h2e2"))                # the piece taken: none
#     0
#     >>> p.fen()
#     'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1'
#
# The hot work (move generation, attack tests, make/unmake) is in movegen.py
# under @micropython.viper; this class holds the buffers so that nothing is
# allocated per move generated.

from array import array
from micropython import const

from xq import fen as _fen
from xq import squares
from xq.movegen import MAX_MOVES, do_move, gen_legal, gen_piece, has_legal, king_danger, undo_move
from xq.pieces import BLACK, OFF, RED, index
from xq.zobrist import KEYS, SIDE, key

# What a physical move from one point to another is (classify()).
LEGAL = const(0)  # a legal move
SUICIDE = const(1)  # obeys the movement rules, leaves the own general in danger (3.4, 4.1.3)
BREACH = const(2)  # breaks the movement rules, or moves no own piece (4.1.8 / 8.1.8)

# The state of the side to move (status()).
PLAYING = const(0)
MATED = const(1)  # in check with no legal move: loses (4.1.1)
STALEMATED = const(2)  # no legal move, not in check (困毙): loses (4.1.2)

_S_SIDE = const(0)
_S_HASH = const(1)
_S_KING = const(2)  # + 0 red, + 1 black
# Where each side's general stands in `state` (a dict: faster than a call).
_KING_SLOT = {RED: _S_KING, BLACK: _S_KING + 1}


_GROW_PLIES = const(64)
# A ply's byte of history: the piece it captured (0-15), and _CHECK if it
# gave check (the facts push() computes, no array more on the heap).
_PIECE = const(0x0F)
_CHECK = const(0x40)


class Position:
    """A Xiangqi position that follows a game by push() and pop()."""

    def __init__(self, fen=_fen.START, history=64):
        self.board = _fen.empty_board()
        # side, hash, red general, black general: read and written by viper.
        self.state = array("i", (0, 0, 0, 0))
        # Scratch for move generation: one ply's worth (more for perft()).
        self.moves = array("H", bytes(2 * MAX_MOVES))
        self._hist_moves = array("H", bytes(2 * history))
        self._hist_caps = bytearray(history)
        self._hist_quiet = array("H", bytes(2 * history))
        self.ply = 0  # moves pushed since the FEN
        self.set_fen(fen)

    # -- set-up -------------------------------------------------------------

    def set_fen(self, text):
        """Sets the position from a FEN; ValueError (and the position
        unchanged) if the FEN is malformed or the position impossible."""
        board = _fen.empty_board()
        side, quiet, number, generals = _fen.parse(text, board)
        for sq in range(256):
            self.board[sq] = board[sq]
        self.state[_S_SIDE] = side
        self.state[_KING_SLOT[RED]], self.state[_KING_SLOT[BLACK]] = generals
        self.state[_S_HASH] = self._full_hash()
        self.quiet = quiet  # plies since the last capture (for 4.2.4)
        self.start_number = number
        self.start_side = side
        self.ply = 0

    def _full_hash(self):
        from xq.movegen import POINT_OF

        h = key(SIDE) if self.state[_S_SIDE] == BLACK else 0
        board, off = self.board, OFF  # locals: read for each of 256 squares
        for sq in range(256):
            p = board[sq]
            if p and p != off:  # a piece, not the border
                h ^= key(POINT_OF[sq] * 16 + p)
        return h

    def fen(self):
        number = self.start_number + (self.ply + index(self.start_side)) // 2
        return _fen.format(self.board, self.state[_S_SIDE], self.quiet, number)

    def copy(self):
        return Position(self.fen())

    # -- what is where --------------------------------------------------------

    @property
    def side(self):
        """The side to move: RED or BLACK (xq/pieces.py)."""
        return self.state[_S_SIDE]

    @property
    def hash(self):
        """30-bit Zobrist hash of the position and side to move."""
        return self.state[_S_HASH]

    def king(self, side):
        return self.state[_KING_SLOT[side]]

    def piece_at(self, sq):
        return self.board[sq]

    def occupancy(self, out=None):
        """Which of the 90 points hold a piece, as a bytearray of 0/1 by point
        number (rank*9 + file): what the sensors should see."""
        if out is None:
            out = bytearray(90)
        for pt in range(90):
            out[pt] = 1 if self.board[(pt // 9 + 3) * 16 + pt % 9 + 3] else 0
        return out

    # -- moves ------------------------------------------------------------------

    def gen_legal(self, buf=None, base=0):
        """Writes the legal moves into buf (default: self.moves) from base on;
        returns the count. Allocates nothing."""
        return gen_legal(self.board, self.state, self.moves if buf is None else buf, base)

    def legal_moves(self):
        """The legal moves as a list of ints (from << 8 | to)."""
        n = gen_legal(self.board, self.state, self.moves, 0)
        return [self.moves[i] for i in range(n)]

    def is_legal(self, m):
        n = gen_legal(self.board, self.state, self.moves, 0)
        for i in range(n):
            if self.moves[i] == m:
                return True
        return False

    def in_check(self, side=None):
        """True if the general of `side` (default: the side to move) could be
        captured or faces the other general."""
        if side is None:
            side = self.state[_S_SIDE]
        return king_danger(self.board, self.state[_KING_SLOT[side]], side) != 0

    def status(self):
        """PLAYING, MATED (4.1.1) or STALEMATED (4.1.2) for the side to move."""
        if has_legal(self.board, self.state, self.moves, 0):
            return PLAYING
        return MATED if self.in_check() else STALEMATED

    def classify(self, m):
        """What the physical move m would be for the side to move: LEGAL,
        SUICIDE (it obeys the movement rules but leaves the mover's general
        capturable or facing the other general: 3.4, loses by 4.1.3) or
        BREACH (it breaks the movement rules, or moves no piece of the side
        to move: 4.1.8 / 8.1.8)."""
        side = self.state[_S_SIDE]
        # gen_piece writes no move for a point that holds no piece of `side`
        n = gen_piece(self.board, side, m >> 8, self.moves, 0)  # from its from-square
        for i in range(n):
            if self.moves[i] == m:
                break
        else:
            return BREACH
        c = do_move(self.board, self.state, KEYS, m)
        danger = king_danger(self.board, self.state[_KING_SLOT[side]], side)
        undo_move(self.board, self.state, KEYS, m, c)
        return SUICIDE if danger else LEGAL

    def push(self, m):
        """Makes move m (legal or not: a suicide is made too, the game layer
        rules on it). Returns the piece captured, 0 if none.

        The ply's facts are computed here, once, as Stockfish's do_move
        keeps them in the ply's state: the piece captured (captured_at),
        whether it gave check (check), the position's hash after it
        (the repetition key, `hash`, kept up by do_move); the game, the
        record and the rulings read them from the history."""
        if self.ply == len(self._hist_caps):
            self._grow()
        board, state = self.board, self.state
        c = do_move(board, state, KEYS, m)
        i = self.ply
        self._hist_moves[i] = m
        side = state[_S_SIDE]  # the side now to move: is its general in danger?
        self._hist_caps[i] = c | _CHECK if king_danger(board, state[_KING_SLOT[side]], side) else c
        self._hist_quiet[i] = self.quiet
        self.quiet = 0 if c else self.quiet + 1
        self.ply = i + 1
        return c

    def pop(self):
        """Takes back the last move pushed and returns it."""
        if self.ply == 0:
            raise IndexError("no move to take back")
        i = self.ply - 1
        m = self._hist_moves[i]
        undo_move(self.board, self.state, KEYS, m, self._hist_caps[i] & _PIECE)
        self.quiet = self._hist_quiet[i]
        self.ply = i
        return m

    def move_at(self, i):
        return self._hist_moves[i]

    def captured_at(self, i):
        return self._hist_caps[i] & _PIECE

    def check(self, i):
        """Whether ply i left the side then to move in check (3.3). (Named
        so, not gave_check: one new interned name tips the unix port's test
        heap over a growth step of its name pool, runtime.py's HEAP.)"""
        return self._hist_caps[i] & _CHECK != 0

    def _grow(self):
        # History grows by _GROW_PLIES when full: a rare allocation (every 64
        # plies), never one per move. A fixed step rather than doubling keeps
        # a long game's heap close to what it needs (a 600-ply game: 3.2 KB
        # of history, not the 5 KB of a doubled 1024, and small temporaries).
        self._hist_moves.extend(array("H", bytes(2 * _GROW_PLIES)))
        self._hist_quiet.extend(array("H", bytes(2 * _GROW_PLIES)))
        self._hist_caps.extend(bytes(_GROW_PLIES))

    def __repr__(self):
        return "Position(%r)" % self.fen()


def parse_move(text):
    return squares.parse_move(text)
