# The device loop of the App (app.py): a scan every scan period on a fixed
# schedule, the displays in an asyncio task of their own. Only a device
# runs it (main.py); the scenario runner and the simulators step the App
# themselves, so this code stays out of their heap.
import asyncio

import ticks

async def run(app, clock_ms, before_step, battery_every_ms):
    """A scan every SCAN_MS, the next due SCAN_MS after the last was due
    however long the last took; the displays refreshed every App.DISPLAY_MS in
    the time the scans leave, so that the scan never waits for a display's
    transfer (docs/HARDWARE.md, "The firmware image and the emulated
    board"). before_step(now) feeds the watchdog and polls the levers;
    every battery_every_ms the battery is checked."""
    app.start(clock_ms())
    asyncio.create_task(refresh_displays(app, clock_ms))
    scan_ms = app.board.SCAN_MS
    checked = due = clock_ms()
    while True:
        now = clock_ms()
        if before_step:
            before_step(now)
        app.scan(now)
        if ticks.diff(now, checked) >= battery_every_ms:
            checked = now
            app.check_battery(now)
        due = ticks.add(due, scan_ms)
        wait = ticks.diff(due, clock_ms())
        if wait < 0:  # behind (a scan that judged a move): go on from now
            due, wait = clock_ms(), 0
        await asyncio.sleep_ms(wait)


async def refresh_displays(app, clock_ms):
    # A board whose show() returns an iterator sends its frame a part at a
    # time (an SSD1306 page, ~3 ms on I2C at 400 kHz, against ~25 ms for a
    # whole frame): the scans run between the parts.
    while True:
        parts = app.refresh_display(clock_ms())
        if parts is not None:
            for _ in parts:
                await asyncio.sleep_ms(0)
        await asyncio.sleep_ms(app.DISPLAY_MS)
