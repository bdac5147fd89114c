# Raspberry Pi Pico (RP2040, 125 MHz, MicroPython armv6m .mpy).
#
# Sensors: twelve 74HC165 on SPI0 (boards/hc165.py): SCK GP2, MISO GP4,
# /PL GP5 (MOSI GP3 is claimed by the SPI peripheral but not wired). At
# 8 MHz one read of 96 bits takes 12 us (at 1 MHz it blocked the core
# ~96 us a scan): the 74HC165's shift clock is good to 6 MHz at 2.0 V and
# 31 MHz at 4.5 V (Nexperia datasheet, fmax minimum at 25 C; 5 and 25 MHz
# over -40..85 C), so at 3.3 V 8 MHz keeps a margin of about two.
# On the rp2 port the same pins are clocked by the PIO instead, the bits
# written to RAM by DMA without the core, and the levers timed by PIO
# state machines (boards/pio.py; docs/HARDWARE.md, "The loop's duty").
# The 10 x 9 matrix (boards/matrix.py) is the alternative for a board
# without shift registers: rows GP6-GP15, columns GP16-GP22, GP26, GP27.
# Clock levers (issue 5): GP0 Red, GP1 Black, to ground, pull-ups.
# Buzzer (issue 16): GP28, through an NPN transistor to an active 5 V
# buzzer (boards/device.py plays ui/sound.py's patterns).
# Display: one SSD1306 shared by both players on I2C1, SDA GP6, SCL GP7
# (docs/HARDWARE.md, "Building a board"): free with the 74HC165s; the
# matrix alternative takes GP6/GP7 for its rows, so a matrix board has no
# display (boards/device.py leaves it out).
#
# Hardware comes in as the `machine` module (or a fake with Pin and SPI):
# this module imports no hardware itself, so it loads in the unix port.
# For the type checker only (never true on the board, no `typing` there):
# the real API of the port, docs/HARDWARE.md "Type check".
TYPE_CHECKING = False
if TYPE_CHECKING:
    from hardware import Machine  # typings/hardware.pyi
ARCH = "armv6m"
DRIVER = "hc165"
SCAN_MS = 5  # scan period
STABLE_MS = 15  # a change must hold this long (debounce)
SETTLE_MS = 2000  # 5.7: a placement left alone this long is final

PINS = {
    "sck": 2,
    "mosi": 3,
    "miso": 4,
    "load": 5,
    "lever_red": 0,
    "lever_black": 1,
    "buzzer": 28,
    "oled_sda": 6,
    "oled_scl": 7,
    # The Pico measures VSYS/3 on GP29 (ADC3): the battery, when the board
    # runs on one (boards/device.py warns below LOW_BATTERY_MV).
    "battery": 29,
}
BATTERY_SCALE = 3.0  # the Pico's own divider in front of GP29
LOW_BATTERY_MV = 3500  # a Li-ion cell near empty (or 3 AA cells at 1.17 V)
SPI_ID = 0
OLED_I2C_ID = 1
SPI_BAUD = 8000000
MATRIX_ROWS = (6, 7, 8, 9, 10, 11, 12, 13, 14, 15)  # rank 0 .. 9
MATRIX_COLS = (16, 17, 18, 19, 20, 21, 22, 26, 27)  # file a .. i


def sensors(machine: "Machine", driver=DRIVER):
    """The sensor driver (an object with read(frame)) on this board."""
    Pin = machine.Pin
    if driver == "hc165":
        pio = _pio(machine)
        if pio:  # the chain read by the PIO and DMA, without the core
            return pio.ChainReader(PINS["sck"], PINS["miso"], PINS["load"])
        from boards.hc165 import HC165

        spi = machine.SPI(SPI_ID, baudrate=SPI_BAUD, polarity=0, phase=0,
                          sck=Pin(PINS["sck"]), mosi=Pin(PINS["mosi"]), miso=Pin(PINS["miso"]))
        return HC165(spi, Pin(PINS["load"], Pin.OUT, value=1))
    if driver == "matrix":
        from boards.matrix import on_pins

        return on_pins(Pin, MATRIX_ROWS, MATRIX_COLS)
    raise ValueError("no driver %r on the Pico (hc165 or matrix)" % driver)


def _pio(machine):
    # boards/pio.py where the port has the RP2040's PIO (the rp2 port, its
    # own machine module); None elsewhere (a fake machine in the tests, the
    # unix port), where the SPI path reads the chain.
    if getattr(machine, "__name__", None) != "machine":
        return None
    try:
        from boards import pio
    except ImportError:
        return None
    return pio


def lever_timers(machine, pins, on_press):
    """The two levers (pins: Red's, Black's) timed by the PIO: on_press(k)
    is lever k's callback (boards/device.py); None without a PIO."""
    pio = _pio(machine)
    if not pio:
        return None
    return [pio.LeverTimer(pin, 4 + k, on_press(k)) for k, pin in enumerate(pins)]


def sensing(machine: "Machine", pos=None, driver=DRIVER):
    """The whole sensing pipeline with this board's timing."""
    from sense.pipeline import Sensing

    return Sensing(sensors(machine, driver), SCAN_MS, STABLE_MS, SETTLE_MS, pos)
