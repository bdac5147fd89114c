# What a game is set up with (the `new` command): event data, time control,
# level and policy. On the link a value is one word, written as the events
# write text (game/events.py: a space is `_`, UTF-8 as itself).
from game import cold
from game.events import escape, unescape

LEVELS = ("national", "provincial", "junior")
POLICIES = ("auto", "report")
START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
FIELDS = ("event", "round", "board", "red", "black", "tc", "level", "policy", "fen", "limit", "late",
          "red_no", "black_no")


class ConfigError(ValueError):
    pass


class Config:
    def __init__(self):
        self.event = "-"
        self.round = "-"
        self.board = "-"
        self.red = "Red"
        self.black = "Black"
        self.tc = "90m"  # 6.3 unless the event says otherwise
        self.level = "provincial"  # the default: provincial events and below
        self.policy = "auto"
        self.fen = START
        self.limit = 60  # 4.2.4: rounds without a capture (an event may lower it)
        self.late = 15  # 20.1: minutes after the round's start
        self.red_no = None  # the players' numbers in the event (records match pairings by them)
        self.black_no = None

    def set(self, key, value):
        if key not in FIELDS:
            raise ConfigError("unknown setting %r (one of %s)" % (key, " ".join(FIELDS)))
        if key == "level" and value not in LEVELS:
            raise ConfigError("level %r: national, provincial or junior" % value)
        if key == "policy" and value not in POLICIES:
            raise ConfigError("policy %r: auto or report" % value)
        if key == "fen" and value == "startpos":
            value = START
        numbers = ("limit", "late", "red_no", "black_no")
        if key not in numbers:
            # every value fits its field of the greeting and of GAME (link/bounds.py)
            cold.call(cold.BOUNDS, "check", key, escape(value))
        else:
            top = 999 if key in ("limit", "late") else 9999
            try:
                value = int(value)
            except ValueError:
                value = -1
            if not 1 <= value <= top:
                raise ConfigError("%s must be a whole number from 1 to %d" % (key, top))
        setattr(self, key, value)

    def values(self):
        """The settings in FIELDS order (the fields of a GAME event after `new`)."""
        return tuple(getattr(self, k) for k in FIELDS)

    def words(self):
        """The settings as `key=value` words (for the greeting)."""
        out = []
        for k in FIELDS:
            if getattr(self, k) is not None:
                out.append("%s=%s" % (k, escape(str(getattr(self, k)))))
        return out


def parse(words, base=None):
    """A Config from a command's `key=value` words (on top of `base`)."""
    c = Config()
    if base is not None:
        for k in FIELDS:
            setattr(c, k, getattr(base, k))
    for w in words:
        eq = w.find("=")
        if eq <= 0:
            raise ConfigError("want key=value, got %r" % w)
        c.set(w[:eq], unescape(w[eq + 1:]))
    return c
