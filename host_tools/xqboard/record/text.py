"""Text helpers the record writers share: times and sides as records write
them, and the width of a text on a terminal (CJK characters take two
columns).

    >>> format_time(3570_000), format_time(1_250), parse_time("0:59:31.25")
    ('0:59:30', '0:00:01.25', 3571250)
    >>> display_width("炮二平五"), pad("C2.5", 6) + "|"
    (8, 'C2.5  |')
    >>> side_title(pieces.BLACK)
    'Black'
"""
import unicodedata

from ..core import pieces


def side_title(side):
    """'Red' or 'Black', as records write a side in English."""
    return pieces.side_name(side).capitalize()


def format_time(ms):
    """'1:23:45', or '1:23:45.5' with a fraction of a second."""
    s, frac = divmod(int(ms), 1000)
    text = "%d:%02d:%02d" % (s // 3600, s // 60 % 60, s % 60)
    if frac:
        text += ("%.3f" % (frac / 1000.0))[1:].rstrip("0")
    return text


def parse_time(text):
    """Milliseconds of 'H:MM:SS[.fff]' (also 'MM:SS')."""
    parts = text.strip().split(":")
    secs = 0.0
    for p in parts:
        secs = secs * 60 + float(p)
    return int(round(secs * 1000))


def display_width(text):
    """Terminal columns of a text: CJK and full-width characters take two,
    combining marks none."""
    if text.isascii():
        return len(text)  # (the ICCS movetext: no table to look up)
    w = 0
    for c in text:
        if unicodedata.combining(c):
            continue
        w += 2 if unicodedata.east_asian_width(c) in "WF" else 1
    return w


def pad(text, width):
    """`text` with spaces after it to fill `width` terminal columns."""
    return text + " " * max(0, width - display_width(text))
