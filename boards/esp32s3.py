# ESP32-S3 board (ESP32-S3-DevKitC-1 or alike, MicroPython xtensawin .mpy).
#
# Sensors: six MCP23017 on I2C bus 0 (boards/mcp23017.py): SDA GPIO8,
# SCL GPIO9, 400 kHz, 4.7k pull-ups to 3.3 V, addresses 0x20-0x25. Six
# 2-byte register reads take ~0.8 ms at 400 kHz: a 5 ms scan period leaves
# the core mostly idle; the debounce holds 15 ms as on the Pico.
# The 10 x 9 matrix is the alternative: rows GPIO 1, 2, 4-7, 10-13, columns
# GPIO 14-18, 21, 39, 42, 47. Avoided (tests/tree/test_typecheck_pins.py cites
# the tables): the strapping pins 0, 3, 45, 46; 26-37, flash and PSRAM;
# 19/20, USB; 43/44, UART0 (the REPL); 38 or 48, the DevKitC-1's RGB LED.
# With the levers and the I2C pins, that is every header GPIO left.
# Clock levers (issue 5): GPIO 40 Red, GPIO 41 Black, to ground, pull-ups.
# Displays (issue 16): two SSD1306 128x64 I2C modules, one facing each
# player, on the sensors' bus (0x3C Red's, 0x3D Black's: the module's
# address jumper), so they cost no pin; boards/device.py sends them a part
# at a time. No GPIO is left for a buzzer once the matrix may be wired
# (above): this board signals on its displays only.
#
# Hardware comes in as the `machine` module, as on the Pico (boards/pico.py).
# For the type checker only (never true on the board, no `typing` there):
# the real API of the port, docs/HARDWARE.md "Type check".
TYPE_CHECKING = False
if TYPE_CHECKING:
    from hardware import Machine  # typings/hardware.pyi
ARCH = "xtensawin"
DRIVER = "mcp23017"
SCAN_MS = 5
STABLE_MS = 15
SETTLE_MS = 2000

PINS = {
    "sda": 8,
    "scl": 9,
    "lever_red": 40,
    "lever_black": 41,
}
I2C_ID = 0
I2C_FREQ = 400000
DISPLAYS = (("red", 0x3C), ("black", 0x3D))  # (side, I2C address) on bus I2C_ID
MATRIX_ROWS = (1, 2, 4, 5, 6, 7, 10, 11, 12, 13)  # rank 0 .. 9
MATRIX_COLS = (14, 15, 16, 17, 18, 21, 39, 42, 47)  # file a .. i


def sensors(machine: "Machine", driver=DRIVER):
    Pin = machine.Pin
    if driver == "mcp23017":
        from boards.mcp23017 import MCP23017

        i2c = machine.I2C(I2C_ID, sda=Pin(PINS["sda"]), scl=Pin(PINS["scl"]), freq=I2C_FREQ)
        return MCP23017(i2c)
    if driver == "matrix":
        from boards.matrix import on_pins

        return on_pins(Pin, MATRIX_ROWS, MATRIX_COLS)
    raise ValueError("no driver %r on the ESP32-S3 (mcp23017 or matrix)" % driver)


def sensing(machine: "Machine", pos=None, driver=DRIVER):
    from sense.pipeline import Sensing

    return Sensing(sensors(machine, driver), SCAN_MS, STABLE_MS, SETTLE_MS, pos)
