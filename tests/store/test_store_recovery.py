"""game/fastdecode.py's quick reading (used by store/recovery.py) of MOVE and PRESS records agrees with
game/events.py's general decode() on every record of real journals (a
4-hour master game, the protocol-1 journal), and on the shapes it must hand
to decode(); its chunked line reader gives the lines readline() gives,
torn and overlong ones included."""
import io

from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from xqboard.paths import REPO

from game import events, fastdecode  # noqa: E402
from store import recovery  # noqa: E402

DATA = REPO / "tests" / "board" / "data"


def event_texts(path):
    for line in path.read_bytes().splitlines():
        text = line.decode()
        star = text.rfind("*")
        if text.startswith("E "):
            yield recovery.split_record(text[:star])[0]


def test_quick_moves_and_presses_agree_with_decode_on_a_protocol_1_journal():
    texts = list(event_texts(DATA / "proto1_g00001.log"))
    assert texts
    for text in texts:
        assert fastdecode.decode_fast(text) == events.decode(text), text


def test_quick_moves_and_presses_agree_with_decode_on_every_shape():
    shapes = [
        "E 6 1500 MOVE 1 c3c4 red at=1300",
        "E 28 830812 MOVE 12 h5h0 black at=830612 capture",
        "E 30 906204 MOVE 13 g2h0 red at=906004 capture check",
        "E 31 906204 MOVE 13 g2h0 red at=906004 check",
        "E 32 906204 MOVE 14 e9e8 black at=906004 suicide",
        "E 33 906204 MOVE 14 e9e8 black at=906004 capture check suicide",
        "E 7 1500 PRESS red 5399400 5400000",
        "E 7 1500 PRESS red 5399400 5400000 21.4",
        "E 7 1500 PRESS black 5399400 5400000 stage 6.2",
        "E 9 9 PRESS black 1 2 stage",
    ]
    for text in shapes:
        assert fastdecode.decode_fast(text) == events.decode(text), text
    for bad in ("E 6 1500 MOVE 1 c3c4 green at=1300", "E 6 1500 MOVE 1 c3c4 red at=13x0",
                "E 6 1500 MOVE 1 c3c4 red at=1300 check capture", "E 9 9 PRESS black 1 2 stage stage",
                "E 9 9 PRESS black 1 2 x", "E 9 9 PRESS black 1 2 6.2 stage"):
        try:
            got = events.decode(bad)
        except events.EventError:
            got = "refused"
        try:
            quick = fastdecode.decode_fast(bad)
        except events.EventError:
            quick = "refused"
        assert quick == got, bad


def test_lines_read_in_chunks_are_the_lines_readline_gives():
    text = b"".join(b"E %d 0 X " % i + b"y" * (i * 37 % 700) + b"\n" for i in range(60)) + b"torn"
    big = b"z" * (3 * recovery.MAX_RECORD) + b"\nlast\n"
    for data in (text, big, b"", b"\n\n", b"one"):
        want, f = [], io.BytesIO(data)
        lines = recovery.Lines(io.BytesIO(data), 0)
        got, ends = [], []
        while True:
            line = lines.next()
            if not line:
                break
            got.append(line)
            ends.append(lines.pos)
        while True:
            line = f.readline()
            if not line:
                break
            want.append(line)
        if data is big:
            # an overlong line comes back in pieces: the same bytes, the
            # reader's buffer bounded
            assert b"".join(got) == data and len(got) > 2
            assert max(len(x) for x in got) <= recovery.MAX_RECORD + 17
        else:
            assert got == want
        assert ends[-1:] == [len(data)] or not data
