# Runs clock scripts, one operation a line, and prints one result a line, so
# that the unix port and CPython can run the same scripts and be compared
# (tests/clock/test_clock_property.py). Not deployed.
#
#   game <quota_by> <control>        a new clock (quota_by 0 presses, 1 board)
#   start t | update t | pause t | resume t | stop t
#   press s t | move s t | penalty s t ms | adjust s t ms [moves] | hand s t
#   query t        remaining, used, flag and face of both sides; stopped,
#                  elapsed, state, time to the flag
#   save           replaces the clock by Clock.restore(clock.save())
#
# Sides are 0 (Red) and 8 (Black); t are ticks modulo 2^30.
from clock.clock import Clock


def _query(c, t):
    out = []
    for s in (0, 8):
        out.append("%d %d %d %s" % (c.remaining(s, t), c.used(s, t), c.flag_at(s),
                                    c.display(s, t).replace(" ", "_")))
    out.append("%d %d %d %d" % (c.stopped(t), c.elapsed(t), c.state, c.time_to_flag(t)))
    return " ".join(out)


def step(c, line):
    """(clock, printed result) after one script line."""
    w = line.split()
    op = w[0]
    if op == "game":
        return Clock(" ".join(w[2:]), int(w[1])), "ok"
    a = [int(x) for x in w[1:]]
    if op == "start":
        return c, str(c.start(a[0]))
    if op == "update":
        return c, str(c.update(a[0]))
    if op == "pause":
        return c, str(c.pause(a[0]))
    if op == "resume":
        return c, str(c.resume(a[0]))
    if op == "stop":
        return c, str(c.stop(a[0]))
    if op == "press":
        return c, str(c.press(a[0], a[1]))
    if op == "move":
        return c, str(c.move_made(a[0], a[1]))
    if op == "penalty":
        return c, str(c.penalty(a[0], a[1], a[2]))
    if op == "hand":
        return c, str(c.hand(a[0], a[1]))
    if op == "adjust":
        return c, str(c.adjust(a[0], a[1], a[2], a[3] if len(a) > 3 else None))
    if op == "query":
        return c, _query(c, a[0])
    if op == "save":
        text = c.save()
        c = Clock.restore(text)
        return c, "same" if c.save() == text else "DIFFERENT " + text
    raise ValueError("unknown op %r" % op)


def run_lines(lines, emit):
    c = None
    for line in lines:
        line = line.strip()
        if line:
            c, out = step(c, line)
            emit(out)


def main():
    # line by line: the scripts are larger than a device's heap
    import sys
    c = None
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        line = line.strip()
        if line:
            c, out = step(c, line)
            print(out)
