"""WXF notation (World Xiangqi Federation; AXF 1980/82, adopted 1997).

A move is four symbols: the piece (K A E H R C P), the file it stands on
(1-9 from the mover's right, art. 1.1), the direction (+ forward, -
backward, . sideways) and the steps moved or the file arrived on.

Tandem pieces (two like pieces on one file) put + (front) or - (rear) in
place of the file: `R+.3` (前车平三), `C--1` (后炮退一).
Soldiers, as the WXF rules write them:

- three on a file: front `P+`, rear `P-`, the middle one by its file `P3`;
- four on a file: `++`, `P+`, `P-`, `--` from the front;
- five on a file: `++`, `P+`, `P3` (the middle one), `P-`, `--`;
- several on two files: the file number replaces the letter: `3+.4`,
  `33.4` (middle of three on file 3), `3-.4`, `7+.6`, `7-.6`.

    >>> from xqboard.core import Position, parse_move, move_name
    >>> p = Position()
    >>> wxf(p, parse_move("h2e2"))
    'C2.5'
    >>> move_name(parse_wxf(p, "H2+3"))
    'h0g2'
"""
from . import geometry as g

LETTERS = ".KAEHRCP"
# Letters other programs write, accepted on input (xqbase: B elephant, N
# horse; G general and S soldier as in some English books).
_ALIASES = {"B": "E", "N": "H", "G": "K", "S": "P"}


def designator(pos, fa):
    """The first two symbols of a WXF move (piece and file or position)."""
    letter = LETTERS[fa.type]
    if fa.type in (g.KING, g.ADVISOR, g.ELEPHANT):
        return letter + str(fa.file)  # never two on a file that need it
    t = g.tandem(pos, fa.frm)
    if t is None:
        return letter + str(fa.file)
    i, k = g.on_file(pos, fa.frm)
    if fa.type != g.SOLDIER:
        return letter + ("+" if i == 0 else "-")
    _, _, files = t
    if len(files) == 2:
        return str(fa.file) + _soldier_mark(i, k, fa.file)
    if k <= 3:
        return "P" + _soldier_mark(i, k, fa.file)
    # Four or five on one file.
    if i == 0:
        return "++"
    if i == k - 1:
        return "--"
    return "P" + _soldier_mark(i - 1, k - 2, fa.file)


def _soldier_mark(i, k, n):
    # Front '+', rear '-', the middle of three by its file number.
    if i == 0:
        return "+"
    if i == k - 1:
        return "-"
    return str(n)


def wxf(pos, move):
    """The WXF text of `move` in `pos` (the position before the move)."""
    fa = g.facts(pos, move)
    return designator(pos, fa) + fa.dir + str(fa.arg)


def plain(pos, move):
    """WXF without the tandem rules (piece letter and file): what a hand
    record may say when only one of the pieces on the file can move so."""
    fa = g.facts(pos, move)
    return LETTERS[fa.type] + str(fa.file) + fa.dir + str(fa.arg)


def normalize(text):
    """The canonical spelling of a WXF text: upper case, '.' sideways ('='
    and ':' accepted), E and H for elephant and horse (B, N accepted), the
    position after the letter ('+C-2' becomes 'C+-2'). ValueError if it is
    not four symbols."""
    t = text.strip().upper().replace("=", ".").replace(":", ".")
    t = "".join(_ALIASES.get(c, c) for c in t)
    if len(t) != 4:
        raise ValueError("not a WXF move: %r (want four symbols such as C2.5)" % text)
    if t[0] in "+-" and t[1] in LETTERS[1:]:
        t = t[1] + t[0] + t[2:]
    if t[2] not in "+-." or not t[3].isdigit():
        raise ValueError("not a WXF move: %r (third symbol + - or ., fourth a digit)" % text)
    return t


def _kind_of(t):
    if t[0] in LETTERS[1:]:
        return LETTERS.index(t[0])
    return g.SOLDIER  # '3+.4', '++.4', '--.4': only soldiers are written so


def parse_wxf(pos, text):
    """The move a WXF text names in `pos`; ValueError if none or several.
    Tandem rules are applied as written; a plain `R2+1` is accepted too when
    only one piece on that file can make the move."""
    t = normalize(text)
    cands = g.candidate_moves(pos, _kind_of(t))
    exact = [m for m in cands if wxf(pos, m) == t]
    if len(exact) == 1:
        return exact[0]
    loose = [m for m in cands if plain(pos, m) == t]
    if len(loose) == 1:
        return loose[0]
    if not exact and not loose:
        raise ValueError("no move %r in this position" % text)
    raise ValueError("ambiguous move %r in this position" % text)
