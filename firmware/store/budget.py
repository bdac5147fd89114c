# The journal's space budget (docs/STORE.md, "Budget"): a new game starts
# with RESERVE bytes free, made by dropping the oldest finished games; a
# commit the flash cannot take drops the oldest finished game and is tried
# again. Loaded for the call and dropped after (game/cold.py): it runs at
# start-up, at a new game and when the flash is full, never in a quiet step.
import os

# The most games kept, the one in progress included. A Pico's flash holds
# 26-49 (docs/STORE.md) and drops the oldest before this; a board with a
# large filesystem (or the unix port's, in the tests) would otherwise keep
# every game, and listing them at each `new` would cost heap without bound.
MAX_GAMES = 64


def free_bytes(directory):
    """Bytes free on the filesystem of `directory` (None: unknown)."""
    try:
        s = os.statvfs(directory)
    except (AttributeError, OSError):
        return None
    return s[0] * s[4]  # fragment size x free blocks


def games(journal):
    """Numbers of the games on flash, oldest first."""
    out = []
    names = os.listdir(journal.dir)
    for name in names:
        # A rewrite cut short on FAT: the .tmp is the whole good file.
        if name.endswith(".log.tmp") and name[:-4] not in names:
            os.rename("%s/%s" % (journal.dir, name), "%s/%s" % (journal.dir, name[:-4]))
            names.append(name[:-4])
    for name in names:
        if name.startswith("g") and name.endswith(".log"):
            try:
                out.append(int(name[1:-4]))
            except ValueError:
                pass
    out.sort()
    return out


def make_room(journal):
    """The number of the next game, once the oldest finished games are
    dropped until journal.reserve bytes are free (or none is left)."""
    stored = games(journal)
    game = (stored[-1] + 1) if stored else 1
    while len(stored) >= MAX_GAMES:
        os.remove(journal.path(stored.pop(0)))
    while stored:
        free = free_bytes(journal.dir)
        if free is None or free >= journal.reserve:
            break
        os.remove(journal.path(stored.pop(0)))
    return game


def drop_oldest(journal):
    """Removes the oldest finished game; False if there is none."""
    finished = [g for g in games(journal) if g != journal.game]
    if not finished:
        return False
    os.remove(journal.path(finished[0]))
    return True


def last_command(journal):
    """The last signed command id accepted, in any session (0: none yet;
    Journal.save_command keeps it): the greeting's cmd= tells a host where
    to go on from."""
    try:
        with open(journal.dir + "/cmd", "rb") as f:
            return int(f.read())
    except (OSError, ValueError):
        return 0
