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
from link.frame import FrameError, decode  # noqa: E402

PGN_SUFFIXES = (".iccs.pgn", ".wxf.pgn", ".chinese.pgn", ".bare.pgn", ".pgn")
_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$', re.M)


class Unusable(ValueError):
    """Input that is no record at all (exit status 2)."""


class Verdict:
    """What verify found: `ok`; `sealed` (the events carry the chain),
    `seal` ('good', 'unchecked' without a key, 'absent', or None before any
    CONFIRM); on failure `bad_seq` (the event, or None for the file as a
    whole) and `reason`; `events` the number of events; `notes` for
    people."""

    def __init__(self):
        self.ok = True
        self.sealed = False
        self.seal = None
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
        words = ["verified: %d events, chain intact" % self.events]
        words.append({"good": "CONFIRM sealed with the key (art. 9)",
                      "unchecked": "CONFIRM seal not checked (no key given)",
                      "absent": "CONFIRM without a seal (a board without a key)",
                      None: "not confirmed by the arbiter yet (art. 9)"}[self.seal])
        return "; ".join(words + self.notes)


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
            payloads.append(decode(line))
        except FrameError as e:
            first_bad = first_bad or "line %d: %s" % (n, e)
    if first_bad and not payloads:
        raise Unusable("%s is no events file: not one line is a frame (%s)" % (path, first_bad))
    if first_bad:
        raise FrameError(first_bad)
    return payloads


def check_payloads(payloads, key=None):
    """The Verdict of one game's events (payload strings, in file order)."""
    v = Verdict()
    head = bytearray(32)
    expect = 1
    confirmed = 0  # the CONFIRM's number
    for p in payloads:
        try:
            seq, t, kind, fields = ev.decode(p)
        except (ev.EventError, ValueError, IndexError) as e:
            return v.fail(None, "a line that is no event: %r (%s)" % (p[:60], e))
        if seq != expect:
            why = "missing (deleted?)" if seq > expect else "out of order or repeated"
            return v.fail(expect if seq > expect else seq, "event %d %s: found %d after %d" % (
                expect if seq > expect else seq, why, seq, expect - 1))
        expect += 1
        v.events += 1
        if kind == ev.CONFIRM:
            confirmed = seq
            _check_seal(v, head, seq, t, fields, key)
        text, word = chain.split(p)
        if word is None and v.sealed:
            return v.fail(seq, "event %d has no chain word, after events that have one" % seq)
        v.sealed |= word is not None
        if not chain.replayed(head, kind, p):
            return v.fail(seq, "event %d does not match its chain word: edited, or an event before it "
                               "deleted or moved" % seq)
        if not v.ok:
            return v
    if not v.events:
        raise Unusable("no events in the record")
    after = v.events - confirmed if confirmed else 0
    if after:
        v.notes.append("%d event(s) after the CONFIRM (an amended result, art. 9): chained, not sealed" % after)
    if not v.sealed:
        return v.fail(None, "unsealed: no event carries a chain word (a record from before the chain)")
    return v


def _check_seal(v, head, seq, t, fields, key):
    # Art. 9: the arbiter's confirmation seals the record. head: the head
    # before the CONFIRM.
    seal = fields[-1]
    if seal is None:
        v.seal = "absent"
        if key is not None:
            v.fail(seq, "CONFIRM (event %d) carries no seal, and a key was given" % seq)
        return
    if key is None:
        v.seal = "unchecked"
        return
    text = ev.encode(seq, t, ev.CONFIRM, fields[:-1] + (None,))
    if seal != chain.confirm_seal(key, bytes(head), text):
        v.fail(seq, "CONFIRM (event %d): its seal is not the key's: forged, or an event before it edited" % seq)
    else:
        v.seal = "good"


def events_file_of(path):
    """The `.events` file beside a PGN the logger wrote (or None)."""
    path = Path(path)
    for suffix in PGN_SUFFIXES:
        if path.name.lower().endswith(suffix):
            return path.with_name(path.name[: -len(suffix)] + ".events")
    return None


def verify(path, key=None):
    """The Verdict of a record: an `.events` file or a PGN beside one.
    Raises Unusable for input that is no record."""
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
    return check_payloads(payloads, key)


def _check_pgn(v, path, payloads):
    # The PGN must be what its events make: the record rebuilt with the
    # headers the events do not give (Date, Site: the logger's), written in
    # each form the logger writes, one of them the same text.
    from .logger.events import game_from_events
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

