# One scan of the board: driver -> raw frame -> debouncer -> recogniser.
#
#     s = Sensing(driver, scan_ms=5, stable_ms=15, settle_ms=2000)
#     s.rec.setup(now)           # then rec.confirm(now, who) to play
#     every scan_ms:  events = s.scan(now)      # reads the driver
#     or, fed a raw frame (simulator):  events = s.step(now, raw)
#     clock lever:    events = s.rec.press(now, side)
#
# A scan in which no point changes costs one viper call over three words
# and one deadline check, and allocates nothing (it returns events.NOTHING).
from sense import presence as fr
from sense.debounce import SCAN_MS, STABLE_MS, Debouncer, scan_frame
from sense.recognise import Recogniser


class Sensing:
    def __init__(self, driver=None, scan_ms=SCAN_MS, stable_ms=STABLE_MS, settle_ms=2000, pos=None, make=None):
        self.driver = driver
        self.scan_ms = scan_ms
        self.deb = Debouncer(scan_ms, stable_ms)
        self.rec = Recogniser(pos, settle_ms=settle_ms, lag_ms=self.deb.lag_ms, make=make)
        self.raw = fr.new()

    def scan(self, now):
        """Reads the sensors through the driver and runs one scan."""
        self.driver.read(self.raw)
        return self.step(now, self.raw)

    def step(self, now, raw):
        """One scan of a raw frame (three words, frame.py)."""
        # the viper debouncer called straight, not through Debouncer.scan:
        # on a Cortex-M0+ each bytecode call level costs ~1,000 instructions
        # of a quiet scan's budget (docs/HARDWARE.md)
        deb = self.deb
        if scan_frame(raw, deb.st, deb.n):
            return self.rec.frame(now, deb.st)
        return self.rec.tick(now)
