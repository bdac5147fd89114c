"""The hall's store (`xqboard broadcast`): every event of every board in
one SQLite file, each once, and how far each game is delivered in order.

An event is kept by its key (device, game, seq); a second copy (QoS 1
redelivery, a replay overlapping what came) is dropped. Events are handed
on (to the Hub, to the results) only in seq order: `head` is the last seq
of a game delivered; an event past a gap waits in the table until the gap
is filled (Intake asks the owning logger for it).

    >>> from xqboard.hall.envelope import Envelope
    >>> s = Store(":memory:")
    >>> s.add(Envelope("b1", 1, 2, "E 2 10 SETUP ready")), s.add(Envelope("b1", 1, 2, "E 2 10 SETUP ready"))
    (True, False)
    >>> s.deliver("b1", 1), s.head("b1", 1)
    ([], 0)
    >>> s.add(Envelope("b1", 1, 1, "E 1 0 GAME new"))
    True
    >>> [e.seq for e in s.deliver("b1", 1)], s.head("b1", 1)
    ([1, 2], 2)
    >>> s.commit()
"""
import sqlite3
import time

from .envelope import Envelope

SCHEMA = """
create table if not exists events (
    device text not null, game integer not null, seq integer not null,
    board text not null, tournament text not null, round text not null,
    logger text not null, line text not null,
    at real not null,          -- when the logger read it from the link (Unix time)
    received real not null,    -- when this store took it
    primary key (device, game, seq)
);
create table if not exists heads (
    device text not null, game integer not null,
    head integer not null,     -- the last seq delivered in order
    primary key (device, game)
);
create table if not exists flags (
    id integer primary key,
    device text not null, game integer not null, seq integer not null,
    what text not null,        -- 'overruled', 'conflict', 'unmatched', ...
    note text not null,
    at real not null
);
"""


class Store:
    def __init__(self, path):
        self.db = sqlite3.connect(str(path), timeout=10.0)
        if str(path) != ":memory:":
            self.db.execute("pragma journal_mode = wal")
            self.db.execute("pragma synchronous = normal")
        self.db.executescript(SCHEMA)
        self.heads = dict(((d, g), h) for d, g, h in self.db.execute("select device, game, head from heads"))

    def add(self, env):
        """Keeps an event; False if it was kept already (a duplicate).
        Kept for good at the next commit()."""
        cur = self.db.execute("insert or ignore into events values (?,?,?,?,?,?,?,?,?,?)",
                              (env.device, env.game, env.seq, env.board, env.tournament, env.round,
                               env.logger, env.line, env.at, time.time()))
        return cur.rowcount == 1

    def commit(self):
        """Ends the transaction of the events added and delivered since the
        last commit (Intake.take: one per batch of messages)."""
        self.db.commit()

    def head(self, device, game):
        return self.heads.get((device, game), 0)

    def deliver(self, device, game):
        """The envelopes that now follow the head without a gap (the head
        moves past them)."""
        head = self.head(device, game)
        rows = self.db.execute("select * from events where device=? and game=? and seq>? order by seq",
                               (device, game, head)).fetchall()
        out = []
        for row in rows:
            if row[2] != head + 1:
                break
            head += 1
            out.append(_envelope(row))
        if out:
            self.heads[(device, game)] = head
            self.db.execute("insert or replace into heads values (?,?,?)", (device, game, head))
        return out

    def waiting(self, device, game):
        """Whether events past a gap wait for it."""
        return self.db.execute("select 1 from events where device=? and game=? and seq>? limit 1",
                               (device, game, self.head(device, game))).fetchone() is not None

    def delivered(self):
        """(board, device, game, seq, line) of every event delivered, each
        game in order (Hub.load at start-up)."""
        out = []
        for (device, game), head in sorted(self.heads.items()):
            out += self.db.execute("select board, device, game, seq, line from events where device=? and game=? "
                                   "and seq<=? order by seq", (device, game, head)).fetchall()
        return out

    def count(self):
        return self.db.execute("select count(*) from events").fetchone()[0]

    def flag(self, device, game, seq, what, note):
        with self.db:
            self.db.execute("insert into flags (device, game, seq, what, note, at) values (?,?,?,?,?,?)",
                            (device, game, seq, what, note, time.time()))

    def flags(self):
        """[(device, game, seq, what, note)], oldest first."""
        return self.db.execute("select device, game, seq, what, note from flags order by id").fetchall()

    def close(self):
        self.db.close()


def _envelope(row):
    device, game, seq, board, tournament, rnd, logger, line, at, _ = row
    return Envelope(device, game, seq, line, board=board, tournament=tournament, round=rnd, logger=logger, at=at)
