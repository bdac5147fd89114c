"""The simulated board in real time, seen from the host as a serial port.

The firmware's App runs in the MicroPython unix port (x64 build, heap
runtime.SIM_HEAP) on a SimBoard whose link is the slave of a
pseudo-terminal (`mp/sim_run.py`). This process holds the masters of two
pseudo-terminals and relays the bytes between them: the board's (A) and the
host's (B). Host tools open B's slave, the printed port, exactly as they
open /dev/ttyACM0. The relay is the cable: `cable(False)` pulls it (the
port disappears, the host's reads fail), `cable(True)` plugs it back (a new
port; with `link=PATH` a symlink that follows it, like
/dev/serial/by-id/...). `power(False)` kills the MicroPython process with
SIGKILL (a power cut: the journal in `store` survives), `power(True)`
starts it again on the same journal.

    >>> from xqboard.simboard import SimulatedBoard
    >>> with SimulatedBoard(speed=20) as sim:           # doctest: +SKIP
    ...     print(sim.port)                              # /dev/pts/7
    ...     sim.act("setup")                             # pieces on the board
    ...     sim.act("+200 lift h2", "+300 place e2", "+200 press red")
    ...     sim.sync(after=100)                          # all done, sensors settled

Physical actions are the scenario's (`lift h2`, `place e2`, `press red`,
`flicker e3 40`) plus `setup` (every piece of the game's position on the
board) and `clear`; a leading `+<time>` delays an action after the previous
one in virtual time. `power on|off` and `cable on|off` are handled here.
"""
import collections
import errno
import os
import pty
import selectors
import subprocess
import tempfile
import termios
import threading
import time
import tty

from . import runtime

DEFAULT_KEY = b"sim"
WINDOW = 16  # action lines sent ahead to the board (its heap is small)  # the arbiter's key of a simulated board unless --key says


class SimulatedBoard:
    def __init__(self, store=None, speed=1.0, key=DEFAULT_KEY, board_id="sim-1", link=None,
                 heap=None, log=None, displays=None, on_face=None):
        self.speed = float(speed)
        if self.speed <= 0:
            raise ValueError("speed must be positive")
        self.key = key
        self.board_id = board_id
        self.link = link  # a stable path (symlink) to the host's port, or None
        self.crashes = []  # `crash ...` lines: exceptions in the firmware's steps
        self.heap = heap or runtime.SIM_HEAP
        self.log = log  # callable(str) for the board process's own lines
        # Displays ("red,black" or "both"): the firmware's faces on framebuffers
        # (boards/simpanels.py); frames[display] is the latest, 1024 bytes
        # MONO_VLSB (xqboard.faces_png draws it), on_face(display, frame) is
        # called on each redraw.
        self.displays = displays
        self.frames = {}
        self.on_face = on_face
        self._tmp = None
        if store is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="xqboard-sim-")
            store = os.path.join(self._tmp.name, "journal")
        self.store = store
        self.proc = None
        self._a = None  # (master, slave fd, path): the board's pseudo-terminal
        self._b = None  # the host's
        self._sel = selectors.DefaultSelector()
        self._lock = threading.Lock()
        self._syncs = {}
        self._sync_n = 0
        self._cond = threading.Condition()
        self._stop = False
        self._thread = None
        self.dropped = 0  # bytes the relay dropped (cable out, host not reading)
        self._pending = collections.deque()  # action lines not yet sent to the board
        self._inflight = 0

    # -- life ----------------------------------------------------------------

    def start(self):
        runtime.ensure_built()
        self._a = open_pty(board=True)
        self._sel.register(self._a[0], selectors.EVENT_READ, "a")
        self._plug()
        self.power(True)
        self._thread = threading.Thread(target=self._relay, name="sim-relay", daemon=True)
        self._thread.start()
        return self

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self._stop = True
        self.power(False)
        if self._thread:
            self._thread.join(2)
        with self._lock:
            self._unplug()
            if self._a:
                try:
                    self._sel.unregister(self._a[0])
                except (KeyError, ValueError):
                    pass
                close_pty(self._a)
                self._a = None
        if self._tmp:
            self._tmp.cleanup()
            self._tmp = None

    @property
    def port(self):
        """The path a host opens: the symlink if one was asked for, else
        the host pseudo-terminal's slave (None while the cable is out)."""
        if self.link:
            return self.link
        return self._b[2] if self._b else None

    @property
    def tty(self):
        return self._b[2] if self._b else None

    # -- the board process: power ---------------------------------------------

    def power(self, on):
        """Power on (start the MicroPython process) or off (SIGKILL)."""
        with self._lock:
            if not on:
                if self.proc and self.proc.poll() is None:
                    self.proc.kill()
                    self.proc.wait()
                if self.proc:
                    try:
                        self._sel.unregister(self.proc.stdout)
                    except (KeyError, ValueError):
                        pass
                    self.proc.stdout.close()
                    self.proc.stdin.close()
                self.proc = None
                self._inflight = 0  # lines lost with the power; those not sent wait for it
                return
            if self.proc and self.proc.poll() is None:
                return
            cmd = [runtime.micropython_exe(), "-X", "heapsize=" + self.heap,
                   str(runtime.MP_SCRIPTS / "sim_run.py"), self._a[2], self.store, repr(self.speed),
                   self.key.hex() if self.key else "-", self.board_id]
            if self.displays:
                cmd.append(self.displays)
            self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         env=runtime.env(), bufsize=0)
            first = self.proc.stdout.readline().decode(errors="replace").strip()
            if not first.startswith("ready"):
                raise RuntimeError("the simulated board did not start: %r" % first)
            os.set_blocking(self.proc.stdout.fileno(), False)
            self._sel.register(self.proc.stdout, selectors.EVENT_READ, "proc")
            self._proc_buf = b""
            self._feed()

    # -- the cable -----------------------------------------------------------------

    def cable(self, on):
        """Plug the host's port in (a new pseudo-terminal) or pull it out."""
        with self._lock:
            if on and self._b is None:
                self._plug()
            elif not on and self._b is not None:
                self._unplug()

    def _plug(self):
        self._b = open_pty()
        self._sel.register(self._b[0], selectors.EVENT_READ, "b")
        if self.link:
            tmp = "%s.%d.tmp" % (self.link, os.getpid())
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
            os.symlink(self._b[2], tmp)
            os.replace(tmp, self.link)

    def _unplug(self):
        if self._b is None:
            return
        if self.link:
            try:
                os.unlink(self.link)
            except FileNotFoundError:
                pass
        try:
            self._sel.unregister(self._b[0])
        except (KeyError, ValueError):
            pass
        close_pty(self._b)
        self._b = None

    # -- physical actions ------------------------------------------------------------

    def act(self, *lines):
        """Sends physical actions to the board (see the module docstring);
        `power on|off` and `cable on|off` are done here, at once."""
        for line in lines:
            words = line.split()
            if words and words[0] in ("power", "cable") and words[1:] in (["on"], ["off"]):
                getattr(self, words[0])(words[1] == "on")
                continue
            with self._lock:
                self._pending.append(line.strip())
                self._feed()

    def _feed(self):
        # Flow control: at most WINDOW lines queued in the board's heap.
        while self._pending and self.proc and self._inflight < WINDOW:
            line = self._pending.popleft()
            try:
                self.proc.stdin.write((line + "\n").encode())
            except (BrokenPipeError, ValueError):
                return
            self._inflight += 1

    def sync(self, timeout=30.0, after=0):
        """Waits until the board has done every action sent before, and
        then `after` ms of board time (the sensors settle in ~20 ms)."""
        with self._cond:
            self._sync_n += 1
            token = str(self._sync_n)
        self.act("+%d sync %s" % (after, token))
        deadline = time.monotonic() + timeout
        with self._cond:
            while token not in self._syncs:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("the simulated board did not answer sync %s" % token)
                self._cond.wait(min(left, 0.1))
            return self._syncs.pop(token)

    # -- the relay ------------------------------------------------------------------

    def _relay(self):
        while not self._stop:
            try:
                ready = self._sel.select(0.05)
            except (OSError, ValueError):
                time.sleep(0.01)
                continue
            for key, _ in ready:
                with self._lock:
                    self._pump(key)

    def _pump(self, key):
        what = key.data
        if what == "proc":
            if self.proc is None or key.fileobj is not self.proc.stdout:
                return
            try:
                data = os.read(key.fd, 4096)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                try:
                    self._sel.unregister(key.fileobj)
                except (KeyError, ValueError):
                    pass
                return
            self._proc_buf += data
            while b"\n" in self._proc_buf:
                line, self._proc_buf = self._proc_buf.split(b"\n", 1)
                self._proc_line(line.decode(errors="replace"))
            return
        src, dst = (self._a, self._b) if what == "a" else (self._b, self._a)
        if src is None or key.fd != src[0]:
            return
        try:
            data = os.read(src[0], 4096)
        except OSError:
            return
        if not data:
            return
        if dst is None:
            self.dropped += len(data)
            return
        write_all(dst[0], data, self)

    def _proc_line(self, line):
        if line == "d":
            self._inflight = max(0, self._inflight - 1)
            self._feed()
            return
        if line.startswith("F "):
            _, display, data = line.split(" ", 2)
            frame = bytes.fromhex(data)
            if self.frames.get(display) != frame:
                self.frames[display] = frame
                if self.on_face:
                    self.on_face(display, frame)
            return
        if line.startswith("crash "):
            self.crashes.append(line)  # a firmware exception the board survived
        if line.startswith("sync "):
            words = line.split()
            with self._cond:
                self._syncs[words[1]] = line
                self._cond.notify_all()
        elif self.log:
            self.log(line)


def open_pty(board=False):
    master, slave = pty.openpty()
    tty.setraw(slave)
    if board:
        # VMIN=0, VTIME=0: a read returns what is there. The unix port's
        # read(256) goes on reading until it has 256 bytes or a read returns
        # nothing; with the raw default (VMIN=1) the board would block
        # there until the host had sent 256 bytes.
        attrs = termios.tcgetattr(slave)
        attrs[6][termios.VMIN] = 0
        attrs[6][termios.VTIME] = 0
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
    os.set_blocking(master, False)
    return (master, slave, os.ttyname(slave))


def close_pty(p):
    for fd in p[:2]:
        try:
            os.close(fd)
        except OSError:
            pass


def write_all(fd, data, sim):
    # Never blocks: what a full buffer refuses is dropped, as a USB port
    # with no host reading drops it (the host asks again with `since`).
    while data:
        try:
            n = os.write(fd, data)
        except OSError as e:
            if e.errno not in (errno.EAGAIN, errno.EIO):
                raise
            sim.dropped += len(data)
            return
        data = data[n:]
