# Fake hardware for the board drivers under the unix port (whose `machine`
# has no Pin, SPI, I2C or ADC): a `machine`-like object whose pins, SPI bus,
# I2C bus and ADC read a simulated board of reed switches, wired as the docs
# say.
#
#     hw = FakeHardware()           # no piece
#     hw.occ[p] = 1                 # a piece on point p
#     drv = boards.pico.sensors(hw) # or HC165(hw.SPI(0), hw.Pin(5)), ...
#
# The fakes take the calls the port's classes take, no more and no less: the
# type check (tests/tree/test_typecheck.py) compares each with its class in the
# port's stubs (the checks at the end of this file), and the constructors
# take the stubs' keywords, so a misspelt one fails here as on the board.
# A parameter named __x is positional-only for the checker (the `/` of the
# stubs is no MicroPython syntax).

# For the type checker only (never true in MicroPython, no `typing` there).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import overload

    import machine


def snake():
    # The 74HC165 chain as docs/HARDWARE.md draws it, written out without
    # the driver's formula: Red's rank 0 left to right, rank 1 back, ...
    order = []
    for rank in range(10):
        files = range(9) if rank % 2 == 0 else range(8, -1, -1)
        for f in files:
            order.append(rank * 9 + f)
    return order


class FakePin:
    """machine.Pin on the simulated board (`hw`, set by FakeHardware)."""

    OUT = 1
    IN = 0
    PULL_UP = 1
    hw: "FakeHardware"

    def __init__(self, id, mode=-1, pull=-1, *, value=None, drive=None, alt=None):
        hw = self.hw
        self.id = id
        self.v = 1 if value is None else value
        self.role = hw.roles.get(id)
        if isinstance(self.role, tuple):
            if self.role[0] == "row":
                hw.rows[self.role[1]] = self
            else:
                hw.cols[self.role[1]] = self
            self.role = self.role[0]

    if TYPE_CHECKING:  # as the stubs: value() reads, value(x) writes

        @overload
        def value(self) -> int: ...

        @overload
        def value(self, __x) -> None: ...

    def value(self, x=None):
        if x is None:
            return self.hw._read_pin(self)
        if self.role == "load" and self.v == 1 and x == 0:
            self.hw._latch()
        self.v = x
        return None


class FakeSPI:
    """machine.SPI to the 74HC165 chain (MISO only)."""

    hw: "FakeHardware"

    def __init__(self, id, baudrate=1000000, *, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=None, mosi=None, miso=None):
        pass

    def readinto(self, __buf, __write=0) -> "int | None":
        for i in range(len(__buf)):
            __buf[i] = self.hw.latched[i]
        return None


class FakeI2C:
    """machine.I2C to six MCP23017 at 0x20-0x25. Registers as in the
    datasheet (IOCON.BANK = 0): the port reads its pin levels XOR IPOL, a pin
    with neither switch nor pull-up floats (reads 0 here)."""

    hw: "FakeHardware"

    def __init__(self, id=-1, *, scl=None, sda=None, freq=400000, timeout=50000):
        self.regs = {a: bytearray(b"\xff\xff" + bytes(0x14)) for a in range(0x20, 0x26)}
        self.hw.regs = self.regs

    def writeto_mem(self, __addr, __memaddr, __buf, *, addrsize=8) -> None:
        self.hw.i2c_writes.append((__addr, __memaddr, bytes(__buf)))
        r = self.regs[__addr]
        for i in range(len(__buf)):
            r[__memaddr + i] = __buf[i]

    def readfrom_mem_into(self, __addr, __memaddr, __buf, *, addrsize=8) -> None:
        assert __memaddr == 0x12 and len(__buf) == 2, "read GPIOA and GPIOB together"
        r = self.regs[__addr]
        e = __addr - 0x20
        for port in range(2):
            v = 0
            for n in range(8):
                k = 8 * port + n
                pullup = (r[0x0C + port] >> n) & 1
                if k < 15 and self.hw.occ[15 * e + k]:
                    level = 0
                else:
                    level = pullup
                v |= (level ^ ((r[0x02 + port] >> n) & 1)) << n
            __buf[port] = v


class FakeADC:
    """machine.ADC: reads hw.adc_mv[pin], the millivolts at the pin, on a
    3.3 V reference."""

    hw: "FakeHardware"

    def __init__(self, id, *, sample_ns=0, atten=0):
        self.pin = id.id if isinstance(id, FakePin) else id

    def read_u16(self) -> int:
        return min(65535, int(self.hw.adc_mv[self.pin] * 65535 / 3300))


class FakeHardware:
    """roles: pin number -> 'load' (the 74HC165 /PL), ('row', rank) or
    ('col', file) for the matrix."""

    def __init__(self, roles=None):
        self.occ = bytearray(90)
        self.roles = roles or {}
        self.rows: "list[FakePin | None]" = [None] * 10  # the matrix's pins, once made
        self.cols: "list[FakePin | None]" = [None] * 9
        self.loads = 0
        self.i2c_writes = []
        self.regs = {}
        self.adc_mv = {}
        self.latched = bytearray(12)

        # The classes as `machine` has them, bound to this board.
        class Pin(FakePin):
            hw = self

        class SPI(FakeSPI):
            hw = self

        class I2C(FakeI2C):
            hw = self

        class ADC(FakeADC):
            hw = self

        self.Pin = Pin
        self.SPI = SPI
        self.I2C = I2C
        self.ADC = ADC

    # 74HC165 chain on SPI: chip c input Dk (k = 7 .. 0 shifted out first
    # to last) is switch number 8c + 7 - k along the snake; unused inputs
    # are tied high; a closed switch reads 0.
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


if TYPE_CHECKING:
    # Each fake against its class in the port's stubs. A class listed first
    # overrides the second, and the checker demands that an override take
    # every call the overridden method takes and return only what it may:
    # fake first, the fake takes whatever the port takes; port first, the
    # port takes whatever the fake takes, so the fake refuses what it refuses.
    class _PinTakesWhatThePortTakes(FakePin, machine.Pin): ...

    class _PortTakesWhatThePinTakes(machine.Pin, FakePin): ...

    class _SPITakesWhatThePortTakes(FakeSPI, machine.SPI): ...

    class _PortTakesWhatTheSPITakes(machine.SPI, FakeSPI): ...

    class _I2CTakesWhatThePortTakes(FakeI2C, machine.I2C): ...

    class _PortTakesWhatTheI2CTakes(machine.I2C, FakeI2C): ...

    class _ADCTakesWhatThePortTakes(FakeADC, machine.ADC): ...

    class _PortTakesWhatTheADCTakes(machine.ADC, FakeADC): ...
