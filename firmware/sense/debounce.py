# Debouncing all 90 presence points at once with a vertical counter.
#
# Each point has a 4-bit counter, stored "vertically": bit plane i of the
# counters of the points in word k is one 30-bit word, so one scan updates
# 30 counters with a handful of word operations. A point whose raw bit
# differs from its stable state counts up; one that agrees is reset to 0; a
# point whose counter reaches N takes the raw value as its new stable state.
# A change is therefore accepted on the N-th consecutive scan that shows it:
# a flicker or a dropout shorter than N scans, or contact bounce, never gets
# through, and a piece that really moved is seen (N-1) scans after the
# sensor first showed it (the lag, which the recogniser subtracts to date
# the change).
#
# N = stable_ms // scan_ms + 1 (4 at the default 15 ms / 5 ms: the new value
# has been seen across 15 ms), at most 15 (four bit planes). Both are set per
# board (boards/*.py: SCAN_MS, STABLE_MS).
#
# The scan is one viper call over three words and allocates nothing.
import micropython
from array import array
from micropython import const

SCAN_MS = const(5)  # default scan period
STABLE_MS = const(15)  # default time a change must hold before it counts
MAX_COUNT = const(15)

# Layout of the state array (words of 30 bits):
_STABLE = const(0)  # 0..2 stable occupancy (a frame)
_PLANES = const(3)  # 3..14 counter bit planes: plane i of word k at 3 + 3*i + k
_CHANGED = const(15)  # 15..17 points that changed at the last scan
# 18: the points whose counter runs (the planes OR-ed), 0 when none does: a
# caller that knows the raw frame is the last scan's may then skip the scan,
# which would change nothing (firmware/app.py's scan()). Its index is
# COUNTING, an int literal there (a const of this module is a lookup).
COUNTING = const(18)
_SIZE = const(19)


# One scan: the raw frame against the stable one, the counters of st
# (Debouncer.st) counting up where they differ; a point whose counter
# reaches n changes. Returns the changed points' bits OR-ed (0: none), also
# left in st's changed words; st[COUNTING] is left nonzero while a counter
# runs. Debouncer.scan's body, public for the pipeline's hot path
# (sense/pipeline.py and app.py call it without the method).
@micropython.viper
def scan_frame(raw, st, n: int) -> int:
    r = ptr32(raw)
    s = ptr32(st)
    changed = 0
    for k in range(3):
        stable = s[k]
        delta = (r[k] ^ stable) & 0x3FFFFFFF
        carry = delta
        hit = delta  # points whose counter equals n after this scan
        for i in range(4):
            j = 3 + 3 * i + k
            c = s[j]
            nc = (c ^ carry) & delta  # count up where delta, reset elsewhere
            carry = c & carry
            if (n >> i) & 1:
                hit = hit & nc
            else:
                hit = hit & (nc ^ 0x3FFFFFFF)
            s[j] = nc
        if hit:
            s[k] = stable ^ hit
            keep = hit ^ 0x3FFFFFFF
            for i in range(4):
                j = 3 + 3 * i + k
                s[j] = s[j] & keep
        s[15 + k] = hit
        changed |= hit
    counting = 0
    for j in range(3, 15):  # (the counter planes)
        counting |= s[j]
    s[18] = counting
    return changed


class Debouncer:
    """Vertical-counter debouncer of a 90-point frame.

        deb = Debouncer(5, 15)
        if deb.scan(raw):        # raw: frame.new() filled by a driver
            deb.stable           # the new stable frame (array('i', 3))
            deb.changed          # the points that changed (frame)
    """

    def __init__(self, scan_ms=SCAN_MS, stable_ms=STABLE_MS):
        if scan_ms <= 0 or stable_ms < 0:
            raise ValueError("scan period must be > 0 ms and stable time >= 0 ms")
        self.scan_ms = scan_ms
        self.stable_ms = stable_ms
        self.n = min(MAX_COUNT, stable_ms // scan_ms + 1)
        # How long after the sensor first showed a change the change is
        # accepted: the recogniser dates changes this much earlier.
        self.lag_ms = (self.n - 1) * scan_ms
        self.st = array("i", bytes(4 * _SIZE))
        self.stable = memoryview(self.st)[_STABLE:_STABLE + 3]
        self.changed = memoryview(self.st)[_CHANGED:_CHANGED + 3]

    def scan(self, raw):
        """Takes one raw frame; returns nonzero if a point changed."""
        return int(scan_frame(raw, self.st, self.n))

    def quiet(self):
        """True if no point is counting: until the raw frame changes, every
        further scan is a no-op (the simulator may skip them)."""
        s = self.st
        for j in range(_PLANES, _CHANGED):
            if s[j]:
                return False
        return True

    def reset(self, frame):
        """Takes a frame as stable at once (e.g. at power-up, when the caller
        trusts the first read)."""
        for k in range(3):
            self.st[k] = frame[k]
        for j in range(_PLANES, _SIZE):
            self.st[j] = 0
