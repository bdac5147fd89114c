"""A scenario script (README, "Scenario scripts") on the emulated Pico
(`xqboard scenario --target rp2040`): the same script as the unix port's
runner (boards/simrun.py) and the qemu board's, played on the board's
parts: a lift or a placement is a reed of the 74HC165 chain, a press the
lever's contact (with its bounce), a command a signed frame from the host
on USB, a power cut the chip dropped and a new one booted on the same
flash. The output is the link's lines as `xqboard scenario` prints them,
so that the three targets compare event for event.

The script's time 0 is the board's greeting after its first boot (the
unix runner's board is up at once)."""
import functools

from .rp2040 import MS, Pico, deployed_flash

GREETING_MS = 4000  # a boot's longest way to the greeting
ANSWER_MS = 500  # a command's longest way to its answer (A <id> ...)
READY_MS = 2000  # a set-up's longest way to SETUP ready


class HostRunner:
    """The host's side of a scenario on a Pico (see the module)."""

    def __init__(self, pico, out=print):
        from .. import core  # noqa: F401  (firmware/ and boards/ on sys.path)
        from boards.simrun import KEY

        self.pico = pico
        self.out = out
        self.key = KEY
        self.nonce = "0"
        self.cid = 0
        self.started = False  # a START since the last GAME: `start` resumes
        self.setup_put = self.setup_clear = ()
        self.ready = False  # the board said SETUP ready
        self.zero = 0
        self.flickers = []  # [point, until ns]
        self.buf = b""

    # -- what the board sends -------------------------------------------

    def pump(self, want=None):
        from game.chain import split
        from link.frame import FrameError, unframed

        self.buf += self.pico.take()
        while b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            try:
                payload = unframed(line.rstrip(b"\r") + b"\n")
            except FrameError as e:
                if b"*" in line:  # (the REPL's echo and banner are no frames)
                    self.out("? unreadable frame from the board: %s" % e)
                continue
            self.note(payload)
            if want and (payload + " ").startswith(want.decode()):
                self.answered = True
            self.out(split(payload)[0] if payload.startswith("E ") else payload)

    def note(self, payload):
        from game import events as schema

        from ..boardlink import greeting_fields, is_event

        if payload.startswith("H "):
            f = greeting_fields(payload)
            self.nonce = f.get("nonce", self.nonce)
            self.cid = max(self.cid, int(f.get("cmd", "0") or 0))
        elif is_event(payload):
            try:
                _, _, kind, fields = schema.decode(payload)
            except (schema.EventError, ValueError, IndexError):
                return  # (the scenario's output shows the line as it came)
            schema.dispatch(_noted(), kind, fields, self)

    def _game(self, what, *settings):
        self.started = False

    def _start(self, side, article):
        self.started = True

    def _ready(self, what):
        self.ready = True

    def _wrong(self, what, put, clear):
        self.setup_put = [p for p in (put or "-").split(",") if p != "-"]
        self.setup_clear = [p for p in (clear or "-").split(",") if p != "-"]

    # -- time ---------------------------------------------------------------

    def run_until(self, ms):
        end = self.zero + ms * MS
        while self.pico.t < end:
            nxt = min([end] + [f[1] for f in self.flickers if f[1] > self.pico.t])
            self.pico.run_until(nxt)
            for f in [f for f in self.flickers if f[1] <= self.pico.t]:
                self.flickers.remove(f)
                self.pico.piece(f[0], not self.occ(f[0]))
            self.pump()

    def occ(self, point):
        return point in self.pieces

    def boot(self):
        """To the first greeting: the script's time 0."""
        self.pieces = set()
        self.greeting()
        self.zero = self.pico.t

    def greeting(self):
        # runs the board until its greeting's line is whole, and reads it
        end = self.pico.t + GREETING_MS * MS
        while not (b"H proto=" in self.pico.rx and b"\n" in self.pico.rx.split(b"H proto=", 1)[1]):
            if self.pico.t >= end:
                raise TimeoutError("board: no greeting within %d ms; got %r" % (GREETING_MS, self.pico.rx[-300:]))
            self.pico.run_ms(10)
        self.pump()

    # -- the actions ------------------------------------------------------

    def send(self, words, sign=True):
        from link import auth
        from link.frame import crc

        self.cid += 1
        payload = "C %d %s" % (self.cid, " ".join(words))
        if sign:
            payload += " mac=" + auth.mac(self.key, self.nonce, payload)
        self.pico.send(payload.encode() + b"*" + crc(payload).encode() + b"\n")
        self.answer(self.cid)

    def answer(self, cid):
        # The unix runner steps its App at once on a command, so the next
        # action (setup after new) sees its effect: here the board is run
        # on to its answer, a few ms of its time.
        want = ("A %d " % cid).encode()
        end = self.pico.t + ANSWER_MS * MS
        self.answered = False
        while not self.answered and self.pico.t < end:
            self.pico.run_ms(2)
            self.pump(want)


    def place(self, point, on):
        (self.pieces.add if on else self.pieces.discard)(point)
        self.pico.piece(point, on)

    def setup(self, t):
        # The arbiter follows the board's SETUP wrong put=/clear=, and
        # confirms once the board says the set-up is right (SETUP ready):
        # the unix runner confirms after 10 scans at most; a Pico may still
        # be writing the new game's journal (sector erases) meanwhile.
        from boards.scenario import parse_point

        for p in self.setup_put:
            self.place(parse_point(p), True)
        for p in self.setup_clear:
            self.place(parse_point(p), False)
        self.ready = False
        end = self.pico.t + READY_MS * MS
        while not self.ready and self.pico.t < end:
            self.pico.run_ms(5)
            self.pump()
        self.send(["setup", "scenario"])

    def do(self, t, action, args):
        if action == "new":
            self.send(["new"] + args)
        elif action == "setup":
            self.setup(t)
        elif action == "start":
            self.send(["resume" if self.started else "start"])
        elif action in ("lift", "place"):
            self.place(args[0], action == "place")
        elif action == "press":
            self.pico.press(args[0])
        elif action == "cmd":
            self.send(args)
        elif action == "power":
            self.power(args[0] == "on")
        elif action == "flicker":
            self.pico.piece(args[0], not self.occ(args[0]))
            self.flickers.append([args[0], self.pico.t + args[1] * MS])

    def power(self, on):
        self.pico.power(on)
        if on:
            self.greeting()

    def replay(self, acts, end_ms):
        for t, action, args, _ in acts:
            self.run_until(t)
            if action == "end":
                end_ms = t
                break
            self.do(t, action, args)
        self.run_until(end_ms)
        return end_ms


def run_scenario(script, flash, out=print, fresh=True, **kw):
    """Replays a script on the emulated Pico, its journal on the flash file
    (a new board's, deployed, when `fresh` or absent); `out` gets each line
    the board sends. Returns the Pico's report (board.mjs)."""
    import os

    from .. import core  # noqa: F401
    from boards import scenario
    from boards.simrun import TAIL_MS

    with open(script) as f:
        acts = scenario.parse(f.readlines())
    if fresh or not os.path.exists(flash):
        deployed_flash(flash)
    with Pico(flash, **kw) as pico:
        runner = HostRunner(pico, out)
        runner.boot()
        runner.replay(acts, (acts[-1][0] if acts else 0) + TAIL_MS)
        return pico.report()


def cmd_scenario(args):
    """`xqboard scenario --target rp2040 FILE`: the script on the emulated
    Pico; --store DIR keeps the board's flash as DIR/flash.bin (a second
    run starts from it, as a board keeps its flash)."""
    import os
    import sys
    import tempfile

    from ..errors import UsageError
    from . import rp2040_env
    from .rp2040 import ChipFault

    why = rp2040_env.missing()
    if why:
        raise UsageError("--target rp2040 needs %s" % why)
    try:
        if args.store:
            os.makedirs(args.store, exist_ok=True)
            flash = os.path.join(args.store, "flash.bin")
            run_scenario(args.file, flash, fresh=not os.path.exists(flash))
        else:
            with tempfile.TemporaryDirectory(prefix="xqboard-flash-") as d:
                run_scenario(args.file, os.path.join(d, "flash.bin"))
    except ChipFault as e:
        sys.stdout.flush()
        sys.stderr.write("board fault: %s\n" % e)
        raise SystemExit("the board stopped: that is a firmware bug")
    return 0


@functools.lru_cache(maxsize=None)
def _noted():
    # What the host's side of a scenario follows of the board's events, by
    # the schema's kinds (game/events.py, dispatch).
    from .. import core  # noqa: F401  (firmware/ on sys.path)
    from game import events as schema

    return {schema.GAME: HostRunner._game, schema.START: HostRunner._start,
            schema.SETUP: {"ready": HostRunner._ready, "wrong": HostRunner._wrong}}
