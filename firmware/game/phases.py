# The phases of a game, the scores it can end with, and the error a refused
# command raises: shared by the game (game.py), its event handlers
# (applying.py), its commands (commands.py) and the app.
from micropython import const

from xq.pieces import RED

IDLE = const(0)  # no game set up
SETUP = const(1)  # waiting for the set-up to be verified and the clock started
PLAYING = const(2)
OVER = const(3)  # a result stands

DRAW = "1/2-1/2"
# (Tuples that hold a name are built at load time and keep their words as
# interned strings; a tuple of literals only would make each a heap object.)
PHASE_NAMES = ("idle", "setup", "playing", "over")
SCORES = (DRAW, "1-0", "0-1", "0-0")


class CommandError(ValueError):
    """A command refused, with the reason sent back to the host."""


def win_for(side):
    """The score of a win for `side`."""
    return "1-0" if side == RED else "0-1"


def need(ok, what):
    """Refuses a command (CommandError `what`) unless `ok`."""
    if not ok:
        raise CommandError(what)
