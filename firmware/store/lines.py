# The journal's file read back a line at a time (store/recovery.py), its
# records split, and a damaged or torn tail cut off. Loaded with store/recovery.py, for a
# power-up and for `since`.
import os

from micropython import const

from link.frame import crc
from store.journal import SEP

# A record holds an event of up to a link frame (480 bytes) and a snapshot.
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

    def next(self):
        """The next line with its newline; at the end of the file what is
        left of it (a torn line without one), then b"". Bytes no record can
        make (more than MAX_RECORD and its CRC without a newline) come back
        cut there, and fail their CRC: the buffer stays within a record and
        a chunk."""
        while True:
            buf = self.buf
            i = buf.find(b"\n", self.at)
            if i < 0 and len(buf) - self.at > MAX_RECORD + 16:
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


def cut_tail(path, size):
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
