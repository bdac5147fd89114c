# The journal: one file per game on the board's flash, so that a power cut
# at any instant loses no committed event (docs/STORE.md).
#
# Each record is one frame of link/frame.py (payload, CRC-32, newline),
# appended and flushed before the event is reported anywhere else: what the
# host has seen, the journal has. A power cut in the middle of a write
# leaves a torn last line, which fails its CRC and is dropped on recovery
# (the file is rewritten without it and renamed into place, atomically on
# littlefs and on POSIX).
#
# Files: <dir>/g00001.log, g00002.log, ...; the highest number is the game
# in progress; only the newest `keep` games are kept (rotation).
import os

from link.frame import FrameError, decode, encode


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

    def _path(self, game):
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
        self._f = open(self._path(self.game), "ab")
        for old in games[: max(0, len(games) + 1 - self.keep)]:
            os.remove(self._path(old))
        return self.game

    def append(self, payload):
        """Appends one record and flushes it to the flash."""
        self._f.write(encode(payload))
        self._f.flush()
        self.writes += 1

    def close(self):
        if self._f:
            self._f.close()
            self._f = None

    def recover(self):
        """After a start-up: the payloads of the game in progress, oldest
        first ([] if there is none). A torn or corrupted tail is dropped and
        the file rewritten without it; appending continues on that game."""
        self.close()
        games = self.games()
        if not games:
            return []
        self.game = games[-1]
        path = self._path(self.game)
        good, clean = self._read(path)
        if not clean:
            self._rewrite(path, good)
        self._f = open(path, "ab")
        return good

    def read(self, game):
        """The payloads of a stored game (its damaged tail left out)."""
        return self._read(self._path(game))[0]

    def _read(self, path):
        good = []
        clean = True
        with open(path, "rb") as f:
            while True:
                line = f.readline()
                if not line:
                    break
                if not line.endswith(b"\n"):
                    clean = False  # torn: the write never finished
                    break
                try:
                    good.append(decode(line))
                except FrameError:
                    clean = False  # corrupted: nothing after it is trusted
                    break
        return good, clean

    def _rewrite(self, path, payloads):
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            for p in payloads:
                f.write(encode(p))
        try:
            os.rename(tmp, path)  # atomic replace on littlefs and POSIX
        except OSError:
            # FAT will not rename over a file: remove it first. A cut
            # between the two steps leaves only the .tmp, adopted below.
            os.remove(path)
            os.rename(tmp, path)
