"""Atomic steps (issue 14): everything one step emits is one commit of the
journal, so a power cut never splits a MOVE from the PRESS that made it
final or from its RESULT. tests/mp/atomic_run.py cuts each journal of three
short games at every record boundary and in the middle of every record, and
powers a board up on what is left."""
from xqboard import runtime
from xqboard.paths import REPO

MP = REPO / "tests" / "mp"


def test_a_cut_anywhere_in_a_step_keeps_all_of_it_or_none(tmp_path):
    r = runtime.run([str(MP / "atomic_run.py"), str(tmp_path)], heap="256k", extra_paths=[MP])
    assert r.returncode == 0, r.stderr[-3000:]
    out = r.stdout.splitlines()
    assert out[-1] == "ok", out[-5:]
    cuts = dict(line.split()[1:] for line in out if line.startswith("commit "))
    # the steps of several events, each cut between every pair of its records
    for step in ("MOVE+PRESS", "FOUL+RESULT", "MOVE+RESULT", "FLAG+RESULT"):
        assert step in cuts, out
        assert int(cuts[step].split("=")[1]) >= 4, out
