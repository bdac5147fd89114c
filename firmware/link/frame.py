# Framing of the serial link and the journal (docs/PROTOCOL.md).
#
# A frame is one line of printable text in UTF-8 (protocol 2; protocol 1
# was ASCII): the payload, a `*`, the CRC-32 of the payload's bytes in 8
# lower-case hex digits, and `\n`:
#
#     E 12 34567 MOVE 7 h2e2 red at=3540000*1c291ca3
#
# Lines keep the link readable in a terminal and make a torn or corrupted
# frame easy to find: a line whose CRC does not match is dropped whole.
import binascii

MAX_LINE = 512  # bytes of payload (UTF-8); a longer line is refused unread (link/bounds.py: what fits)


class FrameError(ValueError):
    pass


def crc(payload):
    """CRC-32 of a str or bytes payload, as 8 hex digits."""
    if isinstance(payload, str):
        payload = payload.encode()
    return "%08x" % (binascii.crc32(payload) & 0xFFFFFFFF)


def framed(payload):
    """The frame of a payload (str): bytes ending in a newline."""
    # A `*` inside the payload is fine: unframed() takes the last one.
    if "\n" in payload:
        raise FrameError("payload may not contain a newline")
    return ("%s*%s\n" % (payload, crc(payload))).encode()


def unframed(line, limit=MAX_LINE):
    """The payload (str) of one frame (bytes or str, with or without its
    newline) of at most `limit` bytes; FrameError says what is wrong."""
    if not isinstance(line, (bytes, bytearray)):
        line = line.encode()
    line = bytes(line).rstrip(b"\r\n")
    star = line.rfind(b"*")
    if star < 0:
        raise FrameError("no checksum")
    raw = line[:star]
    if len(raw) > limit:
        raise FrameError("too long")
    for b in raw:
        if b < 32 or b == 127:
            raise FrameError("not printable")
    if line[star + 1:] != crc(raw).encode():
        raise FrameError("bad checksum")
    try:
        return raw.decode()
    except UnicodeError:
        raise FrameError("not UTF-8")


class LineReader:
    """Collects bytes into lines. Bytes past MAX_LINE without a newline are
    dropped up to the next newline, and the line is reported as too long,
    so garbage can never fill the memory."""

    def __init__(self, limit=MAX_LINE + 16):
        self.buf = bytearray()
        self.limit = limit
        self.overflow = False

    def feed(self, data):
        """Returns the complete lines in data (bytes, without newlines); a
        line that overflowed comes back as None."""
        out = []
        for b in data:
            if b == 10:
                out.append(None if self.overflow else bytes(self.buf))
                self.buf = bytearray()
                self.overflow = False
            elif self.overflow:
                continue
            elif len(self.buf) >= self.limit:
                self.overflow = True
            else:
                self.buf.append(b)
        return out
