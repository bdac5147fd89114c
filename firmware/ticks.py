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


def diff(a, b):
    """a - b in ms, correct across the wrap for |a - b| < 2^29 (6.2 days)."""
    return ((a - b + _HALF) & MASK) - _HALF


def add(t, ms):
    """t + ms, wrapped into the tick range."""
    return (t + ms) & MASK
