"""The host's end of the board's serial link (docs/PROTOCOL.md).

`BoardLink` turns the bytes a board sends into its event log, in order,
each event exactly once, whatever the cable did: a corrupted or torn line
fails its checksum and is dropped; a duplicate is recognised by its sequence
number; a gap (a lost line, a reconnect, a host restart) is filled by asking
the board for every event from the first missing one on (`since`).

    >>> link = BoardLink(key=b"secret")
    >>> link.feed(b"H proto=1 fw=0.1.0 id=b1 nonce=7 game=1 seq=0 phase=idle*febe023d\\n")
    []
    >>> link.greeting["id"]
    'b1'

It owns no port: give it what you read, send what it returns
(`command()`, `requests()`). xqboard.logger.session and xqboard.api wire
it to pyserial.
"""
from .core import FIRMWARE  # noqa: F401  (puts firmware/ on sys.path)

from link import auth  # noqa: E402
from link.frame import FrameError, LineReader, decode, encode  # noqa: E402


class Event:
    """One event of a board's log: `E <seq> <t> <KIND> <args...>`."""

    __slots__ = ("seq", "t", "kind", "args", "payload")

    def __init__(self, payload):
        words = payload.split()
        self.seq = int(words[1])
        self.t = int(words[2])
        self.kind = words[3]
        self.args = words[4:]
        self.payload = payload

    def arg(self, key, default=None):
        """The value of a `key=value` argument."""
        for a in self.args:
            if a.startswith(key + "="):
                return a[len(key) + 1:]
        return default

    def __repr__(self):
        return "Event(%r)" % self.payload

    def __eq__(self, other):
        return isinstance(other, Event) and other.payload == self.payload


class BoardLink:
    def __init__(self, key=None):
        self.key = key
        self.reader = LineReader()
        self.greeting = {}
        self.games = []  # one list of Events per game seen, in order
        self.events = []  # the current game's events, contiguous from seq 1
        self._ahead = {}  # events past a gap, by seq, until the gap is filled
        self.replies = {}  # command id -> reply words
        self.errors = []  # what the board said it could not read (X lines)
        self.bad_lines = 0  # lines from the board that failed their check
        self._cid = 0
        self._asked = None  # the `since` we asked for and have not had answered

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
                payload = decode(line)
            except FrameError:
                self.bad_lines += 1
                continue
            out += self._payload(payload)
        return out

    def _payload(self, payload):
        kind = payload[:2]
        if kind == "E ":
            try:
                return self._event(Event(payload))
            except (ValueError, IndexError):
                self.bad_lines += 1
                return []
        if kind == "H ":
            self.greeting = dict(w.split("=", 1) for w in payload.split()[1:] if "=" in w)
            # Signed command ids must rise within the board's session, even
            # when this host has restarted.
            self._cid = max(self._cid, int(self.greeting.get("cmd", "0") or 0))
        elif kind == "A ":
            words = payload.split()
            self.replies[int(words[1])] = words[2:]
            if self._asked is not None and words[2:3] == ["ok"] and words[3:4] == ["since"]:
                self._asked = None
        elif kind == "X ":
            self.errors.append(payload[2:])
        return []

    def _event(self, e):
        if e.kind == "GAME" and e.seq == 1:
            # A new game: its log starts again at 1.
            if self.events:
                self.games.append(self.events)
            self.events = []
            self._ahead = {}
        expected = len(self.events) + 1
        if e.seq < expected:
            return []  # a duplicate (a replay overlapping what we had)
        if e.seq > expected:
            self._ahead[e.seq] = e
            return []
        out = [e]
        self.events.append(e)
        while len(self.events) + 1 in self._ahead:
            nxt = self._ahead.pop(len(self.events) + 1)
            self.events.append(nxt)
            out.append(nxt)
        return out

    # -- what the host sends -----------------------------------------------------

    def gap(self):
        """The first missing sequence number if the log has a hole (or the
        greeting says the board has more), else None."""
        if self._ahead:
            return len(self.events) + 1
        last = int(self.greeting.get("seq", "0") or 0)
        if last > len(self.events):
            return len(self.events) + 1
        return None

    def requests(self):
        """Frames to send now: a `since` for the first gap, if any and not
        already asked."""
        first = self.gap()
        if first is None or first == self._asked:
            return []
        self._asked = first
        return [self.command(["since", str(first)], sign=False)]

    def ask_again(self):
        """Forget an unanswered `since`, so requests() asks it again (call
        after a timeout: the request or its answer may have been lost)."""
        self._asked = None

    def command(self, words, sign=True):
        """The frame of a command; signed with the arbiter's key (the
        board's boot nonce from its greeting) when `sign`."""
        self._cid += 1
        payload = "C %d %s" % (self._cid, " ".join(words))
        if sign:
            if self.key is None:
                raise ValueError("no arbiter key: this command needs one")
            payload += " mac=" + auth.mac(self.key, self.greeting.get("nonce", "0"), payload)
        return encode(payload)

    @property
    def last_command_id(self):
        return self._cid

    def hello(self):
        return self.command(["hello"], sign=False)
