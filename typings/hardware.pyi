"""What a board definition is handed, for the type checker only.

boards/pico.py, boards/esp32s3.py and boards/device.py receive the `machine`
module as a parameter (so that they load in the unix port, where the tests
hand in tests/mp/sense_fakes.py instead). A parameter has no type the checker
could know, so they annotate it with `Machine`: the part of `machine` a board
uses, taken from the stubs of the port being checked (.venv/stubs/<port>,
docs/HARDWARE.md "Type check"). The real module matches it, and so must the
fakes.

Read-only properties, so that a fake may hand out a subclass of the real one.
"""

from typing import Protocol

import machine

class Machine(Protocol):
    @property
    def Pin(self) -> type[machine.Pin]: ...
    @property
    def SPI(self) -> type[machine.SPI]: ...
    @property
    def I2C(self) -> type[machine.I2C]: ...
    @property
    def ADC(self) -> type[machine.ADC]: ...

class Definition(Protocol):
    """A board definition module (boards/pico.py, boards/esp32s3.py), as
    boards/device.py reads it (it reads the optional names with getattr).
    Properties: a module's constants are read-only to its readers."""

    @property
    def SCAN_MS(self) -> int: ...
    @property
    def STABLE_MS(self) -> int: ...
    @property
    def SETTLE_MS(self) -> int: ...
    @property
    def DRIVER(self) -> str: ...
    @property
    def PINS(self) -> dict[str, int]: ...
    def sensors(self, machine: Machine, driver: str = ..., /) -> Sensor: ...

class Sensor(Protocol):
    """What a sensor driver is (boards/hc165.py, boards/mcp23017.py,
    boards/matrix.py): read(frame) fills a sense.frame with the 90 points;
    True if the driver knows they are the bits of its last read into it
    (firmware/app.py then need not debounce them again)."""

    def read(self, frame: bytearray, /) -> bool | None: ...
