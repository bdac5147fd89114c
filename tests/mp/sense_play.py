# A tiny physical-board driver for the recogniser tests in the unix port:
# actions by ICCS point name on a bitmap of 90 points, fed as the stable
# occupancy (what the debouncer would hand on).
#
#     b = Play()                       # start position, set up and confirmed
#     b.do("-h2 +e2 w2100")            # lift h2, place e2, wait 2.1 s
#     b.do("-h9 P8")                   # lift h9, black presses
#     b.show()                         # the events, one line each
# Tokens: -pt lift, +pt place (each 100 ms after the last action unless
# tNNN sets the gap), wNNN wait NNN ms (the timers run), P0 / P8 a press.
from sense import report
from sense_text import NAMES, text
from sense.recognise import Recogniser
from xq.squares import parse, point


class Play:
    def __init__(self, fen=None, settle_ms=2000, t0=1000, confirm=True):
        self.rec = Recogniser(settle_ms=settle_ms)
        self.t = t0 & ((1 << 30) - 1)
        self.occ = bytearray(90)
        self.events = []
        self.gap = 100
        self.log(self.rec.setup(self.t, fen))
        self.rec.pos.occupancy(self.occ)
        self.log(self.rec.feed(self.t, self.occ))
        if confirm:
            self.log(self.rec.confirm(self.t, "arbiter"))

    def log(self, es):
        for e in es:
            self.events.append(e)

    def adv(self, ms):
        # Time passes scan by scan (5 ms), so the timers fire on time.
        end = self.t + ms
        while self.t < end:
            self.t = min(self.t + 5, end)
            self.log(self.rec.feed(self.t & ((1 << 30) - 1), self.occ))

    def do(self, script):
        gap = self.gap
        for tok in script.split():
            c = tok[0]
            if c in "+-":
                self.adv(gap)
                gap = self.gap
                self.occ[point(parse(tok[1:]))] = 1 if c == "+" else 0
                self.log(self.rec.feed(self.t & ((1 << 30) - 1), self.occ))
            elif c == "t":
                gap = int(tok[1:])
            elif c == "w":
                self.adv(int(tok[1:]))
            elif c == "P":
                self.adv(gap)
                gap = self.gap
                self.log(self.rec.press(self.t & ((1 << 30) - 1), int(tok[1:])))
        return self

    def show(self, kinds=None):
        for e in self.events:
            if kinds is None or NAMES[e[report.KIND]] in kinds:
                print(text(e))

    def moves(self):
        from xq.squares import move_name
        return [move_name(e[report.WHAT]) for e in self.events if e[report.KIND] == report.MOVE]
