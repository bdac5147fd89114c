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
create table if not exists pending (
    -- events taken, not yet verified: each candidate of a key, until the
    -- head reaches it (a squatter's copy never shadows the board's own)
    device text not null, game integer not null, seq integer not null,
    board text not null, tournament text not null, round text not null,
    logger text not null, line text not null, at real not null, received real not null,
    primary key (device, game, seq, line)
);
create table if not exists quarantine (
    id integer primary key,
    device text not null, game integer not null, seq integer not null,
    logger text not null, line text not null,
    reason text not null,      -- why it does not verify (hall/trust.py)
    at real not null,
    board text not null default '', -- the board (table) the envelope named (a forger's word: shown, never trusted)
    dismissed_by text,         -- the arbiter who dismissed it on the desk (kept, never counted), or null
    dismissed_at real
);
create table if not exists accepted (
    -- the games of boards without a key the arbiter accepted on the desk
    -- (21.5): their events count from then on, their result is written
    device text not null, game integer not null,
    by text not null,          -- the arbiter's name (the desk's account)
    at real not null,
    replaced text not null,    -- what the event file held before, and what it holds after
    primary key (device, game)
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
create table if not exists commands (
    id integer primary key,
    at real not null,          -- when the arbiter sent it (Unix time)
    by text not null,          -- the arbiter's name (the desk's account)
    device text not null, game integer not null,
    cid integer not null,      -- the board's command id (0: never reached a board)
    words text not null,       -- the command as the board got it
    reply text not null,       -- the board's answer, or why there was none
    answered real not null
);
"""


class Store:
    def __init__(self, path):
        self.db = sqlite3.connect(str(path), timeout=10.0)
        if str(path) != ":memory:":
            self.db.execute("pragma journal_mode = wal")
            self.db.execute("pragma synchronous = normal")
        self.db.executescript(SCHEMA)
        columns = [c[1] for c in self.db.execute("pragma table_info(quarantine)")]
        for column, kind in (("board", "text not null default ''"), ("dismissed_by", "text"), ("dismissed_at", "real")):
            if column not in columns:
                self.db.execute("alter table quarantine add column %s %s" % (column, kind))  # a store of before
        self.heads = dict(((d, g), h) for d, g, h in self.db.execute("select device, game, head from heads"))

    def add(self, env):
        """Takes an event as a candidate for its key; False if it was taken
        already (a duplicate: the same line at the same key). Kept for good
        at the next commit(); it counts once deliver() verified it."""
        kept = self.db.execute("select line from events where device=? and game=? and seq=?",
                               (env.device, env.game, env.seq)).fetchone()
        if kept is not None:
            if kept[0] != env.line:
                self.quarantine(env, "another event verified at this key (device, game, seq) already")
            return False
        cur = self.db.execute("insert or ignore into pending values (?,?,?,?,?,?,?,?,?,?)",
                              (env.device, env.game, env.seq, env.board, env.tournament, env.round,
                               env.logger, env.line, env.at, time.time()))
        return cur.rowcount == 1

    def quarantine(self, env, reason):
        """An event that failed its check, kept with the reason (the
        arbiter's page lists them: hall/quarantine.py); it displaces nothing."""
        self.db.execute("insert into quarantine (device, game, seq, logger, line, reason, at, board) "
                        "values (?,?,?,?,?,?,?,?)",
                        (env.device, env.game, env.seq, env.logger, env.line, reason, time.time(), env.board))

    def quarantined(self):
        """[(device, game, seq, logger, line, reason)], oldest first."""
        return self.db.execute("select device, game, seq, logger, line, reason from quarantine order by id").fetchall()

    def quarantined_entry(self, qid):
        """(device, game, seq, line, reason, dismissed_by) of quarantine entry `qid`, or None."""
        return self.db.execute("select device, game, seq, line, reason, dismissed_by from quarantine where id = ?",
                               (qid,)).fetchone()

    def flagged(self, fid):
        """(device, game, what) of flag `fid`, or None."""
        return self.db.execute("select device, game, what from flags where id = ?", (fid,)).fetchone()

    def quarantined_in(self, device, game):
        """[(id, seq, reason)] of the entries of a game not dismissed, oldest first."""
        return self.db.execute("select id, seq, reason from quarantine where device = ? and game = ? and "
                               "dismissed_by is null order by id", (device, game)).fetchall()

    def dismiss(self, qid, by):
        """Marks quarantine entry `qid` dismissed by the arbiter `by` (kept
        on record, never counted); False if it was dismissed before."""
        cur = self.db.execute("update quarantine set dismissed_by = ?, dismissed_at = ? where id = ? and "
                              "dismissed_by is null", (by, time.time(), qid))
        return cur.rowcount == 1

    def accept(self, device, game, by, replaced):
        """Records the arbiter's acceptance of an unverified game (the Intake counts it from then on)."""
        self.db.execute("insert or replace into accepted values (?,?,?,?,?)", (device, game, by, time.time(), replaced))

    def accepted(self):
        """{(device, game): the arbiter who accepted it}."""
        return {(d, g): by for d, g, by in self.db.execute("select device, game, by from accepted")}

    def events_of(self, device, game):
        """The envelopes of a game delivered so far, in order."""
        rows = self.db.execute("select * from events where device = ? and game = ? and seq <= ? order by seq",
                               (device, game, self.head(device, game))).fetchall()
        return [Envelope(d, g, s, line, board=b, tournament=t, round=r, logger=lg, at=at)
                for d, g, s, b, t, r, lg, line, at, _ in rows]

    def commit(self):
        """Ends the transaction of the events added and delivered since the
        last commit (Intake.take: one per batch of messages)."""
        self.db.commit()

    def head(self, device, game):
        return self.heads.get((device, game), 0)

    def deliver(self, device, game, check=None):
        """The envelopes that now follow the head without a gap, each the
        first candidate of its key that passes check(env) (None: it
        verifies, else why not: it goes to quarantine); the head moves
        past them, and only then is an event kept by its key."""
        head = self.head(device, game)
        out = []
        while True:
            rows = self.db.execute("select * from pending where device=? and game=? and seq=? order by received",
                                   (device, game, head + 1)).fetchall()
            found = None
            for row in rows:
                env = _envelope(row)
                why = check(env) if check is not None and found is None else None
                if found is None and why is None:
                    found = env
                elif why is not None:
                    self.quarantine(env, why)
                else:
                    self.quarantine(env, "another event verified at this key (device, game, seq) first")
            self.db.execute("delete from pending where device=? and game=? and seq=?", (device, game, head + 1))
            if found is None:
                break
            self.db.execute("insert into events values (?,?,?,?,?,?,?,?,?,?)",
                            (found.device, found.game, found.seq, found.board, found.tournament, found.round,
                             found.logger, found.line, found.at, time.time()))
            head += 1
            out.append(found)
        if out:
            self.heads[(device, game)] = head
            self.db.execute("insert or replace into heads values (?,?,?)", (device, game, head))
        return out

    def waiting(self, device, game):
        """Whether events past a gap wait for it."""
        return self.db.execute("select 1 from pending where device=? and game=? and seq>? limit 1",
                               (device, game, self.head(device, game))).fetchone() is not None

    def delivered(self):
        """(board, device, game, seq, line) of every event delivered, each
        game in order (Hub.load at start-up)."""
        out = []
        for (device, game), head in sorted(self.heads.items()):
            out += self.db.execute("select board, device, game, seq, line from events where device=? and game=? "
                                   "and seq<=? order by seq", (device, game, head)).fetchall()
        return out

    def received(self):
        """{(device, game, seq): when this store took it} of every event
        delivered (the broadcast delay's clock after a restart, hall/delay.py)."""
        return {(d, str(g), s): t for d, g, s, t in self.db.execute(
            "select e.device, e.game, e.seq, e.received from events e join heads h "
            "on e.device = h.device and e.game = h.game where e.seq <= h.head")}

    def count(self):
        return self.db.execute("select count(*) from events").fetchone()[0]

    def flag(self, device, game, seq, what, note):
        with self.db:
            self.db.execute("insert into flags (device, game, seq, what, note, at) values (?,?,?,?,?,?)",
                            (device, game, seq, what, note, time.time()))

    def note_command(self, at, by, device, game, cid, words, reply, answered):
        """An arbiter's command from the desk and its answer (hall/desk.py)."""
        self.db.execute("insert into commands (at, by, device, game, cid, words, reply, answered) "
                        "values (?,?,?,?,?,?,?,?)", (at, by, device, game, cid, words, reply, answered))
        self.db.commit()

    def commands(self):
        """[(at, by, device, game, cid, words, reply)] of every desk command, in order."""
        return self.db.execute("select at, by, device, game, cid, words, reply from commands order by id").fetchall()

    def flags(self):
        """[(device, game, seq, what, note)], oldest first."""
        return self.db.execute("select device, game, seq, what, note from flags order by id").fetchall()

    def close(self):
        self.db.close()


def _envelope(row):
    device, game, seq, board, tournament, rnd, logger, line, at, _ = row
    return Envelope(device, game, seq, line, board=board, tournament=tournament, round=rnd, logger=logger, at=at)
