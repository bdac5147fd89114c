# 90 reed switches read through a chain of twelve 74HC165 shift registers
# over SPI (clock and MISO only) plus one load pin.
#
# Each switch closes to ground with a 10k pull-up on its 74HC165 input, so
# a piece reads 0 (active low: invert = 1). /PL low latches all 96 inputs at
# once (one snapshot of the board, no tearing), then 96 clocks shift them
# out: the chip whose Q7 drives MISO comes first (chip 0), input D7 before
# D0. Bit i of the read is chip i // 8, input D(7 - i % 8). /CE is tied low;
# the six unused inputs (chip 11, D5-D0) are tied high.
#
# Wiring: the chain snakes along the ranks as the board is laid out, Red's
# side first: rank 0 from file a to i, rank 1 from i back to a, and so on,
# so that neighbouring chips sit next to each other under the board.
# TABLE[i] is the point read by bit i (docs/HARDWARE.md prints it).
from sense import presence as fr

# For the type checker only (never true on the board, no `typing` there):
# the real API of the port, docs/HARDWARE.md "Type check".
TYPE_CHECKING = False
if TYPE_CHECKING:
    import machine

CHIPS = 12
BITS = CHIPS * 8


def serpentine(n):
    """Point of the n-th switch along the chain (n < 90)."""
    rank = n // 9
    k = n % 9
    return rank * 9 + (k if rank % 2 == 0 else 8 - k)


POINTS = tuple(serpentine(i) if i < 90 else None for i in range(BITS))
TABLE = fr.codes(POINTS)


class HC165:
    """Reads the chain: `load` is the /PL pin (an output), `spi` a
    machine.SPI (or anything with readinto) in mode 0, MSB first."""

    def __init__(self, spi: "machine.SPI", load: "machine.Pin", table=TABLE, invert=1):
        self.spi = spi
        self.load = load
        self.table = table
        self.invert = invert
        self.buf = bytearray(CHIPS)
        self.last = bytearray(CHIPS)  # the bits of the last read mapped
        self.frame = None  # the frame they were mapped into
        load.value(1)

    def read(self, frame):
        """Fills frame (frame.new()) with the presence of the 90 points;
        True if they are the bits of the last read into it (the App then
        need not debounce them again: firmware/app.py)."""
        self.load.value(0)  # latch the 96 inputs
        self.load.value(1)  # and let them shift
        buf = self.buf
        self.spi.readinto(buf)
        # Nothing moved in almost every scan: then `frame` holds this read
        # already. (The mapping, viper over 96 bits, costs a Cortex-M0+
        # ~10,000 instructions; the comparison, in C, a few dozen.)
        if frame is self.frame and buf == self.last:
            return True
        fr.map_bits(buf, BITS, self.table, frame, self.invert)
        self.frame = frame
        self.buf, self.last = self.last, buf
