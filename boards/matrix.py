# 90 reed switches in a 10 x 9 diode matrix on 19 GPIOs.
#
# Ten row lines, one per rank (0-9), are outputs; nine column lines, one per
# file (a-i), are inputs with pull-ups. Each switch and its diode (1N4148,
# cathode towards the row) join one row to one column: with a row driven
# low, a closed switch pulls its column low. Rows are selected one at a time
# and the others held high, so the diodes stop ghosting when several
# switches are closed. A scan is 10 row selections and 90 pin reads.
#
# Wiring: row r is rank r, column c is file c, so bit r*9 + c reads point
# r*9 + c (TABLE is the identity; a board wired otherwise passes its own).
from sense import presence as fr

# For the type checker only (never true on the board, no `typing` there):
# the real API of the port, docs/HARDWARE.md "Type check".
TYPE_CHECKING = False
if TYPE_CHECKING:
    import machine

ROWS = 10
COLS = 9
BITS = ROWS * COLS
POINTS = tuple(range(BITS))
TABLE = fr.codes(POINTS)


def on_pins(Pin: "type[machine.Pin]", rows, cols):
    """A Matrix on the given pin numbers: rows driven high (idle), columns
    inputs with pull-ups. What every board definition with a matrix does."""
    return Matrix([Pin(n, Pin.OUT, value=1) for n in rows], [Pin(n, Pin.IN, Pin.PULL_UP) for n in cols])


class Matrix:
    """Scans the matrix: `rows` ten output Pins (rank 0 first), `cols`
    nine input Pins with pull-ups (file a first)."""

    def __init__(self, rows: "list[machine.Pin]", cols: "list[machine.Pin]", table=TABLE):
        if len(rows) != ROWS or len(cols) != COLS:
            raise ValueError("a 10 x 9 matrix needs 10 row pins and 9 column pins")
        self.rows = rows
        self.cols = cols
        self.table = table
        self.buf = bytearray((BITS + 7) // 8)
        for r in rows:
            r.value(1)

    def read(self, frame):
        buf = self.buf
        for i in range(len(buf)):
            buf[i] = 0
        i = 0
        for r in self.rows:
            r.value(0)
            for c in self.cols:
                if not c.value():  # pulled low: a piece
                    buf[i >> 3] |= 0x80 >> (i & 7)
                i += 1
            r.value(1)
        fr.map_bits(buf, BITS, self.table, frame, 0)
