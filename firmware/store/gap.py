# The events a power-up found the board no longer holds, named to the host
# (docs/STORE.md, "Recovery" and "Budget"): lost to damage, or never kept
# because the flash was full (the unsaved mark, store/journal.py). Loaded
# for a power-up that has one (game/cold.py) and dropped after.
from binascii import hexlify

from game import events as ev
from game.sealed import emit_sealed
from link.frame import FrameError, unframed
from store.lines import MAX_RECORD


def unsaved(journal, game):
    """(the last event sent, the text of the game's RESULT or None) of the
    unsaved mark if it is of `game`, else None: the flash was full, the
    events after the journal's last went to the host unkept."""
    try:
        with open(journal.dir + "/clock", "rb") as f:
            words = unframed(f.readline(), MAX_RECORD).split(" ", 3)
        if words[0] == "U" and int(words[1]) == game:
            return int(words[2]), (words[3] if words[3] != "-" else None)
    except (OSError, FrameError, ValueError, IndexError):
        pass
    return None


def name(journal, game, now, lost, top):
    """After the replay (game.seq its last event kept): the events from
    there to `top` (lost to damage) or to the unsaved mark's last, named
    in one POWER damaged, numbered on after them and chained on from the
    head of the last event kept, which it names, sealed with the board's
    key: the board never numbers again an event the host may hold, and a
    finished game's result, restated, keeps it finished. Returns how many
    events it names."""
    u = unsaved(journal, journal.game)
    if u is not None and u[0] > max(top, game.seq):
        top = u[0]
        lost = top - game.seq
    if not lost:
        return 0
    first = game.seq + 1
    game.seq = top
    emit_sealed(game, now, ev.POWER, ("damaged", lost, first, top, hexlify(game.head[:8]).decode()))
    if u is not None and u[1] is not None:
        fields = ev.decode(u[1])[3]
        if game.result != fields:
            game.emit(now, ev.RESULT, *fields)  # the result the host holds, restated: the game stays finished
    return lost
