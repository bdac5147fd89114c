# A real board: the App's hardware interface (see firmware/app.py) built
# from a board definition (boards/pico.py, boards/esp32s3.py) and the
# `machine` module. Everything that touches a pin is here or in the drivers.
#
#   board = Device(machine, definition, config)
#   App(board).run(...)
#
# config (from /config.json, written when the board is set up for an event;
# docs/HARDWARE.md): board_id, key (the arbiter's key, hex), driver, store.
import sys

# For the type checker only (never true on the board, no `typing` there):
# the real API of the port, docs/HARDWARE.md "Type check".
TYPE_CHECKING = False
if TYPE_CHECKING:
    import machine as port

    from hardware import Definition, Machine  # typings/hardware.pyi

_LEVER_MS = 30  # a lever must have read up this long before its next edge counts (its debounce)


class Lever:
    """A clock lever to ground with a pull-up. A press is the lever's
    falling edge, stamped in the pin's interrupt (hard: it runs within
    microseconds, in the middle of any step of the loop) with the App's own
    clock, ticks_ms; the debounce comes after the edge: an edge counts when
    the scans had read the lever up for _LEVER_MS before it, and the
    contact's bounce that follows finds it disarmed. So the press's time
    (poll) is the edge's, however long the step it landed in: the clock
    stops there (art. 6), not at the scan that takes it. A pin without
    interrupts (a fake) is polled: the press is the first scan that reads
    it down, armed the same way."""

    def __init__(self, pin: "port.Pin", side, stamp=None):
        from array import array

        self.pin = pin
        self.side = side
        self.up_since = None
        # [armed, an edge not yet taken, its time]: the interrupt writes
        # them in place (it may not allocate)
        self.st = array("i", (0, 0, 0))
        self.stamp = stamp  # () -> the App's ms (time.ticks_ms masked)
        if stamp is not None and hasattr(pin, "irq"):
            pin.irq(self._edge, pin.IRQ_FALLING, hard=True)
        else:
            self.stamp = None

    def _edge(self, pin):
        st = self.st
        stamp = self.stamp
        if st[0] and stamp is not None:  # never None once the irq is set
            st[2] = stamp()
            st[0] = 0
            st[1] = 1

    def poll(self, now_ms, diff):
        """The time of a press since the last poll (the App's ms), or None.
        (Once armed, a scan's poll is the pin's read and two tests.)"""
        st = self.st
        if self.pin.value():
            if self.up_since is None:
                self.up_since = now_ms
            elif not st[0] and not st[1] and diff(now_ms, self.up_since) >= _LEVER_MS:
                st[0] = 1  # armed: the next falling edge is a press
        else:
            self.up_since = None
            if self.stamp is None and st[0]:  # polled: this scan's time
                st[0] = 0
                st[1] = 1
                st[2] = now_ms
        if st[1]:
            st[1] = 0
            return st[2]
        return None


class UsbPort:
    """The USB serial link (the REPL's stdin/stdout, which main.py takes
    over: Ctrl-C is disabled so that no byte from the host interrupts the
    board). Reads never block."""

    def __init__(self):
        import select

        self.inp = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else sys.stdin
        self.out = sys.stdout.buffer if hasattr(sys.stdout, "buffer") else sys.stdout
        self.poll = select.poll()
        self.poll.register(sys.stdin, select.POLLIN)
        self.buf = bytearray(64)

    def read(self):
        # (the poll inline: read() runs every scan, and nothing waits in
        # almost all of them; a call level costs a Cortex-M0+ ~600-1,000
        # instructions)
        for _ in self.poll.ipoll(0):
            break
        else:
            return None
        n = 0
        while n < len(self.buf) and self._waiting():
            b = self.inp.read(1)
            if not b:
                break
            # a byte from sys.stdin.buffer; a one-letter str where a port
            # has no .buffer (storing the str itself would raise TypeError)
            self.buf[n] = b[0] if isinstance(b, bytes) else ord(b)
            n += 1
        return bytes(self.buf[:n]) if n else None

    def _waiting(self):
        # ipoll, not poll: poll(0) builds a list on every call, and the
        # link is read every scan (0 bytes allocated per quiet scan)
        for _ in self.poll.ipoll(0):
            return True
        return False

    def write(self, data):
        self.out.write(data)


class NoDisplay:
    def show(self, red, black, line):
        pass


class Ssd1306Display:
    """Three text lines on a 128x64 SSD1306 (micropython-lib's ssd1306
    driver, installed with the firmware's package.json): the face of an app
    that feeds no scene (App.show)."""

    def __init__(self, oled):
        self.oled = oled
        self.last = None

    def show(self, red, black, line):
        if (red, black, line) == self.last:
            return  # redraw only on change: an I2C frame costs ~25 ms at 400 kHz
        self.last = (red, black, line)
        o = self.oled
        o.fill(0)
        o.text("RED   " + red, 0, 8)
        o.text("BLACK " + black, 0, 28)
        o.text(line[:16], 0, 50)
        o.show()


class Panel:
    """One display showing the faces (firmware/ui/faces.py) of one player, or
    of both (side None). The work is done a step a scan (step(), from
    Device.tick, one display's step a scan): whether a redraw is due (every
    App.DISPLAY_MS, once draw() asked), then the redraw's steps (a field, a
    figure, 15 points of a mini board: ui/fields.py), then the changed
    columns sent a part at a time (ui/paging.py), only once the frame is
    whole. So no scan waits for a whole face or a whole frame."""

    def __init__(self, oled, side):
        from ui.faces import Face
        from ui.paging import PagedSender

        self.face = Face(oled, side, _SLICE_POINTS)  # the driver is the FrameBuffer itself
        self.sender = PagedSender(oled)
        self.due = None  # the scene to look at, once draw() asked
        self.unsent = False  # a redraw finished and not all of it sent yet
        self.active = False  # work to do since draw(): a step that finds none clears it

    def draw(self, scene, now):
        self.due = scene  # looked at by the next step (the display task only asks)
        self.active = True

    def step(self, now, send_only=False):
        """One step of this display's work: NOTHING, SENT (a part sent) or
        DREW (a look at whether a redraw is due, or a step of the redraw);
        with send_only, a part sent or nothing."""
        face = self.face
        if send_only:
            return self._send() if self.unsent and not face.drawing() else NOTHING
        if self.due is not None:
            scene = self.due
            self.due = None
            face.update(scene, now)  # the key only: the redraw is left to the next steps
            return DREW
        if face.draw_slice():
            if not face.drawing():
                self.unsent = True
            return DREW
        if self.unsent:
            return self._send()
        self.active = False  # nothing due, drawn or unsent: idle until draw()
        return NOTHING

    def _send(self):
        # a part of what changed; the pass that finds nothing left ends it
        if not self.sender.send(_SEND_BYTES):
            self.unsent = False
        return SENT


NOTHING, SENT, DREW = 0, 1, 2  # what Panel.step did


class Displays:
    """The board's displays (Panels) driven between the App's steps: ask()
    from the display task every App.DISPLAY_MS (Device.draw), tick() once a
    scan (Device.tick). A scan does one display's drawing step (a key, a
    field, a figure, a glyph, 15 points of a mini board: at most ~137,000
    instructions on the emulated Pico), the displays taking turns; or, when
    none draws, a part sent by each display with one to send (~28,000
    each, a part's I2C ~0.9 ms) and the low-time sound's look at the clock.
    So a scan's display work is bounded by its largest step
    (tests/ui/test_faces_budget.py)."""

    def __init__(self, panels, sounder):
        self.panels = panels
        self.sounder = sounder
        self.turn = 0  # the display whose step comes first in the next scan
        self.clock = None  # the clock the low-time sound is to look at, once asked
        self.idle = True  # nothing to do until ask() (the device loop's quiet test)

    def ask(self, scene, now):
        # (an index, not a for over the list: its iterator's 4 words on the
        # frame make it one over 11 words, a heap block every second)
        panels = self.panels
        n = len(panels)
        i = 0
        while i < n:
            panels[i].draw(scene, now)
            i += 1
        self.clock = scene.game.clock
        self.idle = False

    def tick(self, now):
        if self.idle:
            return
        if not self._step(now) and self.clock is not None:
            # (in a scan with no drawing step: with a key's it would make
            # the scan's longest display work longer still)
            self.sounder.watch_low(self.clock, now)
            self.clock = None
        if self.clock is None:
            for panel in self.panels:
                if panel.active:
                    return
            self.idle = True

    def _step(self, now):
        """One display's drawing step, or parts sent; True if it drew.
        (Its locals few: a frame over 11 words is a heap block, every scan
        it runs.)"""
        sent = -1
        k = self.turn
        i = len(self.panels)
        while i:
            i -= 1
            if self.panels[k].active:  # (a scan of an idle display costs a test, not a step's calls)
                done = self.panels[k].step(now, sent >= 0)
                if done == DREW:
                    self.turn = (k + 1) % len(self.panels)
                    return True
                if done == SENT:
                    sent = k
            k = (k + 1) % len(self.panels)
        if sent >= 0:
            self.turn = (sent + 1) % len(self.panels)
        return False


_SEND_BYTES = 32  # a part: ~0.9 ms of I2C at 400 kHz
_SLICE_POINTS = 15  # a mini board's points a step: 96,000 instructions, 1.1-1.9 ms on an RP2040 (docs/HARDWARE.md)


class Device:
    def __init__(self, machine: "Machine", definition: "Definition", config):
        import ticks
        from xq.pieces import BLACK, RED

        d = definition
        self.SCAN_MS = d.SCAN_MS
        self.STABLE_MS = d.STABLE_MS
        self.SETTLE_MS = d.SETTLE_MS
        self.board_id = config.get("board_id", "xqboard")
        key = config.get("key")
        self.key = bytes.fromhex(key) if key else None
        self.store = config.get("store", "/games")
        self.driver = config.get("driver", d.DRIVER)
        self.sensor = d.sensors(machine, self.driver)
        # The App's read_frame(frame) is the driver's read itself: one call
        # level, not two, in every scan (~800 instructions on a Cortex-M0+).
        self.read_frame = self.sensor.read
        Pin = machine.Pin
        import time

        def stamp():
            return time.ticks_ms() & ticks.MASK  # pyright: ignore[reportOperatorIssue]  (main.py's now())

        pins = (Pin(d.PINS["lever_red"], Pin.IN, Pin.PULL_UP), Pin(d.PINS["lever_black"], Pin.IN, Pin.PULL_UP))
        # The levers' edges the PIO timed (boards/pio.py), where the board
        # has one: [sides pressed (bit 0 Red, 1 Black), Red's edge, Black's]
        # (ticks_ms), written in place by the interrupt (it may not
        # allocate); then no lever is polled at all.
        from array import array

        self.edges = array("i", (0, 0, 0))
        timers = getattr(d, "lever_timers", None)
        self.timers = timers(machine, pins, self._edge) if timers else None
        self.levers_ = () if self.timers else (Lever(pins[0], RED, stamp), Lever(pins[1], BLACK, stamp))
        self._disable_irq = getattr(machine, "disable_irq", None)
        self._enable_irq = getattr(machine, "enable_irq", None)
        self.port = UsbPort()
        self.display = NoDisplay()
        self.panels = []  # where not empty, the app feeds a scene (ui/scene.py) to draw()
        self.buzzer = Pin(d.PINS["buzzer"], Pin.OUT, value=0) if "buzzer" in d.PINS else None
        from ui.sound import Sounder

        self.sounder = Sounder(self.buzzer, quiet=bool(config.get("quiet", False)))
        self._displays(machine, d)
        self.displays = Displays(self.panels, self.sounder)
        self.adc = machine.ADC(Pin(d.PINS["battery"])) if "battery" in d.PINS else None
        self.battery_scale = getattr(d, "BATTERY_SCALE", 2.0)  # the divider in front of the ADC
        self.LOW_BATTERY_MV = getattr(d, "LOW_BATTERY_MV", 3400)
        self._diff = ticks.diff
        self._now = 0
        self.pressed = []  # sides pressed, not yet taken (the App checks it every scan)

    def _displays(self, machine: "Machine", d: "Definition"):
        """The displays of the definition: DISPLAYS, (side, I2C address)
        pairs on the sensors' I2C bus (side "red", "black", or "both" for a
        shared one); or one shared display on its own bus (oled_sda and
        oled_scl in PINS), with three text lines unless faces are fed."""
        try:
            import ssd1306

            from xq.pieces import side_of

            on_bus = getattr(d, "DISPLAYS", ())
            if on_bus:
                bus = machine.I2C(getattr(d, "I2C_ID", 0), sda=machine.Pin(d.PINS["sda"]),
                                  scl=machine.Pin(d.PINS["scl"]), freq=getattr(d, "I2C_FREQ", 400000))
                for side, addr in on_bus:
                    oled = ssd1306.SSD1306_I2C(128, 64, bus, addr=addr)
                    self.panels.append(Panel(oled, None if side == "both" else side_of(side)))
            if "oled_sda" in d.PINS and not self._pins_taken(d, (d.PINS["oled_sda"], d.PINS["oled_scl"])):
                i2c = machine.I2C(getattr(d, "OLED_I2C_ID", 1), sda=machine.Pin(d.PINS["oled_sda"]),
                                  scl=machine.Pin(d.PINS["oled_scl"]))
                oled = ssd1306.SSD1306_I2C(128, 64, i2c)
                self.display = Ssd1306Display(oled)
                self.panels.append(Panel(oled, None))
        except (ImportError, OSError):
            pass  # no display fitted, or no driver: the board still records

    def _pins_taken(self, d: "Definition", pins):
        # the matrix alternative's rows and columns may take the display's pins (the Pico's GP6/GP7)
        if self.driver != "matrix":
            return False
        return any(p in getattr(d, "MATRIX_ROWS", ()) + getattr(d, "MATRIX_COLS", ()) for p in pins)

    def _edge(self, k):
        # LeverTimer's on_press for lever k (0 Red, 1 Black): in the interrupt
        edges = self.edges

        def on_press(t):
            edges[1 + k] = t
            edges[0] |= 1 << k

        return on_press

    # The App's interface.

    def tick(self, now):
        """Polls the levers (called by main.py before each step)."""
        self._now = now
        if self.sounder.pattern:  # (sounding: a call a scan only then)
            self.sounder.tick(now, self._diff)
        if self.panels:
            self.displays.tick(now)  # outside the App's step
        if self.edges[0]:
            self._take_edges()
        if self.levers_:  # (a board without the PIO's lever timers)
            self._poll_levers(now)

    def _poll_levers(self, now):
        # (apart from tick(): its frame stays under 11 words, off the heap)
        for lever in self.levers_:
            t = lever.poll(now, self._diff)
            if t is not None:
                self.pressed.append((lever.side, t))

    def _take_edges(self):
        # the presses the PIO timed, earliest first (the interrupt kept off
        # while they are read: an edge between the read and the clear
        # would be lost)
        from xq.pieces import BLACK, RED

        state = self._disable_irq() if self._disable_irq else None
        e = self.edges
        got, red, black = e[0], e[1], e[2]
        e[0] = 0
        if self._enable_irq:
            self._enable_irq(state)
        both = []
        if got & 1:
            both.append((RED, red))
        if got & 2:
            both.append((BLACK, black))
        if len(both) == 2 and self._diff(black, red) < 0:
            both.reverse()
        self.pressed.extend(both)

    def levers(self):
        if not self.pressed:
            return ()
        out = self.pressed
        self.pressed = []
        return out

    def show(self, red, black, line):
        self.display.show(red, black, line)

    def draw(self, scene, now):
        """Asks every display to redraw what changed, in its next steps
        (the app calls it every DISPLAY_MS, from its display task)."""
        self.displays.ask(scene, now)

    def signal(self, kind):
        self.sounder.play(kind, self._now)  # "move" has no pattern: silent

    def battery(self):
        """Battery voltage in mV, or None where the board has no input."""
        if self.adc is None:
            return None
        return int(self.adc.read_u16() * 3300 * self.battery_scale / 65535)
