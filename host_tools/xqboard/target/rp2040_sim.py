"""`xqboard sim --target rp2040`: the Pico's UF2 on rp2040js in real time
(or as fast as the emulator goes, when that is slower), its USB CDC link
bridged to a pseudo-terminal (target/cable.py) that `xqboard log` and the
Python API open as they open /dev/ttyACM0. Action lines as for the other
targets: lift h2, place e2, press red, flicker e3 40, setup (the pieces the
board's SETUP event asks for), clear, each optionally after `+<time>`;
`power off|on` drops the chip and boots a new one on the same flash,
`cable off|on` pulls and plugs the USB cable (the host's port). The same
API as xqboard.simboard.SimulatedBoard for what the end-to-end tests use:
start(), port, key, act(*lines), cable(on), power(on), close()."""
import os
import re
import socket
import threading
import time

from .cable import Cable
from .rp2040 import Pico, config, deployed_flash

_WANT = re.compile(rb"SETUP wrong put=(\S+) clear=(\S+)")


class TapCable(Cable):
    """The cable, with the board's bytes looked at on their way (the last
    SETUP wrong put=/clear= the board asked for: the sim's `setup`)."""

    want = ((), ())
    seen = b""  # the board's bytes since the last line end (USB packets split lines)

    def _pump(self, side, fd):
        if side == "board" and fd == self._board:
            try:
                data = os.read(fd, 4096)
            except OSError:
                return
            lines = (self.seen + data).split(b"\n")
            self.seen = lines.pop()[-600:]
            for line in lines:
                m = _WANT.search(line)
                if m:
                    self.want = tuple([p for p in g.decode().split(",") if p != "-"] for g in m.groups())
            if self._host is None:
                self.dropped += len(data)
                return
            from ..simboard import write_all

            write_all(self._host[0], data, self)
            return
        Cable._pump(self, side, fd)


class Rp2040Sim:
    def __init__(self, store, key, board_id, link=None, log=None, strict=True):
        self.strict = strict
        self.store = store
        self.key = key
        self.board_id = board_id
        self.flash = os.path.join(store, "flash.bin")
        self.log = log or (lambda line: None)
        self.wire = TapCable(link)
        self.lock = threading.Lock()
        self.pieces = set()
        self.pico = None
        self.last_due = 0.0

    @property
    def port(self):
        return self.wire.port

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()

    def start(self):
        from .. import core  # noqa: F401
        from boards.scenario import parse_point

        self.parse_point = parse_point
        os.makedirs(self.store, exist_ok=True)
        if not os.path.exists(self.flash):
            deployed_flash(self.flash, config(self.board_id, self.key))
        ours, theirs = socket.socketpair()
        self.sock = ours
        self.wire.start()
        self.wire.attach(ours.fileno())
        self.pico = Pico(self.flash, link_fd=theirs.fileno(), strict=self.strict).start()
        theirs.close()
        self.pico.call("realtime")
        return self

    def close(self):
        with self.lock:
            if self.pico:
                self.pico.close()
                self.pico = None
        self.wire.close()
        self.sock.close()

    def power(self, on):
        with self.lock:
            self.pico.power(on)
        self.log("powered %s" % ("on" if on else "off"))

    def cable(self, on):
        self.wire.plug(on)

    def act(self, *lines):
        for line in lines:
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            delay = 0.0
            if words[0].startswith("+"):
                from boards.scenario import parse_time

                delay = parse_time(words[0][1:]) / 1000
                words = words[1:]
            self.last_due = max(time.monotonic(), self.last_due) + delay
            wait = self.last_due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            self.do(words)

    def do(self, words):
        action, args = words[0], words[1:]
        try:
            if action in ("power", "cable") and args in (["on"], ["off"]):
                getattr(self, action)(args[0] == "on")
            elif action in ("lift", "place"):
                self.place(self.parse_point(args[0]), action == "place")
            elif action == "press" and args in (["red"], ["black"]):
                with self.lock:
                    self.pico.press(args[0])
            elif action == "flicker":
                self.flicker(self.parse_point(args[0]), int(args[1]))
            elif action == "setup":
                put, clear = self.wire.want
                for p in put:
                    self.place(self.parse_point(p), True)
                for p in clear:
                    self.place(self.parse_point(p), False)
            elif action == "clear":
                for p in list(self.pieces):
                    self.place(p, False)
            else:
                raise ValueError("want lift, place, press red|black, flicker, setup, clear, power or cable")
        except (ValueError, IndexError) as e:
            self.log("error %s: %s" % (" ".join(words), e))

    def place(self, point, on):
        (self.pieces.add if on else self.pieces.discard)(point)
        with self.lock:
            self.pico.piece(point, on)

    def flicker(self, point, ms):
        self.place(point, point not in self.pieces)
        threading.Timer(ms / 1000, self.place, (point, point not in self.pieces)).start()


def open_sim(args, key):
    """`xqboard sim --target rp2040` (commands/sim.py's options): the board
    started, and the line that tells the user about it."""
    import sys
    import tempfile

    from ..errors import UsageError
    from . import rp2040_env

    why = rp2040_env.missing()
    if why:
        raise UsageError("--target rp2040 needs %s" % why)
    if float(args.speed) != 1:
        raise UsageError("--speed: the emulated board runs in real time (--target unix for another speed)")
    store = args.store or tempfile.mkdtemp(prefix="xqboard-sim-")
    sim = Rp2040Sim(store, key, args.board_id, args.link,
                    log=lambda line: print("board: " + line, file=sys.stderr, flush=True))
    sim.start()
    return sim, ("xqboard sim: emulated RP2040 %s on %s (flash in %s); type actions (lift h2, place e2, "
                 "press red, setup, power off...), Ctrl-C ends" % (args.board_id, sim.port, sim.store))
