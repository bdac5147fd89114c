# Weak magnets (issue 14): a still piece may vanish from its sensor for
# 20-40 ms, longer than the debounce, and come back. So the lift of a still
# piece (one that has not moved lately, explain.py: Explainer.quiet) is
# held: it counts only once its point has stayed empty for hold_ms, a
# longer confirmation on top of the debouncer's; a piece back before that
# was never gone (a dropout: no touch, no move). A captured piece too must
# be off its point that long (docs/SENSING.md: a brief absence while a
# piece is in the hand is a dropout or a quick swap, which presence alone
# cannot tell apart).
#
# While a lift is held, the scans after it wait behind it, so that the
# recogniser still reads every change in the order it happened:
#
#     holds = Holds()
#     holds.stable                the occupancy the sensors show (frame.changes())
#     holds.add(now, t, codes)    a scan's changes (a list: point | present << 7)
#     scan = holds.take(now, still)   the oldest scan waiting, [now, t, codes],
#                                 once its held lifts are decided, or None
#     holds.deadline()            when the oldest scan's holds end, or None
#
# Nothing waits in a quiet scan: the recogniser's deadline covers them.
from micropython import const

import ticks

# The confirmation of a still piece's lift, beyond the debouncer's: a
# dropout of 20-40 ms, with bounce at both edges, leaves the stable
# occupancy empty for at most ~55 ms (docs/SENSING.md, "Weak magnets").
# (Names here are private or reused: on the unix port each new name takes
# a slot in the interned-string pool, whose next chunk is 16 KB.)
_HOLD_MS = const(60)  # 12 scans of 5 ms

# The fields of a waiting scan: [now, t, codes].
_NOW = const(0)  # the scan's instant: a hold runs from there
_T = const(1)  # its changes' instant (dated by the debouncer's lag)
_CODES = const(2)  # its changes, point | present << 7 (frame.changes())

_PRESENT = const(128)
_POINT_BITS = const(127)


class Holds:
    def __init__(self):
        self.queue = []  # the scans waiting, [now, t, codes], oldest first
        # The stable occupancy as the sensors show it; the recogniser's
        # (Explainer.observed) lags behind it while a lift is held.
        self.stable = bytearray(90)

    def clear(self):
        self.queue = []

    def add(self, now, t, codes):
        """The changes of the scan at `now` (a list of codes) queue up."""
        self.queue.append([now, t, codes])

    def take(self, now, still):
        """The oldest scan, taken off, once the fate of its held lifts is
        known (still(p, t): is the lift from point p one to hold); None
        while one is neither back nor held for the hold. A lift back within
        the hold is a dropout: it and its return go (no touch, no move)."""
        scan = self.queue[0]
        codes = scan[_CODES]
        i = 0
        while i < len(codes):
            p = codes[i] & _POINT_BITS
            if codes[i] & _PRESENT or not still(p, scan[_T]):
                i += 1
                continue
            found = self.back(p)
            if found is not None and ticks.diff(found[0][_NOW], scan[_NOW]) < _HOLD_MS:
                del found[0][_CODES][found[1]]
                del codes[i]
                continue
            if ticks.diff(now, scan[_NOW]) < _HOLD_MS:
                return None
            i += 1
        return self.queue.pop(0)

    def back(self, p):
        """The first placement on point p after the oldest scan waiting: the
        (scan, index of its code), or None."""
        for k in range(1, len(self.queue)):
            scan = self.queue[k]
            codes = scan[_CODES]
            for i in range(len(codes)):
                if codes[i] == p | _PRESENT:
                    return scan, i
        return None

    def deadline(self):
        """When the oldest scan's holds end (ms ticks), or None."""
        if not self.queue:
            return None
        return ticks.add(self.queue[0][_NOW], _HOLD_MS)
