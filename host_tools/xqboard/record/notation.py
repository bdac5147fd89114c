"""One entry point for the three notations a record is written in.

    >>> from xqboard.core import Position, parse_move
    >>> p = Position()
    >>> m = parse_move("h2e2")
    >>> [move_text(p, m, f) for f in FORMATS]
    ['h2e2', 'C2.5', '炮二平五']
    >>> parse_text(p, "炮二平五") == parse_text(p, "C2=5") == parse_text(p, "h2-e2") == m
    True
"""
import re

from ..core import move_name, parse_move
from . import geometry as g
from .chinese import chinese, parse_chinese
from .wxf import parse_wxf, wxf

FORMATS = ("ICCS", "WXF", "Chinese")
_ICCS = re.compile(r"^[a-iA-I][0-9]-?[a-iA-I][0-9]$")


def iccs(pos, move):
    """ICCS coordinates (`h2e2`): files a-i from Red's left, ranks 0-9 from
    Red's side. The position is not needed; taken for a uniform call."""
    return move_name(move)


def parse_iccs(pos, text):
    """The move of an ICCS text, checked against `pos`: ValueError unless a
    piece of the side to move can make it by the movement rules."""
    m = parse_move(text.lower())
    if m not in g.candidate_moves(pos):
        raise ValueError("no move %r in this position" % text)
    return m


def notation_of(text):
    """Which notation a move text is written in: 'ICCS', 'WXF' or
    'Chinese'."""
    t = text.strip()
    if _ICCS.match(t):
        return "ICCS"
    if all(ord(c) < 128 for c in t):
        return "WXF"
    return "Chinese"


def move_text(pos, move, fmt="Chinese", traditional=False, abbreviated=False,
              black_digits="fullwidth"):
    """`move` (made from `pos`) written in fmt: 'ICCS', 'WXF' or 'Chinese'
    (options: traditional, abbreviated (art. 7.5), black_digits)."""
    f = fmt.upper()
    if f == "ICCS":
        return move_name(move)
    if f == "WXF":
        return wxf(pos, move)
    if f == "CHINESE":
        return chinese(pos, move, traditional, abbreviated, black_digits)
    raise ValueError("unknown notation %r (want one of %s)" % (fmt, ", ".join(FORMATS)))


def parse_text(pos, text, fmt=None):
    """The move a text names in `pos`, in the notation fmt or, by default,
    the one the text is written in. ValueError if there is none."""
    f = (fmt or notation_of(text)).upper()
    if f == "ICCS":
        return parse_iccs(pos, text)
    if f == "WXF":
        return parse_wxf(pos, text)
    return parse_chinese(pos, text)
