# What the faces show beyond the game's own state: the points of a standing
# alert, a touch duty, a flag, the set-up check, the arbiter's last
# overrule, whether the arbiter confirmed the result. The app feeds it the game's events as they are
# emitted (on_event, typed fields as game/events.py declares them); the
# faces read it and the game (phase, position, clock, result, verdict).
# Which events still show is ui/shown.py's to say (the one reducer, which
# the journal's snapshots carry too): the scene keeps its slots, and reads
# what it shows from the events in them (the handlers below).
#
# `version` grows with every change a face could show, so a display redraws
# only when it or the clock's text changed (ui/faces.py, Face.update).
from game import events as ev
from ui import shown
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
        self.slots = {}  # ui/shown.py's slots: the fields of the event in each
        self.alert = None  # (what, article, put points, clear points)
        self.duty = None  # (side, point name, article, whose)
        self.flag = None  # (side, board time of the flag, tick it was reported)
        self.setup = None  # None, "wrong", "ready" or "confirmed"
        self.wrong = ((), ())  # the set-up's points to fill and to clear
        self.confirmed = False  # the arbiter confirmed the result
        self.overrule = None  # (what, score or side, by, article, tick it was reported)
        self.turn_began = [0, 0]  # clock.used(side) when its turn began (the delay)

    def on_event(self, now, kind, fields):
        """One game event (kind, its typed fields): what it changes of the
        slots (ui/shown.py), read into what the faces show."""
        self.version += 1
        change = shown.note(self.slots, kind, fields, fields)
        if change is None:
            if kind == ev.GAME:
                self.reset()
            return
        for slot in change[1]:
            setattr(self, _SHOWS[slot], None)  # an emptied slot shows nothing
        if change[0]:
            if "TURN" in change[0]:
                self._turn_begins(now)  # (the clock as it stands at the event)
            ev.dispatch(_ON, kind, fields, self, now)  # what the event in its slots shows

    def _setup_wrong(self, now, what, put, clear):
        self.setup = what
        self.wrong = (points(put), points(clear))

    def _setup_ready(self, now, what):
        self.setup = what
        self.wrong = ((), ())

    def _setup_confirmed(self, now, what, by):
        self.setup = what

    def _touch(self, now, side, whose, point, article):
        self.duty = (side, point, article or "", whose)

    def _duty_broken(self, now, side, whose, where, article):
        self.duty = None

    def _annul(self, now, what, replaces, by, article):
        self.overrule = (what, None, by or "", article or "", now)

    def _overrule_result(self, now, what, score, replaces, by, article, reason, seal):
        self.overrule = (what, score, by or "", article or "", now)

    def _overrule_foul(self, now, what, side, replaces, by, article):
        self.overrule = (what, side, by or "", article or "", now)

    def _breach(self, now, what, side, put, clear, move, article, again):
        self.alert = (what, article or "", points(put), points(clear))

    def _alert(self, now, what, put, clear, article):
        self.alert = (what, article or "", points(put), points(clear))

    def _flag(self, now, side, at, article):
        self.flag = (side, at or 0, now)

    def _confirm(self, now, score, result_article, red_used, black_used, fouls, article, seal):
        self.confirmed = True

    def _turn_begins(self, now):
        clock = self.game.clock
        if clock is not None and clock.running >= 0:
            self.turn_began[index(clock.running)] = clock.used(clock.running, now)

    def turn_ms(self, side, now):
        """ms `side` has spent in its current turn (for the delay of 6.3)."""
        return self.game.clock.used(side, now) - self.turn_began[index(side)]


# What an emptied slot stops showing (the slots ui/shown.py empties; the
# annulment's emptied FLAG lifts the flag, 21.4, 21.5).
_SHOWS = {"TOUCH": "duty", "OVERRULE": "overrule", "ALERT": "alert", "FLAG": "flag"}
_ON = {
    ev.SETUP: {"wrong": Scene._setup_wrong, "ready": Scene._setup_ready, "confirmed": Scene._setup_confirmed},
    ev.TOUCH: {"own": Scene._touch, "opp": Scene._touch, "duty-broken": Scene._duty_broken},
    ev.OVERRULE: {"annul": Scene._annul, "result": Scene._overrule_result, "foul": Scene._overrule_foul,
                  "unfoul": Scene._overrule_foul},
    ev.ALERT: {"breach": Scene._breach, "displaced": Scene._alert, "knocked": Scene._alert,
               "between": Scene._alert, "position": Scene._alert},
    ev.FLAG: Scene._flag,
    ev.CONFIRM: Scene._confirm,
}
