# Time controls (art. 6 of the 2011 rules): the control-string grammar.
#
#   control  = scheme | side ";" side          6.5 time odds: a scheme per side
#   side     = ("red" | "black") "=" scheme
#   scheme   = stage { "," stage } [ "*" ] [ modifier ]
#   stage    = time [ "/" moves ] [ "+" time ]  time, move quota, increment
#   modifier = "d" time                         simple delay
#            | "b" time                         Bronstein
#            | "byo" periods "x" time           byo-yomi after the main time
#   time     = number unit { number unit }      units h, m, s in that order
#
# Spaces are ignored and letters may be upper case: "60m/30, 10m/10 *",
# "5m d3s" and "5Md3S" are the same control. Examples: "60m+30s" (6.1),
# "60m/30,10m/10*" (6.2), "90m" (6.3), "10m+10s" (6.4), "red=60m+30s;
# black=50m+30s" (6.5), "90m/40,30m+30s" (quota and increment).
#
# parse() refuses a malformed string with ControlError (a ValueError) whose
# message says what is wrong and where. docs/CLOCK.md has the full story.
from micropython import const

from xq.pieces import BLACK

# How a side's turn is timed (a scheme's `mode`).
PLAIN = const(0)  # the time runs; stages may add an increment (6.1)
DELAY = const(1)  # the time waits `extra` ms each turn before running
BRONSTEIN = const(2)  # the time used in a turn is refunded up to `extra` ms
BYOYOMI = const(3)  # after the main time, `periods` periods of `extra` ms

# Bounds that keep every duration a small int on a 32-bit port and refuse
# what is surely a typing mistake.
MAX_TIME = const(24 * 3600000)  # a stage's time, 24 h
MAX_EXTRA = const(3600000)  # an increment, delay or byo-yomi period, 1 h
MAX_QUOTA = const(500)
MAX_STAGES = const(8)
MAX_PERIODS = const(99)

_UNITS = (("h", 3600000), ("m", 60000), ("s", 1000))
_MODES = ("", "d", "b", "byo")


class ControlError(ValueError):
    pass


class Scheme:
    """How one side is timed. `stages` is a tuple of (time_ms, moves, inc_ms):
    moves == 0 means no quota (the stage lasts to the game's end, 6.3);
    `repeat` repeats the last stage (6.2's "then 10 moves in every 10
    minutes"); `mode` is PLAIN, DELAY, BRONSTEIN or BYOYOMI, with `extra`
    the delay, refund cap or byo-yomi period in ms and `periods` the number
    of byo-yomi periods."""

    def __init__(self, stages, repeat=False, mode=PLAIN, extra=0, periods=0):
        self.stages = stages
        self.repeat = repeat
        self.mode = mode
        self.extra = extra
        self.periods = periods

    def __eq__(self, other):
        return (isinstance(other, Scheme) and self.stages == other.stages
                and self.repeat == other.repeat and self.mode == other.mode
                and self.extra == other.extra and self.periods == other.periods)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __str__(self):
        parts = []
        for t, moves, inc in self.stages:
            s = format_time(t)
            if moves:
                s += "/%d" % moves
            if inc:
                s += "+" + format_time(inc)
            parts.append(s)
        s = ",".join(parts)
        if self.repeat:
            s += "*"
        if self.mode == DELAY or self.mode == BRONSTEIN:
            s += " " + _MODES[self.mode] + format_time(self.extra)
        elif self.mode == BYOYOMI:
            s += " byo%dx%s" % (self.periods, format_time(self.extra))
        return s

    def stage(self, index):
        """The stage of that index; past the end, the last one (repeated or
        not, the last stage is where the game stays)."""
        n = len(self.stages)
        return self.stages[index if index < n else n - 1]

    def charged(self, spent):
        """The part of `spent` ms that comes off the main time as it runs."""
        if self.mode == DELAY:
            spent -= self.extra  # the delay is free
            return spent if spent > 0 else 0
        return spent

    def budget(self, left, periods):
        """ms a turn may spend with `left` ms of main time: plus the delay,
        or plus `periods` byo-yomi periods (0 while a quota stage runs)."""
        if self.mode == DELAY:
            return left + self.extra
        if self.mode == BYOYOMI:
            return left + periods * self.extra
        return left

    def closed(self, left, spent):
        """The main time after a turn of `spent` ms within its budget, from
        `left` ms: Bronstein refunds up to the delay; below 0 (byo-yomi
        only), the ms the turn ran into the periods."""
        if self.mode == BRONSTEIN:
            return left - spent + (spent if spent < self.extra else self.extra)
        return left - self.charged(spent)

    def on_face(self, left, spent, periods):
        """The ms a face shows when `spent` ms of a turn that began with
        `left` ms of main time and `periods` byo-yomi periods counting have
        run: in byo-yomi, what is left of the current period. Never negative."""
        r = left - self.charged(spent)
        if r <= 0 and self.mode == BYOYOMI:
            over = -r
            return 0 if over // self.extra >= periods else self.extra - over % self.extra
        return r if r > 0 else 0

    def stage_after(self, moves):
        """21.5: (stage, target, stage of the last move) for a side that has
        made `moves` moves: the stage it plays in, the move count that ends
        its quota (0: none) and the stage move `moves` itself belongs to
        (its increment is earned at the press)."""
        k = 0
        done = 0  # moves that complete the stages before k
        while True:
            quota = self.stage(k)[1]
            if not quota or moves < done + quota:
                break
            done += quota
            k += 1
        return k, (done + quota if quota else 0), (k - 1 if k and moves == done else k)


class TimeControl:
    """A parsed control string: one Scheme per side (6.5 allows them to
    differ). str() gives the canonical text, which parses back to an equal
    TimeControl."""

    def __init__(self, red, black):
        self.red = red
        self.black = black

    def scheme(self, side):
        return self.black if side == BLACK else self.red

    def __eq__(self, other):
        return (isinstance(other, TimeControl) and self.red == other.red
                and self.black == other.black)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __str__(self):
        if self.red == self.black:
            return str(self.red)
        return "red=%s;black=%s" % (self.red, self.black)

    def __repr__(self):
        return "TimeControl(%r)" % str(self)


def format_time(ms):
    """Shortest exact text of a duration in the grammar's units: 90m, 30s,
    1m30s (whole seconds only, as the grammar has no smaller unit)."""
    if ms % 60000 == 0 and ms:
        return "%dm" % (ms // 60000)
    if ms >= 60000:
        return "%dm%ds" % (ms // 60000, ms % 60000 // 1000)
    return "%ds" % (ms // 1000)


def parse(text):
    """TimeControl of a control string; ControlError if it is malformed."""
    if not isinstance(text, str):
        raise ControlError("a time control is a string, not %r" % (text,))
    src = "".join(text.split()).lower()
    if not src:
        raise ControlError("empty time control")
    if ";" in src or "=" in src:
        return _parse_odds(src, text)
    return TimeControl(*((_Parser(src, text).scheme(),) * 2))


def _parse_odds(src, text):
    # 6.5 time odds: "red=...;black=...", both sides, each once.
    def fail(what):
        raise ControlError("time control %r: time odds: %s" % (text, what))

    parts = src.split(";")
    if len(parts) != 2:
        fail("two parts are needed, red=...;black=...")
    got = {}
    for part in parts:
        name, eq, rest = part.partition("=")
        if not eq:
            fail("%r should read red=... or black=..." % part)
        if name not in ("red", "black"):
            fail("unknown side %r (red or black)" % name)
        if name in got:
            fail("%s is given twice" % name)
        got[name] = _Parser(rest, text, name).scheme()
    if len(got) != 2:
        fail("both red= and black= are needed")
    return TimeControl(got["red"], got["black"])


class _Parser:
    # Recursive descent over the spaceless, lower-cased text.

    def __init__(self, src, text, who=""):
        self.s = src
        self.i = 0
        self.text = text
        self.who = who

    def fail(self, what):
        where = "%s: " % self.who if self.who else ""
        raise ControlError("time control %r: %s%s" % (self.text, where, what))

    def peek(self):
        return self.s[self.i] if self.i < len(self.s) else ""

    def eat(self, word):
        if self.s.startswith(word, self.i):
            self.i += len(word)
            return True
        return False

    def rest(self):
        # What the parser is looking at, for messages.
        r = self.s[self.i:]
        return repr(r) if r else "the end"

    def scheme(self):
        if not self.s:
            self.fail("no time given")
        stages = [self.stage()]
        while self.eat(","):
            stages.append(self.stage())
        repeat = self.eat("*")
        mode, extra, periods = self.modifier()
        if self.i < len(self.s):
            self.fail("unexpected %s" % self.rest())
        self.check(stages, repeat, mode)
        return Scheme(tuple(stages), repeat, mode, extra, periods)

    def stage(self):
        t = self.time("a stage's time")
        if t == 0:
            self.fail("a stage needs some time, not 0")
        moves = 0
        inc = 0
        if self.eat("/"):
            moves = self.number("a move quota after '/'")
            if not 1 <= moves <= MAX_QUOTA:
                self.fail("a move quota must be 1 to %d, not %d" % (MAX_QUOTA, moves))
        if self.eat("+"):
            inc = self.time("an increment after '+'")
            if inc > MAX_EXTRA:
                self.fail("an increment of more than 1h")
        return (t, moves, inc)

    def modifier(self):
        if self.eat("byo"):
            periods = self.number("a number of byo-yomi periods after 'byo'")
            if not 1 <= periods <= MAX_PERIODS:
                self.fail("byo-yomi periods must be 1 to %d, not %d" % (MAX_PERIODS, periods))
            if not self.eat("x"):
                self.fail("byo-yomi reads byo<periods>x<time>, e.g. byo3x30s")
            return BYOYOMI, self.extra("a byo-yomi period"), periods
        if self.eat("d"):
            return DELAY, self.extra("a delay"), 0
        if self.eat("b"):
            return BRONSTEIN, self.extra("a Bronstein delay"), 0
        return PLAIN, 0, 0

    def extra(self, what):
        t = self.time(what)
        if not 0 < t <= MAX_EXTRA:
            self.fail("%s must be more than 0 and at most 1h" % what)
        return t

    def check(self, stages, repeat, mode):
        # Shapes the grammar accepts but that mean nothing on a clock.
        if len(stages) > MAX_STAGES:
            self.fail("more than %d stages" % MAX_STAGES)
        for k in range(len(stages) - 1):
            if not stages[k][1]:
                self.fail("stage %d has no move quota, so the stages after it "
                          "would never start" % (k + 1))
        last = stages[-1][1]
        if repeat and not last:
            self.fail("'*' repeats the last stage, which needs a move quota (e.g. 10m/10*)")
        if last and not repeat:
            self.fail("the last stage has a move quota: add '*' to repeat it "
                      "or a final stage without one (e.g. 60m/30,30m)")
        if mode != PLAIN:
            for st in stages:
                if st[2]:
                    self.fail("an increment ('+') cannot be combined with %s"
                              % ("byo-yomi" if mode == BYOYOMI else "a delay"))
        if mode == BYOYOMI and repeat:
            self.fail("byo-yomi follows a last stage without a quota, not a repeated one")

    def number(self, what):
        start = self.i
        while self.peek().isdigit():
            self.i += 1
        if start == self.i:
            self.fail("expected %s, found %s" % (what, self.rest()))
        if self.i - start > 6:
            self.fail("number too large: %s" % self.s[start:self.i])
        return int(self.s[start:self.i])

    def time(self, what):
        # number unit { number unit }, units in the order h, m, s.
        if not self.peek().isdigit():
            self.fail("expected %s, found %s" % (what, self.rest()))
        total = 0
        allowed = 0
        while self.peek().isdigit():
            n = self.number(what)
            u = self.peek()
            k = allowed
            while k < len(_UNITS) and _UNITS[k][0] != u:
                k += 1
            if k == len(_UNITS):
                known = [x[0] for x in _UNITS]
                if u in known:
                    self.fail("units out of order at %s (h, then m, then s)" % self.rest())
                self.fail("%d needs a unit (h, m or s), found %s" % (n, self.rest()))
            self.i += 1
            total += n * _UNITS[k][1]
            allowed = k + 1
        if total > MAX_TIME:
            self.fail("%s of more than 24h" % what)
        return total
