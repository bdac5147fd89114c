# Driving the App on the simulated board with virtual time: what the
# scenario runner (`xqboard scenario`), the power-cut and link tests and the
# demo share. Runs under MicroPython and CPython alike.
#
# Virtual time starts one minute before the 2^30 ms tick wrap, so every run
# also crosses the wrap. Idle time is skipped: while the sensors are quiet
# the loop jumps to the next thing due (App.wait_ms).
import ticks
from app import App
from boards.sim import SimBoard
from game.events import CHAIN_BYTES, CHAIN_MARK
from game.phases import SETUP
from link import auth
from link.frame import FrameError, crc, unframed
from xq import squares
from xq.pieces import side_name, side_of

KEY = b"scenario"  # the arbiter's key of a scenario board
T0 = ticks.MASK - 60000
TAIL_MS = 5000  # run on this long after the last line, unless `end` says


class Runner:
    """The App on a SimBoard. `out` gets every line the board sends (its
    payload, without the checksum and an event's chain word); by default
    they are printed."""

    def __init__(self, store, out=print, board_id="scenario", raw=False, board=None):
        self.out = out
        self.raw = raw  # give `out` the frames as sent (bytes), not their payloads
        # (board: a SimBoard of another kind, e.g. with displays: boards/simpanels.py)
        self.board = board or SimBoard(store=store, key=KEY, board_id=board_id)
        self.app = None
        self.vt = 0
        self.cid = 0
        self.boots = 0
        self.power(True)

    def tick(self):
        return (T0 + self.vt) & ticks.MASK

    def flush(self):
        for frame in self.board.port.take():
            if self.raw:
                self.out(frame)
                continue
            try:
                payload = unframed(frame)
            except FrameError as e:
                self.out("? unreadable frame from the board: %s" % e)
                continue
            # the chain word (game/chain.py) is for the records, not for reading
            i = len(payload) - CHAIN_BYTES
            self.out(payload[:i] if i > 0 and payload.startswith(CHAIN_MARK, i + 1) else payload)

    def step(self):
        self.board.vt = self.vt
        if self.app:
            self.app.step(self.tick())
            self.flush()

    def run_until(self, t):
        while True:
            self.step()
            if self.vt >= t:
                return
            w = self.app.wait_ms(self.tick()) if self.app else t - self.vt
            for f in self.board.flickers:
                if f[1] > self.vt:
                    w = min(w, f[1] - self.vt)
            self.vt = min(self.vt + max(w, 1), t)

    def power(self, on):
        if not on:
            self.app = None  # everything in RAM is gone; the journal stays
            self.board.pressed = []
            self.board.port.take()
            return
        if self.app:
            return
        self.boots += 1
        self.board.vt = self.vt
        self.app = App(self.board, nonce="%d" % self.boots)
        self.app.start(self.tick())
        self.flush()

    def command(self, words):
        if not self.app:
            self.out("# (board off: command not sent) %s" % " ".join(words))
            return
        # the board's ids rise across reboots: go on above its last (as a
        # host does from the greeting's cmd=)
        self.cid = max(self.cid, self.app.link.last_id) + 1
        payload = "C %d %s" % (self.cid, " ".join(words))
        payload += " mac=" + auth.mac(KEY, self.app.link.nonce, payload)
        self.board.port.host_write(payload.encode() + b"*" + crc(payload).encode() + b"\n")
        self.step()

    def setup(self):
        # Every piece of the game's position placed at once, then confirmed
        # (a scenario's set-up counts as confirmed by the arbiter).
        if not self.app:
            return
        self.board.set_occupancy(self.app.game.position.occupancy())
        for _ in range(10):
            self.vt += self.board.SCAN_MS
            self.step()
            if self.app.deb.quiet():
                break
        self.command(["setup", "scenario"])

    def start(self):
        g = self.app.game if self.app else None
        if g is None:
            return
        if g.phase == SETUP:
            self.command(["start"])
        else:
            self.command(["resume"])

    def press_tick(self, t):
        """The App's tick at the script's time t: a lever's edge."""
        return (T0 + t) & ticks.MASK

    def do(self, action, args, t=None):
        """One scenario action, done at the script's time t (None: now)."""
        b = self.board
        if action == "new":
            self.command(["new"] + args)
        elif action == "setup":
            self.setup()
        elif action == "start":
            self.start()
        elif action == "lift":
            b.lift(args[0])
        elif action == "place":
            b.place(args[0])
        elif action == "press":
            # its edge at t, even if the step that ran over t took longer
            b.press(side_of(args[0]), None if t is None else self.press_tick(t))
        elif action == "cmd":
            self.command(args)
        elif action == "power":
            self.power(args[0] == "on")
        elif action == "flicker":
            b.flicker(args[0], args[1])

    def at(self, t, action, *args):
        """Runs on to virtual time t, then does one scenario action."""
        self.run_until(t)
        self.do(action, list(args), t)

    def replay(self, lines, end_ms):
        """Runs a scenario script's lines (boards/scenario.py), then on
        until end_ms (virtual ms) or its `end` line's time; returns that
        time. (lines: a file, or anything that gives them one at a time.)"""
        from boards import scenario

        for t, action, args, _ in scenario.actions(lines):
            self.run_until(t)
            if action == "end":
                end_ms = t
                break
            self.do(action, args, t)
        self.run_until(end_ms)
        return end_ms

    def play(self, move, gap=1000):
        """Plays an ICCS move by hand: the captured piece lifted first, the
        mover lifted and placed, the clock pressed by the mover; then waits
        until `gap` ms after it began. (The points by xq/squares.py, loaded
        with the game: importing the script parser here, in the middle of a
        game, needed a block the heap may no longer have whole.)"""
        g = self.app.game
        side = side_name(g.position.side)
        frm = squares.point(squares.parse(move[:2]))
        to = squares.point(squares.parse(move[2:]))
        t = self.vt
        if self.board.occ[to]:
            self.at(t + 100, "lift", to)
        self.at(t + 200, "lift", frm)
        self.at(t + 400, "place", to)
        self.at(t + 600, "press", side)
        self.run_until(t + gap)

