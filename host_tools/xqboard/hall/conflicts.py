"""The desk's conflicts list: every difference between a board's result
and the event file's at that round and board (docs/HALL.md, "The
arbiter's desk"), and the two ways out: take the board's into the file,
or keep the file's (an overrule the desk sends to the board, recorded).

    for c in conflicts(hub.since(None).boards, "event.db"): ...
    take_boards(c, "event.db", by="Li")     # the file gets the board's result
    keep_files_words(c)                     # the overrule that gives the board the file's

A board's result is compared whether provisional or confirmed (a hand-typed
result that differs from a board still playing it out is worth seeing); a
confirmed one the file lacks (unverified, unmatched: never written) is a
conflict too.
"""
import sqlite3

from ..tournament.refusal import TournamentError
from ..tournament.event import Tournament
from .results import BUSY_MS, SOURCE

ANY_SCORE = "20.2"  # the article of an arbiter's result that names no other (20.2's forms)
_ARTICLE_SCORES = {"4.2": ("1/2-1/2",), "4.1": ("1-0", "0-1"), "20.2": ("1-0", "0-1", "0-0")}


def _place(b):
    info = b.get("info") or {}
    rnd, board = str(info.get("round") or ""), str(b.get("board") or "")
    return (int(rnd), int(board)) if rnd.isdigit() and board.isdigit() else None


def conflicts(boards, path):
    """[{round, board, device, game, board_result, board_article, state,
    file_result, file_source, file_article}] of the hub's board states
    whose result differs from the event file's."""
    try:
        ev = Tournament.open(path)
    except TournamentError:
        return []
    out = []
    try:
        for b in boards:
            r, place = b.get("result"), _place(b)
            if r is None or place is None:
                continue
            try:
                row = ev.game_at(*place)
            except TournamentError:
                continue
            state = "provisional" if r["provisional"] else "overruled" if r.get("overruled") else "confirmed"
            if row["result"] == r["score"] or (row["result"] is None and state == "provisional"):
                continue
            out.append({"round": place[0], "board": place[1], "device": b["device"], "game": b["game"],
                        "board_result": r["score"], "board_article": r["article"], "state": state,
                        "file_result": row["result"], "file_source": row["source"],
                        "file_article": row["termination"] if "termination" in row.keys() else None})
    finally:
        ev.db.close()
    return out


def take_boards(c, path, by):
    """Writes the board's result of conflict `c` into the event file (the
    arbiter's choice: `source` says the board's and who took it)."""
    ev = Tournament.open(path)
    ev.db.execute("pragma busy_timeout = %d" % BUSY_MS)
    try:
        ev.set_result(c["round"], c["board"], c["board_result"], termination=c["board_article"],
                      source="%s %s game %s (taken by %s)" % (SOURCE, c["device"], c["game"], by), force=True)
    except sqlite3.Error as e:
        raise TournamentError(str(e))
    finally:
        ev.db.close()


def keep_files_words(c):
    """The overrule that gives the board the file's result: `result
    <score> <article>` (the file's article where it gives that score, else
    20.2's). The desk adds by=."""
    score, article = c["file_result"], c.get("file_article") or ""
    for prefix, scores in _ARTICLE_SCORES.items():
        if (article == prefix or article.startswith(prefix + ".")) and score in scores:
            return ["result", score, article]
    return ["result", score, ANY_SCORE if score in _ARTICLE_SCORES["20.2"] else "4.2.1"]
