"""Every game a hub has taken, by round: what the relay files are built
from (hall/relay.py). The Hub shows each board's game now; this keeps the
finished ones of earlier rounds too, from the hub's own ordered events
(Hub.applied_since), so it needs nothing the hub has not verified.

A game's view is the hub's own BoardView when that view took all of the
game's events and only them (the usual case: the hub starts a view at each
GAME, hub.py `_new_view`), so the hall is not followed twice; a game whose
events went to more than one view, or to a view that took another game's
too (two devices under one board name, an event of a game after the next
GAME), gets a view of its own, built from its events as the hub took them.
The hub's views are read under the hub's lock.

    >>> from xqboard.hall.hub import Hub
    >>> hub = Hub()
    >>> _ = hub.push("5", "b1", 1, 1, "E 1 0 GAME new event=Cup round=3 board=5 red=A black=B tc=10m fen=startpos")
    >>> _ = hub.push("5", "b1", 1, 2, "E 2 900 START red 20.1")
    >>> _ = hub.push("5", "b1", 1, 3, "E 3 4000 MOVE 1 h2e2 red at=3800")
    >>> rounds = Rounds(hub, clock=lambda: 1000.0)
    >>> rounds.names(), [g.record.texts("ICCS") for g in rounds.games("3")], rounds.changed("3")
    (['3'], [['h2e2']], (3, 1000.0))

A round is the GAME event's `round=`: with a tournament file attached,
`xqboard round start` sets it to the event's round number, so the two are
the same; a game started without one is in round `-` (envelope.UNKNOWN).
"""
import threading
import time

from ..boardlink import Event
from .boardview import BoardView
from .envelope import UNKNOWN
from .hub import board_order


MIXED = object()  # a view that took more than one game's events, a game whose events went to more than one view


class Rounds:
    def __init__(self, hub, clock=time.time):
        self.hub = hub
        self.clock = clock
        self.lock = threading.Lock()
        self.token = None  # the hub's token of `cursor` (another: the hub restarted, start again)
        self.cursor = 0
        self._clear()

    def _clear(self):
        self.views = {}  # (device, game): BoardView of that game (the hub's, or in `own`)
        self.own = set()  # the games whose view is this one's, not the hub's
        self.touched = {}  # round: (the hub's cursor, host time s) of the last event of a game in it
        self.changes = {}  # (device, game): events taken for that game (what a game's relay text is kept by)
        self.taken_at = {}  # (device, game): host time s its last event was taken here (its clocks' asof)
        self.rows = {}  # (device, game): [(board, line, host time s)] of its events: what an own view is built of
        self.home = {}  # (device, game): the hub's view all its events went to, or MIXED
        self.fed = {}  # the hub's view: the (device, game) of all it took, or MIXED

    def catch_up(self):
        """Takes the hub's events since the last call."""
        with self.lock:
            while True:
                token, rows = self.hub.applied_since(self.cursor, self.token)
                if token != self.token:
                    self.token = token
                    self._clear()
                if not rows:
                    return
                now = self.clock()
                for cursor, board, device, game, seq, line, hub_view in rows:
                    self._take(board, device, game, line, cursor, now, hub_view)
                self.cursor = rows[-1][0]

    def _take(self, board, device, game, line, cursor, now, hub_view):
        key = (device, game)
        self.rows.setdefault(key, []).append((board, line, now))
        was = self.fed.get(hub_view)
        shared_before = self.home.get(key)
        self.home[key] = hub_view if shared_before in (None, hub_view) else MIXED
        self.fed[hub_view] = key if was in (None, key) else MIXED
        if was not in (None, key, MIXED) and was not in self.own:
            self._own(was)  # the hub's view of another game took this one's event
        if key in self.own:
            _apply(self.views[key], board, device, game, line, now)
        elif self.home[key] is MIXED or self.fed[hub_view] is MIXED:
            self._own(key)
        else:
            hub_view.game_key = key  # (its device and game_no are the hub's to change)
            self.views[key] = hub_view
        with self.hub.lock:
            self.touched[round_of(self.views[key])] = (cursor, now)
        self.changes[key] = self.changes.get(key, 0) + 1
        self.taken_at[key] = now

    def _own(self, key):
        """Game `key` gets a view of its own, built from its events so far."""
        self.own.add(key)
        view = None
        for board, line, now in self.rows[key]:
            if view is None:
                view = BoardView(board)
            _apply(view, board, key[0], key[1], line, now)
        view.own, view.game_key = True, key
        self.views[key] = view

    def read(self, view, reader):
        """reader(view), under the hub's lock when it is the hub's view."""
        if getattr(view, "own", False):
            return reader(view)
        with self.hub.lock:
            return reader(view)

    def change_of(self, view):
        """How many events the game of `view` took: a text of it written
        at this count is still its text."""
        with self.lock:
            return self.changes.get(view.game_key, 0)

    def names(self):
        """The rounds with a game, in round order."""
        self.catch_up()
        with self.lock:
            return sorted(self.touched, key=board_order)

    def games(self, name):
        """The BoardViews of the round's games, by board, then by game."""
        self.catch_up()
        with self.lock:
            return self._of(name)

    def _of(self, name):
        with self.hub.lock:
            got = [v for v in self.views.values() if round_of(v) == name]
        return sorted(got, key=lambda v: (board_order(v.board), str(v.game_key[0]), int(v.game_key[1])))

    def changed(self, name):
        """(cursor, host time s) of the round's last event; None: no such round."""
        self.catch_up()
        with self.lock:
            return self.touched.get(name)

    def current(self):
        """The round of the hall's latest event (the live page's default
        tab); None before any game."""
        self.catch_up()
        with self.lock:
            return max(self.touched, key=lambda name: self.touched[name][0]) if self.touched else None

    def states(self, name):
        """The board states (BoardView.state) of the round's games, in
        games() order, taken under the lock; None: no such round."""
        self.catch_up()
        with self.lock:
            if name not in self.touched:
                return None
            return [self._state(v) for v in self._of(name)]

    def _state(self, view):
        # the clocks as of the time this took the game's last event, as a
        # view of its own would have them (not the hub's time of it)
        state = dict(self.read(view, lambda v: v.state()))
        asof = int(self.taken_at[view.game_key] * 1000)
        state["clocks"] = dict(state["clocks"], asof=asof)
        return state

    def written(self, name, device, game, writer):
        """writer(record) of game `game` of `device` in round `name`, under
        the lock (exports.steps); KeyError if the round has no such game."""
        self.catch_up()
        with self.lock:
            view = self.views.get((device, game)) or self.views[(device, int(game))]  # (a URL's game is text)
            if round_of(view) != name:
                raise KeyError((name, device, game))
            return self.read(view, lambda v: writer(v.record))


def _apply(view, board, device, game, line, now):
    view.device, view.game_no = device, game
    try:
        view.apply(Event(line), int(now * 1000))
    except (ValueError, KeyError, TypeError):
        pass  # the hub kept it aside as unreadable; so does the relay


def round_of(view):
    return str(view.info.get("round") or UNKNOWN)
