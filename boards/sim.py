# The simulated board for the MicroPython unix port: the embedded default.
#
# Its sensors are a bitmap of the 90 points that a script (the scenario
# runner) or a person changes; its levers are a queue of presses; its
# displays keep the last text shown; its link is a buffer (scenarios, tests)
# or a pseudo-terminal that host tools open like /dev/ttyACM0 (`xqboard
# sim`); its journal is a directory of files standing in for the flash.
from sense import presence as fr


class BufferPort:
    """A link whose two ends are buffers: the host side writes with
    host_write(), the board's output collects in `out`."""

    def __init__(self):
        self.incoming = bytearray()
        self.out = []

    def read(self):
        if not self.incoming:
            return None
        data = bytes(self.incoming)
        self.incoming = bytearray()
        return data

    def write(self, data):
        self.out.append(bytes(data))

    def host_write(self, data):
        self.incoming.extend(data)

    def take(self):
        out = self.out
        self.out = []
        return out


class TtyPort:
    """The board's end of a pseudo-terminal (the slave device, opened like a
    serial port). Writes are unbuffered (no flush: a tty refuses it in the
    unix port). The unix port's read(n) goes on until it has n bytes unless
    the tty returns early: the side that makes the pty sets it raw with
    VMIN=0 (xqboard/simboard.py), so a read after poll() never blocks."""

    def __init__(self, path):
        import select

        self.f = open(path, "r+b")
        self.poll = select.poll()
        self.poll.register(self.f, select.POLLIN)

    def read(self):
        if not self.poll.poll(0):
            return None
        return self.f.read(256)

    def write(self, data):
        self.f.write(data)


class SimBoard:
    SCAN_MS = 5  # sense/debounce.py defaults, as on the real boards
    STABLE_MS = 15
    SETTLE_MS = 2000  # 5.7: a placement untouched this long is final

    def __init__(self, port=None, store=None, key=None, board_id="sim-1"):
        self.port = port if port is not None else BufferPort()
        self.store = store
        self.key = key
        self.board_id = board_id
        self.occ = bytearray(90)  # the pieces on the board, by point
        self.flickers = []  # [point, until (virtual ms)]: the sensor reads wrong
        self.pressed = []
        self.faces = ("", "", "")
        self.signals = {}
        self.vt = 0  # virtual ms, for the flickers
        self._reading = bytearray(90)

    # What the app reads.

    def read_frame(self, frame) -> "bool":
        r = self._reading
        for p in range(90):
            r[p] = self.occ[p]
        for f in self.flickers:
            if self.vt < f[1]:
                r[f[0]] ^= 1
        fr.pack(r, frame)
        return False  # (not known to be the last read's bits: firmware/app.py debounces them)

    def levers(self):
        if not self.pressed:
            return ()  # the common case allocates nothing
        out = self.pressed
        self.pressed = []
        return out

    def show(self, red, black, line):
        self.faces = (red, black, line)

    def signal(self, kind):
        self.signals[kind] = self.signals.get(kind, 0) + 1

    # What a script or a person does.

    def lift(self, point):
        self.occ[point] = 0

    def place(self, point):
        self.occ[point] = 1

    def press(self, side, t=None):
        """A press of side's lever, its edge at t (the App's ms), or None:
        at the scan that takes it."""
        self.pressed.append((side, t))

    def flicker(self, point, ms):
        self.flickers = [f for f in self.flickers if f[1] > self.vt]
        self.flickers.append([point, self.vt + ms])

    def set_occupancy(self, occ):
        for p in range(90):
            self.occ[p] = 1 if occ[p] else 0
