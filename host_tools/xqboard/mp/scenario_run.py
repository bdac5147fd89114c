# The scenario runner, run by `micropython` on the x64 build (`xqboard
# scenario FILE`): the firmware's App on the simulated board, with virtual
# time, fed by a script of timed physical actions and commands (README,
# "Scenario scripts"). Prints every line the board sends on its link, as a
# host receives it, without the checksum.
#
#   scenario_run.py SCRIPT STORE_DIR
#
# Virtual time starts one minute before the 2^30 ms tick wrap, so every
# scenario also crosses the wrap. Idle time is skipped: while the sensors
# are quiet the loop jumps to the next thing due (App.wait_ms).
import sys

import ticks
from app import App
from boards import scenario
from boards.sim import SimBoard
from link import auth
from link.frame import FrameError, decode

KEY = b"scenario"  # the arbiter's key of a scenario board
T0 = ticks.MASK - 60000
TAIL_MS = 5000  # run on this long after the last line, unless `end` says


class Runner:
    def __init__(self, store):
        self.board = SimBoard(store=store, key=KEY, board_id="scenario")
        self.app = None
        self.vt = 0
        self.cid = 0
        self.boots = 0
        self.power(True)

    def tick(self):
        return (T0 + self.vt) & ticks.MASK

    def flush(self):
        for frame in self.board.port.take():
            try:
                print(decode(frame))
            except FrameError as e:
                print("? unreadable frame from the board: %s" % e)

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
            print("# (board off: command not sent) %s" % " ".join(words))
            return
        self.cid += 1
        payload = "C %d %s" % (self.cid, " ".join(words))
        payload += " mac=" + auth.mac(KEY, self.app.link.nonce, payload)
        self.board.port.host_write(payload.encode() + b"*" + _crc(payload) + b"\n")
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
        if g.phase == 1:  # SETUP
            self.command(["start"])
        else:
            self.command(["resume"])

    def do(self, action, args):
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
            b.press(0 if args[0] == "red" else 8)
        elif action == "cmd":
            self.command(args)
        elif action == "power":
            self.power(args[0] == "on")
        elif action == "flicker":
            b.flicker(args[0], args[1])


def _crc(payload):
    from link.frame import crc

    return crc(payload).encode()


def main(argv):
    if len(argv) != 2:
        print("usage: scenario_run.py SCRIPT STORE_DIR", file=sys.stderr)
        sys.exit(2)
    try:
        with open(argv[0]) as f:
            actions = scenario.parse(f.readlines())
    except scenario.ScenarioError as e:
        print("error: %s" % e, file=sys.stderr)
        sys.exit(2)
    except OSError as e:
        print("error: cannot read %s: %s" % (argv[0], e), file=sys.stderr)
        sys.exit(2)
    r = Runner(argv[1])
    end = None
    for t, action, args, _ in actions:
        r.run_until(t)
        if action == "end":
            end = t
            break
        r.do(action, args)
    if end is None:
        end = (actions[-1][0] if actions else 0) + TAIL_MS
    r.run_until(end)


main(sys.argv[1:])
