# The game's events: one schema, shared by the board and the host
# (docs/PROTOCOL.md, "Events").
#
# An event is (seq, t, kind, fields): its number in the game's log, the
# board time in ms, its KIND, and a tuple of typed values, one per field of
# the kind's declaration below. On the wire it is one line of text:
#
#     E 7 1500 MOVE 1 h2e2 red at=1200 capture
#
# encode() and decode() are the only code that writes or reads that text
# (with decode()'s quick path for a journal's MOVE and PRESS records,
# game/fastdecode.py, loaded with store/recovery.py alone); framing (the
# CRC, the length limit) is link/frame.py's.
#
# Each kind declares its fields once, in wire order, on its line of SCHEMA
# below; a kind with variants has a line per variant, each named by a
# literal word. A field is:
#   name        a text value written as one word
#   #name       a whole number
#   side        a side: RED or BLACK (xq/pieces.py), written red/black
#   article     the article of the rules that applies (4.1.8), or None:
#               read only if the word starts with a digit
#   name=       a text value written name=value (#name= a number); None
#               (not written) when absent
#   ?word       a flag: the word itself when present, else None
#   *name       the rest of the line: text whose spaces stay spaces (only
#               `_` and `%` escaped); fields after it are read from the end
#   name:word   the literal word that names a variant (its value: word)
# A text value's spaces are written `_`, a `_` is `%5F` and a `%` is
# `%25`; any other character, UTF-8 included, is written as itself.
#
#     >>> line = encode(3, 4000, MOVE, (1, "h2e2", 0, 3800, None, "check", None))
#     >>> line
#     'E 3 4000 MOVE 1 h2e2 red at=3800 check'
#     >>> decode(line)
#     (3, 4000, 'MOVE', (1, 'h2e2', 0, 3800, None, 'check', None))
#     >>> encode(9, 9000, RESULT, ("1-0", "4.1.12", "resigned black"))
#     'E 9 9000 RESULT 1-0 4.1.12 resigned black'
#     >>> decode(encode(1, 0, GAME, ("new", "城市杯", "3", "5", "张 三") + (None,) * 9))[3][4]
#     '张 三'
#
# Lines of protocol 1 (journals and logs written before protocol 2) decode
# the same way: protocol 2 only added the `%` escapes.
#
# The game's emitted events end with a chain word, `%h` and 16 hex digits
# (the first 64 bits of the chain's head, game/chain.py):
#
#   E 7 1500 MOVE 1 h2e2 red at=1200 capture %h3fa9c2e1d0b7a655
#
# encode() writes the canonical text without it, which is what the chain
# hashes; decode() reads an event with or without it (a record from before
# the chain: "unsealed"). No value can end in such a word: text values
# write `%` only as `%25` or `%5F`.
import hashlib
from binascii import hexlify

from xq.pieces import side_name, side_of

CHAIN_MARK = "%h"  # starts the chain word
CHAIN_HEX = 16  # 64 bits of the head (why: game/chain.py)
CHAIN_BYTES = 1 + len(CHAIN_MARK) + CHAIN_HEX  # what the word adds to an event's text
CHAIN_START = bytes(32)  # the head before a game's GAME event

# The kinds (the word on the wire).
GAME = "GAME"
SETUP = "SETUP"
START = "START"
MOVE = "MOVE"
PRESS = "PRESS"
NOPRESS = "NOPRESS"
TOUCH = "TOUCH"
ALERT = "ALERT"
RESTORED = "RESTORED"
FOUL = "FOUL"
FLAG = "FLAG"
LATE = "LATE"
OFFER = "OFFER"
CLAIM = "CLAIM"
LIMIT = "LIMIT"
REPETITION = "REPETITION"
PENALTY = "PENALTY"
PAUSE = "PAUSE"
RESUME = "RESUME"
ADJUST = "ADJUST"
CORRECT = "CORRECT"
VERDICT = "VERDICT"
RESULT = "RESULT"
CONFIRM = "CONFIRM"
OVERRULE = "OVERRULE"
POWER = "POWER"
BATTERY = "BATTERY"

# The schema, a line per variant: the kind, then its fields. (Text, not
# tuples: a string stays whole in the heap, ~2 KB less on the board, and it
# reads as the table in docs/PROTOCOL.md does.)
SCHEMA = b"""
GAME what:new event= round= board= red= black= tc= level= policy= fen= #limit= #late= #red_no= #black_no=
SETUP what:wrong put= clear=
SETUP what:ready
SETUP what:confirmed by=
START side article
MOVE #ply move side #at= ?capture ?check ?suicide
PRESS side #red_ms #black_ms ?stage article
NOPRESS side reason
TOUCH side whose:own point article
TOUCH side whose:opp point article
TOUCH side whose:duty-broken where article
ALERT what:breach side put= clear= move= article ?again
ALERT what:displaced put= clear= article
ALERT what:knocked put= clear= article
ALERT what:between put= clear= article
ALERT what:position put= clear= article
RESTORED
FOUL side article #fouls= #period=
FLAG side #at= article
LATE ?red ?black article
OFFER side #n= article
CLAIM side what:natural #rounds= article
CLAIM side what:repetition *ruling article
LIMIT what:natural #rounds= article
REPETITION what:third *ruling article
REPETITION what:varied article
REPETITION what:unruled reason article
PENALTY side #ms article
PAUSE by:arbiter article
PAUSE by:power reason
RESUME by:arbiter
ADJUST side #ms #moves= article
CORRECT fen article
VERDICT score article *reason
RESULT score article *reason
CONFIRM score result_article #red_used= #black_used= fouls= article seal=
OVERRULE what:annul #replaces= by= article
OVERRULE what:result score #replaces= by= article *reason seal=
OVERRULE what:foul side #replaces= by= article
OVERRULE what:unfoul side #replaces= by= article
POWER what:restored #events= clock
POWER what:chain #broken=
POWER what:damaged #lost= #first= #last= head= seal=
POWER what:journal-full #unsaved=
BATTERY what:low #mv=
"""

# Events after which the journal record carries the clock's state.
CLOCK_KINDS = (START, MOVE, PRESS, PAUSE, RESUME, ADJUST, PENALTY, FLAG, RESULT, OVERRULE, CORRECT)


class EventError(ValueError):
    """A line that is no event of this schema."""


# Reading SCHEMA without slicing it (encode() runs for every event on the
# board): a field is SCHEMA[p + 1:q], p the space before it, q the space or
# newline after it. (Few, whole functions: on the device each function
# costs heap of its own.) SCHEMA is bytes: a str's methods find index p by
# walking its UTF-8 from the start, which made one encode() cost an
# RP2040 ~310,000-370,000 instructions (docs/HARDWARE.md, press to MOVE).

def _end(p):
    # q of the field after the space at p
    q = SCHEMA.find(b" ", p + 1)
    n = SCHEMA.find(b"\n", p + 1)
    return n if q < 0 or n < q else q


def _variant(kind, values, first):
    # p of the space before the first field of the line of `kind` whose
    # literal words (`name:word`) the values carry at values[first + k], k
    # counting the line's fields.
    name = kind.encode()
    at = SCHEMA.find(name)
    found = False
    while at > 0:
        p = at + len(kind)
        if SCHEMA.startswith(b"\n", at - 1) and (SCHEMA.startswith(b" ", p) or SCHEMA.startswith(b"\n", p)):
            found = True
            start = p
            k = first
            while SCHEMA.startswith(b" ", p):
                q = _end(p)
                c = SCHEMA.find(b":", p, q)
                if c > 0:
                    w = values[k] if k < len(values) else None
                    if not (isinstance(w, str) and q - c - 1 == len(w) and SCHEMA.startswith(w.encode(), c + 1)):
                        break
                k += 1
                p = q
            else:
                return start
        at = SCHEMA.find(name, at + 1)
    raise EventError("%s %s" % ("no variant of" if found else "unknown event", kind))


def fields_of(kind, values, first=0):
    """The field specs of the variant of `kind` that `values` (from
    values[first] on) name."""
    p = _variant(kind, values, first)
    return tuple(SCHEMA[p:SCHEMA.find(b"\n", p)].decode().split())


def field_names(kind, values=(), first=0):
    """The names of the fields of the variant of `kind` that `values` name
    (see fields_of): `#at=` is 'at', `what:new` is 'what', `?capture` is
    'capture'. A handler's parameters are these names (dispatch())."""
    out = []
    for spec in fields_of(kind, values, first):
        colon = spec.find(":")
        out.append(spec[:colon] if colon > 0 else spec.strip("#?*="))
    return tuple(out)


# Handler tables. A consumer of events keeps a dict keyed by the kinds
# above; a kind with variants may map to a dict keyed by the variant's
# literal word (`{OVERRULE: {"annul": f, "result": g}}`). A handler's
# parameters are, after those of HEAD it takes first (what the consumer
# passes itself), the variant's field names in SCHEMA order (a trailing
# *rest may take the fields it does not read); tests/tree/test_code_shape.py
# checks every table against SCHEMA.
HEAD = ("self", "now", "seq", "t", "e", "key", "state", "snap", "game", "out", "tag", "b")

_WORD_AT = {}  # kind -> index of its variants' literal word, -1 for none


def word_at(kind):
    """The index in an event's fields of the literal word that names the
    variant of `kind` (-1 if the kind has a single variant)."""
    k = _WORD_AT.get(kind)
    if k is None:
        at = SCHEMA.find(b"\n" + kind.encode() + b" ")
        k = -1
        if at >= 0:
            line = SCHEMA[at + 1:SCHEMA.find(b"\n", at + 1)].split()
            for i in range(1, len(line)):
                if b":" in line[i]:
                    k = i - 1
                    break
        _WORD_AT[kind] = k
    return k


def word_of(kind, fields):
    """The literal word that names the variant of an event of `kind` with
    `fields` (None for a kind of a single variant)."""
    k = word_at(kind)
    return fields[k] if k >= 0 else None


def article_of(kind, fields):
    """The article an event cites (its `article` field), or None."""
    names = field_names(kind, fields)
    return fields[names.index("article")] if "article" in names else None


def handler(table, kind, fields):
    """The handler of `table` for an event of `kind` with `fields`, or None."""
    f = table.get(kind)
    if type(f) is dict:
        f = f.get(fields[word_at(kind)])
    return f


def dispatch(table, kind, fields, *head):
    """Calls the handler of `table` for the event with `head` then the
    event's fields: f(*head, *fields). Returns what it returns, or None
    when the table has no handler for the event."""
    f = handler(table, kind, fields)
    if f is not None:
        return f(*head, *fields)
    return None


def escape(text, tail=False):
    """A text value as one word: ' ' -> '_', '_' -> '%5F', '%' -> '%25'
    (in a tail, whose spaces part its words, spaces stay). No allocation
    when there is nothing to escape: the common case."""
    if "%" in text:
        text = text.replace("%", "%25")
    if "_" in text:
        text = text.replace("_", "%5F")
    if " " in text and not tail:
        text = text.replace(" ", "_")
    return text


def unescape(word, tail=False):
    """The text value of a word: escape() undone. Any `%XX` is one byte of
    the value's UTF-8, so any byte can be written so."""
    if "_" in word and not tail:
        word = word.replace("_", " ")
    if "%" not in word:
        return word
    parts = word.split("%")
    out = bytearray(parts[0].encode())
    for p in parts[1:]:
        try:
            if len(p) < 2 or p[0] in " +-" or p[1] in " +-":
                raise ValueError
            out.append(int(p[:2], 16))
            out.extend(p[2:].encode())
        except ValueError:  # a `%` that starts no escape stays itself
            out.extend(b"%" + p.encode())
    return bytes(out).decode()


def encode(seq, t, kind, fields):
    """The wire text of one event (without framing). `fields`: one value per
    field of the kind's variant (None for what is absent; a tail is text)."""
    p = _variant(kind, fields, 0)
    words = ["E %d %d %s" % (seq, t, kind)]
    for value in fields:
        if not SCHEMA.startswith(b" ", p):
            raise EventError("too many values for " + kind)
        q = _end(p)
        p += 1  # the field is SCHEMA[p:q]
        number = SCHEMA.startswith(b"#", p)
        keyed = SCHEMA.startswith(b"=", q - 1)
        if value is None or (value == "" and not keyed):
            pass  # absent (an empty text would be no word at all)
        elif q - p == 4 and SCHEMA.startswith(b"side", p):
            words.append(side_name(value))
        elif number:
            words.append(("%s%d" % (SCHEMA[p + 1:q].decode(), value)) if keyed else "%d" % value)
        else:
            value = escape(value, SCHEMA.startswith(b"*", p))
            words.append(SCHEMA[p:q].decode() + value if keyed else value)
        p = q
    return " ".join(words)


def decode(payload):
    """(seq, t, kind, fields) of an event's text (protocol 1 or 2);
    EventError if it is no event of this schema."""
    words = payload.split(" ")
    if len(words) < 4 or words[0] != "E":
        raise EventError("not an event")
    if len(words) > 4 and len(words[-1]) == CHAIN_BYTES - 1 and words[-1].startswith(CHAIN_MARK):
        words.pop()  # the chain word (game/chain.py), not a field
    v = (words[3],) + fields_of(words[3], words, 4)
    n = len(v) - 1
    out: "list" = [None] * n  # the typed values, filled below
    star = n  # the tail's field; the fields after it are the last words
    for k in range(n):
        if v[k + 1].startswith("*"):
            star = k
    end = len(words)
    i = 4
    for k in list(range(n - 1, star, -1)) + list(range(star)):
        spec = v[k + 1]
        if k > star:
            end -= 1
            w = words[end] if end >= i else None
        else:
            w = words[i] if i < end else None
        if w is None:
            continue
        key = spec.endswith("=")
        if key:
            key = spec[1:] if spec.startswith("#") else spec
            absent = not w.startswith(key)  # a keyed field left out
            w = w[len(key):]
        elif spec.startswith("?"):
            absent = w != spec[1:]  # a flag not set
        else:
            absent = spec == "article" and not "0" <= w[:1] <= "9"  # no article here
        if absent:
            end += k > star  # the word is still to be read
            continue
        if k < star:
            i += 1
        try:
            if spec == "side":
                w = side_of(w)
            elif spec.startswith("#"):
                w = None if w == "-" else int(w)  # protocol 1 wrote an unset number `-`
            else:
                w = unescape(w)
        except ValueError:
            raise EventError("%s: bad %s %r" % (v[0], spec, w))
        out[k] = w
    if star < n:
        out[star] = " ".join(unescape(w, True) for w in words[i:end])
    elif i < end:
        raise EventError("%s: unexpected %r" % (v[0], words[i]))
    return int(words[1]), int(words[2]), v[0], tuple(out)


def seal(head, kind, text, keyed=None):
    """The payload of an event of `kind`: its canonical text and chain word.
    `head` (a bytearray of 32) goes from the chain's head before the event
    to the head after it, in place: the board keeps one head, allocated
    once, not a new one pinned in the heap at every event (game/chain.py).
    A GAME event starts the chain. With `keyed` (a board with a key,
    link/auth.py's Keyed) the word is the first 64 bits of the key's MAC
    of the head, not of the head: only the key makes it."""
    if kind == GAME:
        head[:] = CHAIN_START
    h = hashlib.sha256(head)
    h.update(text.encode())
    head[:] = h.digest()
    w = head if keyed is None else keyed(head)
    return "%s %s%s" % (text, CHAIN_MARK, hexlify(w[:CHAIN_HEX // 2]).decode())


def seq_t(payload):
    """(seq, t) of an event's text (read without decoding the rest);
    ValueError if it has none."""
    a = payload.find(" ", 2)
    b = payload.find(" ", a + 1)
    return int(payload[2:a]), int(payload[a + 1:b if b > 0 else len(payload)])


def seq_of(payload):
    """The sequence number of an event's text (read without decoding the rest)."""
    return int(payload[2:payload.find(" ", 2)])
