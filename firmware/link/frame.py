# Framing of the serial link and the journal (docs/PROTOCOL.md).
#
# A frame is one line of printable ASCII: the payload, a `*`, the CRC-32 of
# the payload in 8 lower-case hex digits, and `\n`:
#
#     E 12 34567 MOVE 7 h2e2 red 3540000 3600000*1c291ca3
#
# Lines keep the link readable in a terminal and make a torn or corrupted
# frame easy to find: a line whose CRC does not match is dropped whole.
import binascii

MAX_LINE = 480  # bytes of payload; a longer line is refused unread


class FrameError(ValueError):
    pass


def crc(payload):
    """CRC-32 of a str or bytes payload, as 8 hex digits."""
    if isinstance(payload, str):
        payload = payload.encode()
    return "%08x" % (binascii.crc32(payload) & 0xFFFFFFFF)


def encode(payload):
    """The frame of a payload (str): bytes ending in a newline."""
    # A `*` inside the payload is fine: decode() takes the last one.
    if "\n" in payload:
        raise FrameError("payload may not contain a newline")
    return ("%s*%s\n" % (payload, crc(payload))).encode()


def decode(line):
    """The payload (str) of one frame (bytes or str, with or without its
    newline); FrameError says what is wrong with it."""
    if isinstance(line, (bytes, bytearray)):
        try:
            line = bytes(line).decode()
        except UnicodeError:
            raise FrameError("not ASCII")
    line = line.rstrip("\r\n")
    star = line.rfind("*")
    if star < 0:
        raise FrameError("no checksum")
    payload = line[:star]
    if len(payload) > MAX_LINE:
        raise FrameError("too long")
    for ch in payload:
        if not " " <= ch <= "~":
            raise FrameError("not printable ASCII")
    if line[star + 1:] != crc(payload):
        raise FrameError("bad checksum")
    return payload


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
