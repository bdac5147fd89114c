# Move generation and attack tests: the hot paths of the rules core.
#
# The board is a padded 16x16 mailbox (`bytearray(256)`): the point on file
# f (0-8, a-i) and rank r (0-9, from Red's side) is square (r+3)*16 + f+3.
# Every square off the 9x10 board holds OFF, so rays stop by themselves and a
# horse's jump of two never leaves the array. See squares.py for the layout.
#
# Every function here is @micropython.viper: no allocation per node, one
# machine word per variable. They take the buffers as plain objects and cast
# them with ptr8/ptr16/ptr32 inside, so that calls between them pass the
# original objects (a raw address passed as an int would be boxed into a big
# int on ports whose RAM lies above 2^30, such as the ESP32).
#
# Under CPython the `micropython` shim makes the decorators and casts no-ops,
# so the same source is the host tools' rules engine.

import micropython
from micropython import const

# Piece codes (mirrored in pieces.py, which tests check against these):
# low three bits the type, bit 3 the colour (0 red, 8 black).
_K = const(1)  # general 帅/将
_A = const(2)  # advisor 仕/士
_B = const(3)  # elephant 相/象
_N = const(4)  # horse 马
_R = const(5)  # chariot 车
_C = const(6)  # cannon 炮
_P = const(7)  # soldier 兵/卒
_OFF = const(0x80)  # a square off the board

# Square flags (FLAGS[sq]).
_ON = const(1)  # on the board
_PALACE = const(2)  # in a palace (九宫): files d-f, ranks 0-2 and 7-9
_RED_HALF = const(4)  # ranks 0-4
_BLACK_HALF = const(8)  # ranks 5-9

# Where the next square's moves go: a ply of the search never has more than
# this many pseudo-legal moves (chariots 2x17, cannons 2x17+, horses 2x8,
# elephants 2x4, advisors 2x4, general 4, soldiers 5x3 stay well below).
MAX_MOVES = const(160)

FLAGS = bytearray(256)


def _init_flags():
    for r in range(10):
        for f in range(9):
            fl = _ON | (_RED_HALF if r <= 4 else _BLACK_HALF)
            if 3 <= f <= 5 and (r <= 2 or r >= 7):
                fl |= _PALACE
            FLAGS[(r + 3) * 16 + f + 3] = fl


_init_flags()


@micropython.viper
def king_danger(bo, k: int, side: int) -> int:
    """1 if the general of `side` (0 red, 8 black) on square k could be
    captured, or faces the other general on an open file (art. 2.2)."""
    b = ptr8(bo)
    opp = side ^ 8
    rook = _R | opp
    cannon = _C | opp
    # The four rays: the first piece met may be a chariot (or the other
    # general, on the file: the flying-general rule); past one screen, a cannon.
    for i in range(4):
        if i == 0:
            d = 16
        elif i == 1:
            d = -16
        elif i == 2:
            d = 1
        else:
            d = -1
        t = k + d
        while b[t] == 0:
            t += d
        p = b[t]
        if p == rook:
            return 1
        if p == (_K | opp) and i < 2:
            return 1
        if p != _OFF:
            t += d
            while b[t] == 0:
                t += d
            if b[t] == cannon:
                return 1
    # Horses: a horse that attacks k has its leg on a diagonal neighbour of k.
    horse = _N | opp
    if b[k + 17] == 0 and (b[k + 33] == horse or b[k + 18] == horse):
        return 1
    if b[k + 15] == 0 and (b[k + 31] == horse or b[k + 14] == horse):
        return 1
    if b[k - 15] == 0 and (b[k - 31] == horse or b[k - 14] == horse):
        return 1
    if b[k - 17] == 0 and (b[k - 33] == horse or b[k - 18] == horse):
        return 1
    # Soldiers attack forward and, once across the river, sideways; next to
    # a general in its palace an enemy soldier has always crossed.
    pawn = _P | opp
    if b[k - 1] == pawn or b[k + 1] == pawn:
        return 1
    if side == 0:
        return 1 if b[k + 16] == pawn else 0
    return 1 if b[k - 16] == pawn else 0


@micropython.viper
def _gen_sliders(bo, mo, sq: int, cannon: int, opp: int, n: int) -> int:
    # Chariot (cannon == 0): any distance orthogonally, capturing the first
    # enemy piece. Cannon: moves the same, captures only over one screen.
    b = ptr8(bo)
    out = ptr16(mo)
    base = sq << 8
    for i in range(4):
        if i == 0:
            d = 16
        elif i == 1:
            d = -16
        elif i == 2:
            d = 1
        else:
            d = -1
        t = sq + d
        while b[t] == 0:
            out[n] = base | t
            n += 1
            t += d
        p = b[t]
        if cannon == 0:
            if (p & 0x88) == opp and p != 0:
                out[n] = base | t
                n += 1
        elif p != _OFF:
            t += d
            while b[t] == 0:
                t += d
            p = b[t]
            if (p & 0x88) == opp and p != 0:
                out[n] = base | t
                n += 1
    return n


@micropython.viper
def _gen_steppers(bo, mo, sq: int, kind: int, side: int, n: int) -> int:
    # General, advisor, elephant, horse and soldier: a few fixed steps each.
    b = ptr8(bo)
    out = ptr16(mo)
    fl = ptr8(FLAGS)
    opp = side ^ 8
    base = sq << 8
    if kind == _K or kind == _A:
        # One step, orthogonal (general) or diagonal (advisor), in the palace.
        for i in range(4):
            if kind == _K:
                if i == 0:
                    d = 16
                elif i == 1:
                    d = -16
                elif i == 2:
                    d = 1
                else:
                    d = -1
            else:
                if i == 0:
                    d = 17
                elif i == 1:
                    d = 15
                elif i == 2:
                    d = -15
                else:
                    d = -17
            t = sq + d
            p = b[t]
            if (fl[t] & _PALACE) and (p == 0 or (p & 0x88) == opp):
                out[n] = base | t
                n += 1
    elif kind == _B:
        # Two steps diagonally, never across the river, blocked by a piece
        # on the midpoint (塞象眼).
        own_half = _RED_HALF if side == 0 else _BLACK_HALF
        for i in range(4):
            if i == 0:
                d = 17
            elif i == 1:
                d = 15
            elif i == 2:
                d = -15
            else:
                d = -17
            t = sq + d + d
            p = b[t]
            if b[sq + d] == 0 and (fl[t] & own_half) and (p == 0 or (p & 0x88) == opp):
                out[n] = base | t
                n += 1
    elif kind == _N:
        # One orthogonal step then one diagonal outward; blocked by a piece
        # on the orthogonal point (蹩马腿).
        for i in range(4):
            if i == 0:
                d = 16
                e = 1
            elif i == 1:
                d = -16
                e = 1
            elif i == 2:
                d = 1
                e = 16
            else:
                d = -1
                e = 16
            if b[sq + d] == 0:
                t = sq + d + d + e
                p = b[t]
                if p == 0 or (p & 0x88) == opp:
                    out[n] = base | t
                    n += 1
                t = sq + d + d - e
                p = b[t]
                if p == 0 or (p & 0x88) == opp:
                    out[n] = base | t
                    n += 1
    else:
        # Soldier: one step forward; once across the river, also sideways.
        if side == 0:
            fwd = 16
            across = _BLACK_HALF
        else:
            fwd = -16
            across = _RED_HALF
        t = sq + fwd
        p = b[t]
        if p == 0 or (p & 0x88) == opp:
            out[n] = base | t
            n += 1
        if fl[sq] & across:
            t = sq + 1
            p = b[t]
            if p == 0 or (p & 0x88) == opp:
                out[n] = base | t
                n += 1
            t = sq - 1
            p = b[t]
            if p == 0 or (p & 0x88) == opp:
                out[n] = base | t
                n += 1
    return n


@micropython.viper
def gen_pseudo(bo, side: int, mo, base: int) -> int:
    """Writes every move of `side` that obeys the movement rules (art. 2.2)
    into the uint16 array mo from index base on, as from<<8|to; returns how
    many. Whether the mover's general is left in danger is not checked."""
    b = ptr8(bo)
    opp = side ^ 8
    n = base
    row = 0x30
    while row <= 0xC0:
        sq = row + 3
        end = row + 12
        while sq < end:
            p = b[sq]
            if p != 0 and (p & 0x88) == side:
                kind = p & 7
                if kind == _R:
                    n = int(_gen_sliders(bo, mo, sq, 0, opp, n))
                elif kind == _C:
                    n = int(_gen_sliders(bo, mo, sq, 1, opp, n))
                else:
                    n = int(_gen_steppers(bo, mo, sq, kind, side, n))
            sq += 1
        row += 16
    return n - base


@micropython.viper
def gen_piece(bo, side: int, sq: int, mo, base: int) -> int:
    """Writes the moves of the piece of `side` on sq that obey the movement
    rules into mo from base on; returns how many (0 if sq holds none)."""
    b = ptr8(bo)
    p = b[sq]
    if p == 0 or (p & 0x88) != side:
        return 0
    kind = p & 7
    if kind == _R:
        return int(_gen_sliders(bo, mo, sq, 0, side ^ 8, base)) - base
    if kind == _C:
        return int(_gen_sliders(bo, mo, sq, 1, side ^ 8, base)) - base
    return int(_gen_steppers(bo, mo, sq, kind, side, base)) - base


@micropython.viper
def _keep_legal(bo, st, mo, base: int, first: int) -> int:
    # Generates the pseudo-legal moves of the side to move (st[0]) into mo
    # from base on and keeps those that leave its general neither
    # capturable nor facing the other (art. 2.2, 3.4); returns how many.
    # With first=1 it stops at the first legal move (and returns 1).
    b = ptr8(bo)
    s = ptr32(st)
    out = ptr16(mo)
    side = s[0]
    ksq = s[2 + (side >> 3)]
    end = base + int(gen_pseudo(bo, side, mo, base))
    keep = base
    i = base
    while i < end:
        m = out[i]
        f = m >> 8
        t = m & 255
        p = b[f]
        c = b[t]
        b[t] = p
        b[f] = 0
        k = t if (p & 7) == _K else ksq
        danger = int(king_danger(bo, k, side))
        b[f] = p
        b[t] = c
        if danger == 0:
            if first:
                return 1
            out[keep] = m
            keep += 1
        i += 1
    return keep - base


@micropython.viper
def has_legal(bo, st, mo, base: int) -> int:
    """1 if the side to move has a legal move. Stops at the first one found,
    so deciding that a game goes on costs a fraction of listing the moves."""
    return int(_keep_legal(bo, st, mo, base, 1))


@micropython.viper
def gen_legal(bo, st, mo, base: int) -> int:
    """Writes the legal moves of the side to move (st[0]) into mo from base
    on; returns how many. A move is legal if it obeys the movement rules and
    leaves the mover's general neither capturable nor facing the other
    (art. 2.2, 3.4)."""
    return int(_keep_legal(bo, st, mo, base, 0))


@micropython.viper
def do_move(bo, st, ko, m: int) -> int:
    """Makes move m on the board, updates the side to move, the 30-bit hash
    and the general's square in st; returns the piece captured (0 if none)."""
    b = ptr8(bo)
    s = ptr32(st)
    z = ptr8(ko)  # the keys' bytes: four byte loads a key (xq/zobrist.py: any alignment)
    pt = ptr8(POINT_OF)
    f = m >> 8
    t = m & 255
    p = b[f]
    c = b[t]
    i = (pt[f] * 16 + p) << 2
    j = (pt[t] * 16 + p) << 2
    h = s[1] ^ z[i] ^ (z[i + 1] << 8) ^ (z[i + 2] << 16) ^ (z[i + 3] << 24)
    h ^= z[j] ^ (z[j + 1] << 8) ^ (z[j + 2] << 16) ^ (z[j + 3] << 24)
    h ^= z[5760] ^ (z[5761] << 8) ^ (z[5762] << 16) ^ (z[5763] << 24)  # the side's (1440)
    if c != 0:
        j = (pt[t] * 16 + c) << 2
        h ^= z[j] ^ (z[j + 1] << 8) ^ (z[j + 2] << 16) ^ (z[j + 3] << 24)
    b[t] = p
    b[f] = 0
    if (p & 7) == _K:
        s[2 + (p >> 3)] = t
    s[0] = s[0] ^ 8
    s[1] = h
    return c


@micropython.viper
def undo_move(bo, st, ko, m: int, c: int):
    """Takes back move m, which captured c; the exact inverse of do_move."""
    b = ptr8(bo)
    s = ptr32(st)
    z = ptr8(ko)
    pt = ptr8(POINT_OF)
    f = m >> 8
    t = m & 255
    p = b[t]
    i = (pt[f] * 16 + p) << 2
    j = (pt[t] * 16 + p) << 2
    h = s[1] ^ z[i] ^ (z[i + 1] << 8) ^ (z[i + 2] << 16) ^ (z[i + 3] << 24)
    h ^= z[j] ^ (z[j + 1] << 8) ^ (z[j + 2] << 16) ^ (z[j + 3] << 24)
    h ^= z[5760] ^ (z[5761] << 8) ^ (z[5762] << 16) ^ (z[5763] << 24)
    if c != 0:
        j = (pt[t] * 16 + c) << 2
        h ^= z[j] ^ (z[j + 1] << 8) ^ (z[j + 2] << 16) ^ (z[j + 3] << 24)
    b[f] = p
    b[t] = c
    if (p & 7) == _K:
        s[2 + (p >> 3)] = f
    s[0] = s[0] ^ 8
    s[1] = h


@micropython.viper
def perft(bo, st, ko, mo, base: int, depth: int) -> int:
    """Counts the leaf nodes of the legal move tree to `depth` (>= 1), with
    bulk counting at the last ply. The moves of ply k go to mo from base on,
    so mo needs MAX_MOVES entries per ply. The count is a machine int: at
    most 2^30 on 32-bit ports (start position depth 5 is 133 million)."""
    n = int(gen_legal(bo, st, mo, base))
    if depth <= 1:
        return n
    out = ptr16(mo)
    total = 0
    i = base
    end = base + n
    while i < end:
        m = int(out[i])
        c = int(do_move(bo, st, ko, m))
        total += int(perft(bo, st, ko, mo, end, depth - 1))
        undo_move(bo, st, ko, m, c)
        i += 1
    return total


# Square -> point number 0-89 (rank*9 + file), 255 off the board; the
# Zobrist table is indexed by point, which keeps it at 1,441 words.
POINT_OF = bytearray(b"\xff" * 256)


def _init_points():
    for r in range(10):
        for f in range(9):
            POINT_OF[(r + 3) * 16 + f + 3] = r * 9 + f


_init_points()
