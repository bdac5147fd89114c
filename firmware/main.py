# Entry point on the device: MicroPython runs main.py after boot.
#
# It reads /config.json (board definition, board id, the arbiter's key),
# builds the hardware interface (boards/device.py), starts the watchdog and
# runs the App's loop. A board that hangs is reset by the watchdog within
# WDT_MS, and comes back from its journal with the clocks paused.
#
# Safe mode: hold both clock levers while powering up to get the REPL
# instead (for mpremote), since the link takes over USB serial otherwise;
# only for the arbiter's key, and never in tournament mode
# (link/maintenance.py).
import json
import time

import machine
import micropython

import ticks

WDT_MS = 5000
BATTERY_EVERY_MS = 10000


def load_config():
    try:
        with open("/config.json") as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def definition(name):
    if name == "esp32s3":
        from boards import esp32s3 as d
    else:
        from boards import pico as d
    return d


def safe_mode(d):
    pins = [machine.Pin(d.PINS[k], machine.Pin.IN, machine.Pin.PULL_UP) for k in ("lever_red", "lever_black")]
    return all(p.value() == 0 for p in pins)


def boot_nonce():
    """8 hex digits no one can predict: os.urandom where the port has it
    (the rp2 port's reads the ring oscillator), else the microsecond
    counter mixed with the chip's id."""
    import os

    if hasattr(os, "urandom"):
        return "".join("%02x" % b for b in os.urandom(4))
    # The stubs type ticks as opaque values that only ticks_diff and ticks_add
    # may combine (the ignores below); on every port they are small ints,
    # which the nonce mixes with the chip's id and now() takes modulo 2^30
    # (firmware/ticks.py: a period that divides every port's).
    seed = time.ticks_us()
    if hasattr(machine, "unique_id"):
        seed ^= machine.unique_id()[-1] << 16  # pyright: ignore[reportOperatorIssue]
    return "%08x" % (seed & 0xFFFFFFFF)  # pyright: ignore[reportOperatorIssue]


def main():
    config = load_config()
    d = definition(config.get("board", "pico"))
    if safe_mode(d) and maintenance_allowed(config):
        return  # to the REPL
    micropython.kbd_intr(-1)  # the link's bytes must never interrupt the board
    from app import App
    from boards.device import Device

    board = Device(machine, d, config)
    wdt = machine.WDT(timeout=WDT_MS)
    app = App(board, nonce=boot_nonce(), wdt=wdt)  # fed while the journal is read back

    def now():
        return time.ticks_ms() & ticks.MASK  # pyright: ignore[reportOperatorIssue]

    if time.ticks_add(0, -1) == ticks.MASK:  # pyright: ignore[reportArgumentType]
        now = time.ticks_ms  # (the port's ticks wrap as ticks.MASK: one call level less, 1,200 cycles a scan)

    def before_step(t):
        wdt.feed()
        board.tick(t)

    import asyncio

    asyncio.run(app.run(now, before_step, BATTERY_EVERY_MS))


def maintenance_allowed(config):
    # Both levers held: the REPL, if link/maintenance.py allows it.
    import select
    import sys

    from link import maintenance

    p = select.poll()
    p.register(sys.stdin, select.POLLIN)
    ok, why = maintenance.allowed(config, lambda: maintenance.read_line(
        sys.stdin, lambda ms: bool(p.poll(ms)), time.ticks_ms, time.ticks_diff))
    print("xqboard: safe mode (both levers held): %s" % why)
    return ok


main()
