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
# A record is an event (game/events.py), an event with the clock's snapshot
# (`<event> ~~ <snapshot>`, written together so that no power cut can
# separate them), or a snapshot alone.
#
# Files: <dir>/g00001.log, g00002.log, ...; the highest number is the game
# in progress; only the newest `keep` games are kept (rotation).
import os

from game.events import decode as decode_event, decode_snapshot
from link.frame import FrameError, decode, encode

SEP = " ~~ "  # between an event and the clock snapshot in one record
# A record holds an event of up to a link frame (480 bytes) and a snapshot.
MAX_RECORD = 1024


def split_record(record):
    """(event text or None, snapshot text or None) of a record."""
    if record.startswith("S "):
        return None, record
    i = record.find(SEP)
    if i < 0:
        return record, None
    return record[:i], record[i + len(SEP):]


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

    def append_event(self, event, snapshot):
        """Appends an event's text, a snapshot's, or both in one record."""
        if event and snapshot:
            self.append(event + SEP + snapshot)
        else:
            self.append(event or snapshot)

    def close(self):
        if self._f:
            self._f.close()
            self._f = None

    def recover(self):
        """After a start-up: opens the game in progress (if any) for
        appending and returns how many good records it holds. A torn or
        corrupted tail is cut off first. Read them with records()."""
        self.close()
        games = self.games()
        if not games:
            return 0
        self.game = games[-1]
        path = self._path(self.game)
        count, good_bytes, clean = self._scan(path)
        if not clean:
            self._cut(path, good_bytes)
        self._f = open(path, "ab")
        return count

    def records(self, game=None):
        """The payloads of a stored game (default: the current one), oldest
        first, one at a time (a game's journal is larger than a device's
        RAM could hold at once); a damaged tail is left out."""
        with open(self._path(game or self.game), "rb") as f:
            while True:
                line = f.readline()
                if not line or not line.endswith(b"\n"):
                    return
                try:
                    payload = decode(line, MAX_RECORD)
                except FrameError:
                    return
                yield payload

    def entries(self, game=None):
        """(event text or None, snapshot text or None) of each record."""
        for record in self.records(game):
            yield split_record(record)

    def events(self, game=None):
        """The records decoded, for Game.replay: (seq, t, kind, fields, snap),
        kind and fields None for a snapshot alone, snap (tick, clock state)
        or None."""
        for event, snapshot in self.entries(game):
            snap = None
            if snapshot:
                seq, t, tick, clock = decode_snapshot(snapshot)
                snap = (tick, clock)
            if event:
                seq, t, kind, fields = decode_event(event)
                yield seq, t, kind, fields, snap
            else:
                yield seq, t, None, None, snap

    def _scan(self, path):
        # (good records, bytes up to the end of the last good one, clean)
        count = 0
        good = 0
        with open(path, "rb") as f:
            while True:
                line = f.readline()
                if not line:
                    return count, good, True
                if not line.endswith(b"\n"):
                    return count, good, False  # torn: the write never finished
                try:
                    decode(line, MAX_RECORD)
                except FrameError:
                    return count, good, False  # corrupted: nothing after it is trusted
                count += 1
                good += len(line)

    def _cut(self, path, size):
        # Copies the good part to a new file and renames it into place.
        tmp = path + ".tmp"
        with open(path, "rb") as src:
            with open(tmp, "wb") as dst:
                left = size
                while left > 0:
                    chunk = src.read(min(512, left))
                    if not chunk:
                        break
                    dst.write(chunk)
                    left -= len(chunk)
        try:
            os.rename(tmp, path)  # atomic replace on littlefs and POSIX
        except OSError:
            # FAT will not rename over a file: remove it first. A cut
            # between the two steps leaves only the .tmp, adopted by games().
            os.remove(path)
            os.rename(tmp, path)
