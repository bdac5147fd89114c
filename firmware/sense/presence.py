# The sensor frame: 90 presence bits packed into three 30-bit words.
#
# Point p (rank*9 + file, as squares.point()) is bit p % 30 of word p // 30.
# Thirty bits a word keep every value a small int on 32-bit ports (viper and
# the GC never see a big int), and three words are all the debouncer touches
# per scan. A frame is an array('i', 3) (4-byte items on every port).
#
# Drivers fill frames through a wiring table: one byte per hardware bit,
# holding the code of the point it reads (code = word << 5 | bit, see
# code_of()) or NC (255) for an input that is not connected. Precomputing the
# code spares viper a division per bit.
import micropython
from array import array
from micropython import const

NC = const(255)  # a hardware input wired to no point
POINTS = const(90)


def new():
    """A frame with no piece."""
    return array("i", (0, 0, 0))


def code_of(pt):
    """Wiring code of point pt: word << 5 | bit."""
    return (pt // 30) << 5 | (pt % 30)


def codes(points):
    """Wiring table (bytes) from a sequence of point numbers, None or -1 for
    an input wired to nothing."""
    return bytes(NC if p is None or p < 0 else code_of(p) for p in points)


@micropython.viper
def pack(occ, frame):
    """Frame from a bitmap of 90 points (bytearray, nonzero = a piece),
    word by word (no division per point: about the work of a Pico's
    map_bits over its 96 shift-register bits, boards/qemu.py)."""
    o = ptr8(occ)
    f = ptr32(frame)
    p = 0
    for k in range(3):
        w = 0
        for b in range(30):
            if o[p]:
                w |= 1 << b
            p += 1
        f[k] = w


@micropython.viper
def unpack(frame, occ):
    """Bitmap of 90 points (bytearray of 0/1) from a frame."""
    o = ptr8(occ)
    f = ptr32(frame)
    p = 0
    for k in range(3):
        w = f[k]
        for b in range(30):
            o[p] = (w >> b) & 1
            p += 1


@micropython.viper
def map_bits(src, nbits: int, table, frame, invert: int):
    """Frame from hardware bits: bit i of the byte string src (MSB first:
    bit i is (src[i >> 3] >> (7 - (i & 7))) & 1) reads the point whose code
    is table[i]. invert = 1 for active-low inputs (a closed reed switch pulls
    the line to ground: 0 on the wire means a piece)."""
    s = ptr8(src)
    t = ptr8(table)
    f = ptr32(frame)
    w0 = 0
    w1 = 0
    w2 = 0
    for i in range(nbits):
        c = t[i]
        if c == 255:
            continue
        v = ((s[i >> 3] >> (7 - (i & 7))) & 1) ^ invert
        if v:
            k = c >> 5
            m = 1 << (c & 31)
            if k == 0:
                w0 |= m
            elif k == 1:
                w1 |= m
            else:
                w2 |= m
    f[0] = w0
    f[1] = w1
    f[2] = w2


@micropython.viper
def changes(frame, observed, out) -> int:
    """Writes into out (bytearray(90)) each point whose bit in frame differs
    from observed (bytearray(90) of 0/1), as p | new_value << 7, and updates
    observed.
    Returns how many changed."""
    f = ptr32(frame)
    c = ptr8(observed)
    o = ptr8(out)
    n = 0
    p = 0
    for k in range(3):
        w = f[k]
        for b in range(30):
            v = (w >> b) & 1
            if v != c[p]:
                c[p] = v
                o[n] = p | (v << 7)
                n += 1
            p += 1
    return n


@micropython.viper
def occ_changes(occ, observed, out) -> int:
    """As changes(), from a bitmap of 90 points instead of a frame."""
    s = ptr8(occ)
    c = ptr8(observed)
    o = ptr8(out)
    n = 0
    for p in range(90):
        v = 1 if s[p] else 0
        if v != c[p]:
            c[p] = v
            o[n] = p | (v << 7)
            n += 1
    return n


@micropython.viper
def diff(expected, observed, out) -> int:
    """Points where `observed` differs from `expected`, both bytearray(90)
    of 0/1: the missing ones (a piece expected, none seen) go to the front
    of out (bytearray(90)), the extra ones to the back (out[89], out[88],
    ...). Returns missing | extra << 8."""
    e = ptr8(expected)
    c = ptr8(observed)
    o = ptr8(out)
    nm = 0
    nx = 0
    for p in range(90):
        if e[p] != c[p]:
            if e[p]:
                o[nm] = p
                nm += 1
            else:
                nx += 1
                o[90 - nx] = p
    return nm | (nx << 8)


@micropython.viper
def copy(src, dst):
    """dst[0:90] = src[0:90] (bytearrays), without allocating."""
    s = ptr8(src)
    d = ptr8(dst)
    for i in range(90):
        d[i] = s[i]
