# The phases of a game, the scores it can end with, and the error a refused
# command raises: shared by the game (game.py), its event handlers
# (applying.py), its commands (commands.py) and the app.
from micropython import const

from xq.pieces import BLACK, RED

IDLE = const(0)  # no game set up
SETUP = const(1)  # waiting for the set-up to be verified and the clock started
PLAYING = const(2)
OVER = const(3)  # a result stands

DRAW = "1/2-1/2"
# (Tuples that hold a name are built at load time and keep their words as
# interned strings; a tuple of literals only would make each a heap object.)
PHASE_NAMES = ("idle", "setup", "playing", "over")
SCORES = (DRAW, "1-0", "0-1", "0-0")

# A signed command's id may run ahead of the last one accepted by at most
# this much: an id far ahead (a typo, another tool's counter) is refused
# rather than accepted, so it can never leave the arbiter's next ids all
# "replayed" until a reboot (docs/PROTOCOL.md, "Host to board").
ID_WINDOW = const(1000000)


class CommandError(ValueError):
    """A command refused, with the reason sent back to the host."""


def win_for(side):
    """The score of a win for `side`."""
    return "1-0" if side == RED else "0-1"


def need(ok, what):
    """Refuses a command (CommandError `what`) unless `ok`."""
    if not ok:
        raise CommandError(what)


def need_id(cid, last):
    """Refuses a signed command whose id is more than ID_WINDOW above the
    last one accepted (the link refuses the ids not above it)."""
    if cid - last > ID_WINDOW:
        raise CommandError("command id %d is more than %d ahead of the last, %d: send %d" % (
            cid, ID_WINDOW, last, last + 1))


def side_arg(args, k=0, both=False):
    """The side args[k] names; refused with the reason when it is missing
    or names no side (`both` also accepts the word both)."""
    w = args[k] if len(args) > k else None
    if w == "red":
        return RED
    if w == "black":
        return BLACK
    if both and w == "both":
        return w
    raise CommandError("give the side: red or black%s" % (" or both" if both else ""))


def number_arg(word, what, low, high):
    """The whole number `word`, refused unless low <= it <= high."""
    try:
        n = int(word)
    except (TypeError, ValueError):
        n = None
    if n is None or not low <= n <= high:
        raise CommandError("%s: a whole number from %d to %d" % (what, low, high))
    return n


def by_arg(args):
    """(the arbiter's name given as by=<name>, or None; the other args)."""
    name = None
    rest = []
    for w in args:
        if w.startswith("by=") and len(w) > 3:
            name = w[3:]
        else:
            rest.append(w)
    return name, rest
