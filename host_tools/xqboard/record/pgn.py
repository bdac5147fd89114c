"""PGN for Xiangqi as xqbase and the programs that follow it read it.

Headers: `[Game "Chinese Chess"]` first, then Event, Site, Date, Round,
Board, Red, Black, RedPinyin and BlackPinyin (the names in Latin letters,
record/latin.py), Result, Termination (the article and its reason:
"4.1.1 mate"), TimeControl, FEN (only when not the start), Format ("ICCS",
"WXF" or "Chinese"), then any others. Moves are numbered `1. h2e2 h9g7`.

Comments after a move (each in its own braces, read back by read_game):
- `{[%clk 0:59:31]}` time left on the mover's clock once the move is
  complete, increment included (python-chess / lichess convention), and
  `[%emt 0:00:29]` the time the move took; fractions of a second as
  `0:59:31.25`;
- `{Foul 8.1.7 Red: pressed the clock without having moved}` (art. 8.2);
- `{Alert 5.8.2: piece displaced on e4}` or `{Alert: ...}`;
- anything else is a free comment.

`cchess` 1.25 (PyPI) reads only headers and bare moves: it stops at the
first comment. `write_pgn(game, fmt, comments=False)` writes the bare form
it reads.

    >>> from xqboard.record.record import GameRecord
    >>> g = GameRecord(Red="A", Black="B")
    >>> _ = g.push("h2e2", clock=59 * 60_000); _ = g.push("h9g7")
    >>> print(write_pgn(g, "WXF"))
    [Game "Chinese Chess"]
    [Red "A"]
    [Black "B"]
    [Result "*"]
    [Format "WXF"]
    <BLANKLINE>
    1. C2.5 {[%clk 0:59:00]} 1... H8+7 *
    <BLANKLINE>
"""
import re

from ..core import START_FEN
from . import articles
from .latin import PINYIN_HEADERS, latin_headers
from .record import BLACK, HEADER_ORDER, RED, GameRecord, start_position
from .notation import move_text
from .text import display_width, format_time, parse_time, side_title

FORMAT_NAMES = {"ICCS": "ICCS", "WXF": "WXF", "CHINESE": "Chinese"}
_DERIVED = ("Game", "Result", "Termination", "FEN", "Format") + tuple(k for _, k in PINYIN_HEADERS)


def _quote(v):
    return '"%s"' % str(v).replace("\\", "\\\\").replace('"', '\\"')


def headers_of(game, fmt):
    """The header lines, in the order Xiangqi programs expect."""
    h = [("Game", "Chinese Chess")]
    for k in HEADER_ORDER[:7]:
        if k in game.headers:
            h.append((k, game.headers[k]))
    h += latin_headers(game.headers)
    h.append(("Result", game.result))
    if game.termination:
        h.append(("Termination", game.termination))
    if "TimeControl" in game.headers:
        h.append(("TimeControl", game.headers["TimeControl"]))
    if game.start_fen.split()[:2] != START_FEN.split()[:2]:
        h.append(("FEN", game.start_fen))
    h.append(("Format", FORMAT_NAMES[fmt.upper()]))
    for k, v in game.headers.items():
        if k not in HEADER_ORDER and k not in _DERIVED:
            h.append((k, v))
    return ["[%s %s]" % (k, _quote(v)) for k, v in h]


def _clean(text):
    return str(text).replace("}", ")").replace("{", "(")


def note_text(note):
    """The comment text of a Note."""
    if note.kind == "foul":
        return "Foul %s %s: %s" % (note.article, side_title(note.side), _clean(note.text))
    if note.kind == "alert":
        head = "Alert %s" % note.article if note.article else "Alert"
        return "%s: %s" % (head, _clean(note.text))
    return _clean(note.text)


def _ply_comments(ply, clocks):
    if not clocks:
        return []
    parts = []
    if ply.clock is not None:
        parts.append("[%%clk %s]" % format_time(ply.clock))
    if ply.elapsed is not None:
        parts.append("[%%emt %s]" % format_time(ply.elapsed))
    return ["{%s}" % " ".join(parts)] if parts else []


def movetext_tokens(game, fmt, clocks=True, comments=True, **opts):
    """The movetext as a list of tokens (numbers, moves, comments, result)."""
    notes = {}
    if comments:
        for n in game.notes:
            notes.setdefault(n.ply, []).append("{%s}" % note_text(n))
    pos = start_position(game.start_fen)
    number = pos.start_number
    out = list(notes.get(0, []))
    need_number = True
    for ply in game.plies:
        red = pos.side == RED
        if red:
            out.append("%d." % number)
        elif need_number:
            out.append("%d..." % number)
        out.append(move_text(pos, ply.move, fmt, **opts))
        pos.push(ply.move)
        after = _ply_comments(ply, clocks) + notes.get(ply.number, [])
        out.extend(after)
        need_number = bool(after) or not red
        if not red:
            number += 1
    out.append(game.result)
    return out


def _groups(tokens):
    # A move number stays on the line of the move it numbers.
    out = []
    for t in tokens:
        if out and out[-1][-1:] == "." and not t.startswith("{"):
            out[-1] += " " + t
        else:
            out.append(t)
    return out


def _wrap(tokens, width):
    lines, line, used = [], "", 0  # used: the line's width so far (not measured again for each token)
    for t in _groups(tokens):
        w = display_width(t)
        if line and used + 1 + w > width:
            lines.append(line)
            line, used = t, w
        else:
            line, used = (t, w) if not line else (line + " " + t, used + 1 + w)
    if line:
        lines.append(line)
    return lines


def write_pgn(game, fmt="ICCS", clocks=True, comments=True, width=80, **opts):
    """The PGN text of a GameRecord, moves in fmt ('ICCS', 'WXF', 'Chinese';
    Chinese options: traditional, abbreviated, black_digits). clocks and
    comments=False give the bare form that cchess reads."""
    if fmt.upper() not in FORMAT_NAMES:
        raise ValueError("unknown notation %r (want ICCS, WXF or Chinese)" % fmt)
    tokens = movetext_tokens(game, fmt, clocks, comments, **opts)
    return "\n".join(headers_of(game, fmt) + [""] + _wrap(tokens, width)) + "\n"


# -- reading -----------------------------------------------------------------

_TOKEN = re.compile(r"""
    (?P<header>^[ \t]*\[\s*(?P<key>[A-Za-z0-9_]+)\s+"(?P<value>(?:[^"\\]|\\.)*)"\s*\][ \t]*$)
  | (?P<comment>\{[^}]*\})
  | (?P<line>;[^\n]*)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<nag>\$\d+)
  | (?P<result>1-0|0-1|1/2-1/2|\*)(?=\s|$)
  | (?P<number>\d+\.+(?![0-9.]))  # not the WXF soldier '33.4'
  | (?P<word>[^\s{}();\[\]]+)
  | (?P<other>\S)
""", re.X | re.M)
_CLK = re.compile(r"\[%clk\s+([0-9:.]+)\]")
_EMT = re.compile(r"\[%emt\s+([0-9:.]+)\]")
_FOUL = re.compile(r"^Foul\s+(\S+)\s+(Red|Black):\s?(.*)$", re.S)
_ALERT = re.compile(r"^Alert(?:\s+(\S+))?:\s?(.*)$", re.S)
_ARTICLE = re.compile(r"^\d+(\.\d+)+$")


class _Builder:
    def __init__(self):
        self.headers = {}
        self.game = None
        self.done = False  # after the result: skip to the next header

    def start(self):
        h = dict(self.headers)
        fen = h.pop("FEN", START_FEN)
        for k in ("Game", "Format"):
            h.pop(k, None)
        result = h.pop("Result", articles.UNFINISHED)
        term = h.pop("Termination", "")
        self.game = GameRecord(fen, **h)
        if result in articles.RESULTS:
            first, _, rest = term.partition(" ")
            if _ARTICLE.match(first):
                self.game.set_result(result, first, rest)
            else:
                self.game.set_result(result, None, term or None)

    def comment(self, text):
        g = self.game
        body = text[1:-1].strip()
        clk, emt = _CLK.search(body), _EMT.search(body)
        if (clk or emt) and g.plies:
            if clk:
                g.plies[-1].clock = parse_time(clk.group(1))
            if emt:
                g.plies[-1].elapsed = parse_time(emt.group(1))
            body = _EMT.sub("", _CLK.sub("", body)).strip()
            if not body:
                return
        m = _FOUL.match(body)
        if m:
            g.add_foul(BLACK if m.group(2) == "Black" else RED, m.group(1), m.group(3))
            return
        m = _ALERT.match(body)
        if m:
            g.add_alert(m.group(2), m.group(1))
            return
        g.add_comment(body)


class LazyGames:
    """The games of a PGN text as a sequence, each read (read_games) when it
    is first asked for: a hall of 12 replay boards reads 12 master games,
    not the 300 (4.8 s of CPU for all). The text is cut at each game's
    first tag, `[Game ...]`, which every game of data/master-games.pgn
    begins with.

    >>> games = LazyGames('[Game "Chinese Chess"]\\n\\n1. h2e2 h9g7\\n\\n[Game "Chinese Chess"]\\n\\n1. b2e2\\n')
    >>> len(games), games[1].texts("ICCS"), games
    (2, ['b2e2'], <LazyGames: 2 games, 1 read>)
    >>> [g.texts("ICCS") for g in games[::-1]]
    [['b2e2'], ['h2e2', 'h9g7']]
    """

    def __init__(self, text):
        starts = [m.start() for m in re.finditer(r"^\[Game ", text, re.M)]
        self._texts = [text[a:b] for a, b in zip(starts, starts[1:] + [len(text)])]
        self._read = {}

    def __len__(self):
        return len(self._texts)

    def __getitem__(self, index):
        if isinstance(index, slice):  # (a list of the games of the slice, those read)
            return [self[i] for i in range(len(self._texts))[index]]
        index = range(len(self._texts))[index]  # (an IndexError past the end, as a list's)
        if index not in self._read:
            (self._read[index],) = read_games(self._texts[index])
        return self._read[index]

    def __iter__(self):
        return (self[i] for i in range(len(self._texts)))

    def __repr__(self):
        return "<LazyGames: %d games, %d read>" % (len(self._texts), len(self._read))


def read_games(text):
    """Every game of a PGN text, as GameRecord objects. Moves may be in ICCS, WXF
    or Chinese (full or abbreviated, simplified or traditional), whatever
    the Format header says. ValueError on a move that does not fit. Bytes
    are decoded as UTF-8, else GB18030 (older xqbase files are GBK)."""
    text = _decode(text)
    b = _Builder()
    depth = 0
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        if kind == "key" or kind == "value":
            kind = "header"
        if m.group("header"):
            if b.game is not None:
                yield b.game
                b.game, b.headers, b.done = None, {}, False
            b.headers[m.group("key")] = re.sub(r"\\(.)", r"\1", m.group("value"))
            continue
        if b.done:
            continue
        if b.game is None:
            if kind in ("line", "other"):
                continue
            b.start()
        if kind == "open":
            depth += 1
        elif kind == "close":
            depth = max(0, depth - 1)
        elif depth or kind in ("line", "nag", "number", "other"):
            continue
        elif kind == "comment":
            b.comment(m.group())
        elif kind == "result":
            if m.group() != b.game.result and b.game.result == articles.UNFINISHED:
                b.game.set_result(m.group())
            b.done = True
        elif kind == "word":
            b.game.push_text(m.group())
    if b.game is not None:
        yield b.game


def _decode(text):
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            text = bytes(text).decode("gb18030")
    return text.lstrip("\ufeff")


def read_game(text):
    """The first game of a PGN text (None if there is none)."""
    for g in read_games(text):
        return g
    return None
