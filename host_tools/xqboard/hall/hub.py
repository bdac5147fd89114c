"""The hall in memory: every board's view, the arbiter's list of incidents,
and a cursor so that a page that connects late or reconnects catches up
with no gap.

The pipeline (`xqboard broadcast`) feeds it each board event once it has it
in order; the web app (hall/web.py) reads it:

    >>> hub = Hub()
    >>> hub.push("5", "b1", 1, 1, "E 1 0 GAME new event=City_Cup round=3 board=5 "
    ...          "red=ZHANG_San black=LI_Si tc=10m fen=startpos")
    True
    >>> hub.push("5", "b1", 1, 2, "E 2 900 START red 20.1")
    True
    >>> hub.push("5", "b1", 1, 2, "E 2 900 START red 20.1")   # QoS 1 redelivered it
    False
    >>> hub.push("5", "b1", 1, 3, "E 3 5000 FOUL red 8.1.7 fouls=1")
    True
    >>> view = hub.since(None)
    >>> view.cursor, [b["board"] for b in view.boards], [i["kind"] for i in view.incidents]
    (3, ['5'], ['FOUL'])
    >>> hub.since(view.cursor).boards
    []

Events are keyed by (device, game number, seq): seq restarts each game
and QoS 1 may deliver an event twice, so a key seen before is dropped
(`push` returns False). Each event taken moves the cursor on by one;
`since(cursor)` gives the state of every board changed after it and the
incidents after it. A cursor of another Hub (the server restarted) or none
gives everything (`view.full`).

Thread-safe: the pipeline may push from its MQTT thread while the web app
reads from its event loop; `listen(callback)` is called after every event
taken (from the pusher's thread), for the app to wake its streams.
"""
import bisect
import threading
import time
import uuid

from ..boardlink import Event
from ..core import FIRMWARE  # noqa: F401  (puts firmware/ on sys.path)
from ..record import articles
from ..record.bilingual import incident_zh
from .boardview import BoardView

from game import events as schema  # noqa: E402

# The events the arbiter's page lists across the hall (with FOUL: the
# arbiter's own OVERRULE foul, which counts toward 4.1.10 as well).
INCIDENT_KINDS = (schema.ALERT, schema.FLAG, schema.CLAIM, schema.FOUL, schema.REPETITION, schema.LATE,
                  schema.LIMIT)
_FOULS = ("foul", "unfoul")  # the OVERRULEs that are incidents


def board_order(board):
    """Sort key of board names: numbers in numeric order, then device ids."""
    return (0, int(board), "") if board.isdigit() else (1, 0, board)


def is_incident(e):
    return e.kind in INCIDENT_KINDS or (e.kind == schema.OVERRULE and schema.word_of(e.kind, e.fields) in _FOULS)


def incident_text(e):
    """The words the arbiter reads: its fields, the article's words (the
    kind and the article have columns of their own)."""
    words = e.describe()
    article = schema.article_of(e.kind, e.fields)
    known = articles.reason(article) if article else ""
    return "%s (%s)" % (words, known) if known else words


SNAPSHOTS = 8  # states kept per board, by the cursor of its event they follow: what patches are made against


def patch(old, new):
    """What a page holding board state `old` needs to hold `new`: the keys
    whose values changed (`board` first and `seq`, the event it brings the
    board to, always), and of the move list only
    the plies added, `moves_from` saying where they go (the Chinese list
    grows with the game; a frame of whole lists grew with it). A list
    taken back (5.8: the arbiter's correction; a new game) goes whole,
    from 0.

    >>> old = {"board": "5", "seq": 3, "fen": "a", "moves": ["炮二平五"], "info": {"red": "A"}}
    >>> patch(old, dict(old, seq=4, fen="b", moves=["炮二平五", "马８进７"]))
    {'board': '5', 'seq': 4, 'fen': 'b', 'moves_from': 1, 'moves': ['马８进７']}
    >>> patch(old, dict(old, seq=5, moves=["兵七进一"]))["moves_from"]
    0
    """
    out = {"board": new["board"], "seq": new["seq"]}
    for key, value in new.items():
        if key == "moves":
            held = old.get("moves") or []
            kept = len(held) if value[:len(held)] == held else 0
            if kept != len(value) or kept != len(held):
                out["moves_from"], out["moves"] = kept, value[kept:]
        elif key not in out and old.get(key) != value:
            out[key] = value
    return out


class View:
    """What changed after a cursor: `cursor` (now), `boards` (their state
    dicts, in board order), `incidents` (oldest first) and `full` (True when
    the cursor was none or another Hub's: the boards are all of them).
    Asked with patches (Hub.since): a board a page held at the cursor comes
    as patch() against it; one it cannot have held then, whole, marked
    `"whole": true`."""

    __slots__ = ("token", "cursor", "boards", "incidents", "full")

    def __init__(self, token, cursor, boards, incidents, full):
        self.token, self.cursor, self.boards, self.incidents, self.full = token, cursor, boards, incidents, full


class Hub:
    def __init__(self, clock=time.time):
        self.clock = clock  # the host's time in s (the pages count the clocks from it)
        self.token = uuid.uuid4().hex[:8]  # names this Hub's cursors
        self.lock = threading.Lock()
        self.seen = set()  # (device, game, seq) taken
        self.views = {}  # board: BoardView
        self.cursor = 0
        self.changed_at = []  # cursor of each event taken, in order ...
        self.changed_board = []  # ... and the board it changed
        self.taken = []  # (board, device, game, seq, line) of each event taken: cursor n is taken[n - 1]
        self.taken_by = []  # the BoardView each event was applied to, likewise (hall/rounds.py shares them)
        self.incidents = []  # oldest first
        self.incident_ids = []  # their cursors, for bisect
        self.listeners = []
        self.unreadable = []  # (board, key, line, why) of lines no event of the schema
        self.changes = {}  # board: events taken for it (what written() keys its copies by)
        self.board_cursors = {}  # board: the cursors of its events, in order (its state at any cursor: bisect)
        self.snapshots = {}  # board: {cursor of its last event then: state()}, the last SNAPSHOTS of them
        self.writings = {}  # (board, writer): (changes then, what it wrote)
        # the links, state not history (no cursor: a stream sends them whole when they change)
        self.link_of = {}  # device -> (logger, link word as its logger says: up/down/silent, heard Unix time)
        self.logger_up = {}  # logger -> up (its retained presence; False: its last will, the PC gone)
        self.broker_up = None  # the broadcast's connection to the broker (None: no broker, the embedded hall)
        self.links_version = 0

    def push(self, board, device, game, seq, line):
        """Takes the next event of `board` (its payload text `line`) unless
        its key (device, game, seq) was taken before: then False. A line
        that is no event of the schema is kept in `unreadable` (not taken:
        False), never raised: one bad row must not stop the hall."""
        key = (str(device), str(game), int(seq))
        try:
            e = Event(line)
        except ValueError as err:  # events.EventError
            with self.lock:
                self.unreadable.append((str(board), key, line, str(err)))
            return False
        with self.lock:
            if key in self.seen:
                return False
            self.seen.add(key)
            self.cursor += 1
            self._apply(str(board), key, e)
            cursor = self.cursor
        for callback in list(self.listeners):
            callback(cursor)
        return True

    def load(self, rows):
        """Takes stored events at start-up: (board, device, game, seq, line)
        rows, in the order they were received."""
        for board, device, game, seq, line in rows:
            self.push(board, device, game, seq, line)

    def _apply(self, board, key, e):
        wall = int(self.clock() * 1000)
        view = self.views.get(board)
        if view is None or e.kind == schema.GAME:
            view = self._new_view(board, key, e, wall, view)
        else:
            self._apply_to(view, board, key, e, wall)
        view.taken += 1
        self.taken_by.append(view)
        self.changed_at.append(self.cursor)
        self.changed_board.append(board)
        self.changes[board] = self.changes.get(board, 0) + 1
        self.board_cursors.setdefault(board, []).append(self.cursor)
        self.taken.append((board, key[0], key[1], key[2], e.payload))
        if is_incident(e):
            self.incident_ids.append(self.cursor)
            self.incidents.append({
                "id": self.cursor, "board": board, "device": key[0], "game": key[1], "seq": e.seq,
                "round": view.info.get("round") or "-",
                "kind": e.kind, "article": schema.article_of(e.kind, e.fields), "text": incident_text(e),
                "text_zh": incident_zh(e), "wall": wall})

    def _apply_to(self, view, board, key, e, wall):
        view.device, view.game_no = key[0], key[1]
        try:
            view.apply(e, wall)
        except (ValueError, KeyError, TypeError) as err:
            # an event the view cannot follow (a CORRECT to no position...):
            # kept aside like an unreadable line; the hall goes on
            self.unreadable.append((board, key, e.payload, "%s: %s" % (type(err).__name__, err)))
            return False
        return True

    def _new_view(self, board, key, e, wall, old):
        """A GAME (or a board's first event) starts a BoardView of its own,
        so that the view of the game before it stays as it ended: the relay
        files read finished games from the views (hall/rounds.py). A view
        that cannot take the GAME is not started: the event goes to `old`
        as it would have (a reset in place leaves the same state as a new
        view only when the GAME applies)."""
        view = BoardView(board)
        view.taken = 0
        if old is None:
            self._apply_to(view, board, key, e, wall)
        elif not self._try(view, key, e, wall):
            self._apply_to(old, board, key, e, wall)
            return old
        self.views[board] = view
        return view

    def _try(self, view, key, e, wall):
        view.device, view.game_no = key[0], key[1]
        try:
            view.apply(e, wall)
        except (ValueError, KeyError, TypeError):
            return False
        return True

    # -- the links (docs/HALL.md, "The arbiter's desk") ----------------------------

    def set_link(self, device, logger, link, heard):
        """Board `device`'s link as `logger` last said (up, down, silent)."""
        self._links_changed(lambda: self.link_of.__setitem__(str(device), (logger, link, heard)))

    def set_logger(self, logger, up):
        self._links_changed(lambda: self.logger_up.__setitem__(logger, bool(up)))

    def set_broker(self, up):
        self._links_changed(lambda: setattr(self, "broker_up", bool(up)))

    def _links_changed(self, change):
        with self.lock:
            change()
            self.links_version += 1
            cursor = self.cursor
        for callback in list(self.listeners):
            callback(cursor)

    # the states links() gives, each with its words in static/i18n.js ("link.<state>")
    LINK_STATES = ("broker", "logger", "cut", "silent", "up")

    def links(self):
        """(version, {device: {"state", "logger", "heard"}}): each board's
        link as the pages show it. The state is the first that holds of:
        `broker` (this process cannot reach the broker: nothing is known),
        `logger` (the board's logger is gone: its last will), `cut` (the
        cable is off), `silent` (the port is open, the board says nothing),
        `up`."""
        with self.lock:
            out = {}
            for device, (logger, link, heard) in self.link_of.items():
                if self.broker_up is False:
                    state = "broker"
                elif self.logger_up.get(logger) is False:
                    state = "logger"
                else:
                    state = {"down": "cut", "silent": "silent"}.get(link, "up")
                out[device] = {"state": state, "logger": logger, "heard": int(heard * 1000)}
            return self.links_version, out

    def listen(self, callback):
        """Calls callback(cursor) after every event taken; returns the
        function that stops it."""
        self.listeners.append(callback)
        return lambda: self.listeners.remove(callback)

    # -- reading -------------------------------------------------------------

    def since(self, cursor, token=None, patches=False):
        """The View of what changed after `cursor` (an int of this Hub, its
        `token` if given; None: everything). `patches`: each changed board
        as patch() against its state at `cursor` (what the streams send:
        docs/HALL.md, "Thousands of viewers"), else whole."""
        with self.lock:
            return self._since(cursor, token, patches)

    def since_each(self, cursors, patches=False):
        """{(token, cursor): since(cursor, token, patches)} of each of
        `cursors`, all read at one instant of the hub (one hold of its lock),
        so that every View ends at the same cursor: the streams woken by one
        ring go on from one cursor, not from one per event that came in while
        they were served (docs/HALL.md, "Thousands of viewers")."""
        with self.lock:
            return {(token, cursor): self._since(cursor, token, patches) for token, cursor in set(cursors)}

    def gives_whole(self, cursor, token=None):
        """True when since(cursor, token) gives every board (its View
        `full`): no cursor, another Hub's, or one this Hub has not reached."""
        return cursor is None or (token is not None and token != self.token) or cursor > self.cursor

    def _since(self, cursor, token, patches):
        """since(), under the lock."""
        full = self.gives_whole(cursor, token)
        if full:
            names = list(self.views)
            first = 0
        else:
            at = bisect.bisect_right(self.changed_at, cursor)
            names = set(self.changed_board[at:])
            first = bisect.bisect_right(self.incident_ids, cursor)
        names = sorted(names, key=board_order)
        if patches and not full:
            boards = [self._patch(b, cursor) for b in names]
        else:
            boards = [self._kept(b) for b in names]
        return View(self.token, self.cursor, boards, list(self.incidents[first:]), full)

    def _kept(self, board):
        """The board's state now, kept as the snapshot of its last event
        for the patches of the pages that get it (under the lock)."""
        state = self.views[board].state()
        cursors = self.board_cursors.get(board)
        if cursors:
            kept = self.snapshots.setdefault(board, {})
            if cursors[-1] not in kept:
                kept[cursors[-1]] = state
                if len(kept) > SNAPSHOTS:
                    del kept[min(kept)]
        return state

    def _patch(self, board, cursor):
        """Board `board` for a page at `cursor`: patch() against its state
        then (the snapshot of its last event at or before it), or whole
        when it had none then or that snapshot is gone (under the lock)."""
        new = self._kept(board)
        cursors = self.board_cursors.get(board, [])
        at = bisect.bisect_right(cursors, cursor)
        old = self.snapshots.get(board, {}).get(cursors[at - 1]) if at else None
        return patch(old, new) if old is not None else dict(new, whole=True)

    def events_since(self, cursor, token=None, limit=1000):
        """(token, [(cursor, board, device, game, seq, line)]): the events
        taken after `cursor`, each once, in the order taken (at most
        `limit`); from the first with a cursor of another Hub or none."""
        with self.lock:
            return self._events_since(cursor, token, limit)

    def _events_since(self, cursor, token, limit):
        if cursor is None or (token is not None and token != self.token) or cursor > self.cursor:
            cursor = 0
        rows = self.taken[cursor:cursor + limit]
        return self.token, [(cursor + 1 + i,) + row for i, row in enumerate(rows)]

    def applied_since(self, cursor, token=None, limit=1000):
        """events_since() with, at the end of each row, the BoardView the
        event was applied to (read it under `lock`: the pusher changes it)."""
        with self.lock:
            token, rows = self._events_since(cursor, token, limit)
            return token, [row + (self.taken_by[row[0] - 1],) for row in rows]

    def boards(self):
        """The boards' names, in board order."""
        with self.lock:
            return sorted(self.views, key=board_order)

    def record(self, board):
        """The game record (xqboard.record.GameRecord) of `board`; KeyError if the
        hall has no such board. A live object, which the next push of the
        board changes: to write it out while events arrive, use written()."""
        with self.lock:
            return self.views[board].record

    def written(self, board, writer):
        """writer(record) of `board`, under the hub's lock, so that no event
        changes the record while it is written (exports.pgn, exports.dhtmlxq);
        KeyError if the hall has no such board. Written once per change of
        the board: the viewers on one board full size all fetch it after
        each of its moves (writer: a function of the record alone)."""
        with self.lock:
            view = self.views[board]
            changes = self.changes.get(board, 0)
            kept = self.writings.get((board, writer))
            if kept is None or kept[0] != changes:
                kept = self.writings[(board, writer)] = (changes, writer(view.record))
            return kept[1]
