# Fake hardware for the board drivers under the unix port (whose `machine`
# has no Pin, SPI or I2C): a `machine`-like object whose pins, SPI bus and
# I2C bus read a simulated board of reed switches, wired as the docs say.
#
#     hw = FakeHardware()           # no piece
#     hw.occ[p] = 1                 # a piece on point p
#     drv = boards.pico.sensors(hw) # or HC165(hw.SPI(0), hw.Pin(5)), ...


def snake():
    # The 74HC165 chain as docs/HARDWARE.md draws it, written out without
    # the driver's formula: Red's rank 0 left to right, rank 1 back, ...
    order = []
    for rank in range(10):
        files = range(9) if rank % 2 == 0 else range(8, -1, -1)
        for f in files:
            order.append(rank * 9 + f)
    return order


class FakeHardware:
    """roles: pin number -> 'load' (the 74HC165 /PL), ('row', rank) or
    ('col', file) for the matrix."""

    def __init__(self, roles=None):
        self.occ = bytearray(90)
        self.roles = roles or {}
        self.rows = [None] * 10
        self.cols = [None] * 9
        hw = self
        self.loads = 0
        self.i2c_writes = []

        class Pin:
            OUT = 1
            IN = 0
            PULL_UP = 1
            pins = {}

            def __init__(self, id, mode=-1, pull=-1, value=None):
                self.id = id
                self.v = 1 if value is None else value
                self.role = hw.roles.get(id)
                if isinstance(self.role, tuple):
                    if self.role[0] == "row":
                        hw.rows[self.role[1]] = self
                    else:
                        hw.cols[self.role[1]] = self
                    self.role = self.role[0]

            def value(self, v=None):
                if v is None:
                    return hw._read_pin(self)
                if self.role == "load" and self.v == 1 and v == 0:
                    hw._latch()
                self.v = v
                return None

        self.Pin = Pin
        self.latched = bytearray(12)

    # 74HC165 chain on SPI: chip c input Dk (k = 7 .. 0 shifted out first
    # to last) is switch number 8c + 7 - k along the snake; unused inputs
    # are tied high; a closed switch reads 0.
    def SPI(self, id, **kw):
        hw = self

        class SPI:
            def readinto(self, buf):
                for i in range(len(buf)):
                    buf[i] = hw.latched[i]

        return SPI()

    def _latch(self):
        self.loads += 1
        order = snake()
        for c in range(12):
            byte = 0
            for k in range(7, -1, -1):
                n = 8 * c + 7 - k
                level = 1
                if n < 90 and self.occ[order[n]]:
                    level = 0
                byte |= level << k
            self.latched[c] = byte

    # Diode matrix: the row pin driven low selects rank r; column pin c
    # (file c) reads 0 if that switch is closed.
    def _read_pin(self, pin):
        if pin.role != "col":
            return pin.v
        c = self.cols.index(pin)
        low = [r for r in range(10) if self.rows[r].v == 0]
        for r in low:
            if self.occ[r * 9 + c]:
                return 0
        return 1

    # MCP23017 x 6 at 0x20-0x25: GPA n of expander e is point 15e + n,
    # GPB n point 15e + 8 + n (GPB7 free). Registers as in the datasheet
    # (IOCON.BANK = 0): the port reads its pin levels XOR IPOL, a pin with
    # neither switch nor pull-up floats (reads 0 here).
    def I2C(self, id, **kw):
        hw = self
        regs = {a: bytearray(b"\xff\xff" + bytes(0x14)) for a in range(0x20, 0x26)}
        hw.regs = regs

        class I2C:
            def writeto_mem(self, addr, reg, data):
                hw.i2c_writes.append((addr, reg, bytes(data)))
                r = regs[addr]
                for i in range(len(data)):
                    r[reg + i] = data[i]

            def readfrom_mem_into(self, addr, reg, buf):
                assert reg == 0x12 and len(buf) == 2, "read GPIOA and GPIOB together"
                r = regs[addr]
                e = addr - 0x20
                for port in range(2):
                    v = 0
                    for n in range(8):
                        k = 8 * port + n
                        pullup = (r[0x0C + port] >> n) & 1
                        if k < 15 and hw.occ[15 * e + k]:
                            level = 0
                        else:
                            level = pullup
                        v |= (level ^ ((r[0x02 + port] >> n) & 1)) << n
                    buf[port] = v

        return I2C()
