# The journal's file read back a line at a time (store/recovery.py), its
# records split, a damaged snapshot's bytes stepped over (resync), and a
# damaged or torn tail cut off. Loaded with store/recovery.py, for a
# power-up and for `since`.
import os

from micropython import const

from link.frame import crc
from store.journal import SEP

# A record holds an event of up to a link frame (512 bytes) and a snapshot.
MAX_RECORD = 1024
_CHUNK = const(512)  # bytes read from the flash at a time


class Lines:
    """The lines of an open file from byte `offset` on, read a chunk at a
    time: a MicroPython file's readline() reads one byte per call into the
    filesystem. `pos` is the offset just after the last line returned. A
    line is one slice of the chunk (the chunk is not copied per line)."""

    def __init__(self, f, offset=0):
        self.f = f
        f.seek(offset)
        self.pos = offset
        self.buf = b""
        self.at = 0  # where the next line starts in buf
        self.cut = False  # the last line is bytes no record can make, cut

    def next(self):
        """The next line with its newline; at the end of the file what is
        left of it (a torn line without one), then b"". Bytes no record can
        make (more than MAX_RECORD and its CRC without a newline) come back
        cut there, and fail their CRC: the buffer stays within a record and
        a chunk."""
        while True:
            buf = self.buf
            i = buf.find(b"\n", self.at)
            self.cut = i < 0 and len(buf) - self.at > MAX_RECORD + 16
            if self.cut:  # (inside the file: damage, not a torn end)
                i = self.at + MAX_RECORD + 16
            if i >= 0:
                line = buf[self.at:i + 1]
                self.at = i + 1
                self.pos += len(line)
                return line
            chunk = self.f.read(_CHUNK)
            if not chunk:
                line = buf[self.at:]
                self.buf = b""
                self.at = 0
                self.pos += len(line)
                return line
            self.buf = buf[self.at:] + chunk
            self.at = 0


def payload_of(line):
    # The payload of a whole good line, else None. The CRC alone is checked
    # (in C: binascii), not link/frame.py's byte-by-byte checks of what a
    # host sends: the journal is the board's own writing, and the loop over
    # every byte was most of the time of a recovery.
    star = line.rfind(b"*")
    if not line.endswith(b"\n") or star < 0 or len(line) - star != 10 or star > MAX_RECORD:
        return None
    raw = line[:star]
    if line[star + 1:-1] != crc(raw).encode():
        return None
    try:
        return raw.decode()
    except UnicodeError:
        return None


def cut_tail(path, size, skipped=()):
    # Copies the good part to a new file and renames it into place
    # (atomically on littlefs and on POSIX): the bytes before `size`, but
    # the (start, end) ranges `skipped` (a damaged snapshot's: resync()).
    tmp = path + ".tmp"
    keep = []
    at = 0
    for a, b in skipped:
        keep.append((at, a))
        at = b
    keep.append((at, size))
    with open(path, "rb") as src:
        with open(tmp, "wb") as dst:
            for a, b in keep:
                src.seek(a)
                left = b - a
                while left > 0:
                    chunk = src.read(min(_CHUNK, left))
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


def split_record(record):
    """(event text or None, snapshot text or None) of a record; a group
    frame or a snapshot record (store/snapshot.py) has neither."""
    if record.startswith("S "):
        return None, record
    if record.startswith("K ") or record.startswith("B "):
        return None, None
    i = record.find(SEP)
    if i < 0:
        return record, None
    return record[:i], record[i + len(SEP):]


def decode_snapshot(text):
    """(seq, t, tick, clock text) of a snapshot (journal.snapshot_text)."""
    words = text.split(" ", 4)
    if len(words) != 5 or words[0] != "S":
        raise ValueError("not a snapshot")
    return int(words[1]), int(words[2]), int(words[3]), words[4]


# A damaged snapshot commit is at most this many lines long (a snapshot is
# 2 records through a 4-hour game, a record more every ~170-340 plies).
_SNAPSHOT_LINES = const(24)


def resync(path, at, last_seq, known=False):
    """Where the journal's commits go on after damage found in the commit
    at byte `at`, when the damaged bytes are a snapshot's and nothing
    else (docs/STORE.md, "A damaged snapshot"): the offset of the next
    good commit, whose first event is numbered last_seq + 1, so that no
    event lies in the bytes stepped over; None if there is none (the
    damage is cut off and reported, as any). A snapshot's bytes are told
    by its records' `K ` or its json's head (one flipped byte cannot take
    both), or `known`: the clock mark names a snapshot at `at`. A snapshot
    holds no event (the game after the commit before it): stepping over
    it loses nothing, and the power-up replays what it would have held."""
    with open(path, "rb") as f:
        lines = Lines(f, at)
        like = known
        pos = at
        for n in range(_SNAPSHOT_LINES):
            line = lines.next()
            if not line:
                return None
            for i in _starts(line):
                # (not the damaged commit's own first line)
                if (n or i) and (like or _like(line[:i])) and _first_seq(path, pos + i) == last_seq + 1:
                    return pos + i
            like = like or _like(line)
            pos = lines.pos
    return None


def _like(data):
    # Whether bytes read after damage are a snapshot's (its record's
    # header, or its json's head).
    return data.startswith(b"K ") or data.find(b'{"at":') >= 0


def _starts(line):
    # Where a good record of a commit could begin in a line read after
    # damage: the line itself, or inside it (a flipped newline joined the
    # snapshot's last record to the next).
    if payload_of(line) is not None:
        yield 0
        return
    for word in (b"E ", b"B "):
        i = line.find(word, 1)
        while i > 0:
            if payload_of(line[i:]) is not None:
                yield i
            i = line.find(word, i + 1)


def _first_seq(path, at):
    # The number of the first event of the good commit at byte `at`, or None.
    with open(path, "rb") as f:
        lines = Lines(f, at)
        p = payload_of(lines.next())
        if p is not None and p.startswith("B "):
            p = payload_of(lines.next())
        if p is None or not p.startswith("E "):
            return None
        try:
            return int(p[2:p.find(" ", 2)])
        except ValueError:
            return None
