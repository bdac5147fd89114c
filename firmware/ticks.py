# Wrap-safe millisecond ticks shared by every part of the firmware.
#
# `time.ticks_ms()` wraps at 2^30 on the 32-bit ports (about 12.4 days) but
# at 2^62 on the unix port, so wrap bugs would hide in the simulator. All
# firmware times are therefore ticks modulo 2^30, on every port: the app
# reads `time.ticks_ms() & MASK`, the pure cores take such values as `now`
# and only ever subtract them with diff() or advance them with add().
# Tests feed values near the wrap on purpose.
from micropython import const

PERIOD = const(1 << 30)
MASK = const((1 << 30) - 1)
_HALF = const(1 << 29)


# Both functions stay within small ints on a 32-bit port (31 bits signed,
# so 2^30 itself is already a big int): no intermediate ever reaches 2^30,
# and neither ever allocates, even across the wrap.


def diff(a, b):
    """a - b in ms, correct across the wrap for |a - b| < 2^29 (6.2 days)."""
    d = (a - b) & MASK
    return d - _HALF - _HALF if d >= _HALF else d


def add(t, ms):
    """t + ms, wrapped into the tick range."""
    ms &= MASK
    room = MASK - t
    return ms - room - 1 if ms > room else t + ms
