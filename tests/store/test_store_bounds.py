"""Bounds (issue 14): every field a host sets has a maximum length on the
wire (firmware/link/bounds.py), checked at `new` with a refusal naming the
field; the greeting and every record then fit one frame of the link by
construction: built here at the maximum of every field, and added up from
the maxima."""
import pytest

from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)

from app import App  # noqa: E402
from boards.sim import SimBoard  # noqa: E402
from game.config import FIELDS  # noqa: E402
from game.events import escape  # noqa: E402
from link import bounds  # noqa: E402
from link.frame import MAX_LINE, unframed, framed  # noqa: E402
from store.recovery import MAX_RECORD  # noqa: E402

# a valid FEN of 106 bytes (empty files written one by one, big counters),
# padded with spaces to the maximum
LONG_FEN = "rnbakabnr/111111111/1c5c1/p1p1p1p1p/111111111/111111111/P1P1P1P1P/1C5C1/111111111/RNBAKABNR w - - 99 " \
    "99999"
LONGEST = {
    "event": "城市杯" * 3 + "_",  # 27 bytes + `_` escaped (%5F)
    "round": "12345678",
    "board": "1" * 8,
    "red": "张三丰" * 2 + "张三",  # 24 bytes
    "black": "L" * 24,
    "tc": "red=60m/30,10m/10*;black=50m/30,10m/10*",
    "level": "provincial",
    "policy": "report",
    "fen": LONG_FEN,
    "limit": "999",
    "late": "999",
    "red_no": "9999",
    "black_no": "9999",
}


def wire(value):
    return escape(value).replace(" ", "_")


def at_max(key):
    # the longest value of `key` as given on the wire: text padded with
    # letters, a control and a FEN with spaces (`_`, which they ignore)
    v = wire(LONGEST[key])
    most = bounds.MAX[key]
    assert len(v.encode()) <= most, key
    if key in ("event", "round", "board", "red", "black"):
        v += "x" * (most - len(v.encode()))
    elif key in ("tc", "fen"):
        v += "_" * (most - len(v.encode()))
    return v


def test_the_maxima_add_up_to_a_frame():
    fixed = len("H proto=2 fw=0.1.0 id= nonce= game= seq= cmd= phase=playing") + bounds.BOARD_ID + 8 + 5 \
        + bounds.SEQ + len(str(bounds.COMMAND_ID))
    settings = sum(len(" %s=" % k) + bounds.MAX[k] for k in FIELDS)
    assert fixed + settings <= MAX_LINE
    game = len("E 999999 1073741823 GAME new") + settings
    assert game <= MAX_LINE and game + 200 <= MAX_RECORD  # with a clock snapshot


def test_greeting_and_game_at_the_maximum_of_every_field(tmp_path):
    b = SimBoard(store=str(tmp_path / "j"), key=None, board_id="名" * 20)
    app = App(b, nonce="ffffffff")
    app.start(0)
    words = ["%s=%s" % (k, at_max(k)) for k in FIELDS]
    for k in FIELDS:
        assert len(at_max(k).encode()) == bounds.MAX[k], k
    app.now = 0
    reply = app._on_command(1, ["new"] + words, True)  # (an id far ahead is refused: 13)
    assert reply == ["game"]
    app.link.last_id = bounds.COMMAND_ID
    app.game.seq = 10 ** bounds.SEQ - 1
    sent = [unframed(f) for f in b.port.take()]
    game = next(p for p in sent if " GAME new " in p)
    greeting = app.greeting()
    assert len(greeting.encode()) <= MAX_LINE, len(greeting.encode())
    assert len(game.encode()) <= MAX_LINE
    assert "id=" + "名" * 5 + " " in greeting  # cut to 16 bytes, whole characters
    framed(greeting)  # one frame


@pytest.mark.parametrize("key", ["event", "round", "board", "red", "black", "tc", "fen"])
def test_one_byte_over_is_refused_with_the_field_and_its_maximum(tmp_path, key):
    b = SimBoard(store=str(tmp_path / "j"), key=None, board_id="b")
    app = App(b, nonce="0")
    app.start(0)
    app.now = 0
    value = at_max(key) + ("_" if key in ("tc", "fen") else "1")
    with pytest.raises(ValueError) as e:
        app._on_command(1, ["new", "%s=%s" % (key, value)], True)
    assert str(e.value) == "%s is %d bytes, at most %d" % (key, bounds.MAX[key] + 1, bounds.MAX[key])
    assert app.game.seq == 0  # nothing changed


def test_a_command_id_past_the_bound_is_refused(tmp_path):
    b = SimBoard(store=None, key=None, board_id="b")
    app = App(b, nonce="0")
    app.start(0)
    b.port.take()
    b.port.host_write(framed("C %d hello" % (bounds.COMMAND_ID + 1)))
    app.step(5)
    assert [unframed(f) for f in b.port.take()] == ["X command id must be from 1 to %d" % bounds.COMMAND_ID]


def test_the_link_refuses_ids_past_the_bound_the_greeting_counts():
    from link.link import COMMAND_ID

    assert COMMAND_ID == bounds.COMMAND_ID


def test_the_protocol_doc_gives_the_declared_bounds():
    # docs/PROTOCOL.md's "Bounds" paragraph names every field with the
    # maximum link/bounds.py declares, the frame and the greeting's size
    import re
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md").read_text()
    para = doc[doc.index("Bounds: each setting of `new`"):]
    para = " ".join(para[:para.index("\n\n")].split())
    figures = dict(re.findall(r"\b([a-z_]+) (\d+)\b", para.split("): ", 1)[1]))
    assert {k: int(figures[k]) for k in bounds.MAX if k in figures} == bounds.MAX
    assert "At most %d bytes of payload" % MAX_LINE in doc
    longest = int(re.search(r"the greeting \((\d+) bytes at most\)", para).group(1))
    fixed = len("H proto=2 fw=0.1.0 id= nonce= game= seq= cmd= phase=playing") + bounds.BOARD_ID + 8 + 5 \
        + bounds.SEQ + len(str(bounds.COMMAND_ID))
    assert longest == fixed + sum(len(" %s=" % k) + bounds.MAX[k] for k in FIELDS) <= MAX_LINE
    title = "2026年全国象棋个人锦标赛（男子组）"
    assert "`%s`, is %d bytes" % (title, len(title.encode())) in para
    bounds.check("event", escape(title))  # it fits
