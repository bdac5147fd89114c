"""The one decoder of what reaches the hall from the broker: every event
envelope, retained state and replay request is read here, bounded, and
either comes out as typed values or raises Malformed with the reason. The
network is hostile (docs/HALL.md, "Security"): nothing here may raise
anything else, whatever the bytes.

    >>> kind, env = decode("xqboard/log/pc1/events", Envelope("b1", 2, 1, "E 1 0 GAME new", logger="pc1").to_json())
    >>> kind, env.key
    ('events', ('b1', 2, 1))
    >>> decode("xqboard/log/pc1/state/b1", '{"device":"b1","game":1e400,"seq":3}')
    Traceback (most recent call last):
    ...
    xqboard.hall.wire.Malformed: game: inf is no whole number
    >>> decode("xqboard/log/pc2/events", Envelope("b1", 2, 1, "E 1 0 GAME new", logger="pc1").to_json())
    Traceback (most recent call last):
    ...
    xqboard.hall.wire.Malformed: logger: 'pc1' on the topic of pc2

Its callers (Subscriber.step, LocalBus, Publisher's replay answers) hand
what it returns on and count what it refuses (Intake.refuse: dropped,
counted, logged with its topic, acknowledged; the loop goes on).
"""
import json
import math

from ..boardlink import Event
from .envelope import Envelope, topic_logger
from link.frame import MAX_LINE  # noqa: E402  (firmware/ on sys.path through boardlink)

MAX_PAYLOAD = 4096  # bytes: an envelope is ~250 (a line of at most MAX_LINE, its key and placement)
MAX_NAME = 64  # characters of a device, board, tournament, round or logger name
MAX_NUMBER = 2 ** 31 - 1  # a game number or seq (the board counts in small ints)
PHASES = ("idle", "setup", "playing", "paused", "over", "confirmed")
LINKS = ("up", "down", "silent")  # a board's link as its logger sees it (sink.BoardState)
MAX_WORDS = 16  # words of a desk command (a `new` has 13 at most)
MAX_WORD = 200  # characters of one (a FEN word: 112 bytes of UTF-8 on the link at most)
# The commands the desk may send down the broker: every keyed command a
# board takes (docs/PROTOCOL.md, "Host to board"); the logger forwards no other.
DESK_COMMANDS = ("confirm", "result", "annul", "adjust", "penalty", "foul", "unfoul", "pause", "resume",
                 "correct", "new", "setup", "start", "offer", "accept", "claim", "resign", "forfeit")


class Malformed(ValueError):
    """A message that is no message of this protocol (dropped, counted)."""


def _reject_constant(name):
    raise Malformed("%s is no JSON number" % name)


def json_object(payload, limit=MAX_PAYLOAD):
    """The JSON object of a message of at most `limit` bytes, or Malformed
    (also hall/publicfeed.py's, whose messages hold many rows)."""
    if isinstance(payload, str):
        payload = payload.encode("utf-8", "surrogatepass")
    if len(payload) > limit:
        raise Malformed("%d bytes, at most %d" % (len(payload), limit))
    try:
        d = json.loads(payload.decode("utf-8"), parse_constant=_reject_constant)
    except Malformed:
        raise
    except (UnicodeError, ValueError, RecursionError) as e:
        raise Malformed("no JSON: %s" % str(e)[:80])
    if not isinstance(d, dict):
        raise Malformed("a JSON %s, not an object" % type(d).__name__)
    return d


def number(d, name, low=0, default=None):
    v = d.get(name, default)
    if isinstance(v, bool) or not isinstance(v, int):
        raise Malformed("%s: %s is no whole number" % (name, _show(v)))
    if not low <= v <= MAX_NUMBER:
        raise Malformed("%s: %s out of %d..%d" % (name, _show(v), low, MAX_NUMBER))
    return v


def name(d, key, default=None, empty=False):
    v = d.get(key, default)
    if v is None and default is None and empty:
        return None
    if not isinstance(v, str):
        raise Malformed("%s: %s is no name" % (key, _show(v)))
    if len(v) > MAX_NAME or (not v and not empty) or any(ord(c) < 32 or ord(c) == 127 for c in v):
        raise Malformed("%s: %s is no name (1-%d printable characters)" % (key, _show(v), MAX_NAME))
    return v


def _time(d, key):
    v = d.get(key, 0.0)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise Malformed("%s: %s is no time" % (key, _show(v)))
    return float(v)


def _line(d, seq):
    v = d.get("line")
    if not isinstance(v, str) or not v or len(v.encode("utf-8", "surrogatepass")) > MAX_LINE:
        raise Malformed("line: %s is no line of at most %d bytes" % (_show(v), MAX_LINE))
    try:
        e = Event(v)
    except (ValueError, IndexError, TypeError, KeyError) as x:  # EventError is a ValueError
        raise Malformed("line: no event of the schema (%s)" % str(x)[:80])
    if e.seq != seq:
        raise Malformed("line: event %d in the envelope of seq %d" % (e.seq, seq))
    return v


def _show(v):
    return repr(v)[:40]


def _events(topic, d):
    # An event envelope (envelope.Envelope): its logger is the topic's.
    owner = topic_logger(topic)
    logger = name(d, "logger")
    if logger != owner:
        raise Malformed("logger: %s on the topic of %s" % (_show(logger), owner))
    device = name(d, "device")
    seq = number(d, "seq", low=1)
    return Envelope(device, number(d, "game"), seq, _line(d, seq), board=name(d, "board", default=device),
                    tournament=name(d, "tournament", default="-"), round=name(d, "round", default="-"),
                    logger=logger, at=_time(d, "at"))


def _state(topic, d):
    # A board's retained state (sink.BoardState): what the intake reads of it.
    owner = topic_logger(topic)
    device = name(d, "device")
    if topic.rsplit("/", 1)[1] != device:
        raise Malformed("device: %s on the state topic of %s" % (_show(device), topic.rsplit("/", 1)[1]))
    logger = name(d, "logger", default=owner)
    if logger != owner:
        raise Malformed("logger: %s on the topic of %s" % (_show(logger), owner))
    link = d.get("link")
    if link is not None and link not in LINKS:
        raise Malformed("link: %s is none of %s" % (_show(link), ", ".join(LINKS)))
    return {"device": device, "game": number(d, "game"), "seq": number(d, "seq"), "logger": logger,
            "link": link, "heard": _time(d, "heard"), "phase": d.get("phase") if d.get("phase") in PHASES else None,
            "board": name(d, "board", empty=True) or None,
            "ready": d.get("ready") is True}


def _words(d, key, limit=MAX_WORDS, bytes_at_most=MAX_LINE):
    v = d.get(key)
    if not isinstance(v, list) or not 1 <= len(v) <= limit:
        raise Malformed("%s: %s is no list of 1-%d words" % (key, _show(v), limit))
    for w in v:
        if (not isinstance(w, str) or not w or len(w) > MAX_WORD
                or any(ord(c) <= 32 or ord(c) == 127 for c in w)):
            raise Malformed("%s: %s is no word (1-%d printable characters, no space)" % (key, _show(w), MAX_WORD))
    if len(" ".join(v).encode("utf-8", "surrogatepass")) > bytes_at_most:
        raise Malformed("%s: more than %d bytes" % (key, bytes_at_most))
    return v


def _hex(d, key, n):
    v = d.get(key)
    if not isinstance(v, str) or len(v) != n or any(c not in "0123456789abcdef" for c in v):
        raise Malformed("%s: %s is no %d lower-case hex digits" % (key, _show(v), n))
    return v


def _command(topic, d):
    # The desk's command for one board of this logger (hall/desk.py): ask
    # for a ticket (the logger's command id and the board's nonce), then
    # send it signed. The logger cannot check the MAC (it holds no key):
    # the board does.
    step = d.get("step")
    out = {"step": step, "req": name(d, "req"), "device": name(d, "device")}
    if step == "ask":
        out["words"] = _words(d, "words")
        if out["words"][0] not in DESK_COMMANDS:
            raise Malformed("words: %s is no command the desk sends" % _show(out["words"][0]))
    elif step == "sign":
        out["cid"] = number(d, "cid", low=1)
        out["mac"] = _hex(d, "mac", 16)
    else:
        raise Malformed("step: %s is neither ask nor sign" % _show(step))
    return out


def _answer(topic, d):
    # A logger's answer to the desk: the ticket to sign, or the board's reply.
    step = d.get("step")
    out = {"step": step, "req": name(d, "req"), "device": name(d, "device"), "logger": topic_logger(topic),
           "cid": number(d, "cid")}
    if step == "ticket":
        out["nonce"] = name(d, "nonce")
        p = d.get("payload")
        if not isinstance(p, str) or not p.startswith("C %d " % out["cid"]) or len(p.encode("utf-8")) > MAX_LINE:
            raise Malformed("payload: %s is no command %d" % (_show(p), out["cid"]))
        out["payload"] = p
    elif step == "reply":
        out["reply"] = _words(d, "reply", limit=120)
        out["game"] = number(d, "game", default=0)
    else:
        raise Malformed("step: %s is neither ticket nor reply" % _show(step))
    return out


def _presence(topic, d):
    up = d.get("up")
    if not isinstance(up, bool):
        raise Malformed("up: %s is no true or false" % _show(up))
    return {"logger": topic_logger(topic), "up": up, "at": _time(d, "at")}


def _replay(topic, d):
    return name(d, "device"), number(d, "game"), number(d, "since")


KINDS = {"events": _events, "state": _state, "replay": _replay, "command": _command, "answer": _answer,
         "presence": _presence}


def kind_of(topic):
    """Which message a topic carries: 'events', 'state', 'replay',
    'command', 'answer', 'presence' or None."""
    parts = topic.split("/") if isinstance(topic, str) else []
    if len(parts) == 4 and parts[1] == "log" and parts[3] in ("events", "answer", "presence"):
        return parts[3]
    if len(parts) == 5 and parts[1] == "log" and parts[3] == "state":
        return "state"
    if len(parts) == 4 and parts[1] == "ctl" and parts[3] in ("replay", "command"):
        return parts[3]
    return None


def decode(topic, payload):
    """(kind, value) of one message; Malformed says why not."""
    kind = kind_of(topic)
    if kind is None:
        raise Malformed("no topic of the hall")
    return kind, KINDS[kind](topic, json_object(payload))

