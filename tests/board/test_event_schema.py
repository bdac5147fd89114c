"""The event schema (firmware/game/events.py) against docs/PROTOCOL.md, and
its text the same on the board (MicroPython) and the host (CPython): every
variant encoded on each side is byte for byte what the other side encodes,
and decodes there to the same values. Lines of protocol 1 (journals and
logs written before protocol 2) still decode."""
import json
import re

from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from xqboard.paths import REPO

from game import config, events  # noqa: E402
from xq.pieces import BLACK, RED  # noqa: E402

NAME = "张 三_%x"  # a space, an underscore and a percent sign in a UTF-8 name
TEXT = "resigned 黑方 a_b%c"  # a tail: its spaces stay spaces

# Lines as protocol-1 firmware wrote them (journals, .events files).
PROTO_1 = [
    "E 1 0 GAME new event=City_Cup round=3 board=5 red=ZHANG_San black=LI_Si tc=10m+5s level=provincial "
    "policy=auto fen=rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR_w_-_-_0_1 limit=60 late=15",
    "E 2 5 SETUP wrong put=d0,e2,e4 clear=-",
    "E 3 900 START red 20.1",
    "E 4 4000 MOVE 1 h2e2 red at=3800",
    "E 5 4100 PRESS red 601900 600000",
    "E 6 9000 TOUCH black own h9 5.1",
    "E 7 9100 TOUCH black duty-broken h9:h9g7 5.3",
    "E 8 9600 MOVE 2 h9g7 black at=9500 capture check",
    "E 9 9700 PRESS black 601900 599600 stage 6.2",
    "E 10 9800 ALERT breach red put=a0 clear=a5 8.1.8",
    "E 11 9900 ALERT breach red put=a0 clear=- again",
    "E 12 9950 ALERT breach red move=a0a5 4.1.8",
    "E 13 10000 ALERT position put=e3 clear=-",
    "E 14 10100 FOUL red 8.1.4 fouls=2 period=1",
    "E 15 10200 LATE red black 20.1",
    "E 16 10300 REPETITION third x3 R:h2e2:check B:e9d9:idle verdict=red-loses 23.1 25.1 23.5.1 4.1.4",
    "E 17 10400 CLAIM red repetition x3 R:h2e2:check verdict=draw 23.1 25.2 4.2.3",
    "E 18 10500 CORRECT 4k4/9/9/9/9/9/9/9/9/4K4_w_-_-_0_1 5.8",
    "E 19 10600 POWER restored events=18 clock<=5000ms",
    "E 20 10700 PAUSE power resume-needs-arbiter",
    "E 21 10800 RESULT 1-0 4.1.12 resigned black arbiter",
    "E 22 10900 CONFIRM 1-0 4.1.12 red_used=5000 black_used=6000 fouls=1/0 9",
    "E 23 11000 ADJUST red 300000 moves=- 21.4",
]


def schema_lines():
    return [line for line in events.SCHEMA.decode().split("\n") if line]  # (bytes: see events.py)


def doc_variants():
    """The first column of the events table of docs/PROTOCOL.md."""
    text = (REPO / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    section = text.split("\n## Events\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([A-Z]+(?: [^`]*)?)` \|", section, re.M)


def sample(line, full=True):
    """(kind, fields) of a variant with a value for each field (`full`), or
    with every field that may be absent left out."""
    kind, *specs = line.split()
    out = []
    for i, spec in enumerate(specs):
        if ":" in spec:
            out.append(spec.split(":", 1)[1])
        elif not full and (spec.endswith("=") or spec.startswith("?") or spec == "article"):
            out.append(None)
        elif spec.startswith("#"):
            out.append(1200 + 7 * i)
        elif spec == "side":
            out.append(BLACK if i % 2 else RED)
        elif spec == "article":
            out.append("4.1.%d" % i)
        elif spec.startswith("?"):
            out.append(spec[1:])
        elif spec.startswith("*"):
            out.append(TEXT)
        else:
            out.append(NAME)
    return kind, tuple(out)


def cases():
    out = []
    for n, line in enumerate(schema_lines()):
        for full in (True, False):
            kind, fields = sample(line, full)
            out.append((n + 1, 1000 * n, kind, fields))
    return out


def test_every_variant_in_the_protocol_doc_is_declared_once_in_the_schema():
    lines = schema_lines()
    assert len(lines) == len(set(lines)), "a variant declared twice"
    doc = doc_variants()
    assert len(doc) == len(set(doc)), "a variant listed twice in docs/PROTOCOL.md"
    assert sorted(doc) == sorted(lines)
    kinds = {line.split()[0] for line in lines}
    assert kinds == {k for k in dir(events) if k.isupper() and getattr(events, k) == k}
    assert all(k in kinds for k in events.CLOCK_KINDS)


def test_the_game_event_carries_every_setting_in_order():
    game = [line for line in schema_lines() if line.startswith("GAME ")][0].split()[2:]
    assert [events.fields_of("GAME", ("new",))[1:]] == [tuple(game)]
    assert [s.strip("#=") for s in game] == list(config.FIELDS)


def test_every_variant_round_trips_on_the_host():
    for seq, t, kind, fields in cases():
        text = events.encode(seq, t, kind, fields)
        assert events.decode(text) == (seq, t, kind, fields), text
    assert events.encode(1, 0, "RESULT", ("1-0", "4.1.12", TEXT)) == \
        "E 1 0 RESULT 1-0 4.1.12 resigned 黑方 a%5Fb%25c"
    assert "red=张_三%5F%25x" in events.encode(1, 0, "GAME", ("new", None, None, None, NAME) + (None,) * 7)


MP_SIDE = r"""
import sys, json, binascii
from game import events
todo = json.loads(binascii.unhexlify(sys.stdin.readline().strip()))
for seq, t, kind, fields in todo["encode"]:
    text = events.encode(seq, t, kind, tuple(fields))
    print("E", binascii.hexlify(text.encode()).decode())
for text in todo["decode"]:
    seq, t, kind, fields = events.decode(text)
    print("D", binascii.hexlify(json.dumps([seq, t, kind, list(fields)]).encode()).decode())
    print("R", binascii.hexlify(events.encode(seq, t, kind, fields).encode()).decode())
"""


def test_board_and_host_write_and_read_the_same_bytes(mp):
    todo = cases()
    host_text = [events.encode(*c) for c in todo]
    request = {"encode": [[s, t, k, list(f)] for s, t, k, f in todo], "decode": host_text + PROTO_1}
    out = mp.run(MP_SIDE, input=json.dumps(request, ensure_ascii=False).encode().hex() + "\n").split("\n")
    board_text = [bytes.fromhex(x[2:]).decode() for x in out if x.startswith("E ")]
    board_read = [json.loads(bytes.fromhex(x[2:]).decode()) for x in out if x.startswith("D ")]
    board_again = [bytes.fromhex(x[2:]).decode() for x in out if x.startswith("R ")]
    # encoded on the board, byte for byte what the host encodes; decoded on the host
    assert [t.encode() for t in board_text] == [t.encode() for t in host_text]
    assert [events.decode(t) for t in board_text] == [tuple(c) for c in todo]
    # encoded on the host, decoded on the board to the same values
    assert len(board_read) == len(host_text) + len(PROTO_1)
    for (seq, t, kind, fields), got in zip(todo, board_read):
        assert got == [seq, t, kind, list(fields)]
    # protocol-1 lines: the same values on both sides, and (but for the
    # unset move count of ADJUST) the same text again
    for line, got, again in zip(PROTO_1, board_read[len(todo):], board_again[len(todo):]):
        seq, t, kind, fields = events.decode(line)
        assert got == [seq, t, kind, list(fields)], line
        assert again == events.encode(seq, t, kind, fields)
        assert again == line or line.endswith("moves=- 21.4"), line


def test_protocol_1_lines_keep_their_meaning():
    got = {events.decode(line)[2]: events.decode(line)[3] for line in PROTO_1[:4]}
    assert got["GAME"][4:6] == ("ZHANG San", "LI Si") and got["GAME"][9].endswith(" w - - 0 1")
    assert events.decode(PROTO_1[10])[3] == ("breach", RED, "a0", "-", None, None, "again")
    assert events.decode(PROTO_1[15])[3] == ("third", "x3 R:h2e2:check B:e9d9:idle verdict=red-loses 23.1 25.1 23.5.1",
                                             "4.1.4")
    assert events.decode(PROTO_1[-1])[3] == (RED, 300000, None, "21.4")


def test_what_is_no_event_is_refused():
    for bad in ("E 1 0 FLY red", "E 1 0 MOVE one h2e2 red", "E 1 0 SETUP sideways", "H proto=2",
                "E 1 0 NOPRESS white not-running", "E 1 0 RESTORED now"):
        try:
            events.decode(bad)
        except events.EventError:
            continue
        raise AssertionError("decoded %r" % bad)


RECOVER_OLD = r"""
import sys
from boards.simrun import Runner
import frozen_names
frozen_names.intern_all()  # the names a device keeps in flash (tests/mp/frozen_names.py)
from xq.position import Position
lines = []
r = Runner(sys.argv[1] if len(sys.argv) > 1 else STORE, out=lines.append, board_id="new")
g = r.app.game
p = Position()
for m in ("h2e2", "h9g7", "h0g2", "i9h9", "b0c2"):
    from xq.squares import parse_move
    p.push(parse_move(m))
print("same_position", g.position.fen() == p.fen())
print("seq", g.seq, "phase", g.phase, "red", g.config.red, "late", g.config.late)
print("black_ms", g.clock.remaining(8, r.tick()))
r.board.set_occupancy(g.position.occupancy())  # the pieces as they stood
r.run_until(r.vt + 500)
r.command(["resume"])
r.play("h7h3", gap=1500)
for x in lines:
    if x.startswith("E "):
        print(x)
"""


def test_a_journal_written_by_protocol_1_firmware_recovers(mp, tmp_path):
    # data/proto1_g00001.log: written by the firmware before protocol 2 (a
    # game of 5 moves, paused, Black's clock set, then the power cut).
    # The recovery splits the heap (store/recovery.py and the old records'
    # decoding load and go); the `resume` after it loads the arbiter's
    # modules, whose names would grow the unix port's name pool by one
    # ~14 KB block there. A device has those names in flash, so they are
    # interned first, while the heap is whole (docs/HARDWARE.md, "Heap").
    store = tmp_path / "store"
    store.mkdir()
    (store / "g00001.log").write_bytes((REPO / "tests/board/data/proto1_g00001.log").read_bytes())
    out = mp.run(RECOVER_OLD.replace("STORE", repr(str(store)))).split("\n")
    assert "same_position True" in out
    assert "red ZHANG San late 15" in " ".join(out)
    assert "black_ms 300000" in out
    events_after = [x for x in out if x.startswith("E ")]
    assert events_after[0] == "E 18 14520 POWER restored events=17 clock<=5000ms", out
    assert [x.split()[3] for x in events_after[1:]] == ["ALERT", "RESTORED", "RESUME", "MOVE", "PRESS"], out
    assert " MOVE 6 h7h3 black " in events_after[4]
