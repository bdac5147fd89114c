"""`xqboard tournament ...` end to end, as docs/TOURNAMENT.md shows it."""
import subprocess
import sys

import pytest

from xqboard.cli import main


def run(*args):
    return main([str(a) for a in args])


def test_cli_round_robin_event(tmp_path, capsys):
    db = tmp_path / "club.db"
    assert run("tournament", "new", db, "--name", "Club championship", "--system", "roundrobin", "--seed", "4") == 0
    for name, rating in (("Wang", 2400), ("Zheng", 2380), ("Xu", 2350), ("Zhao", 2300)):
        assert run("tournament", "add", db, name, "--rating", rating, "--club", "Hangzhou") == 0
    assert run("tournament", "pair", db) == 0
    out = capsys.readouterr().out
    assert "round 1 pairings" in out and "Wang" in out
    for r in (1, 2, 3):
        if r > 1:
            assert run("tournament", "pair", db) == 0
        assert run("tournament", "result", db, r, 1, "1-0") == 0
        assert run("tournament", "result", db, r, 2, "=") == 0
    capsys.readouterr()
    assert run("tournament", "standings", db, "--teams") == 0
    out = capsys.readouterr().out
    assert "standings after round 3" in out and "SB 小分" in out and "Hangzhou" in out
    assert run("tournament", "pairings", db, "--round", 2) == 0
    assert "1/2-1/2" in capsys.readouterr().out


def test_cli_swiss_with_forfeit_withdrawal_penalty(tmp_path, capsys):
    db = tmp_path / "open.db"
    run("tournament", "new", db, "--name", "Open", "--system", "swiss", "--rounds", 5, "--seed", 1)
    for i in range(1, 8):
        seed = ["--seed", i] if i <= 2 else []
        run("tournament", "add", db, "Player %d" % i, "--rating", 2000 - 10 * i, *seed)
    assert run("tournament", "draw", db) == 0
    out = capsys.readouterr().out
    assert "Player 1" in out
    run("tournament", "pair", db)
    assert run("tournament", "result", db, 1, 1, "+-") == 0
    assert run("tournament", "result", db, 1, 2, "1-0", "--fouls-black", 1) == 0
    assert run("tournament", "result", db, 1, 3, "0-1", "--termination", "4.1.6 flag") == 0
    assert run("tournament", "withdraw", db, "Player 7") == 0
    assert run("tournament", "penalty", db, "Player 3", "18.1", "--round", 1) == 0
    capsys.readouterr()
    assert run("tournament", "pair", db) == 0
    out = capsys.readouterr().out
    assert "Player 7" not in out
    assert run("tournament", "pairings", db, "--round", 1) == 0
    assert "+ : -" in capsys.readouterr().out


@pytest.mark.parametrize("args, msg", [
    (["tournament", "pair", "{db}"], "round 1 is not finished"),
    (["tournament", "result", "{db}", "1", "1", "2-0"], "result '2-0'"),
    (["tournament", "result", "{db}", "1", "7", "1-0"], "no board 7"),
    (["tournament", "withdraw", "{db}", "Nobody"], "no entrant 'Nobody'"),
    (["tournament", "standings", "{db}", "--round", "9"], "round 9 is not paired"),
    (["tournament", "add", "{db}", "Late", "--rating", "-5"], "rating '-5': a whole number from 0 to 3500"),
    (["tournament", "export", "{db}", "trf", "{tmp}/x.trf", "--round", "1"], None),
    (["tournament", "new", "{db}", "--name", "again"], "exists already"),
    (["tournament", "pair", "{tmp}/missing.db"], "no event file"),
    (["tournament", "bracket", "{db}"], "no knockout bracket"),
])
def test_cli_bad_input_is_usage_error(tmp_path, args, msg):
    db = tmp_path / "e.db"
    main(["tournament", "new", str(db), "--name", "E", "--system", "swiss", "--rounds", "3"])
    for n in "ABCD":
        main(["tournament", "add", str(db), n])
    main(["tournament", "pair", str(db)])
    argv = [a.format(db=db, tmp=tmp_path) for a in args]
    r = subprocess.run([sys.executable, "-m", "xqboard.cli"] + argv, capture_output=True, text=True)
    if msg is None:
        assert r.returncode == 0
        return
    assert r.returncode == 2, r.stderr
    assert msg in r.stderr and "Traceback" not in r.stderr


def test_cli_knockout_bracket(tmp_path, capsys):
    db = tmp_path / "ko.db"
    run("tournament", "new", db, "--name", "Cup", "--system", "knockout", "--seed", 2)
    for i in range(1, 7):
        run("tournament", "add", db, "K%d" % i, "--seed", i)
    for rnd in (1, 2, 3):
        run("tournament", "pair", db)
        from xqboard.tournament.event import Tournament

        ev = Tournament.open(str(db))
        for p in ev.pairings(rnd):
            for g in p.games:
                run("tournament", "result", db, rnd, g["board"], "1-0")
    capsys.readouterr()
    assert run("tournament", "bracket", db) == 0
    out = capsys.readouterr().out
    assert "champion: " in out and "R3-1" in out
