"""The clock mark (docs/STORE.md): while a clock runs, the board marks every
5 s that it still ran, in a small file littlefs keeps inline, not in the
game's journal. A power cut long after the last event loses at most 5 s of
the running clock, charged to nobody; a mark of another game, or one that
does not follow the journal's last event, is not used."""
import pytest

SCRIPT = r"""
import os
from boards.simrun import Runner
STORE = %(store)r
r = Runner(STORE, out=lambda line: None, board_id="clk")
r.command(["new", "tc=30m"])
r.setup()
r.command(["start"])
r.play("h2e2", gap=1500)
r.run_until(r.vt + %(think)d)   # Black thinks
now = r.tick()
g = r.app.game
before = g.clock.remaining(8, now)
marks = r.app.journal.marks
r.power(False)
%(damage)s
r.vt += 20000
r.power(True)
g = r.app.game
after = g.clock.remaining(8, r.tick())
print("MARKS", marks, "LOST", after - before)
"""


@pytest.mark.parametrize("think", [61000, 183300])
def test_a_cut_mid_think_loses_at_most_5_seconds(mp, tmp_path, think):
    out = mp.run(SCRIPT % {"store": str(tmp_path / "j"), "think": think, "damage": ""}, heap="256k")
    words = out.split()
    marks, lost = int(words[1]), int(words[3])
    assert marks >= think // 5000 - 1
    assert 0 <= lost <= 5000, lost


def test_a_mark_that_does_not_follow_the_last_event_is_not_used(mp, tmp_path):
    # A mark of another game: the clock comes back from the last event's
    # snapshot, the whole think uncharged (the bound of a board without marks).
    damage = ('f = open(STORE + "/clock", "wb"); '
              'from link.frame import framed; f.write(framed("C 7 6 99999 1")); f.close()')
    out = mp.run(SCRIPT % {"store": str(tmp_path / "j"), "think": 61000, "damage": damage}, heap="256k")
    assert 55000 <= int(out.split()[3]) <= 62000


IDS = r"""
from boards.simrun import Runner
r = Runner(%(store)r, out=lambda line: None, board_id="ids")
r.command(["new", "tc=30m"])
r.command(["setup", "x"])
n1 = r.app.link.last_id
nonce1 = r.app.link.nonce
r.power(False)
r2 = Runner(%(store)r, out=lambda line: None, board_id="ids")  # a host that knows nothing
print("IDS", n1, r2.app.link.last_id, "greeting" if ("cmd=%%d" %% n1) in r2.app.greeting() else "-")
"""


def test_signed_command_ids_rise_across_reboots(mp, tmp_path):
    out = mp.run(IDS % {"store": str(tmp_path / "j")}, heap="256k")
    words = out.split()
    assert int(words[1]) >= 1 and words[1] == words[2] and words[3] == "greeting"
