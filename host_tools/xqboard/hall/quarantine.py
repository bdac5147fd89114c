"""The desk's quarantine list (docs/HALL.md, "The arbiter's desk"): the
events that failed verification (kept in the store's quarantine table
with the reason, hall/trust.py) and the boards without a key, whose events
are shown unverified and whose results are never written (Intake's
"unverified" flags), newest first, at most LIMIT of each.

    q = Quarantine("hall.sqlite")
    q.listing()   # {"quarantined": [{board, device, game, seq, kind, reason, at, logger}], "unverified": [...]}

The page thread reads the store through a connection of its own, read
only (the intake's lives on the intake's thread). Every text in it came
from the network (a forger chooses the device, the board, the line): it
goes out through textsafe.visible, bidi controls and control characters
escaped, and the page escapes it again as HTML.
"""
import sqlite3
from pathlib import Path

from ..textsafe import visible

LIMIT = 200  # rows of each list: a flood of forgeries does not make the desk's page heavy
TEXT_AT_MOST = 200  # characters of any one field shown


def _text(value):
    return visible(str(value)[:TEXT_AT_MOST])


def _kind(line):
    # "E <seq> <ms> <KIND> ...": a quarantined line passed the decoder but proves nothing else
    words = str(line).split(None, 4)
    return words[3] if len(words) > 3 else "?"


class Quarantine:
    def __init__(self, path, limit=LIMIT):
        self.path = Path(path)
        self.limit = limit

    def listing(self):
        """{"quarantined": [...], "unverified": [...], "counts": {...}},
        newest first, at most `limit` rows of each; empty while the store
        has no file yet."""
        if not self.path.exists():
            return {"quarantined": [], "unverified": [], "counts": {"quarantined": 0, "unverified": 0}}
        db = sqlite3.connect("file:%s?mode=ro" % self.path.resolve(), uri=True, timeout=5.0)
        try:
            return {"quarantined": self._quarantined(db), "unverified": self._unverified(db),
                    "counts": {"quarantined": db.execute("select count(*) from quarantine").fetchone()[0],
                               "unverified": db.execute("select count(distinct device || ' ' || game) from flags "
                                                        "where what = 'unverified'").fetchone()[0]}}
        finally:
            db.close()

    def _quarantined(self, db):
        rows = db.execute("select board, device, game, seq, line, reason, at, logger from quarantine "
                          "order by id desc limit ?", (self.limit,)).fetchall()
        return [{"board": _text(board), "device": _text(device), "game": game, "seq": seq, "kind": _text(_kind(line)),
                 "reason": _text(reason), "at": at, "logger": _text(logger)}
                for board, device, game, seq, line, reason, at, logger in rows]

    def _unverified(self, db):
        # a board's flag once per game (a restarted broadcast flags it again: the first counts)
        rows = db.execute("select f.device, f.game, min(f.seq), min(f.at), "
                          "(select e.board from events e where e.device = f.device and e.game = f.game limit 1), "
                          "(select e.logger from events e where e.device = f.device and e.game = f.game "
                          " order by e.seq desc limit 1) "
                          "from flags f where f.what = 'unverified' group by f.device, f.game "
                          "order by min(f.at) desc limit ?", (self.limit,)).fetchall()
        return [{"board": _text(board or "?"), "device": _text(device), "game": game, "seq": seq, "at": at,
                 "logger": _text(logger or "?")} for device, game, seq, at, board, logger in rows]
