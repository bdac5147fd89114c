"""The host's end of the board's serial link (docs/PROTOCOL.md).

`BoardLink` turns the bytes a board sends into its event log, in order,
each event exactly once, whatever the cable did: a corrupted or torn line
fails its checksum and is dropped; a duplicate is recognised by its sequence
number; a gap (a lost line, a reconnect, a host restart) is filled by asking
the board for every event from the first missing one on (`since`).

    >>> link = BoardLink(key=b"secret")
    >>> link.feed(b"H proto=2 fw=0.1.0 id=b1 nonce=7 game=1 seq=0 phase=idle*b86c3759\\n")
    []
    >>> link.greeting["id"]
    'b1'
    >>> [e.get("red") for e in link.feed(b"E 1 0 GAME new red=ZHANG_San*f3913bd8\\n")]
    ['ZHANG San']

Events are decoded with the board's own schema (firmware/game/events.py):

    >>> e = Event("E 3 4000 MOVE 1 h2e2 red at=3800 check")
    >>> e.kind, e.get("move"), e.get("side"), e.get("at"), e.get("check")
    ('MOVE', 'h2e2', 0, 3800, 'check')

It owns no port: give it what you read, send what it returns
(`command()`, `requests()`). xqboard.logger.session and xqboard.api wire
it to pyserial.
"""
from .core import FIRMWARE  # noqa: F401  (puts firmware/ on sys.path)

from game import events as schema  # noqa: E402
from link import auth  # noqa: E402
from link.frame import FrameError, LineReader, unframed, framed  # noqa: E402
from xq.pieces import BLACK, RED, side_name  # noqa: E402


class Event:
    """One event of a board's log, decoded (game/events.py): `seq`, `t`,
    `kind`, `fields` (typed values) and the `payload` text it came in."""

    __slots__ = ("seq", "t", "kind", "fields", "payload", "_named")

    def __init__(self, payload):
        self.seq, self.t, self.kind, self.fields = schema.decode(payload)
        self.payload = payload
        self._named = None

    @property
    def named(self):
        """{field name: value} of the event."""
        if self._named is None:
            self._named = dict(zip(schema.field_names(self.kind, self.fields), self.fields))
        return self._named

    def get(self, name, default=None):
        """The value of the field `name` (`default` when absent); KeyError
        for a name the event's variant has no field of (a misspelt name is
        an error, not None). Code of this project takes fields by handler
        tables instead (game/events.py, dispatch): this is for scripts."""
        named = self.named
        if name not in named:
            raise KeyError("%s has no field %r (its fields: %s)" % (self.kind, name, ", ".join(named) or "none"))
        v = named[name]
        return default if v is None else v

    def describe(self):
        """The fields for people: `key=value` where the wire keys them,
        sides by name, absent ones left out (`red natural rounds=3 4.2.4`)."""
        return self.describe_in(ENGLISH)[0]

    def describe_in(self, *tongues):
        """The fields for people, one text per Tongue, from one walk over
        the schema's field specs (record/bilingual.py's CHINESE beside
        ENGLISH gives the record's notes in both languages)."""
        words = tuple([] for _ in tongues)
        for spec, v in zip(schema.fields_of(self.kind, self.fields), self.fields):
            if v is None:
                continue
            if spec == "side":
                said = [t.sides[v] for t in tongues]
            elif spec.endswith("="):
                name = spec.strip("#").rstrip("=")
                said = [t.keyed % (t.names.get(name, name), v) for t in tongues]
            elif spec == "*ruling":
                said = [t.ruling(v) for t in tongues]
            else:  # a word of the schema (what:, by:, ?flag), or a value: a point, a number, an article
                said = [t.words.get(str(v), str(v)) for t in tongues]
            for out, t, w in zip(words, tongues, said):
                if v not in t.left_out:
                    out.append(w)
        return tuple(" ".join(w) for w in words)

    def __repr__(self):
        return "Event(%r)" % self.payload

    def __eq__(self, other):
        return isinstance(other, Event) and other.payload == self.payload


class Tongue:
    """The phrases of one language for an event's fields (Event.describe_in):
    `sides` {side: name}, `keyed` the format of a keyed field (its name,
    its value) with `names` {field name: its name here}, `words` {schema
    word: its word here}, `ruling` the words of an arbiter's ruling text,
    `left_out` values not written (None always)."""

    __slots__ = ("sides", "keyed", "names", "words", "ruling", "left_out")

    def __init__(self, sides, keyed, names=None, words=None, ruling=str, left_out=()):
        self.sides, self.keyed, self.ruling = sides, keyed, ruling
        self.names, self.words = names or {}, words or {}
        self.left_out = (None,) + tuple(left_out)


# the protocol's own words: sides as the wire names them, keyed fields as `key=value`
ENGLISH = Tongue({s: side_name(s) for s in (RED, BLACK)}, "%s=%s")


def is_event(payload):
    """Whether a line the board sent is an event (`E ...`)."""
    return payload[:2] == "E "


def greeting_fields(payload):
    """{key: value} of a greeting line `H key=value...` (values unescaped
    as the events' text values are)."""
    out = {}
    for w in payload.split()[1:]:
        if "=" in w:
            k, v = w.split("=", 1)
            out[k] = schema.unescape(v)
    return out


class BoardLink:
    def __init__(self, key=None):
        self.key = key
        self.reader = LineReader()
        self.greeting = {}
        self.games = []  # one list of Events per game seen, in order
        self.events = []  # the current game's events, contiguous from seq 1
        self.ahead = {}  # events past a gap, by seq, until the gap is filled
        self.replies = {}  # command id -> reply words
        self.errors = []  # what the board said it could not read (X lines)
        self.bad_lines = 0  # lines from the board that failed their check
        self._cid = 0
        self.asked = None  # the `since` we asked for and have not had answered (its first seq)
        self.asked_id = None  # that `since`'s command id: only its own reply ends it

    # -- what the board sends --------------------------------------------------

    def feed(self, data):
        """Reads bytes from the board; returns the events that became part
        of the log (in order, each once)."""
        out = []
        for line in self.reader.feed(data):
            if line is None:
                self.bad_lines += 1
                continue
            try:
                out += self.take_line(unframed(line))
            except FrameError:  # the frame's check failed (a payload the schema cannot read: take_line)
                self.bad_lines += 1
        return out

    def take_line(self, payload):
        """One line the board sent (its payload, the frame checked); returns
        the events that became part of the log. The link's own lines are
        read here; an event's is read by the schema (Event)."""
        kind = payload[:2]
        if kind == "H ":
            self.greeting = greeting_fields(payload)
            # Signed command ids must rise within the board's session, even
            # when this host has restarted.
            self._cid = max(self._cid, int(self.greeting.get("cmd", "0") or 0))
        elif kind == "A ":
            words = payload.split()
            self.replies[int(words[1])] = words[2:]
            # (the reply to a `since` it replaced is not: the board ends a
            # `since` when a newer one comes, and answers it with what it sent)
            if self.asked is not None and int(words[1]) == self.asked_id and words[2:4] == ["ok", "since"]:
                self.asked = None
        elif kind == "X ":
            self.errors.append(payload[2:])
        elif is_event(payload):
            try:
                return self.add_event(Event(payload))
            except (ValueError, IndexError):
                self.bad_lines += 1
        return []

    def add_event(self, e):
        """Takes an Event into the log, in order, once; returns the events
        that became part of the log."""
        if e.kind == schema.GAME and e.seq == 1:
            # A new game: its log starts again at 1.
            if self.events:
                self.games.append(self.events)
            self.events = []
            self.ahead = {}
        expected = len(self.events) + 1
        if e.seq < expected:
            return []  # a duplicate (a replay overlapping what we had)
        if e.seq > expected:
            self.ahead[e.seq] = e
            return []
        out = [e]
        self.events.append(e)
        while len(self.events) + 1 in self.ahead:
            nxt = self.ahead.pop(len(self.events) + 1)
            self.events.append(nxt)
            out.append(nxt)
        return out

    # -- what the host sends -----------------------------------------------------

    def gap(self):
        """The first missing sequence number if the log has a hole (or the
        greeting says the board has more), else None."""
        if self.ahead:
            return len(self.events) + 1
        last = int(self.greeting.get("seq", "0") or 0)
        if last > len(self.events):
            return len(self.events) + 1
        return None

    def requests(self):
        """Frames to send now: a `since` for the first gap, if there is one
        and no `since` is unanswered.

        One at a time: the board answers a `since` from its first seq to
        its last event, so it covers every later gap too, and a newer one
        ends it and starts the board reading its journal from the start
        again. Asking anew whenever the gap moved (each event of the
        answer moves it) or an older `since` was answered made, on a slow
        machine, thousands of requests of which none was answered to the
        end (stop 35). ask_again() after a timeout without progress."""
        first = self.gap()
        if first is None or self.asked is not None:
            return []
        self.asked = first
        frame = self.command(["since", str(first)], sign=False)
        self.asked_id = self._cid
        return [frame]

    def ask_again(self):
        """Forget an unanswered `since`, so requests() asks it again (call
        after a timeout: the request or its answer may have been lost)."""
        self.asked = None

    def command(self, words, sign=True):
        """The frame of a command; signed with the arbiter's key (the
        board's boot nonce from its greeting) when `sign`."""
        payload = "C %d %s" % (self.reserve(), " ".join(words))
        if sign:
            if self.key is None:
                raise ValueError("no arbiter key: this command needs one")
            payload += " mac=" + auth.mac(self.key, self.greeting.get("nonce", "0"), payload)
        return framed(payload)

    def reserve(self):
        """The next command id, taken for a command signed elsewhere (the
        arbiter's desk: hall/door.py). One allocator per board, the
        console's and the desk's alike: signed ids must rise."""
        self._cid += 1
        return self._cid

    @property
    def last_command_id(self):
        return self._cid

    def hello(self):
        return self.command(["hello"], sign=False)
