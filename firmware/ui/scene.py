# What the faces show beyond the game's own state: the points of a standing
# alert, a touch duty, a flag, the set-up check, whether the arbiter
# confirmed the result. The app feeds it the game's events as they are
# emitted (on_event, typed fields as game/events.py declares them); the
# faces read it and the game (phase, position, clock, result, verdict).
#
# `version` grows with every change a face could show, so a display redraws
# only when it or the clock's text changed (ui/faces.py, Face.update).
from xq import squares
from xq.pieces import index


def points(text):
    """The points (0-89) of a list of names as events write them: "e2,e3",
    "-" or None for none."""
    if not text or text == "-":
        return ()
    return tuple(squares.point(squares.parse(n)) for n in text.split(","))


class Scene:
    def __init__(self, game):
        self.game = game
        self.version = 0
        self.reset()

    def reset(self):
        self.alert = None  # (what, article, put points, clear points)
        self.duty = None  # (side, point name, article, whose)
        self.flag = None  # (side, board time of the flag, tick it was reported)
        self.setup = None  # None, "wrong", "ready" or "confirmed"
        self.wrong = ((), ())  # the set-up's points to fill and to clear
        self.confirmed = False  # the arbiter confirmed the result
        self.turn_began = [0, 0]  # clock.used(side) when its turn began (the delay)

    def on_event(self, now, kind, fields):
        """One game event (kind, its typed fields)."""
        self.version += 1
        if kind == "GAME":
            self.reset()
        elif kind == "SETUP":
            self._setup(fields)
        elif kind == "TOUCH":
            side, whose = fields[0], fields[1]
            self.duty = None if whose == "duty-broken" else (side, fields[2], fields[3] or "", whose)
        elif kind == "MOVE" or kind == "CORRECT":
            self.duty = None
        elif kind == "START" or kind == "PRESS":
            self.duty = None
            self._turn_begins(now)
        elif kind == "ALERT":
            self._alert(fields)
        elif kind == "RESTORED":
            self.alert = None
        elif kind == "FLAG":
            self.flag = (fields[0], fields[1] or 0, now)
        elif kind == "CONFIRM":
            self.confirmed = True

    def _setup(self, fields):
        self.setup = fields[0]
        if fields[0] == "wrong":
            self.wrong = (points(fields[1]), points(fields[2]))
        elif fields[0] == "ready":
            self.wrong = ((), ())

    def _alert(self, fields):
        what = fields[0]
        if what == "breach":  # breach side put= clear= move= article ?again
            put, clear, article = fields[2], fields[3], fields[5]
        else:  # what put= clear= article
            put, clear, article = fields[1], fields[2], fields[3]
        self.alert = (what, article or "", points(put), points(clear))

    def _turn_begins(self, now):
        clock = self.game.clock
        if clock is not None and clock.running >= 0:
            self.turn_began[index(clock.running)] = clock.used(clock.running, now)

    def turn_ms(self, side, now):
        """ms `side` has spent in its current turn (for the delay of 6.3)."""
        return self.game.clock.used(side, now) - self.turn_began[index(side)]
