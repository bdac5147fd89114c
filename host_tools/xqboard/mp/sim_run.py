# The simulated board in real time, run by `micropython` on the x64 build
# (`xqboard sim`, `xqboard demo`, xqboard.simboard): the firmware's App on a
# SimBoard whose link is the slave of a pseudo-terminal, driven by the clock
# of this machine (optionally accelerated) and by physical actions read
# from stdin, one per line, in the scenario's action syntax:
#
#     lift h2          a piece lifted off h2
#     place e2         a piece put on e2
#     press red        Red's clock lever
#     flicker e3 40    the sensor of e3 reads wrong for 40 virtual ms
#     setup            every piece of the game's position put on the board
#     clear            every piece taken off the board
#     sync TOKEN       answered `sync TOKEN` on stdout once the lines before it are done
#     quit             ends the process
#
# Each line done is answered `d` on stdout: the host keeps only a few lines
# ahead (a game's script at once would not fit in the board's heap). The
# pieces on the board are kept in STORE.occ, so that they stay where they
# are through a power cut (a real board's pieces do).
#
# A line may start with `+<time>` (`+200`, `+0.3s`): the action happens that
# long (virtual time) after the previous line's, whatever the delays of this
# machine: a script of actions sent at once keeps its rhythm exactly. Host
# commands (new, setup, start, resign...) come over the link, signed with
# the arbiter's key: the sim has no side door for them.
#
#   sim_run.py PTY STORE SPEED KEYHEX BOARD_ID [DISPLAYS]
#
# With DISPLAYS (red,black or both) the board has displays
# (boards/simpanels.py): each time a face is redrawn, every display's frame
# is printed as `F <display> <hex>` (xqboard.simboard keeps the latest).
import os
import select
import sys
import time

from app import App
from boards.scenario import parse_point, parse_time
from boards.sim import SimBoard, TtyPort
from boards.simrun import T0
from xq.pieces import side_of
import ticks

MAX_SLEEP_MS = 100  # real ms: the longest the loop sleeps without input


def _hex(data):
    return "".join("%02x" % b for b in data)


class TtySim:
    """The App in real time on the unix port, its link a pseudo-terminal
    (boards/qemu.py's RealTimeSim is the emulated Pico's)."""

    def __init__(self, path, store, speed, key, board_id, displays=None):
        self.port = TtyPort(path)
        if displays:
            from boards.simpanels import PanelSimBoard

            self.board = PanelSimBoard(displays, port=self.port, store=store, key=key, board_id=board_id)
        else:
            self.board = SimBoard(port=self.port, store=store, key=key, board_id=board_id)
        self.drawn = 0
        self.speed = speed
        self.vt = 0  # virtual ms since the start
        self.next_step = 0
        self.queue = []  # [due virtual ms, words], in order
        self.last_due = 0
        self.occ_path = store + ".occ"
        try:
            with open(self.occ_path, "rb") as f:
                self.board.set_occupancy(f.read(90))  # the pieces stay on the board through a power cut
        except OSError:
            pass
        self.app = App(self.board, nonce=_hex(os.urandom(4)))
        self.board.vt = 0
        self.app.start(self.tick())
        self.t0 = time.ticks_ms()

    def tick(self):
        return (T0 + self.vt) & ticks.MASK

    def target(self):
        return int(time.ticks_diff(time.ticks_ms(), self.t0) * self.speed)

    def step(self):
        self.board.vt = self.vt
        try:
            self.app.step(self.tick())
        except Exception as e:  # a firmware bug: say so and go on (the device's watchdog would reset)
            print("crash %s: %s" % (type(e).__name__, e))
        if getattr(self.board, "drawn", 0) != self.drawn:
            self.drawn = self.board.drawn
            for p in self.board.panels:
                print("F %s %s" % (p.name, p.buffer.hex()))
        w = self.app.wait_ms(self.tick())
        for f in self.board.flickers:
            if f[1] > self.vt:
                w = min(w, f[1] - self.vt)
        self.next_step = self.vt + max(w, 1)

    def catch_up(self):
        """Steps through virtual time up to now, doing the actions that fell
        due at their exact virtual instants."""
        target = self.target()
        while True:
            nxt = self.next_step
            if self.queue and self.queue[0][0] < nxt:
                nxt = self.queue[0][0]
            if nxt > target:
                return nxt
            self.vt = max(self.vt, nxt)
            while self.queue and self.queue[0][0] <= self.vt:
                self.do(self.queue.pop(0)[1])
                print("d")  # one line done: the host sends the next (flow control)
            self.step()

    def line(self, text):
        """Queues one control line (see the top of this file)."""
        words = text.split("#", 1)[0].split()
        if not words:
            return
        delay = 0
        if words[0].startswith("+"):
            delay = parse_time(words[0][1:])
            words = words[1:]
        due = max(self.target(), self.last_due) + delay
        self.last_due = due
        self.queue.append((due, words))

    def do(self, words):
        b = self.board
        action, args = words[0], words[1:]
        try:
            if action == "lift":
                b.lift(parse_point(args[0]))
            elif action == "place":
                b.place(parse_point(args[0]))
            elif action == "press":
                if args[0] not in ("red", "black"):
                    raise ValueError("press red or press black")
                b.press(side_of(args[0]))
            elif action == "flicker":
                b.flicker(parse_point(args[0]), parse_time(args[1]))
            elif action == "setup":
                b.set_occupancy(self.app.game.position.occupancy())
            elif action == "clear":
                b.set_occupancy(bytearray(90))
            elif action == "sync":
                print("sync %s vt=%d" % (" ".join(args), self.vt))
            elif action == "faces":
                print("faces %s|%s|%s" % b.faces)
            elif action == "quit":
                sys.exit(0)
            else:
                raise ValueError("unknown action %r" % action)
        except (ValueError, IndexError) as e:
            print("error %s: %s" % (" ".join(words), e))
            return
        if action in ("lift", "place", "setup", "clear"):
            with open(self.occ_path, "wb") as f:
                f.write(b.occ)


def main(argv):
    if len(argv) not in (5, 6):
        print("usage: sim_run.py PTY STORE SPEED KEYHEX BOARD_ID [DISPLAYS]", file=sys.stderr)
        sys.exit(2)
    path, store, speed, keyhex, board_id = argv[:5]
    key = None
    if keyhex != "-":
        import binascii

        key = binascii.unhexlify(keyhex)
    sim = TtySim(path, store, float(speed), key, board_id, argv[5] if len(argv) == 6 else None)
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    poll.register(sim.port.f, select.POLLIN)
    print("ready %s" % board_id)
    while True:
        due = sim.catch_up()
        wait = int((due - sim.target()) / sim.speed)
        wait = 0 if wait < 0 else min(wait, MAX_SLEEP_MS)
        for obj, flags in poll.poll(wait):
            if obj is sim.port.f:
                # Bytes from the host: read them at the next scan.
                sim.next_step = min(sim.next_step, max(sim.vt, sim.target()))
            else:
                text = sys.stdin.readline()
                if not text:
                    return  # the parent is gone
                sim.line(text)


main(sys.argv[1:])
