"""The pin choices of each board definition checked against the chip and the
board it names (issue 18; docs/HARDWARE.md, "Board definitions"): a static
check of boards/pico.py and boards/esp32s3.py, like the type check
(tests/tree/test_typecheck.py), for what no stub describes.

The tables are written out here from the datasheets, not computed from the
definitions:

- RP2040 datasheet, section 1.4.3 "GPIO Functions" (the Bank 0 function
  table, F1 SPI and F3 I2C columns; repeated in 2.19.2 "Function Select"),
  and 4.9 "ADC and Temperature Sensor" (ADC inputs 0-3 are GPIO26-29).
- Raspberry Pi Pico datasheet, "Pico Pinout" and "Powerchain": the header
  carries GP0-GP22 and GP26-GP28; GP23 (SMPS power save), GP24 (VBUS
  sense), GP25 (LED) and GP29 (VSYS/3, ADC3) are used on the board.
- ESP32-S3 Series datasheet, "Strapping Pins" (GPIO0, GPIO3, GPIO45,
  GPIO46) and "Pin Mapping Between Chip and Flash/PSRAM" (GPIO26-32 the
  SPI flash and PSRAM, GPIO33-37 as well with octal flash or PSRAM); the
  chip has no GPIO22-25.
- ESP32-S3-DevKitC-1 user guide, "Header Block": GPIO19/20 are USB D-/D+,
  GPIO43/44 UART0 to the USB-UART bridge (the REPL), GPIO38 (v1.1) or
  GPIO48 (v1.0) the RGB LED.
"""
import importlib.util

import pytest

from xqboard.paths import BOARDS


def load(name):
    spec = importlib.util.spec_from_file_location("definition_" + name, BOARDS / (name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# RP2040: the function table's SPI column (F1) repeats every 4 GPIOs (RX,
# CSn, SCK, TX) and swaps SPI0/SPI1 every 8; the I2C column (F3) is SDA on
# even GPIOs and SCL on odd ones, I2C0/I2C1 swapping every 2. Written out:
RP2040_SPI = {
    0: {"sck": (2, 6, 18, 22), "tx": (3, 7, 19, 23), "rx": (0, 4, 16, 20)},
    1: {"sck": (10, 14, 26), "tx": (11, 15, 27), "rx": (8, 12, 24, 28)},
}
RP2040_I2C = {
    0: {"sda": (0, 4, 8, 12, 16, 20, 24, 28), "scl": (1, 5, 9, 13, 17, 21, 25, 29)},
    1: {"sda": (2, 6, 10, 14, 18, 22, 26), "scl": (3, 7, 11, 15, 19, 23, 27)},
}
RP2040_ADC = {26: 0, 27: 1, 28: 2, 29: 3}
PICO_HEADER = set(range(0, 23)) | {26, 27, 28}
PICO_VSYS_ADC = 29  # VSYS/3 through the Pico's own divider, on ADC3

ESP32S3_GPIOS = set(range(0, 22)) | set(range(26, 49))
ESP32S3_STRAPPING = {0, 3, 45, 46}
ESP32S3_FLASH_PSRAM = set(range(26, 38))  # 33-37 only with octal flash/PSRAM, so avoided
DEVKITC_TAKEN = {19: "USB D-", 20: "USB D+", 43: "UART0 TX (REPL)", 44: "UART0 RX (REPL)",
                 38: "RGB LED (v1.1)", 48: "RGB LED (v1.0)"}


def pins_in_use(d, driver):
    """Every pin the board drives or reads with this sensor driver: the
    driver's own, the clock levers, the battery and display inputs."""
    always = [v for k, v in d.PINS.items() if k.startswith(("lever_", "battery", "oled_", "buzzer"))]
    if driver == "matrix":
        # a matrix whose rows or columns take the display's pins has no
        # display (boards/device.py, Devices: _pins_taken)
        grid = list(d.MATRIX_ROWS) + list(d.MATRIX_COLS)
        oled = [d.PINS[k] for k in ("oled_sda", "oled_scl") if k in d.PINS]
        if any(p in grid for p in oled):
            always = [p for p in always if p not in oled]
        return grid + always
    own = [v for k, v in d.PINS.items() if not k.startswith(("lever_", "battery", "oled_", "buzzer"))]
    return own + always


@pytest.mark.parametrize("name,drivers", [("pico", ("hc165", "matrix")), ("esp32s3", ("mcp23017", "matrix"))])
def test_no_pin_serves_twice(name, drivers):
    d = load(name)
    assert d.DRIVER in drivers
    for driver in drivers:
        used = pins_in_use(d, driver)
        assert len(used) == len(set(used)), (driver, sorted(used))
    assert len(d.MATRIX_ROWS) == 10 and len(d.MATRIX_COLS) == 9


def test_pico_spi_pins_are_the_spi_functions_of_its_bus():
    d = load("pico")
    bus = RP2040_SPI[d.SPI_ID]
    assert d.PINS["sck"] in bus["sck"]
    assert d.PINS["mosi"] in bus["tx"]  # MOSI is the controller's TX
    assert d.PINS["miso"] in bus["rx"]


def test_pico_i2c_pins_if_any_are_the_i2c_functions_of_their_bus():
    d = load("pico")
    if "oled_sda" in d.PINS:
        bus = RP2040_I2C[getattr(d, "OLED_I2C_ID", 1)]
        assert d.PINS["oled_sda"] in bus["sda"] and d.PINS["oled_scl"] in bus["scl"]


def test_pico_battery_is_read_on_vsys_through_adc3():
    d = load("pico")
    assert d.PINS["battery"] == PICO_VSYS_ADC and RP2040_ADC[PICO_VSYS_ADC] == 3
    assert d.BATTERY_SCALE == 3.0  # the Pico's VSYS divider, 200k over 100k


def test_pico_uses_only_header_pins_but_the_battery():
    d = load("pico")
    for driver in ("hc165", "matrix"):
        others = [p for p in pins_in_use(d, driver) if p != d.PINS.get("battery")]
        assert set(others) <= PICO_HEADER, sorted(set(others) - PICO_HEADER)


def test_esp32s3_avoids_strapping_flash_psram_usb_uart_and_led_pins():
    d = load("esp32s3")
    for driver in ("mcp23017", "matrix"):
        used = set(pins_in_use(d, driver))
        assert used <= ESP32S3_GPIOS, sorted(used - ESP32S3_GPIOS)
        assert not used & ESP32S3_STRAPPING, sorted(used & ESP32S3_STRAPPING)
        assert not used & ESP32S3_FLASH_PSRAM, sorted(used & ESP32S3_FLASH_PSRAM)
        assert not used & set(DEVKITC_TAKEN), [DEVKITC_TAKEN[p] for p in sorted(used & set(DEVKITC_TAKEN))]


def test_the_tables_are_what_the_datasheet_pattern_says():
    # The written-out RP2040 tables against the pattern the function table
    # follows, so that a typo in either shows.
    roles = ("rx", None, "sck", "tx")
    for gpio in range(30):
        role = roles[gpio % 4]
        if role:
            assert gpio in RP2040_SPI[(gpio // 8) % 2][role], gpio
        assert gpio in RP2040_I2C[(gpio // 2) % 2]["sda" if gpio % 2 == 0 else "scl"], gpio
