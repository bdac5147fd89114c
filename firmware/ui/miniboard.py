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
from xq import squares

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


def draw(fb, position, x0, y0, put=(), clear=(), flip=False):
    """The position's pieces, with `put` points solid and `clear` hollow."""
    for p in range(90):
        x, y = cell(p, flip)
        x += x0
        y += y0
        if p in put:
            fb.fill_rect(x, y, 5, 5, 1)
        elif p in clear:
            fb.rect(x, y, 5, 5, 1)
        elif position is not None and position.piece_at(squares.from_point(p)):
            fb.fill_rect(x + 1, y + 1, 3, 3, 1)
        else:
            fb.pixel(x + 2, y + 2, 1)
    river = y0 + 5 * PITCH - 1
    for x in range(x0, x0 + WIDTH - 1, 2):
        fb.pixel(x, river, 1)
