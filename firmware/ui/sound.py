# The buzzer's patterns, one per kind, played without blocking: play(kind,
# now) starts a pattern, tick(now) (every scan) switches the pin when the
# next edge is due, so a pattern never holds up the loop. `quiet` silences
# every pattern (quiet halls); the board still shows everything.
#
# A pattern is on/off durations in ms, starting with on.
PATTERNS = {
    "alert": (120, 80, 120, 80, 120),  # three short: look at the board
    "foul": (400,),  # one long
    "flag": (80, 60, 80, 60, 80, 60, 80),  # four quick
    "result": (600, 150, 200),  # long, short
    "low": (40,),  # a tick (a side's last 10 seconds)
}
LOW_MS = 10000  # "low time": the last 10 s, as the tenths on the face


class Sounder:
    def __init__(self, pin=None, quiet=False):
        self.pin = pin  # an object with value(0/1), or None: no buzzer
        self.quiet = quiet
        self.pattern = ()
        self.step = 0
        self.due = 0
        self.low_side = None  # the side whose low time was signalled this turn
        self.next = None  # a kind asked for while a pattern plays (a flag, then its result)

    def play(self, kind, now):
        if self.pin is None or self.quiet or kind not in PATTERNS:
            return
        if self.pattern:
            self.next = kind  # played when this one ends (the latest asked for)
            return
        self.pattern = PATTERNS[kind]
        self.step = 0
        self.due = now
        self.tick(now)

    def tick(self, now, diff=None):
        """Switches the pin when due (diff: a ticks diff; plain minus by default)."""
        if not self.pattern:
            return
        late = diff(now, self.due) if diff else now - self.due
        if late < 0:
            return
        if self.step >= len(self.pattern):
            self.pin.value(0)
            self.pattern = ()
            if self.next is not None:
                kind, self.next = self.next, None
                self.play(kind, self.due)
            return
        self.pin.value(1 - self.step % 2)
        self.due = self.due + self.pattern[self.step]
        self.step += 1

    def watch_low(self, clock, now):
        """One tick when the running side's time drops into its last 10 s."""
        side = clock.running
        if side < 0 or clock.remaining(side, now) > LOW_MS:
            if side != self.low_side:
                self.low_side = None
            return
        if self.low_side != side:
            self.low_side = side
            self.play("low", now)
