"""Text from outside (a player's name, an event's, a board's settings)
shown as it is, never as it would make itself read: the bidirectional
controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C) and the
control characters (ESC and the rest of C0 and C1, DEL) written as
`\\u202e`-style escapes, so that a name cannot reorder what follows it on
a page or a printout, nor drive a terminal (issue 26).

    >>> visible("Li\\u202eiL") , visible("\\x1b[2Jboard")
    ('Li\\\\u202eiL', '\\\\u001b[2Jboard')
    >>> visible("张 三")
    '张 三'
"""
import re

_HIDDEN = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\x00-\x08\x0b-\x1f\x7f-\x9f]")


def visible(text):
    """`text` with every bidi control and control character escaped
    (newline and tab kept: a printout's own)."""
    if not isinstance(text, str):
        return text
    return _HIDDEN.sub(lambda m: "\\u%04x" % ord(m.group()), text)


class VisibleWriter:
    """A text stream that writes through visible() (a command's printout)."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text):
        return self.stream.write(visible(text))

    def __getattr__(self, name):
        return getattr(self.stream, name)
