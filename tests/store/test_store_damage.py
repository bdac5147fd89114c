"""Corruption is caught, never skipped (issue 14): a record whose CRC fails
ends recovery at the last good record; the board reports how many events
are lost and their numbers (`POWER damaged`), and numbers on after them, so
the host, which keeps its copies, agrees with the board without any
renumbering. Also: the host's link reads the board's lines back into one
contiguous log."""
import pytest

from xqboard.boardlink import BoardLink
from link.frame import framed

SCRIPT = r"""
import os
from boards.simrun import Runner
STORE = %(store)r
seen = []
r = Runner(STORE, out=seen.append, board_id="dmg")
r.command(["new", "tc=30m"])
r.setup()
r.command(["start"])
fens = {}
for m in "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 b7b3".split():
    r.play(m, gap=1500)
    fens[r.app.game.seq] = r.app.game.position.fen()
r.power(False)
path = STORE + "/g00001.log"
with open(path, "rb") as f:
    data = bytearray(f.read())
# one flipped bit in the middle of the record of event %(hit)d
at = data.find(b"\nE %(hit)d ") + 8
data[at] ^= 4
with open(path, "wb") as f:
    f.write(data)
print("SAW", len([x for x in seen if x.startswith("E ")]))
for x in seen:
    print("L", x)
seen.clear()
r.power(True)
r.run_until(r.vt + 1000)
for x in seen:
    print("L", x)
print("FEN", r.app.game.position.fen())
for s in fens:
    print("AT", s, fens[s])
"""


@pytest.mark.parametrize("hit", [12, 20])
def test_a_flipped_bit_ends_recovery_and_is_reported_never_skipped(mp, tmp_path, hit):
    out = mp.run(SCRIPT % {"store": str(tmp_path / "j"), "hit": hit}, heap="256k")
    saw = int(next(x for x in out.splitlines() if x.startswith("SAW"))[4:])
    lines = [x[2:] for x in out.splitlines() if x.startswith("L ")]
    damaged = [x for x in lines if " POWER damaged " in x]
    assert len(damaged) == 1, lines[-8:]
    words = dict(w.split("=") for w in damaged[0].split()[5:])
    # the events from the damaged one to the last the host saw are lost, and said so
    assert int(words["first"]) <= hit and int(words["last"]) == saw
    assert int(words["lost"]) == saw - int(words["first"]) + 1
    assert int(damaged[0].split()[1]) == saw + 1  # numbering goes on after them
    # the host's log stays contiguous: the board renumbers nothing
    host = BoardLink()
    for x in lines:
        host.feed(framed(x))
    seqs = [e.seq for e in host.events]
    assert seqs == list(range(1, len(seqs) + 1)) and seqs[-1] > saw + 2
    assert host.gap() is None
    # the board's game is the one of the last good record: the position
    # after the last move before the damage, and the board shows the
    # arbiter the points to restore (the pieces are where the lost moves
    # put them)
    first = int(words["first"])
    at = dict(x.split(" ", 2)[1:] for x in out.splitlines() if x.startswith("AT "))
    before = max(int(s) for s in at if int(s) < first)
    assert next(x for x in out.splitlines() if x.startswith("FEN "))[4:] == at[str(before)]
    assert any(" ALERT position " in x for x in lines if x.startswith("E ") and int(x.split()[1]) > saw)
