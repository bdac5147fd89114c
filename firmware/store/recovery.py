# The journal read back (docs/STORE.md): after a power cut, the game in
# progress is opened again with a torn or corrupted tail cut off, and its
# records are decoded for Game.replay(); the host's `since` reads the
# events again from here too.
#
# Needed at start-up and for `since` only: the app loads this module for
# the call and drops it after (game/cold.py), so its code is not in the
# heap while a game is played.
import os

from game.events import decode as decode_event, seq_of
from link.frame import FrameError, decode
from store.journal import SEP

# A record holds an event of up to a link frame (480 bytes) and a snapshot.
MAX_RECORD = 1024


def replay(journal, game, now):
    """Power-up: the game in progress, if any, applied to `game` again from
    its journal (Game.replay), which goes on appending to it. Returns the
    number of records (0: no game to recover)."""
    if not recover(journal):
        return 0
    return game.replay(events(journal), now)


def recover(journal):
    """Opens the journal's game in progress (if any) for appending and
    returns how many good records it holds. A torn or corrupted tail is cut
    off first."""
    journal.close()
    games = journal.games()
    if not games:
        return 0
    path = journal.path(games[-1])
    count, good_bytes, clean = _scan(path)
    if not clean:
        _cut(path, good_bytes)
    journal.open_game(games[-1])
    return count


def records(journal, game=None):
    """The payloads of a stored game (default: the current one), oldest
    first, one at a time (a game's journal is larger than a device's RAM
    could hold at once); a damaged tail is left out."""
    with open(journal.path(game or journal.game), "rb") as f:
        while True:
            line = f.readline()
            if not line or not line.endswith(b"\n"):
                return
            try:
                payload = decode(line, MAX_RECORD)
            except FrameError:
                return
            yield payload


def split_record(record):
    """(event text or None, snapshot text or None) of a record."""
    if record.startswith("S "):
        return None, record
    i = record.find(SEP)
    if i < 0:
        return record, None
    return record[:i], record[i + len(SEP):]


def events(journal, game=None):
    """The records decoded, for Game.replay: (seq, t, kind, fields, snap,
    payload), kind and fields None for a snapshot alone, snap (tick, clock
    state) or None, payload the event's text as stored (its chain word
    checked by the replay, game/chain.py) or None."""
    for record in records(journal, game):
        event, snapshot = split_record(record)  # one of them at least
        seq = t = 0
        snap = None
        if snapshot:
            seq, t, tick, clock = decode_snapshot(snapshot)
            snap = (tick, clock)
        if event:
            seq, t, kind, fields = decode_event(event)
            yield seq, t, kind, fields, snap, event
        else:
            yield seq, t, None, None, snap, None


def decode_snapshot(text):
    """(seq, t, tick, clock text) of a snapshot (journal.snapshot_text)."""
    words = text.split(" ", 4)
    if len(words) != 5 or words[0] != "S":
        raise ValueError("not a snapshot")
    return int(words[1]), int(words[2]), int(words[3]), words[4]


def events_since(journal, first):
    """The texts of the events numbered `first` and on, as sent (`since`)."""
    for record in records(journal):
        event, _ = split_record(record)
        if event and seq_of(event) >= first:
            yield event


def _scan(path):
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


def _cut(path, size):
    # Copies the good part to a new file and renames it into place
    # (atomically on littlefs and on POSIX).
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
        # FAT will not rename over a file: remove it first. A cut between
        # the two steps leaves only the .tmp, adopted by Journal.games().
        os.remove(path)
        os.rename(tmp, path)
