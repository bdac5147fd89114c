"""The score sheet (记录纸) of art. 9: at the end of the game the result,
the time used by each side and the fouls are written on it, and both
players and the arbiter sign it. The moves are the record of art. 7,
written in the full or abbreviated form of 7.5.

    >>> from xqboard.record.record import RED, GameRecord
    >>> g = GameRecord(Red="A", Black="B", Round=1, Board=2)
    >>> _ = g.push("h2e2", elapsed=5000); _ = g.push("h9g7", elapsed=7000)
    >>> _ = g.add_foul(RED, "8.1.7")
    >>> g.set_result("0-1", "4.1.12")
    >>> print(score_sheet(g))  # doctest: +NORMALIZE_WHITESPACE
    象棋对局记录 Score sheet (art. 9)
    Round 轮次: 1   Board 台次: 2
    Red 红方: A   Black 黑方: B
    <BLANKLINE>
      1. 炮二平五  马８进７
    <BLANKLINE>
    Result 结果: 0-1 黑胜 Black wins, 4.1.12 认输 resignation
    Time used 用时: Red 红方 0:00:05   Black 黑方 0:00:07
    Fouls 犯规: Red 红方 1   Black 黑方 0
      Red 红方: 8.1.7 没有走棋先按钟 pressed the clock without having moved (after move 1, Black)
    Signatures 签字: Red 红方 ________   Black 黑方 ________   Arbiter 裁判 ________
"""
from ..core import pieces
from . import articles
from .record import BLACK, RED, start_position
from .notation import move_text
from .text import format_time, pad, side_title

RESULT_WORDS = {
    articles.RED_WINS: "红胜 Red wins",
    articles.BLACK_WINS: "黑胜 Black wins",
    articles.DRAW: "和棋 draw",
    articles.UNFINISHED: "未完 unfinished",
}
_LABELS = (("Event", "Event 比赛"), ("Site", "Site 地点"), ("Date", "Date 日期"),
           ("Round", "Round 轮次"), ("Board", "Board 台次"), ("TimeControl", "Time control 用时制"))


def move_lines(game, fmt="Chinese", **opts):
    """The moves two to a line, numbered: '  1. 炮二平五  马８进７'."""
    p = start_position(game.start_fen)
    number, lines, line = p.start_number, [], None
    for ply in game.plies:
        text = move_text(p, ply.move, fmt, **opts)
        if p.side == RED:
            line = "%3d. %s" % (number, pad(text, 8))
        else:
            if line is None:
                line = "%3d. %s" % (number, pad("...", 8))
            lines.append(line + "  " + text)
            line = None
            number += 1
        p.push(ply.move)
    if line is not None:
        lines.append(line.rstrip())
    return lines


def move_of_ply(game, ply):
    """(move number, side) of the ply'th move (1-based)."""
    k = ply - 1 + pieces.index(game.first_side)  # (read once a record: no FEN read a move)
    return game.start_number + k // 2, RED if k % 2 == 0 else BLACK


def _time(ms):
    return "?" if ms is None else format_time(ms)


def result_line(game):
    words = RESULT_WORDS.get(game.result, game.result)
    text = "Result 结果: %s %s" % (game.result, words)
    if game.article:
        zh = articles.reason(game.article, chinese=True)
        text += ", %s %s" % (game.article, " ".join(w for w in (zh, game.reason) if w))
    elif game.reason:
        text += ", " + game.reason
    return text


def foul_lines(game):
    fouls = game.fouls()
    out = ["Fouls 犯规: Red 红方 %d   Black 黑方 %d" % (len(game.fouls(RED)), len(game.fouls(BLACK)))]
    for f in fouls:
        if f.ply:
            n, side = move_of_ply(game, f.ply)
            when = "after move %d, %s" % (n, side_title(side))
        else:
            when = "before the first move"
        zh = articles.reason(f.article, chinese=True)
        who = "Black 黑方" if f.side == BLACK else "Red 红方"
        out.append("  %s: %s %s (%s)" % (who, f.article, " ".join(w for w in (zh, f.text) if w), when))
    return out


def score_sheet(game, fmt="Chinese", moves=True, **opts):
    """The score sheet of art. 9 as text: the game's particulars, the moves
    (fmt: 'Chinese' by default; abbreviated=True for the short form of
    7.5), the result with its article, the time used by each side, the
    fouls, and lines for the signatures."""
    h = game.headers
    out = ["象棋对局记录 Score sheet (art. 9)"]
    parts = ["%s: %s" % (label, h[k]) for k, label in _LABELS if k in h]
    if parts:
        out.append("   ".join(parts))
    out.append("Red 红方: %s   Black 黑方: %s" % (h.get("Red", ""), h.get("Black", "")))
    if moves:
        out += [""] + move_lines(game, fmt, **opts) + [""]
    out.append(result_line(game))
    for text in game.overrules:
        out.append("  Overruled 裁判改判: " + text)
    used = game.times_used()
    out.append("Time used 用时: Red 红方 %s   Black 黑方 %s" % (_time(used[RED]), _time(used[BLACK])))
    out += foul_lines(game)
    out.append("Signatures 签字: Red 红方 ________   Black 黑方 ________   Arbiter 裁判 ________")
    return "\n".join(out)
