"""The logger's outbox: every event it publishes, on disk (SQLite) before
it goes to the broker, marked once the broker has acknowledged it (QoS 1
PUBACK). What is not acknowledged is sent again when the broker is back,
in the order it was taken; what was acknowledged stays, for the replay
requests of `xqboard broadcast` (a gap it saw: envelope.replay_topic).

    >>> from xqboard.hall.envelope import Envelope
    >>> box = Outbox(":memory:")
    >>> box.add([Envelope("b1", 1, 1, "E 1 0 GAME new", logger="pc1")])
    {('b1', 1, 1): 1}
    >>> [(n, topic) for n, topic, _ in box.pending()]
    [(1, 'xqboard/log/pc1/events')]
    >>> box.mark_acked([1]); box.pending()
    []
    >>> [topic for topic, _ in box.since("b1", 1, 1)]
    ['xqboard/log/pc1/events']

The file is in WAL mode with synchronous=NORMAL: a killed logger loses
nothing it had added (a power cut may lose the last transaction, which the
board's own journal still holds: the logger asks it with `since`).
Several threads use one Outbox (paho's network thread marks the acks):
every call holds its lock.
"""
import sqlite3
import threading

SCHEMA = """
create table if not exists outbox (
    n integer primary key autoincrement,   -- the order events were taken (the link's order)
    device text not null, game integer not null, seq integer not null,
    topic text not null, payload text not null,
    acked integer not null default 0,      -- 1 once the broker sent its PUBACK
    unique (device, game, seq)
);
create index if not exists outbox_pending on outbox (acked, n);
"""


class Outbox:
    def __init__(self, path):
        self.db = sqlite3.connect(str(path), check_same_thread=False, timeout=10.0)
        if str(path) != ":memory:":
            self.db.execute("pragma journal_mode = wal")
            self.db.execute("pragma synchronous = normal")
        self.db.executescript(SCHEMA)
        self.lock = threading.RLock()

    def add(self, envelopes):
        """Keeps the envelopes not kept before (a logger restarted on its
        files offers its games again: see HallSink); returns {key: n} of
        those that were new."""
        new = {}
        with self.lock, self.db:
            for e in envelopes:
                cur = self.db.execute("insert or ignore into outbox (device, game, seq, topic, payload) "
                                      "values (?,?,?,?,?)", (e.device, e.game, e.seq, e.topic(), e.to_json()))
                if cur.rowcount == 1:
                    new[e.key] = cur.lastrowid
        return new

    def pending(self, limit=None):
        """[(n, topic, payload)] not acknowledged yet, oldest first."""
        sql = "select n, topic, payload from outbox where acked = 0 order by n"
        with self.lock:
            return self.db.execute(sql + (" limit %d" % limit if limit else "")).fetchall()

    def mark_acked(self, numbers):
        with self.lock, self.db:
            self.db.executemany("update outbox set acked = 1 where n = ?", [(n,) for n in numbers])

    def since(self, device, game, seq):
        """[(topic, payload)] of a board's game from `seq` on (a replay)."""
        with self.lock:
            return self.db.execute("select topic, payload from outbox where device=? and game=? and seq>=? "
                                   "order by seq", (device, int(game), int(seq))).fetchall()

    def close(self):
        with self.lock:
            self.db.close()
