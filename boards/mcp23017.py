# 90 reed switches on six MCP23017 16-bit I/O expanders over I2C.
#
# The expanders sit at addresses 0x20-0x25 (A2 A1 A0 = 0..5). Every pin is
# an input (IODIR 0xFF, the reset state) with the internal 100k pull-up on
# (GPPU 0xFF) and inverted polarity (IPOL 0xFF), so a closed switch, which
# pulls its pin to ground, reads 1. One read per expander: GPIOA then GPIOB
# (registers 0x12, 0x13; IOCON.BANK = 0 and sequential addressing, the reset
# state). Bit i of the 12 bytes read is expander i // 16, GPIOA for
# i % 16 < 8 and GPIOB otherwise, pin 7 - i % 8 of that port.
#
# Wiring: expander e takes fifteen points in point order, 15e to 15e + 14:
# GPA0-GPA7 then GPB0-GPB6; GPB7 is free (TABLE, docs/HARDWARE.md).
from micropython import const

from sense import presence as fr

# For the type checker only (never true on the board, no `typing` there):
# the real API of the port, docs/HARDWARE.md "Type check".
TYPE_CHECKING = False
if TYPE_CHECKING:
    import machine

COUNT = 6
BASE_ADDR = const(0x20)
IODIRA = const(0x00)
IPOLA = const(0x02)
GPPUA = const(0x0C)
GPIOA = const(0x12)
BITS = COUNT * 16


def _points():
    pts = {}  # bit -> point; the free GPB7 bits have none
    for e in range(COUNT):
        for k in range(15):
            port = k // 8  # 0 GPA, 1 GPB
            pin = k % 8
            pts[16 * e + 8 * port + 7 - pin] = 15 * e + k
    return tuple(pts.get(i) for i in range(BITS))


POINTS = _points()
TABLE = fr.codes(POINTS)


class MCP23017:
    """Reads six expanders on `i2c` (a machine.I2C, or anything with
    writeto_mem and readfrom_mem_into)."""

    def __init__(self, i2c: "machine.I2C", addrs=None, table=TABLE):
        self.i2c = i2c
        self.addrs = tuple(addrs) if addrs else tuple(BASE_ADDR + e for e in range(COUNT))
        if len(self.addrs) != COUNT:
            raise ValueError("six MCP23017 addresses needed")
        self.table = table
        self.buf = bytearray(2 * COUNT)
        self.views = [memoryview(self.buf)[2 * e:2 * e + 2] for e in range(COUNT)]
        ff = b"\xff\xff"
        for a in self.addrs:
            i2c.writeto_mem(a, IODIRA, ff)  # all inputs
            i2c.writeto_mem(a, IPOLA, ff)  # a closed switch reads 1
            i2c.writeto_mem(a, GPPUA, ff)  # pull-ups on

    def read(self, frame):
        i2c = self.i2c
        for e in range(COUNT):
            i2c.readfrom_mem_into(self.addrs[e], GPIOA, self.views[e])
        fr.map_bits(self.buf, BITS, self.table, frame, 0)
