# The time on a face, in the format players know from tournament clocks.
#
#   1:29:59   h:mm:ss from one hour up
#   59:59     m:ss below an hour
#   9.8       seconds and tenths in the last 10 seconds
#
# The DGT 3000 (user manual v1.0, 2014, "Display") shows h:mm:ss and drops
# the hours below one hour; we add the tenths of the last ten seconds, where
# every tenth matters to a player who must still press. Times round down, so
# a face never shows more time than the side has (FIDE Handbook C.02, 5.
# "Chess clocks", requirement (b): the display shows the time available to
# complete the next move). Pure: no allocation beyond the string.
from micropython import const

_HOUR = const(3600000)
_TENTHS_BELOW = const(10000)


def clock_text(ms):
    """1:29:59, 59:59, 0:10, 9.9 (never negative)."""
    if ms < 0:
        ms = 0
    s = ms // 1000
    if ms >= _HOUR:
        return "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)
    if ms >= _TENTHS_BELOW:
        return "%d:%02d" % (s // 60, s % 60)
    return "%d.%d" % (s, ms % 1000 // 100)


def instant_text(ms):
    """A board time (ms since the game was set up) to the tenth: 1:02:03.4,
    2:03.4: the instant of a flag."""
    if ms < 0:
        ms = 0
    s = ms // 1000
    tenth = ms % 1000 // 100
    if ms >= _HOUR:
        return "%d:%02d:%02d.%d" % (s // 3600, s // 60 % 60, s % 60, tenth)
    return "%d:%02d.%d" % (s // 60, s % 60, tenth)
