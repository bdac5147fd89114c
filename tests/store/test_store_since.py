"""`since` (issue 14): the journal is read back a slice per loop step (8
events at most), never whole in one step; the reply follows the last
event; a second `since` ends the first (answered with what it sent)."""
from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ and boards/ on sys.path)

from boards.simrun import Runner  # noqa: E402
from link.frame import unframed, framed  # noqa: E402

MOVES = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 b7b3 b0c2 a9b9 a0b0 c6c5".split()


def game(tmp_path):
    r = Runner(str(tmp_path / "j"), out=lambda line: None, board_id="since")
    r.command(["new", "tc=30m"])
    r.setup()
    r.command(["start"])
    for m in MOVES:
        r.play(m, gap=1500)
    return r


def steps_of(r, text):
    # the frames the board sends in each step after `text` comes in
    port = r.board.port
    port.host_write(framed(text))
    out = []
    for _ in range(40):
        r.vt += 5
        r.board.vt = r.vt
        r.app.step(r.tick())
        out.append([unframed(f) for f in port.take()])
    return out


def test_since_sends_a_slice_per_step_and_replies_after_the_last(tmp_path):
    r = game(tmp_path)
    total = r.app.game.seq
    steps = [s for s in steps_of(r, "C 99 since 1") if s]
    events = [p for s in steps for p in s if p.startswith("E ")]
    assert [int(p.split()[1]) for p in events] == list(range(1, total + 1))
    assert max(len(s) for s in steps) <= 9  # 8 events (and the reply)
    assert len(steps) >= total // 8
    assert steps[-1][-1] == "A 99 ok since 1 sent=%d" % total
    assert all(not p.startswith("A ") for s in steps[:-1] for p in s)


def test_a_second_since_ends_the_first(tmp_path):
    r = game(tmp_path)
    port = r.board.port
    port.host_write(framed("C 98 since 1"))
    r.vt += 5
    r.app.step(r.tick())
    first = [unframed(f) for f in port.take()]
    out = steps_of(r, "C 99 since 30")
    lines = first + [p for s in out for p in s]
    replies = [p for p in lines if p.startswith("A ")]
    assert replies[0].startswith("A 98 ok since 1 sent=") and int(replies[0].split("=")[1]) < r.app.game.seq
    assert replies[1] == "A 99 ok since 30 sent=%d" % (r.app.game.seq - 29)
