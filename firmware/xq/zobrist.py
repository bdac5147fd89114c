# Zobrist keys for the position hash (repetition detection, art. 23).
#
# Keys are 30 bits so the hash is always a small int on 32-bit ports (small
# ints hold 31 bits signed): hashing never allocates. With 2^30 values the
# chance that two of the positions of one game (a few hundred) collide is
# about n^2/2^31, under 1e-4 for 600 positions; the repetition rules compare
# positions only since the last capture, which makes it smaller still.
#
# Index: point (0-89) * 16 + piece code; the last entry is the side key.
from array import array

SIDE = 1440
KEYS = array("i", bytes(4 * 1441))


def _fill():
    # xorshift32, fixed seed: the same keys on every port and on CPython.
    x = 0x2545F491
    for i in range(1441):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        KEYS[i] = x & 0x3FFFFFFF


_fill()
