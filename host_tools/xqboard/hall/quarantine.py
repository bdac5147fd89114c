"""The desk's quarantine list (docs/HALL.md, "The arbiter's desk"): the
events that failed verification (kept in the store's quarantine table
with the reason, hall/trust.py) and the boards without a key, whose events
are shown unverified and whose results are never written (Intake's
"unverified" flags), newest first, at most LIMIT of each.

    q = Quarantine("hall.sqlite", intake=intake)
    q.listing()   # {"quarantined": [{id, board, device, game, seq, kind, reason, at, logger, dismissed}],
                  #  "unverified": [{board, device, game, seq, at, logger, accepted}], "counts": {...}}
    q.act("accept", {"flag": 3}, "Li", on_done)   # the arbiter's acts (Intake.accept,
    q.act("dismiss", {"id": 7}, "Li", on_done)    # Intake.dismiss), on the intake's thread

The arbiter's two acts on the list: ACCEPT an unverified game (a board
without a key: its events count from then on and its result is written,
recorded with the arbiter's name and what it replaced), DISMISS a
quarantined entry (kept on record as dismissed, never counted). A
quarantined event is never accepted (Intake.accept_entry says why).

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
    def __init__(self, path, limit=LIMIT, intake=None):
        self.path = Path(path)
        self.limit = limit
        self.intake = intake  # the Intake over the same store (None: the list only, no acts)

    def act(self, what, d, by, on_done):
        """Queues the arbiter `by`'s act on the intake's thread: "accept"
        {flag} (an unverified row's) or {id} (a quarantined entry's:
        refused, with why), "dismiss" {id}; on_done({"ok", "reply"}) once
        it ran. Raises ValueError for a request of no such shape."""
        if what == "accept" and "id" in d:
            self.intake.submit(self.intake.accept_entry, (_whole(d["id"]), by), on_done)
        elif what == "accept":
            self.intake.submit(self.intake.accept_flagged, (_whole(d["flag"]), by), on_done)
        elif what == "dismiss":
            self.intake.submit(self.intake.dismiss, (_whole(d["id"]), by), on_done)
        else:
            raise ValueError("no act %r" % (what,))

    def listing(self):
        """{"quarantined": [...], "unverified": [...], "counts": {...}},
        newest first, at most `limit` rows of each; empty while the store
        has no file yet."""
        if not self.path.exists():
            return {"quarantined": [], "unverified": [], "counts": {"quarantined": 0, "unverified": 0, "dismissed": 0,
                                                                   "accepted": 0}}
        db = sqlite3.connect("file:%s?mode=ro" % self.path.resolve(), uri=True, timeout=5.0)
        try:
            return {"quarantined": self._quarantined(db), "unverified": self._unverified(db),
                    "counts": {"quarantined": db.execute("select count(*) from quarantine").fetchone()[0],
                               "unverified": db.execute("select count(distinct device || ' ' || game) from flags "
                                                        "where what = 'unverified'").fetchone()[0],
                               "dismissed": db.execute("select count(*) from quarantine where dismissed_by is not "
                                                       "null").fetchone()[0],
                               "accepted": db.execute("select count(*) from accepted").fetchone()[0]}}
        finally:
            db.close()

    def _quarantined(self, db):
        rows = db.execute("select id, board, device, game, seq, line, reason, at, logger, dismissed_by, dismissed_at "
                          "from quarantine order by id desc limit ?", (self.limit,)).fetchall()
        return [{"id": qid, "board": _text(board), "device": _text(device), "game": game, "seq": seq,
                 "kind": _text(_kind(line)), "reason": _text(reason), "at": at, "logger": _text(logger),
                 "dismissed": None if by is None else {"by": _text(by), "at": when}}
                for qid, board, device, game, seq, line, reason, at, logger, by, when in rows]

    def _unverified(self, db):
        # a board's flag once per game (a restarted broadcast flags it again: the first counts)
        rows = db.execute("select f.device, f.game, min(f.seq), min(f.at), min(f.id), "
                          "(select e.board from events e where e.device = f.device and e.game = f.game limit 1), "
                          "(select e.logger from events e where e.device = f.device and e.game = f.game "
                          " order by e.seq desc limit 1), a.by, a.at, a.replaced "
                          "from flags f left join accepted a on a.device = f.device and a.game = f.game "
                          "where f.what = 'unverified' group by f.device, f.game "
                          "order by min(f.at) desc limit ?", (self.limit,)).fetchall()
        # `flag`: the row's name for the desk's accept (no forger's text goes back and forth)
        return [{"flag": fid, "board": _text(board or "?"), "device": _text(device), "game": game,
                 "seq": seq, "at": at, "logger": _text(logger or "?"),
                 "accepted": None if by is None else {"by": _text(by), "at": when,
                                                      "replaced": visible(str(replaced)[:4 * TEXT_AT_MOST])}}
                for device, game, seq, at, fid, board, logger, by, when, replaced in rows]


def _whole(value):
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value < 2 ** 31:
        raise ValueError("want a whole number, not %r" % (value,))
    return value
