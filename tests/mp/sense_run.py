# MicroPython side of the sensing property tests and benchmark: reads a
# script of raw sensor frames and clock presses on stdin, runs the debouncer
# and the recogniser scan by scan, and prints every event.
#
# Script lines (scan k happens at t0 + 5k ms, wrapped into 2^30 ticks):
#   G t0 scan_ms stable_ms settle_ms [fen]   a new game; the board set up
#   R k p p ...   from scan k on, the raw bits of these points are inverted
#   P k side      a clock press by side (0 Red, 8 Black) just after scan k
#   E k           run until scan k, then print 'end' and the tick count
# Idle scans are skipped: when the debouncer has nothing counting and the
# recogniser has no timer due, nothing can happen until the raw frame
# changes, so the runner jumps ahead (exactly: the result is the same).
import sys

import ticks
from sense import presence as fr
from sense.debounce import Debouncer
from sense.recognise import Recogniser
from xq.fen import START
from sense_text import text

_out = []


def emit(es):
    for e in es:
        _out.append(text(e))
    if len(_out) > 64:
        flush()


def flush():
    for line in _out:
        print(line)
    del _out[:]


class Game:
    def __init__(self, t0, scan_ms, stable_ms, settle_ms, fen):
        self.t0 = t0
        self.scan_ms = scan_ms
        self.deb = Debouncer(scan_ms, stable_ms)
        self.rec = Recogniser(settle_ms=settle_ms, lag_ms=self.deb.lag_ms)
        self.raw = fr.new()
        self.k = 0
        self.scans = 0
        self.rec.setup(t0, fen)
        occ = bytearray(90)
        self.rec.pos.occupancy(occ)
        fr.pack(occ, self.raw)
        self.deb.reset(self.raw)
        self.rec.frame(t0, self.deb.st)
        self.rec.confirm(t0, "arbiter")

    def now(self, k):
        return ticks.add(self.t0, k * self.scan_ms)

    def scan(self):
        t = self.now(self.k)
        self.scans += 1
        if self.deb.scan(self.raw):
            es = self.rec.frame(t, self.deb.st)
        else:
            es = self.rec.tick(t)
        if es:
            emit(es)
        self.k += 1

    def run_to(self, k_end):
        # Scans k .. k_end - 1, skipping what cannot change anything.
        while self.k < k_end:
            if self.deb.quiet():
                dl = self.rec.deadline()
                if dl is None:
                    self.k = k_end
                    return
                wait = ticks.diff(dl, self.now(self.k))
                if wait > 0:
                    kd = self.k + (wait + self.scan_ms - 1) // self.scan_ms
                    if kd >= k_end:
                        self.k = k_end
                        return
                    self.k = kd
            self.scan()


def main():
    g = None
    rd = sys.stdin.readline
    while True:
        line = rd()
        if not line:
            break
        f = line.split()
        if not f:
            continue
        c = f[0]
        if c == "R":
            k = int(f[1])
            g.run_to(k)
            raw = g.raw
            for p in f[2:]:
                p = int(p)
                raw[p // 30] ^= 1 << (p % 30)
            g.scan()
        elif c == "P":
            k = int(f[1])
            g.run_to(k + 1)
            emit(g.rec.press(g.now(k), int(f[2])))
        elif c == "G":
            fen = " ".join(f[5:]) if len(f) > 5 else START
            g = Game(int(f[1]), int(f[2]), int(f[3]), int(f[4]), fen)
            _out.append("game")
        elif c == "E":
            g.run_to(int(f[1]))
            _out.append("end %d %s" % (g.scans, g.rec.pos.fen()))
            flush()
    flush()


if __name__ == "__main__":
    main()
