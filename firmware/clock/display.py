# What a clock face shows. Times are rounded down, so a face never shows
# more time than the side has: 1:59:59 from an hour up, 59:59 below, and
# tenths below 20 seconds (19.9) where every tenth matters.
#
#   "1:29:59"      time only (6.1, 6.3, 6.4)
#   "59:59 /12"    12 moves still owed to the quota (6.2)
#   "0:25 (3)"     byo-yomi: the current period and the periods left
#   "0.0 F"        the flag has fallen (21.3)
from micropython import const

_HOUR = const(3600000)
_TENTHS_BELOW = const(20000)


def time_text(ms, tenths_below=_TENTHS_BELOW):
    """1:59:59, 59:59, 0:20, 19.9 (never negative); tenths below
    `tenths_below` ms (the faces of ui/ show them in the last 10 s)."""
    if ms < 0:
        ms = 0
    s = ms // 1000
    if ms >= _HOUR:
        return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)
    if ms >= tenths_below:
        return "%d:%02d" % (s // 60, s % 60)
    return "%d.%d" % (s, ms % 1000 // 100)


def face(clock, side, now):
    """The text of `side`'s face at `now`."""
    text = time_text(clock.remaining(side, now))
    if clock.flag_at(side) != -1:
        return text + " F"
    if clock.in_byoyomi(side, now):
        return "%s (%d)" % (text, clock.periods(side, now))
    left = clock.moves_left(side)
    if left:
        return "%s /%d" % (text, left)
    return text
