# The line a clock's state is saved as, for the power-loss journal: a codec
# that knows the line's shape, not the clock (it imports nothing from it).
#
#   1|60m/30,10m/10*|n,n,n,...
#
# the format version, the time control's canonical text, then integers in
# decimal. Clock.save() and Clock.restore() (clock.py) say which integers,
# in which order: quota_by, late, penalty, state, running, start, t0, turn,
# halt, stopped, then for Red and for Black: left, moves, stage, target,
# mstage, periods, used, flag (late -1: no late limit; running and flag -1:
# none).

VERSION = "1"


def encode(control, numbers):
    """The line of a control text and a list of integers."""
    return "%s|%s|%s" % (VERSION, control, ",".join([str(n) for n in numbers]))


def decode(text, count):
    """(control text, list of `count` integers) of a saved line; ValueError
    if it is not one, or is damaged."""
    parts = text.split("|")
    if len(parts) != 3 or parts[0] != VERSION:
        raise ValueError("not a saved clock (version %s): %r" % (VERSION, text[:40]))
    try:
        numbers = [int(n) for n in parts[2].split(",")]
    except ValueError:
        raise ValueError("saved clock: the numbers are damaged")
    if len(numbers) != count:
        raise ValueError("saved clock: %d numbers, not %d" % (len(numbers), count))
    return parts[1], numbers
