"""Every game a hub has taken, by round: what the relay files are built
from (hall/relay.py). The Hub shows each board's game now; this keeps the
finished ones of earlier rounds too, rebuilt from the hub's own ordered
events (Hub.events_since), so it needs nothing the hub has not verified.

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


class Rounds:
    def __init__(self, hub, clock=time.time):
        self.hub = hub
        self.clock = clock
        self.lock = threading.Lock()
        self.token = None  # the hub's token of `cursor` (another: the hub restarted, start again)
        self.cursor = 0
        self.views = {}  # (device, game): BoardView of that game
        self.touched = {}  # round: (the hub's cursor, host time s) of the last event of a game in it
        self.changes = {}  # (device, game): events taken for that game (what a game's relay text is kept by)

    def catch_up(self):
        """Takes the hub's events since the last call."""
        with self.lock:
            while True:
                token, rows = self.hub.events_since(self.cursor, self.token)
                if token != self.token:
                    self.token, self.views, self.touched, self.changes = token, {}, {}, {}
                if not rows:
                    return
                now = self.clock()
                for cursor, board, device, game, seq, line in rows:
                    self._take(board, device, game, line, cursor, now)
                self.cursor = rows[-1][0]

    def _take(self, board, device, game, line, cursor, now):
        view = self.views.get((device, game))
        if view is None:
            view = self.views[(device, game)] = BoardView(board)
            view.device, view.game_no = device, game
        try:
            view.apply(Event(line), int(now * 1000))
        except (ValueError, KeyError, TypeError):
            return  # the hub kept it aside as unreadable; so does the relay
        self.touched[round_of(view)] = (cursor, now)
        self.changes[(device, game)] = self.changes.get((device, game), 0) + 1

    def change_of(self, view):
        """How many events the game of `view` took: a text of it written
        at this count is still its text."""
        with self.lock:
            return self.changes.get((view.device, view.game_no), 0)

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
        got = [v for v in self.views.values() if round_of(v) == name]
        return sorted(got, key=lambda v: (board_order(v.board), str(v.device), int(v.game_no)))

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
            return [dict(v.state()) for v in self._of(name)]

    def written(self, name, device, game, writer):
        """writer(record) of game `game` of `device` in round `name`, under
        the lock (exports.steps); KeyError if the round has no such game."""
        self.catch_up()
        with self.lock:
            view = self.views.get((device, game)) or self.views[(device, int(game))]  # (a URL's game is text)
            if round_of(view) != name:
                raise KeyError((name, device, game))
            return writer(view.record)


def round_of(view):
    return str(view.info.get("round") or UNKNOWN)
