# The device loop of the App (app.py): a scan every scan period on a fixed
# schedule, the displays' parts and the collections between two scans, the
# core asleep in between. Only a device
# runs it (main.py); the scenario runner and the simulators step the App
# themselves, so this code stays out of their heap.
import gc

from micropython import const

import ticks

_MASK = const((1 << 30) - 1)  # ticks.MASK: the loop's clock arithmetic inline, as app.py's
_HALF = const(1 << 29)  # (a call of ticks.diff costs a Cortex-M0+ ~700 instructions, six a scan)

# The garbage collector, run at quiet moments: a full collection of the
# Pico's 240 KiB heap takes ~11 ms (docs/HARDWARE.md), two or three scan
# periods, whenever it runs. Left to itself, MicroPython collects when an
# allocation finds the heap full, which is in a step that allocates: a move,
# a press, a command. Collecting ahead, while nothing moves and no timer is
# near, keeps that much free so that no step runs out (a move's step
# allocates a few KB), and a late scan then costs nothing (the debouncer
# counts scans, not ms). The free heap is looked at only after the game
# changed (a quiet period allocates nothing) or every COLLECT_IDLE_MS: the
# look itself (gc.mem_free walks the heap's table) costs a Pico ~1.3 M
# cycles, 1% of the core every 250 ms, 2.7% of a game's quiet 10 s when
# looked at every 10 s. A quiet minute allocates ~14 KB (the clock marks,
# the faces' times: 2.4 B a loop iteration on rp2040js, docs/HARDWARE.md,
# "The loop's duty"), and app.py's gc.threshold collects every 16 KB
# allocated anyway, so a minute between looks keeps the margin.
COLLECT_BELOW = 48 * 1024  # free heap under which a quiet moment collects
COLLECT_EVERY_MS = 250  # the most often the free heap is looked at
COLLECT_IDLE_MS = 60000  # how often it is looked at when the game did not change
_POLL_EVERY = const(4)  # quiet periods between two looks for the host's bytes
_FEED_MS = const(1000)  # the watchdog fed this often in quiet periods (main.py's WDT_MS is 5 s)


async def run(app, clock_ms, before_step, battery_every_ms, for_ms=None):
    """A scan every SCAN_MS, the next due SCAN_MS after the last was due
    however long the last took; between two scans the displays' part and
    the quiet moment's collection, then the core asleep until the next scan
    is due (time.sleep_ms: WFE on the rp2 port, until the timer or USB
    wakes it). A coroutine for main.py's asyncio.run that never yields: an
    asyncio round trip a scan cost a Cortex-M0+ ~23,000 instructions, more
    than the quiet scan itself (docs/HARDWARE.md, "The loop's duty").
    before_step(now) feeds the watchdog and polls the levers; every
    battery_every_ms the battery is checked; for_ms ends the loop (tests).

    On a board whose sensors and levers need no core to be read (the
    Pico's PIO, boards/pio.py: the chain's bits in a ring the DMA fills,
    the levers' edges timed into board.edges by an interrupt), a period in
    which nothing changed, came or fell due is a few tests inline here and
    no call at all (quiet()); the faces are looked at only when what they
    show can change (ui/choice.py calm_ms) or 100 ms after an event."""
    import time

    app.start(clock_ms())
    board = app.board
    scan_ms = board.SCAN_MS
    display_ms = app.DISPLAY_MS
    start = checked = due = shown = collected = fed = faced = clock_ms()
    parts = None  # the parts of a display transfer still to send, one between two scans
    seq = app.game.seq  # the game's record count at the last look at the heap
    # the quiet test's parts (None: every period is a whole scan)
    sensor = getattr(board, "sensor", None)
    ring = getattr(sensor, "ring", None)
    edges = getattr(board, "edges", None) if ring is not None else None
    st = app.deb.st
    ipoll = getattr(getattr(board.port, "poll", None), "ipoll", None)
    displays = getattr(board, "displays", None)
    sounder = getattr(board, "sounder", None)
    scene = app.scene
    calm = None
    if scene is not None and edges is not None:
        from ui.choice import calm_ms as calm
    seen = -1  # the scene's version when the faces were last looked at
    settled = False  # after a whole scan: nothing counting, sending, drawing or sounding
    wake = start  # the first of app.due, the faces' look and the battery's, when settled
    polls = 0  # quiet periods since the host's bytes were last looked for
    while for_ms is None or (due - start) & _MASK < for_ms:
        now = clock_ms()
        quiet = settled and ring == sensor.last and not edges[0] and (now - wake) & _MASK >= _HALF
        if quiet and ipoll is not None:
            polls += 1
            if polls >= _POLL_EVERY:  # (a look costs a Pico ~3,500 cycles: every 20 ms)
                polls = 0
                for _ in ipoll(0):  # a byte from the host
                    quiet = False
                    break
        if quiet:
            if (now - fed) & _MASK >= _FEED_MS and app.wdt is not None:
                fed = now
                app.wdt.feed()
        else:
            if before_step:
                before_step(now)
            app.scan(now)
            if scene is not None and scene.version != seen and (faced - shown - display_ms) & _MASK < _HALF:
                faced = (shown + display_ms) & _MASK  # an event: the faces within DISPLAY_MS as ever
            if parts is not None:
                for _ in parts:
                    break
                else:
                    parts = None
            elif (now - faced) & _MASK < _HALF if calm is not None else (now - shown) & _MASK >= display_ms:
                shown = now
                parts = app.show_now(now)
                if calm is not None:
                    wait = display_ms if scene.version != seen else calm(scene, now, 1000)
                    seen = scene.version
                    faced = (now + wait) & _MASK
            if (now - collected) & _MASK >= COLLECT_EVERY_MS and (
                    app.game.seq != seq or (now - collected) & _MASK >= COLLECT_IDLE_MS):
                collected = now
                seq = app.game.seq
                collect_if_quiet(app, now)
            if (now - checked) & _MASK >= battery_every_ms:
                checked = now
                app.check_battery(now)
            if edges is not None:
                # (st[18]: sense.debounce's COUNTING; app.due: App._step's next timer)
                settled = (not st[18] and parts is None and (displays is None or displays.idle)
                           and (sounder is None or not sounder.pattern))
                wake = app.due
                if (faced - wake) & _MASK >= _HALF:
                    wake = faced
                if (checked + battery_every_ms - wake) & _MASK >= _HALF:
                    wake = (checked + battery_every_ms) & _MASK
        due = (due + scan_ms) & _MASK
        if quiet and (wake - due - scan_ms) & _MASK < _HALF:
            # Quiet, and nothing due before the period after next: that one
            # is the next scan (a sleep and a wake cost a Pico ~4,400 cycles).
            # A change of the pieces is seen up to a period later; once
            # seen, the debounce counts its scans every SCAN_MS as ever, and
            # a lever's press keeps its edge's time (boards/pio.py).
            due = (due + scan_ms) & _MASK
        now = clock_ms()
        wait = (due - now) & _MASK
        if wait >= _HALF:  # behind (a scan that judged a move): go on from now
            due, wait = now, 0
        time.sleep_ms(wait)


def collect_if_quiet(app, now):
    # Between two scans, never while a point is changing, a settle or alert
    # timer or the flag is near (quiet_moment).
    if gc.mem_free() < COLLECT_BELOW and quiet_moment(app, now):
        gc.collect()


def quiet_moment(app, now, margin_ms=100):
    """True when a pause of up to margin_ms delays nothing that counts: no
    point is changing, no recogniser timer and no flag falls within
    margin_ms."""
    if not app.deb.quiet():
        return False
    d = app.rec.deadline()
    if d is not None and ticks.diff(d, now) < margin_ms:
        return False
    g = app.game
    return not g.clock_running() or g.clock.time_to_flag(now) >= margin_ms
