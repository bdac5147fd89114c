"""Checks of what the user gives the CLI, before anything runs: a value too
long, a file that is not text, a malformed control string are refused with
exit status 2 and the reason (UsageError), never a traceback or a crash of
the MicroPython VM (whose unix port dies with "FATAL: uncaught NLR" on an
argument of 256 bytes or more, before any of our code runs).

The lengths are the board's (firmware/link/bounds.py): what the CLI takes,
the board takes too.
"""
from .errors import UsageError
from . import core  # noqa: F401  (puts the firmware on sys.path)

from link import bounds  # noqa: E402
from link.frame import MAX_LINE  # noqa: E402

MAX_LINE_BYTES = MAX_LINE  # a line of a script: a command must fit a frame of the link


def fen(text):
    """A FEN (or startpos) of at most the board's length, in printable text."""
    if text == "startpos":
        return text
    _printable("FEN", text)
    size = len(text.encode())
    if size > bounds.MAX["fen"]:
        raise UsageError("FEN is %d bytes, at most %d" % (size, bounds.MAX["fen"]))
    return text


def field(name, text):
    """A setting of `new` (event, round, board, red, black, tc, level) of at
    most the board's length once escaped as on the wire."""
    from game.events import escape

    if text is None:
        return None
    _printable(name, str(text))
    try:
        bounds.check(name, escape(str(text).strip()))
    except bounds.BoundError as e:
        raise UsageError(str(e))
    return text


def control(text):
    """A time control string: bounded, and parsed as the board parses it."""
    from clock.control import parse

    if text is None:
        return None
    field("tc", text)
    try:
        parse(text)
    except ValueError as e:
        raise UsageError("time control %r: %s" % (text, e))
    return text


def depth(n, most=12):
    if not 0 <= n <= most:
        raise UsageError("depth must be from 0 to %d" % most)
    return n


def text_lines(path, what="file"):
    """The lines of a UTF-8 text file, each at most MAX_LINE_BYTES."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise UsageError("cannot read %s: %s" % (path, e.strerror))
    if b"\0" in data:
        raise UsageError("%s is not a text %s: a binary file (it holds NUL bytes)" % (path, what))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise UsageError("%s is not UTF-8 text (a binary file?): byte %d" % (path, e.start))
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if len(line.encode()) > MAX_LINE_BYTES:
            raise UsageError("%s:%d: line of %d bytes, at most %d" % (path, i + 1, len(line.encode()), MAX_LINE_BYTES))
    return lines


def _printable(name, text):
    for ch in text:
        if ord(ch) < 32 or ord(ch) == 127:
            raise UsageError("%s holds a control character (%r)" % (name, ch))
