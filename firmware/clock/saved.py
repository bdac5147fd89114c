# The clock's state as one short line of text, for the power-loss journal:
#
#   1|60m/30,10m/10*|q,late,pen,state,running,start,t0,turn,halt,stopped,
#     then for Red and for Black: left,moves,stage,target,mstage,periods,used,flag
#
# (one line, integers in decimal; late -1 means no late limit, running and
# flag -1 mean none). restore(save(c)) is a clock that behaves exactly as c
# from then on; the turn's budget and deadline are derived, not stored.
from ticks import add
from clock.control import parse

VERSION = "1"
_HEAD = ("quota_by", "late_ms", "penalty_ms", "state", "running")
_TIMES = ("_start", "_t0", "_turn", "_halt", "_stopped")
_SIDE = ("_left", "_moves", "_stage", "_target", "_mstage", "_periods", "_used", "_flag")
_COUNT = len(_HEAD) + len(_TIMES) + 2 * len(_SIDE)
_TICKS = ("_start", "_t0", "_halt")  # tick instants, moved by a shift


def save(clock):
    vals = [clock.quota_by, -1 if clock.late_ms is None else clock.late_ms,
            clock.penalty_ms, clock.state, clock.running]
    for name in _TIMES:
        vals.append(getattr(clock, name))
    for i in (0, 1):
        for name in _SIDE:
            vals.append(getattr(clock, name)[i])
    return "%s|%s|%s" % (VERSION, clock.control, ",".join([str(v) for v in vals]))


def restore(text, shift=0):
    from clock.clock import NONE, STOPPED, Clock
    parts = text.split("|")
    if len(parts) != 3 or parts[0] != VERSION:
        raise ValueError("not a saved clock (version %s): %r" % (VERSION, text[:40]))
    try:
        vals = [int(v) for v in parts[2].split(",")]
    except ValueError:
        raise ValueError("saved clock: the numbers are damaged")
    if len(vals) != _COUNT:
        raise ValueError("saved clock: %d numbers, not %d" % (len(vals), _COUNT))
    quota_by, late, penalty, state, running = vals[:5]
    if not 0 <= state <= STOPPED or running not in (NONE, 0, 8) or (running == NONE) != (state == 0):
        raise ValueError("saved clock: impossible state %d, side %d" % (state, running))
    c = Clock(parse(parts[1]), quota_by, None if late == -1 else late, penalty)
    c.state = state
    c.running = running
    k = 5
    for name in _TIMES:
        setattr(c, name, vals[k])
        k += 1
    for i in (0, 1):
        for name in _SIDE:
            getattr(c, name)[i] = vals[k]
            k += 1
    if shift:
        for name in _TICKS:
            setattr(c, name, add(getattr(c, name), shift))
        for i in (0, 1):
            if c._flag[i] != NONE:
                c._flag[i] = add(c._flag[i], shift)
    if running != NONE:
        c._arm()
    return c
