# The snapshot record (docs/STORE.md, "Snapshots"): the game's whole
# derived state in the journal, so that a power-up applies only the records
# after the last snapshot, not the whole game.
#
# What it carries is one declared list, game/journaled.py's JOURNALED:
# every field of Game is either in it or in NOT_JOURNALED (with the
# reason); a field in neither is
# refused here (a snapshot is then not written: the journal reads as before)
# and fails tests/store/test_store_snapshot.py, which compares every
# attribute of a game recovered from a snapshot with one replayed in full.
#
# The fields are encoded generically (json, in C on the board): a tuple, a
# dict, a bytearray, an array and an object of a known class each carry a
# tag, so a field added to Game next year is carried without touching this
# module, as long as its type is one of these. The position is its start
# FEN and every move since (2 bytes a ply, in base64): an arbiter's correction
# (5.8.2, `correct`) may take the game back to any earlier position, the
# start included, whether before or after the snapshot.
#
# A snapshot is written as one or more records `K <seq> <t> <part> <parts>
# <json slice>`, a commit of their own after the commit of a step (so it is
# the state after that step's events), each record within MAX_PART bytes,
# so that every record keeps within a frame (store/recovery.py's
# MAX_RECORD). It is built a slice at a time in the quiet steps after that
# commit, never in the step of a press (build(); store/journal.py,
# Journal.snapshot_step). Loaded for the build and dropped after
# (game/cold.py): it runs once every store/journal.py SNAP_EVERY records
# and at a power-up that has one.
import binascii
import json
import os
from array import array

from micropython import const

from game import applying
from game.config import Config
from game.events import seq_of
from game.journaled import JOURNALED, NOT_JOURNALED
from xq.position import Position

MAX_PART = 900  # json characters a record (K's header and CRC fit a 1024-byte record)
KIND = "K"
_start = None  # parts()'s `start` while it runs
_CHUNK = const(1024)  # bytes read at a time by file_crc
_MOVES_A_SLICE = const(64)  # moves read into the snapshot in one slice of build()


def parts(game, at, crc, clock, start=None, faces=None, t=None):
    """The records of a snapshot of `game`, built at once (build()'s
    slices one after the other)."""
    made = None
    for made in build(game, at, crc, clock, start, faces, t):
        pass
    return made


def build(game, at, crc, clock, start=None, faces=None, t=None):
    """The snapshot of `game` built a slice at a time (a generator): it
    yields None after each slice, and last the records. `at` the byte
    offset where its commit starts in the game's file, `crc` the CRC-32
    of the file's bytes before it (a power-up that starts from here checks
    them without reading them as records), `clock` the text of the last
    clock snapshot committed (`S ...`, store/journal.py) or None. `start`,
    a list kept by the caller, [position, its start FEN], spares taking
    every move back to read the start FEN again while the game's Position
    object is the same (only a GAME or a correction to a new position
    replaces it, and no one sets a FEN on it). `faces`: the events the
    faces' scene still shows (Journal.note), replayed to it at a
    power-up. `t`: the board time of the last event committed (the game's
    own runs on between events: App's steps advance it), None for the
    game's.

    The journal runs one slice a quiet step (Journal.snapshot_step), never
    in the step of a press: a slice is one field of JOURNALED encoded (the
    position's moves _MOVES_A_SLICE at a time), then one record of the
    json cut into records. The game
    must not change between two slices: the caller drops a build whose
    game has emitted an event since it began, and starts again."""
    global _start
    for name in game.__dict__:
        if name not in NOT_JOURNALED and name not in JOURNALED:
            raise TypeError("Game.%s is in neither JOURNALED nor NOT_JOURNALED (game/journaled.py)" % name)
    seq = game.seq
    if t is None:
        t = game.t
    fields = []  # `"name":<json>` of each field
    for name in JOURNALED:
        v = t if name == "t" else getattr(game, name)
        if isinstance(v, Position):
            moves = array("H", bytes(2 * v.ply))
            for i in range(v.ply):
                moves[i] = v.move_at(i)
                if i % _MOVES_A_SLICE == _MOVES_A_SLICE - 1:
                    yield
            code = {"P": [_start_of(v, moves, start), _b64(moves)]}
            moves = None
        else:
            _start = start
            code = _encode(v)
        fields.append('"%s":%s' % (name, _json(code)))
        code = None
        yield
    scene = sorted(faces.values(), key=seq_of) if faces else []
    # The json, as the pieces it is made of (no copy of the whole: on the
    # board a block of a few KB in a game's heap costs collections), cut
    # into records of MAX_PART characters.
    pieces = ['{"at":%d,"crc":%d,"clock":%s,"s":%s,"f":{' % (at, crc, _json(clock), _json(scene))]
    for i in range(len(fields)):
        if i:
            pieces.append(",")
        pieces.append(fields[i])
    pieces.append("}}")
    fields = None
    n = (sum(len(p) for p in pieces) + MAX_PART - 1) // MAX_PART
    yield
    out = []
    record = ["%s %d %d %d %d " % (KIND, seq, t, 1, n)]
    room = MAX_PART
    for p in pieces:
        while p:
            take = p if len(p) <= room else p[:room]
            record.append(take)
            room -= len(take)
            p = p[len(take):] if len(take) < len(p) else ""
            if room == 0:
                out.append("".join(record))
                record = ["%s %d %d %d %d " % (KIND, seq, t, len(out) + 1, n)]
                room = MAX_PART
                yield
    if room < MAX_PART:
        out.append("".join(record))
    yield out


def file_crc(path, size, wdt=None):
    """The CRC-32 of the first `size` bytes of a file (binascii, in C: a
    4-hour game's 60 KB in a few ms on the board), the watchdog fed as it
    goes."""
    crc = 0
    buf = bytearray(_CHUNK)
    view = memoryview(buf)
    with open(path, "rb") as f:
        while size > 0:
            n = f.readinto(buf)
            if not n:
                break
            n = min(n, size)
            crc = binascii.crc32(view[:n], crc)
            size -= n
            if wdt:
                wdt.feed()
    return crc


def read(group):
    """(seq, t, state) of the snapshot records in a commit (the last ones of
    it); ValueError if it has none or they are not whole."""
    text = []
    seq = t = parts = 0
    for record in group:
        if record.startswith("K "):
            seq, t, part, parts, piece = header(record)
            if part != len(text) + 1:
                raise ValueError("snapshot part %d out of order" % part)
            text.append(piece)
    if not text or len(text) != parts:
        raise ValueError("no whole snapshot in the commit")
    return seq, t, state("".join(text))


def start(path, at, wdt=None):
    """(at, crc): where a power-up may start reading the game's file, the
    commit at byte `at`, with the CRC-32 of the bytes before it (checked
    against the snapshot's own by usable()); (0, 0), the whole file, if
    `at` is not within it."""
    try:
        if 0 < at < os.stat(path)[6]:
            return at, file_crc(path, at, wdt)
    except OSError:
        pass
    return 0, 0


def usable(s, at, crc):
    """Whether a power-up may start from the snapshot state `s` found at
    byte `at` after bytes of CRC-32 `crc`: it names that offset and those
    bytes (else a bit before it flipped: the whole file is read, and the
    damage found and reported as always), and it has every JOURNALED field
    (a snapshot of older firmware, before a field was added, has not)."""
    try:
        return (s["at"] == at and s["crc"] == crc and "s" in s
                and all(name in s["f"] for name in JOURNALED))
    except (KeyError, TypeError):
        return False


def header(record):
    """(seq, t, part, parts, json slice) of a K record; ValueError if it is
    not one."""
    w = record.split(" ", 5)
    if len(w) != 6 or w[0] != KIND:
        raise ValueError("not a snapshot record")
    return int(w[1]), int(w[2]), int(w[3]), int(w[4]), w[5]


def state(text):
    """The snapshot's state (a dict: at, crc, clock, f) from its json."""
    return json.loads(text)


def load(game, state):
    """Sets every JOURNALED field of `game` from a snapshot's state. A
    bytearray field already a bytearray is written in place (Game.head is
    advanced in place by the events' seal)."""
    fields = state["f"]
    for name in JOURNALED:
        value = _decode(fields[name])
        old = getattr(game, name, None)
        if isinstance(old, bytearray) and isinstance(value, bytearray) and len(old) == len(value):
            old[:] = value
        else:
            setattr(game, name, value)
    if state["clock"] is None:
        # no clock event yet: the clock as the GAME event made it (with one,
        # store/recovery.py restores it from its clock snapshot)
        game.clock = applying.new_clock(game)


# -- the generic encoding -------------------------------------------------------
# None, bool, int and str are json's own; a list is a json list; the others
# are one-key dicts: {"t": [...]} a tuple, {"d": [[k, v], ...]} a dict,
# {"b": base64} a bytearray, {"a": [typecode, base64]} an array, {"P":
# [fen, base64 of the moves as an array of "H"]} a position, {"C": {...}} a Config (its fields, whatever they are).


def _encode(v):
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if isinstance(v, list):
        return [_encode(x) for x in v]
    if isinstance(v, tuple):
        return {"t": [_encode(x) for x in v]}
    if isinstance(v, dict):
        return {"d": [[_encode(k), _encode(x)] for k, x in v.items()]}
    if isinstance(v, bytearray):
        return {"b": _b64(v)}
    if isinstance(v, array):
        return {"a": [_typecode(v), _b64(v)]}
    if isinstance(v, Position):
        return {"P": _position(v, _start)}
    if isinstance(v, Config):
        return {"C": {k: _encode(x) for k, x in v.__dict__.items()}}
    raise TypeError("the snapshot cannot carry a %s" % type(v).__name__)


def _decode(v):
    if isinstance(v, list):
        return [_decode(x) for x in v]
    if not isinstance(v, dict):
        return v
    tag, x = next(iter(v.items()))
    if tag == "t":
        return tuple(_decode(y) for y in x)
    if tag == "d":
        return {_decode(k): _decode(y) for k, y in x}
    if tag == "b":
        return bytearray(binascii.a2b_base64(x))
    if tag == "a":
        return array(x[0], binascii.a2b_base64(x[1]))
    if tag == "P":
        return _position_of(x[0], x[1])
    if tag == "C":
        c = Config()
        for k, y in x.items():
            setattr(c, k, _decode(y))
        return c
    raise ValueError("unknown tag %r in a snapshot" % tag)


def _json(v):
    return json.dumps(v, separators=(",", ":"))


def _b64(data):
    return binascii.b2a_base64(data)[:-1].decode()  # (without its newline)


def _typecode(a):
    # An array's typecode: MicroPython's arrays do not say it; the size of
    # an item does, for the arrays a game holds ("i" or "H").
    n = len(bytes(a)) // len(a) if len(a) else 4
    if n == 4:
        return "i"
    if n == 2:
        return "H"
    raise TypeError("the snapshot carries arrays of i or H only")


def _position(pos, known):
    # [the FEN the game's moves start from, the moves].
    moves = array("H", [pos.move_at(i) for i in range(pos.ply)])
    return [_start_of(pos, moves, known), _b64(moves)]


def _start_of(pos, moves, known):
    # The FEN the moves of `pos` start from: `known`'s if it is of this
    # Position object, else read by taking every move back and making it
    # again (at once: the game's position is not itself in between).
    if known is not None and known[0] is pos:
        return known[1]
    while pos.ply:
        pos.pop()
    start = pos.fen()
    for m in moves:
        pos.push(m)
    if known is not None:
        known[0], known[1] = pos, start
    return start


def _position_of(start, text):
    moves = array("H", binascii.a2b_base64(text))
    n = len(moves)
    pos = Position(start, history=128 if n < 128 else n + 64)
    for m in moves:
        pos.push(m)
    return pos
