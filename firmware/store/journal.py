# The journal: one file per game on the board's flash, so that a power cut
# at any instant loses no committed event (docs/STORE.md).
#
# Each record is one frame of link/frame.py (payload, CRC-32, newline),
# appended and flushed before the event is reported anywhere else: what the
# host has seen, the journal has. A power cut in the middle of a write
# leaves a torn last line, which fails its CRC and is dropped on recovery
# (store/recovery.py: the journal read back after a power cut).
#
# A record is an event (game/events.py), an event with the clock's snapshot
# (`<event> ~~ <snapshot>`, written together so that no power cut can
# separate them), or a snapshot alone.
#
# Files: <dir>/g00001.log, g00002.log, ...; the highest number is the game
# in progress; only the newest `keep` games are kept (rotation).
import os

from link.frame import encode

SEP = " ~~ "  # between an event and the clock snapshot in one record


def snapshot_text(seq, t, tick, clock):
    """`S <seq> <t> <tick> <clock>`: the clock's state (clock.save()) after
    event `seq`; the tick carries it into a new session's tick base."""
    return "S %d %d %d %s" % (seq, t, tick, clock)


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


class Journal:
    def __init__(self, directory, keep=8):
        self.dir = directory
        self.keep = keep
        self.game = 0
        self._f = None
        self.writes = 0  # records written since start-up (for the wear figures)
        if not _exists(directory):
            os.mkdir(directory)

    def path(self, game):
        """The file of a stored game."""
        return "%s/g%05d.log" % (self.dir, game)

    def games(self):
        """Numbers of the games on flash, oldest first."""
        out = []
        names = os.listdir(self.dir)
        for name in names:
            # A rewrite cut short on FAT: the .tmp is the whole good file.
            if name.endswith(".log.tmp") and name[:-4] not in names:
                os.rename("%s/%s" % (self.dir, name), "%s/%s" % (self.dir, name[:-4]))
                names.append(name[:-4])
        for name in names:
            if name.startswith("g") and name.endswith(".log"):
                try:
                    out.append(int(name[1:-4]))
                except ValueError:
                    pass
        out.sort()
        return out

    def new_game(self):
        """Starts the file of a new game; drops the oldest beyond `keep`."""
        self.close()
        games = self.games()
        self.game = (games[-1] + 1) if games else 1
        self._f = open(self.path(self.game), "ab")
        for old in games[: max(0, len(games) + 1 - self.keep)]:
            os.remove(self.path(old))
        return self.game

    def append(self, payload):
        """Appends one record and flushes it to the flash."""
        self._f.write(encode(payload))
        self._f.flush()
        self.writes += 1

    def append_event(self, event, snapshot):
        """Appends an event's text, a snapshot's, or both in one record."""
        if event and snapshot:
            self.append(event + SEP + snapshot)
        else:
            self.append(event or snapshot)

    def open_game(self, game):
        """Goes on appending to a stored game (the one in progress after a
        power cut)."""
        self.close()
        self.game = game
        self._f = open(self.path(game), "ab")

    def close(self):
        if self._f:
            self._f.close()
            self._f = None
