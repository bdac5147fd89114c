# The mini board: the 90 points of the board in 54 x 60 pixels (a point
# every 6 px, so the ten ranks fit the 64 px of an SSD1306), with the points
# a player must change marked:
#
#   solid 5x5      a point to fill (a piece belongs there)
#   hollow 5x5     a point to clear (no piece belongs there)
#   3x3            a piece that stands where it should
#   1 pixel        an empty point
#
# Seen from the player's side: Red's rank 0 at the bottom, Black's display
# turned round. The river is a dotted line between ranks 4 and 5.
#
# A board drawn whole took 1,038,000 instructions on the emulated Pico
# (12-21 ms on an RP2040, four scan periods); written out and with the
# pieces read by the viper occupancy() it takes 616,000, and a device draws
# it in slices, points [first, end) a scan, 15 points in 96,000 instructions
# (1.1-1.9 ms; ui/fields.py, Fields.board; docs/HARDWARE.md).
import micropython

PITCH = 6
WIDTH = 9 * PITCH
HEIGHT = 10 * PITCH


def cell(point, flip):
    """(x, y) of a point's 5x5 box, relative to the board's corner."""
    f = point % 9
    r = point // 9
    if flip:
        return (8 - f) * PITCH, r * PITCH
    return f * PITCH, (9 - r) * PITCH


@micropython.viper
def occupancy(board, out):
    """out[point] = 1 where the point holds a piece, from a Position's
    `board` (the 16x16 mailbox of xq/squares.py: point rank*9+file is square
    (rank+3)*16+file+3). Viper: ~2,000 instructions, where
    Position.occupancy() takes ~150,000 on an RP2040."""
    b = ptr8(board)
    o = ptr8(out)
    r = 0
    while r < 10:
        f = 0
        while f < 9:
            if b[(r + 3) * 16 + f + 3]:
                o[r * 9 + f] = 1
            else:
                o[r * 9 + f] = 0
            f += 1
        r += 1


def draw(fb, occupied, x0, y0, put=(), clear=(), flip=False, first=0, end=90, with_river=True):
    """The pieces of `occupied` (0/1 by point, Position.occupancy()), with
    `put` points solid and `clear` hollow: the points first..end-1 (all by
    default), the river with point 0 unless with_river is False. (cell()
    written out: a call costs ~1,000 instructions on an RP2040, a third of
    a point's.)"""
    for p in range(first, end):
        f = p % 9
        r = p // 9
        if flip:
            x = x0 + (8 - f) * PITCH
            y = y0 + r * PITCH
        else:
            x = x0 + f * PITCH
            y = y0 + (9 - r) * PITCH
        if p in put:
            fb.fill_rect(x, y, 5, 5, 1)
        elif p in clear:
            fb.rect(x, y, 5, 5, 1)
        elif occupied is not None and occupied[p]:
            fb.fill_rect(x + 1, y + 1, 3, 3, 1)
        else:
            fb.pixel(x + 2, y + 2, 1)
    if first == 0 and with_river:
        river(fb, x0, y0)


def river(fb, x0, y0):
    """The river: a dotted line between ranks 4 and 5 (27 pixels, ~55,000
    instructions on the emulated Pico: a step of its own on a device)."""
    y = y0 + 5 * PITCH - 1
    for x in range(x0, x0 + WIDTH - 1, 2):
        fb.pixel(x, y, 1)
