"""A game record: headers, moves with clock times, fouls and alerts, the
result with its article. Plain objects in the manner of python-chess.

    >>> g = GameRecord(Red="LIU DaHua", Black="XU TianHong", Event="National Games")
    >>> g.push("h2e2", clock=3570_000)
    Ply(1, 'h2e2', clock=3570000)
    >>> g.push("h9g7", clock=3595_000)
    Ply(2, 'h9g7', clock=3595000)
    >>> g.texts("Chinese")
    ['炮二平五', '马８进７']
    >>> g.add_foul(RED, "8.1.7")
    Foul(red, '8.1.7', 'pressed the clock without having moved', ply=2)
    >>> g.set_result("0-1", "4.1.12")
    >>> g.termination
    '4.1.12 resignation'
"""
import copy
import functools
from array import array

from ..core import START_FEN, Position, move_name, parse_move, pieces
from ..core import LEGAL, SUICIDE
from . import articles
from .notation import move_text, parse_text

RED, BLACK = pieces.RED, pieces.BLACK  # the rules core's sides
HEADER_ORDER = ("Event", "Site", "Date", "Round", "Board", "Red", "Black", "TimeControl")


class Ply:
    """One move as recorded: the move (int), the time left on the mover's
    clock once the move is complete (ms; increment included), the time the
    move took (ms), and comments written after it."""

    __slots__ = ("number", "move", "clock", "elapsed", "comments")

    def __init__(self, number, move, clock=None, elapsed=None):
        self.number = number  # 1 for the first move of the record
        self.move = move
        self.clock = clock
        self.elapsed = elapsed
        self.comments = []

    def __repr__(self):
        extra = ""
        if self.clock is not None:
            extra += ", clock=%d" % self.clock
        if self.elapsed is not None:
            extra += ", elapsed=%d" % self.elapsed
        return "Ply(%d, %r%s)" % (self.number, move_name(self.move), extra)


class Note:
    """A foul (art. 8, recorded at once: 8.2), an alert, or a free comment,
    written after `ply` moves (0: before the first). `zh`: its text in
    Chinese, for the pages (record/bilingual.py; None: English only)."""

    __slots__ = ("kind", "side", "article", "text", "ply", "zh")

    def __init__(self, kind, text, ply, side=None, article=None, zh=None):
        self.kind = kind  # 'foul', 'alert' or 'comment'
        self.text = text
        self.zh = zh
        self.ply = ply
        self.side = side
        self.article = article

    def __repr__(self):
        if self.kind == "foul":
            return "Foul(%s, %r, %r, ply=%d)" % (pieces.side_name(self.side), self.article,
                                                self.text, self.ply)
        return "%s(%r, ply=%d)" % (self.kind.capitalize(), self.text, self.ply)

    def __eq__(self, other):
        return isinstance(other, Note) and (self.kind, self.text, self.ply, self.side,
                                            self.article) == (other.kind, other.text, other.ply,
                                                              other.side, other.article)


@functools.lru_cache(maxsize=16)
def _read(fen):
    return Position(fen)  # never changed, only copied (start_position)


def start_position(fen=START_FEN):
    """A new Position at `fen`: a copy of the one read from it once. A
    FEN read checks the whole position (xq/fen.py), 0.5 ms: a record read
    it three times as it was made and once more for each pass over its
    moves, a third of the CPU of issue 15's scripted event."""
    return _copy(_read(fen))


def _copy(p):
    """A copy of Position p, its history too, without a FEN read
    (Position.copy reads its FEN back and drops the history)."""
    q = copy.copy(p)
    for name, value in vars(p).items():
        if isinstance(value, (bytearray, array, list)):
            setattr(q, name, value[:])
    return q


class GameRecord:
    """A Xiangqi game record.

    headers: Event, Site, Date (YYYY.MM.DD), Round, Board, Red, Black,
    TimeControl and any others, in order; start_fen; plies; notes (fouls,
    alerts, comments); result ('1-0', '0-1', '1/2-1/2', '*') with its
    article (4.1.x / 4.2.x) and reason; time_used {RED: ms, BLACK: ms} when
    the board states it at the end (art. 9), else summed from the plies."""

    def __init__(self, fen=START_FEN, **headers):
        self.headers = {}
        for k in HEADER_ORDER:
            if k in headers:
                self.headers[k] = str(headers.pop(k))
        for k, v in headers.items():
            self.headers[k] = str(v)
        self.start_fen = fen  # (sets first_side too)
        self._pos = start_position(fen)
        self.plies = []
        self.notes = []
        self.result = articles.UNFINISHED
        self.article = None
        self.reason = None
        self.time_used = None
        self.overrules = []  # the arbiter's overrules of the board, as lines for the sheet
        self.overrules_zh = []  # the same in Chinese, for the pages (record/bilingual.py)

    @property
    def start_fen(self):
        """The FEN of the game's start position."""
        return self._start_fen

    @start_fen.setter
    def start_fen(self, fen):
        # the side to move first, read once per start position: side_of is
        # asked at every clock press (logger/builder.py), and a FEN read was
        # ~11 % of a replica's time (docs/HALL.md, "Frames of what changed")
        start = _read(fen)
        self.first_side = start.side
        self.start_number = start.start_number  # (the score sheet's move numbers: scoresheet.move_of_ply)
        self._start_fen = fen
        self._memo = None  # position(): the last position it made, a private one

    # -- moves ------------------------------------------------------------

    def push(self, move, clock=None, elapsed=None, kind=None):
        """Adds a move (int or ICCS text) made by the side to move; a
        suicide (3.4) is recorded too, the game ends on it (4.1.3).
        ValueError if it breaks the movement rules. `kind`: its class as
        the board found it (a MOVE event's: LEGAL or SUICIDE), which is
        then not found again here; None classifies it."""
        m = parse_move(move) if isinstance(move, str) else move
        if kind is None:
            kind = self._pos.classify(m)
        if kind not in (LEGAL, SUICIDE):
            raise ValueError("move %s breaks the movement rules in %s" % (
                move_name(m), self._pos.fen()))
        self._pos.push(m)
        ply = Ply(len(self.plies) + 1, m, clock, elapsed)
        self.plies.append(ply)
        return ply

    def push_text(self, text, clock=None, elapsed=None):
        """Adds a move written in any notation (ICCS, WXF, Chinese)."""
        return self.push(parse_text(self._pos, text), clock, elapsed)

    def back_to(self, ply):
        """Drops the moves after the first `ply` ones: the arbiter put the
        position back (5.8). Notes stay, as the record of what happened."""
        del self.plies[ply:]
        self._pos = self.position()

    @property
    def moves(self):
        return [p.move for p in self.plies]

    def board(self):
        """The position after the last move (a copy)."""
        return self.position()

    def position(self, ply=None):
        """The position after `ply` moves (default: all of them), with its
        history: a new one, the caller's to change."""
        n = len(self.plies) if ply is None else ply
        p = self._memo
        # The logger and the hall ask after every move (the last position, the
        # one before it): made again from the FEN each time, that was 1.7 s of
        # the demo hall's 11 (a FEN read and every ply pushed, each move). So
        # a copy of the last one made is kept and a copy of it moved to `n` by
        # the plies between, while its moves are still the record's (plies
        # may be cut or replaced). The kept one is never changed, only copied:
        # records are shared between threads (masters.master_games).
        if p is None or p.ply > len(self.plies) or any(p.move_at(i) != self.plies[i].move for i in range(p.ply)):
            p = start_position(self.start_fen)
        else:
            p = _copy(p)
        while p.ply > n:
            p.pop()
        for i in range(p.ply, n):
            p.push(self.plies[i].move)
        self._memo = _copy(p)
        return p

    def side_of(self, ply_number):
        """The side that made ply `ply_number` (1-based)."""
        first = self.first_side
        return first if ply_number % 2 else pieces.other(first)

    def texts(self, fmt="Chinese", **opts):
        """Every move written in fmt ('ICCS', 'WXF', 'Chinese')."""
        p = start_position(self.start_fen)
        out = []
        for ply in self.plies:
            out.append(move_text(p, ply.move, fmt, **opts))
            p.push(ply.move)
        return out

    # -- notes and result -------------------------------------------------

    def add_foul(self, side, article, text=None, ply=None, zh=None):
        """Records a foul of art. 8 by `side` (8.2: at once), after `ply`
        moves (default: now); `zh`: the text in Chinese (default: the article's)."""
        if text is None:
            text, zh = articles.reason(article), articles.reason(article, chinese=True) or None
        n = Note("foul", text, len(self.plies) if ply is None else ply, side, article, zh)
        self.notes.append(n)
        return n

    def add_alert(self, text, article=None, ply=None, zh=None):
        """Records an alert the board raised (a displaced piece, a touch...)."""
        n = Note("alert", text, len(self.plies) if ply is None else ply, None, article, zh)
        self.notes.append(n)
        return n

    def add_comment(self, text, ply=None, zh=None):
        n = Note("comment", text, len(self.plies) if ply is None else ply, zh=zh)
        self.notes.append(n)
        return n

    def add_overrule(self, text, zh=None):
        """Records an overrule of the board by the arbiter (16.3, 17.1: the
        board proposes, the arbiter decides): on the score sheet and as a
        comment."""
        self.overrules.append(text)
        self.overrules_zh.append(zh if zh is not None else text)
        return self.add_comment(text, zh=zh)

    def remove_foul(self, note):
        """Removes a foul the arbiter struck (it no longer counts)."""
        self.notes.remove(note)

    def fouls(self, side=None):
        return [n for n in self.notes if n.kind == "foul" and (side is None or n.side == side)]

    def set_result(self, result, article=None, reason=None):
        """Sets the result ('1-0' Red wins, '0-1', '1/2-1/2', '*') and the
        article of art. 4 that decides it."""
        if result not in articles.RESULTS:
            raise ValueError("result must be one of %s" % ", ".join(articles.RESULTS))
        self.result = result
        self.article = article
        self.reason = reason if reason is not None else (articles.reason(article) if article else None)

    @property
    def termination(self):
        """'4.1.1 mate': the article and its reason, for the PGN header."""
        if not self.article:
            return self.reason or ""
        return ("%s %s" % (self.article, self.reason or "")).strip()

    def times_used(self):
        """{RED: ms, BLACK: ms} used by each side (art. 9): as the board
        stated it, else the sum of the moves' times; None where unknown."""
        if self.time_used is not None:
            return dict(self.time_used)
        out = {RED: 0, BLACK: 0}
        for ply in self.plies:
            side = self.side_of(ply.number)
            if ply.elapsed is None or out[side] is None:
                out[side] = None
            else:
                out[side] += ply.elapsed
        return out

    # Output is done by functions of the writers, as in python-chess:
    # write_pgn(game) (pgn.py), score_sheet(game) (scoresheet.py).

    def __repr__(self):
        return "GameRecord(%r vs %r, %d plies, %s%s)" % (
            self.headers.get("Red", "?"), self.headers.get("Black", "?"), len(self.plies),
            self.result, (" " + self.article) if self.article else "")
