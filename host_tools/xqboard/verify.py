"""Does a game's record say what its board sent? (issue 14: tamper-evident
records; docs/HOST.md, `xqboard verify`; docs/PROTOCOL.md, "The chain").

A record is an `.events` file written by the logger (one frame a line, as
the board sent them), or a PGN the logger wrote beside it
(`<stem>.iccs.pgn`, `.wxf.pgn`, `.chinese.pgn`, `.bare.pgn` next to
`<stem>.events`). A PGN carries no chain itself: it is checked through its
events file, then against the record rebuilt from those events.

The checks, in order; the first that fails names its event:
- every line is a whole frame (its CRC-32 holds) and an event, numbered
  1, 2, 3... from the GAME event: a deleted or reordered event breaks the
  numbering or the chain;
- every event's chain word is the first 64 bits of SHA-256(previous head
  + its text): an edited event breaks it at that event (firmware/game/chain.py);
- once the chain has begun, no event is without its word;
- with the arbiter's key, the CONFIRM's seal (art. 9) is the key's HMAC
  over the head before it and its own text: a record edited and chained
  again by someone without the key fails here.

    >>> from game import events as ev
    >>> head = bytearray(32)
    >>> lines = [ev.seal(head, "GAME", "E 1 0 GAME new red=A black=B"), ev.seal(head, "SETUP", "E 2 5 SETUP ready")]
    >>> check_payloads(lines).ok
    True
    >>> bad = check_payloads([lines[0], lines[1].replace("ready", "wrong")])
    >>> bad.ok, bad.bad_seq, bad.reason
    (False, 2, 'event 2 does not match its chain word: edited, or an event before it deleted or moved')
"""
import re
from pathlib import Path

from .core import FIRMWARE  # noqa: F401  (puts firmware/ on sys.path)

from game import chain  # noqa: E402
from game import events as ev  # noqa: E402
from link import auth  # noqa: E402
from link.frame import FrameError, unframed  # noqa: E402

PGN_SUFFIXES = (".iccs.pgn", ".wxf.pgn", ".chinese.pgn", ".bare.pgn", ".pgn")
_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$', re.M)


class Unusable(ValueError):
    """Input that is no record at all (exit status 2)."""


class Verdict:
    """What verify found: `ok`; `sealed` (the events carry the chain),
    `keyed` (the words are the board's MACs: True checked, None not
    checkable without the key, False plain heads), `seal` ('good',
    'unchecked' without a key, 'absent', or None before any CONFIRM),
    `sealed_to` (the last event a good seal covers, 0 none); on failure
    `bad_seq` (the event, or None for the file as a whole) and `reason`;
    `events` the number of events; `notes` for people."""

    def __init__(self):
        self.ok = True
        self.sealed = False
        self.keyed = False
        self.seal = None
        self.sealed_to = 0
        self.last = 0  # the number of the last event
        self.gaps = 0  # gaps the board named (POWER damaged)
        self.seals = []  # seqs of the events with a good seal of their own
        self.bad_seq = None
        self.reason = ""
        self.events = 0
        self.notes = []

    def fail(self, seq, reason):
        if self.ok:
            self.ok, self.bad_seq, self.reason = False, seq, reason
        return self

    def summary(self):
        if not self.ok:
            return "NOT VERIFIED: " + self.reason
        words = ["verified: %d events, chain intact%s" % (self.events, " but for the gap the board named"
                                                           if self.gaps else "")]
        if self.keyed:
            words.append("every event MACed with the board's key")
        elif self.keyed is None:
            words.append("the words are a keyed board's MACs: checked with the key only (--key-file)")
        words.append({"good": "CONFIRM sealed with the key (art. 9)",
                      "unchecked": "CONFIRM seal not checked (no key given)",
                      "absent": "CONFIRM without a seal (a board without a key)",
                      None: "not confirmed by the arbiter yet (art. 9)"}[self.seal])
        if self.seals:
            words.append("sealed: events 1-%d (the CONFIRM's seal)%s; not sealed: %s" % (
                self.seals[0], "".join(", %d (its own seal)" % n for n in self.seals[1:]),
                "events %d-%d" % (self.sealed_to + 1, self.last) if self.sealed_to < self.last else "none"))
        return "; ".join(words + self.notes)


def header_board(path):
    """(the board's name, its game number) in an `.events` file's `#
    xqboard log: board=... game=...` line (None for either it lacks):
    what a keyed board's MACs are bound to."""
    try:
        with open(path, "rb") as f:
            first = f.readline().decode("utf-8", "replace")
    except OSError:
        return None, None
    board, game = None, None
    for w in first.split() if first.startswith("#") else ():
        if w.startswith("board="):
            board = w[6:]
        elif w.startswith("game=") and w[5:].isdigit() and len(w) <= 25:
            game = int(w[5:])
    return board, game


def read_frames(path):
    """The payloads of an `.events` file (the logger's `#` lines left out).
    A torn last line (a crash while it was written) is left out; any other
    line that is not a whole frame is a FrameError naming its line."""
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise Unusable("cannot read %s: %s" % (path, e.strerror))
    payloads = []
    first_bad = None
    lines = data.splitlines(keepends=True)
    for n, line in enumerate(lines, 1):
        if line.startswith(b"#"):
            continue
        if not line.endswith(b"\n") and n == len(lines):
            break  # torn: the logger stopped mid-write (the board still has it)
        try:
            payloads.append(unframed(line))
        except FrameError as e:
            first_bad = first_bad or "line %d: %s" % (n, e)
    if first_bad and not payloads:
        raise Unusable("%s is no events file: not one line is a frame (%s)" % (path, first_bad))
    if first_bad:
        raise FrameError(first_bad)
    return payloads


# The gap a POWER damaged names: (first, last, the head it resumes from).
_GAPS = {ev.POWER: {"damaged": lambda what, lost, first, last, head, seal: (first, last, head)}}


class Follower:
    """A game's chain checked event by event, in order (verify, and the
    hall's intake: hall/trust.py). `key` the board's, `board` its name
    and `game` the game's number (what a keyed board's MACs bind: an
    event of one game presented as another's fails). take(payload)
    returns None or why the event does not verify; `keyed` tells what the
    words were (see Verdict)."""

    def __init__(self, key=None, board=None, begins=True, game=None):
        self.begins = begins  # the first event must be the game's GAME (a record; the hall: a keyed board)
        self.head = bytearray(32)
        self.mac = auth.Keyed(key, board.encode(), game) if None not in (key, board, game) else None
        self.key = key
        self.game = game
        self.keyed = False
        self.expect = 1
        self.words = False
        self.decided = False
        self.heads = [bytes(32)]  # the head after each event, by number (None: lost on the board)
        self.before = bytes(32)  # the head the last event taken chained on from
        self.gaps = []  # (POWER's seq, first, last, the last of them this copy holds) of each gap the board named

    def undo(self):
        """Back to the state before the last take() (the hall: an event
        that failed its check leaves the chain where it was)."""
        head, self.expect, self.words, self.decided, self.keyed, heads, gaps = self._saved
        self.head[:] = head
        self.heads[heads:] = []
        self.gaps[gaps:] = []

    def take(self, payload, seq, kind):
        self._saved = (bytes(self.head), self.expect, self.words, self.decided, self.keyed, len(self.heads),
                       len(self.gaps))
        resume = self._gap(payload, seq) if kind == ev.POWER else None
        if isinstance(resume, str):
            return resume
        if resume is not None:
            self.head[:] = resume  # the board's chain goes on from the head it names
        elif seq != self.expect:
            why = "missing (deleted?)" if seq > self.expect else "out of order or repeated"
            return "event %d %s: found %d after %d" % (min(seq, self.expect), why, seq, self.expect - 1)
        why = self._take(payload, seq, kind)
        if why is None:
            self.heads[seq:] = [bytes(self.head)]
        return why

    def _gap(self, payload, seq):
        # A POWER damaged that names a gap (docs/PROTOCOL.md, "A gap the
        # board names"): the head it resumes from, why it cannot (a str),
        # or None (no gap named: a record from before, or another POWER).
        try:
            gap = ev.dispatch(_GAPS, ev.POWER, ev.decode(payload)[3])
        except (ev.EventError, ValueError, IndexError):
            return None
        if gap is None or gap[2] is None:
            return None
        first, last, head = gap
        if not (seq == last + 1 and 1 <= first <= self.expect <= seq):
            return ("event %d: POWER damaged names events %d-%d lost, which do not end before it and begin "
                    "within this record (up to %d)" % (seq, first, last, self.expect - 1))
        named = self.heads[first - 1] if first - 1 < len(self.heads) else None
        if named is None or named[:8].hex() != head:
            return ("event %d: POWER damaged resumes from head %s, not event %d's: the board's continuation "
                    "does not follow this record" % (seq, head, first - 1))
        self.gaps.append((seq, first, last, self.expect - 1))
        self.heads[first:] = [None] * (seq - first)  # lost on the board: no later gap resumes from them
        return named

    def _take(self, payload, seq, kind):
        if seq == 1 and kind != ev.GAME and self.begins:
            return "event 1 is a %s, not its game's GAME: a record begins with its game's GAME event" % kind
        if seq > 1 and kind == ev.GAME:
            return ("event %d is a second GAME: two games spliced into one record (a record's chain starts "
                    "at its own game's GAME)" % seq)
        text, word = chain.split(payload)
        if word is None and self.words:
            return "event %d has no chain word, after events that have one" % seq
        self.words |= word is not None
        before = self.before = bytes(self.head)
        plain = ev.seal(self.head, kind, text) == payload
        self.expect = seq + 1
        if word is None:
            return None
        if not self.decided:  # the first word tells what the words are (a journal may begin unsealed)
            self.decided = True
            self.keyed = False if plain else (True if self.mac else None)
            if self.keyed is None and self.key is not None:
                return ("event %d: its word is no plain chain's, and without the board's name and game number "
                        "(the events file's header) its MAC cannot be checked" % seq)
        if self.keyed is None:
            return None  # a keyed board's words, no key: only numbering and seals can be checked
        if self.keyed:
            if chain.split(ev.seal(bytearray(before), kind, text, self.mac))[1] != word:
                return ("event %d: its chain word is not the board's MAC with the key for game %d: forged, "
                        "edited, re-chained without the key, or an event of another game" % (seq, self.game))
            return None
        if not plain:
            return "event %d does not match its chain word: edited, or an event before it deleted or moved" % seq
        return None


# The result the record stands at after an event (for the seals: a tail
# after the last seal that changes it fails, art. 9): (result,) from the
# events that set it, None from the others.
_RESULTS = {
    ev.RESULT: lambda score, article, reason: (score,),
    ev.CONFIRM: lambda score, result_article, red_used, black_used, fouls, article, seal: (score,),
    ev.OVERRULE: {"result": lambda what, score, replaces, by, article, reason, seal: (score,),
                  "annul": lambda what, replaces, by, article: (None,)},
}

# The events a key seals: (their seal, their fields without it, to encode
# the text the seal covers).
_SEALED = {
    ev.CONFIRM: lambda score, result_article, red_used, black_used, fouls, article, seal: (
        seal, (score, result_article, red_used, black_used, fouls, article, None)),
    ev.OVERRULE: {"result": lambda what, score, replaces, by, article, reason, seal: (
        seal, (what, score, replaces, by, article, reason, None))},
    # (the board's, over the gap it names: a record from before names none)
    ev.POWER: {"damaged": lambda what, lost, first, last, head, seal: (
        seal, (what, lost, first, last, head, None)) if head is not None else None},
}


def check_payloads(payloads, key=None, board=None, game=None):
    """The Verdict of one game's events (payload strings, in file order);
    `board` the board's name and `game` the game's number (its `.events`
    file's header), which a keyed board's words bind."""
    v = Verdict()
    follow = Follower(key, board, game=game)
    result, sealed_result = None, None
    result_seq = 0
    stood = {0: (None, 0, 0, None, 0)}  # after each event: (result, its event, sealed_to, sealed result, seals)
    for p in payloads:
        try:
            seq, t, kind, fields = ev.decode(p)
        except (ev.EventError, ValueError, IndexError) as e:
            return v.fail(None, "a line that is no event: %r (%s)" % (p[:60], e))
        gaps = len(follow.gaps)
        why = follow.take(p, seq, kind)
        if why:
            return v.fail(seq if "found" not in why else min(seq, follow.expect), why)
        if len(follow.gaps) > gaps:
            # the board lost events first..: what they decided counts no
            # more, its continuation from the state before them does
            result, result_seq, v.sealed_to, sealed_result, n = stood[follow.gaps[-1][1] - 1]
            v.seals[n:] = []
        v.events += 1
        now = ev.dispatch(_RESULTS, kind, fields)
        if now is not None and (now[0] != result or kind == ev.RESULT):
            result, result_seq = now[0], seq
        sealed = ev.dispatch(_SEALED, kind, fields)
        if sealed is not None and _check_seal(v, follow.before, seq, t, kind, sealed[0], sealed[1], key) \
                and kind != ev.POWER:
            v.sealed_to, sealed_result = seq, result
            v.seals.append(seq)
        if not v.ok:
            return v
        stood[seq] = (result, result_seq, v.sealed_to, sealed_result, len(v.seals))
    if not v.events:
        raise Unusable("no events in the record")
    v.last = follow.expect - 1
    v.notes += [_gap_note(g, key) for g in follow.gaps]
    v.gaps = len(follow.gaps)
    v.sealed, v.keyed = follow.words, follow.keyed
    if not v.sealed:
        return v.fail(None, "unsealed: no event carries a chain word (a record from before the chain)")
    if key is not None:
        _check_sealed_result(v, result, result_seq, sealed_result)
    elif v.seal and v.last > max(v.seals or [0]):
        v.notes.append("%d event(s) after the last seal" % (v.last - max(v.seals or [0])))
    return v


def _gap_note(gap, key):
    # What verify says of a gap the board named (docs/PROTOCOL.md, "A gap
    # the board names").
    seq, first, last, held = gap
    how = "sealed with the key" if key is not None else "its seal not checked (no key given)"
    if held >= first:
        return ("events %d-%d lost on the board's flash (POWER damaged, event %d, %s): this copy holds events "
                "%d-%d of them, verified up to %d, and the board's continuation from event %d's head verified"
                % (first, last, seq, how, first, held, held, first - 1))
    return ("events %d-%d lost on the board's flash (POWER damaged, event %d, %s): the gap named, the board's "
            "continuation from event %d's head verified" % (first, last, seq, how, first - 1))


def _check_sealed_result(v, result, result_seq, sealed_result):
    # With the key, a result counts only under a seal (art. 9): the
    # record's result must be the one its last good seal covers.
    if result is None:
        return
    if not v.sealed_to:
        v.fail(result_seq, "the result %s (event %d) is under no sealed CONFIRM: not confirmed by the arbiter, "
                           "or its CONFIRM cut off (art. 9)" % (result, result_seq))
    elif result != sealed_result:
        v.fail(result_seq, "event %d after the last seal (event %d) changes the result %s to %s without a seal "
                           "of its own (art. 9)" % (result_seq, v.sealed_to, sealed_result, result))


def _check_seal(v, head, seq, t, kind, seal, unsealed, key):
    # Art. 9: the arbiter's confirmation, and each amendment after it,
    # seals the record. head: the head before the event; unsealed: its
    # fields with no seal. True: a good seal.
    if seal is None:
        if kind == ev.CONFIRM:
            v.seal = "absent"
            if key is not None:
                v.fail(seq, "CONFIRM (event %d) carries no seal, and a key was given" % seq)
        elif kind == ev.POWER and key is not None:
            v.fail(seq, "POWER damaged (event %d) names a gap without the board's seal, and a key was given: "
                        "events cut out of the record?" % seq)
        return False
    if key is None:
        if kind != ev.POWER:
            v.seal = v.seal or "unchecked"
        return False
    text = ev.encode(seq, t, kind, unsealed)
    if seal != chain.confirm_seal(key, head, text):
        v.fail(seq, "%s (event %d): its seal is not the key's: forged, or an event before it edited" % (kind, seq))
        return False
    if kind == ev.CONFIRM:
        v.seal = "good"
    return True


def events_file_of(path):
    """The `.events` file beside a PGN the logger wrote (or None)."""
    path = Path(path)
    for suffix in PGN_SUFFIXES:
        if path.name.lower().endswith(suffix):
            return path.with_name(path.name[: -len(suffix)] + ".events")
    return None


def verify(path, key=None):
    """The Verdict of a record: an `.events` file or a PGN beside one.
    `key`: the key (bytes), or each board's ({device: key}, the event's
    key file: the record's board's, its header's). Raises Unusable for
    input that is no record."""
    path = Path(path)
    if not path.is_file():
        raise Unusable("no such file: %s" % path)
    if path.name.lower().endswith(".pgn"):
        events = events_file_of(path)
        if events is None or not events.is_file():
            return Verdict().fail(None, "a PGN alone carries no chain: no %s beside it" % (
                events.name if events else "events file"))
        v = verify(events, key)
        if v.ok:
            _check_pgn(v, path, read_frames(events))
        return v
    try:
        payloads = read_frames(path)
    except FrameError as e:
        return Verdict().fail(None, "%s fails its checksum: edited by hand? (%s)" % (path.name, e))
    board, game = header_board(path)
    if isinstance(key, dict):
        if key.get(board) is None:
            return Verdict().fail(None, "the key file holds no key for board %s (the events file's header): "
                                        "its record cannot be checked with the key" % board)
        key = key[board]
    return check_payloads(payloads, key, board, game)


def _check_pgn(v, path, payloads):
    # The PGN must be what its events make: the record rebuilt with the
    # headers the events do not give (Date, Site: the logger's), written in
    # each form the logger writes, one of them the same text.
    from .logger.builder import game_from_events
    from .record import write_pgn

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise Unusable("cannot read %s: %s" % (path, e))
    pairs = _tags(text)
    games = sum(1 for k, _ in pairs if k == "Game")
    if games != 1:
        v.fail(None, "%s holds %d games; the logger writes one" % (path.name, games))
        return
    tags = dict(pairs)
    fmt = tags.get("Format", "ICCS")
    made = dict(_tags(write_pgn(game_from_events(payloads), fmt)))
    for k, value in made.items():
        if k != "Date" and tags.get(k) != value:
            v.fail(None, "%s: [%s %r], its events say %r" % (path.name, k, tags.get(k), value))
            return
    game = game_from_events(payloads, {k: x for k, x in tags.items() if k not in made})
    for form in _forms(fmt):
        if _same(write_pgn(game, fmt, **form), text):
            return
    v.fail(None, "%s: the moves or comments differ from its events" % path.name)


def _tags(text):
    # (name, value) of each PGN tag, in order
    return [(k, v.replace('\\"', '"')) for k, v in _TAG.findall(text)]


def _forms(fmt):
    # the logger's forms: full, bare; Chinese in its four styles (7.5)
    styles = [{}]
    if fmt.lower() == "chinese":
        styles = [dict(traditional=a, abbreviated=b) for a in (False, True) for b in (False, True)]
    return [dict(s) for s in styles] + [dict(s, clocks=False, comments=False) for s in styles]


def _same(a, b):
    return re.sub(r"\s+", " ", a).strip() == re.sub(r"\s+", " ", b).strip()

