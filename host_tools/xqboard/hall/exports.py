"""A board's game for relay sites: PGN with clock times, and DhtmlXQ.

Both take a game record (xqboard.record.GameRecord, what Hub.record(board) gives)
and work alone, with no server:

    >>> from xqboard.record import GameRecord
    >>> g = GameRecord(Red="LIU DaHua", Black="XU TianHong", Round="3", Board="5")
    >>> _ = g.push("h2e2", clock=3570_000, elapsed=30_000); _ = g.push("h9g7", clock=3595_000)
    >>> print(pgn(g).splitlines()[-1])
    1. 炮二平五 {[%clk 0:59:30] [%emt 0:00:30]} 1... 马８进７ {[%clk 0:59:55]} *
    >>> print(dhtmlxq(g))                                  # doctest: +ELLIPSIS
    [DhtmlXQ]
    [DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]
    [DhtmlXQ_title]LIU DaHua 对 XU TianHong[/DhtmlXQ_title]
    ...
    [DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]
    [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]
    [DhtmlXQ_comment1]剩余 0:59:30 用时 0:00:30[/DhtmlXQ_comment1]
    [DhtmlXQ_comment2]剩余 0:59:55[/DhtmlXQ_comment2]
    [/DhtmlXQ]

PGN: the record's own writer (record/pgn.py), moves in Chinese notation,
each with `[%clk h:mm:ss]`: the mover's time left once the move is
complete (python-chess / lichess convention), and the result with its
article in Termination.

`steps(g)` is the game as the live page steps through it (JSON): each
ply's move (ICCS and Chinese), the position after it, the [%clk] and
[%emt] times, and the notes written after it (fouls, alerts, the
arbiter's rulings, each with its article):

    >>> [(p["iccs"], p["text"], p["clk"], p["fen"].split()[1]) for p in steps(g)["plies"]]
    [('h2e2', '炮二平五', 3570000, 'b'), ('h9g7', '马８进７', 3595000, 'w')]

Why DhtmlXQ for the Chinese relay format: it is the text the Chinese
Xiangqi sites publish and embed games with (东萍象棋网 dpxq.com's viewer,
the UBB `[DhtmlXQ]` block pasted into forums and relay pages), so a relay
site takes a board's game as it is. It carries the moves as plain point
coordinates (no notation to misread), the starting position as the points
of the 32 pieces, the players, the result, and a comment per move, where we
put the clock times. (XQF, the other common one, is a binary file for
desktop programs, not a web relay.)
"""
from ..core import Position, pieces, squares
from ..record import articles
from ..record.bilingual import note_zh
from ..record.notation import move_text
from ..record.pgn import note_text, write_pgn
from ..record.record import start_position
from ..record.text import format_time

# binit's 16 slots per side, Red's then Black's: chariot, horse, elephant,
# advisor, king, advisor, elephant, horse, chariot, 2 cannons, 5 soldiers.
KING, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER = range(1, 8)
SLOTS = (CHARIOT, HORSE, ELEPHANT, ADVISOR, KING, ADVISOR, ELEPHANT, HORSE, CHARIOT,
         CANNON, CANNON, SOLDIER, SOLDIER, SOLDIER, SOLDIER, SOLDIER)
ABSENT = "99"
RESULT_WORDS = {"1-0": "红胜", "0-1": "黑胜", "1/2-1/2": "和棋", "*": "未知"}


def pgn(game):
    """The game as PGN, moves in Chinese notation, with [%clk] comments."""
    return write_pgn(game, "Chinese")


def point_xy(sq):
    """DhtmlXQ's two digits of a point: x the file from Red's left (ICCS a
    = 0), y the row from Black's back rank (ICCS rank 9 = 0)."""
    return "%d%d" % (squares.file_of(sq), 9 - squares.rank_of(sq))


def binit(pos):
    """The 64 digits of the starting position: each side's 16 pieces in
    SLOTS order, `99` for a piece not on the board. Red's like pieces are
    taken from Red's right (file i first), Black's from its left, as the
    start position is written."""
    out = []
    for side in (pieces.RED, pieces.BLACK):
        found = {}
        for f in range(9):
            for r in range(10):
                sq = squares.square(f, r)
                p = pos.piece_at(sq)
                if p and pieces.colour(p) == side:
                    found.setdefault(pieces.type_of(p), []).append(sq)
        for kind in found:
            found[kind].sort(key=lambda sq: (-squares.file_of(sq) if side == pieces.RED else squares.file_of(sq),
                                             squares.rank_of(sq)))
        for kind in SLOTS:
            left = found.get(kind)
            out.append(point_xy(left.pop(0)) if left else ABSENT)
    return "".join(out)


def _tag(name, value):
    text = str(value).replace("[", "(").replace("]", ")")
    return "[DhtmlXQ_%s]%s[/DhtmlXQ_%s]" % (name, text, name)


def _clock_comment(ply):
    words = []
    if ply.clock is not None:
        words.append("剩余 " + format_time(ply.clock))
    if ply.elapsed is not None:
        words.append("用时 " + format_time(ply.elapsed))
    return " ".join(words)


def dhtmlxq(game):
    """The game as a DhtmlXQ block (UBB text, UTF-8)."""
    h = game.headers
    lines = ["[DhtmlXQ]", _tag("ver", "www_dpxq_com"),
             _tag("title", "%s 对 %s" % (h.get("Red", "?"), h.get("Black", "?")))]
    for key, tag in (("Event", "event"), ("Date", "date"), ("Site", "place"), ("Round", "round"),
                     ("Board", "table"), ("Red", "red"), ("Black", "black"), ("TimeControl", "timerule")):
        if key in h:
            lines.append(_tag(tag, h[key]))
    lines.append(_tag("result", RESULT_WORDS.get(game.result, "未知")))
    if game.article:
        lines.append(_tag("remark", "%s %s" % (game.article, game.reason or articles.reason(game.article))))
    lines.append(_tag("binit", binit(Position(game.start_fen))))
    lines.append(_tag("movelist", "".join(point_xy(squares.move_from(p.move)) + point_xy(squares.move_to(p.move))
                                          for p in game.plies)))
    for ply in game.plies:
        comment = _clock_comment(ply)
        if comment:
            lines.append(_tag("comment%d" % ply.number, comment))
    lines.append("[/DhtmlXQ]")
    return "\n".join(lines)


def _note(n):
    # text_zh: the note in Chinese, from the host's table (record/bilingual.py), for the Chinese interface
    return {"kind": n.kind, "article": n.article, "text": note_text(n), "text_zh": note_zh(n)}


def steps(game):
    """The game ply by ply, for the live page's game viewer (static/viewer.js)."""
    pos = start_position(game.start_fen)
    notes = {}
    for n in game.notes:
        notes.setdefault(n.ply, []).append(_note(n))
    plies = []
    for ply in game.plies:
        text = move_text(pos, ply.move, "Chinese")
        pos.push(ply.move)
        plies.append({"n": ply.number, "iccs": squares.move_name(ply.move), "text": text, "fen": pos.fen(),
                      "clk": ply.clock, "emt": ply.elapsed, "notes": notes.get(ply.number, [])})
    return {"start": game.start_fen, "before": notes.get(0, []), "plies": plies, "result": game.result,
            "article": game.article, "reason": game.reason}
