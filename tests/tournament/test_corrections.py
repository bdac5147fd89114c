"""Results at the command line and corrections (issue 15): unquoted result
forms, fouls, late corrections, unpair/delete-round/repair, damaged files,
backups and restore."""
import os
import subprocess
import sys

import pytest

from xqboard.cli import main
from xqboard.tournament import backups
from xqboard.tournament.corrections import delete_last_round, repair, unpair
from xqboard.tournament.refusal import TournamentError
from xqboard.tournament.event import Tournament


def run(*args):
    return main([str(a) for a in args])


def cli(*args):
    """The command in a new process: its exit status, stdout and stderr."""
    r = subprocess.run([sys.executable, "-m", "xqboard.cli"] + [str(a) for a in args], capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


@pytest.fixture
def swiss_db(tmp_path):
    db = tmp_path / "e.db"
    run("tournament", "new", db, "--name", "E", "--system", "swiss", "--rounds", 4, "--seed", 1)
    for i in range(1, 9):
        run("tournament", "add", db, "P%d" % i, "--rating", 2000 - i)
    run("tournament", "pair", db)
    return db


@pytest.mark.parametrize("form, stored", [
    ("1-0", "1-0"), ("0-1", "0-1"), ("1/2-1/2", "1/2-1/2"), ("=", "1/2-1/2"),
    ("+-", "+-"), ("-+", "-+"), ("--", "--"), ("0-0", "--"),
])
def test_every_result_form_unquoted(swiss_db, form, stored):
    status, out, err = cli("tournament", "result", swiss_db, 1, 2, form)
    assert status == 0, err
    assert Tournament.open(str(swiss_db)).game_at(1, 2)["result"] == stored


def test_dash_results_with_options_after(swiss_db):
    assert cli("tournament", "result", swiss_db, 1, 1, "-+", "--fouls-red", "2")[0] == 0
    g = Tournament.open(str(swiss_db)).game_at(1, 1)
    assert (g["result"], g["fouls_red"]) == ("-+", 2)
    status, _, err = cli("tournament", "result", swiss_db, 1, 2, "--", "--")
    assert status == 2 and "Traceback" not in err


@pytest.mark.parametrize("option", ["--fouls-red", "--fouls-black"])
def test_negative_fouls_are_refused(swiss_db, option):
    status, _, err = cli("tournament", "result", swiss_db, 1, 1, "1-0", option, "-3")
    assert status == 2 and "'-3': a count from 0 to 99" in err
    assert Tournament.open(str(swiss_db)).game_at(1, 1)["result"] is None
    with pytest.raises(TournamentError, match="fouls -1: a count from 0 to 99"):
        Tournament.open(str(swiss_db)).set_result(1, 1, "1-0", fouls_black=-1)


def test_a_correction_before_the_next_round_reranks(new_event):
    ev = new_event(4, system="swiss", rounds=3)
    ev.pair()
    boards = [g["board"] for p in ev.pairings(1) for g in p.games]
    for b in boards:
        ev.set_result(1, b, "1-0")
    top = ev.standings(1)[0].entrant
    p = next(p for p in ev.pairings(1) if p.red == top)
    ev.set_result(1, p.games[0]["board"], "0-1", force=True)
    assert ev.standings(1)[0].entrant != top
    assert next(r for r in ev.standings(1) if r.entrant == top).score == 0


def test_a_correction_after_the_next_round_is_paired(new_event):
    ev = new_event(8, system="swiss", rounds=4)
    ev.pair()
    for p in ev.pairings(1):
        ev.set_result(1, p.games[0]["board"], "1-0")
    ev.pair()
    with pytest.raises(TournamentError, match="round 2 is paired: a result of round 1 .*--force"):
        ev.set_result(1, 1, "0-1")
    report = ev.set_result(1, 1, "0-1", force=True)
    assert report.rows and report.affected == [2]
    assert ev.game_at(1, 1)["result"] == "0-1"


def test_the_late_correction_report_is_a_table_of_tables_and_options(new_event, capsys):
    ev = new_event(16, system="swiss", rounds=5)
    ev.pair()
    for p in ev.pairings(1):
        ev.set_result(1, p.games[0]["board"], "1-0")
    ev.pair()
    stored = {p.table_no: (p.red, p.black) for p in ev.pairings(2)}
    assert run("tournament", "result", ev.path, 1, 1, "0-1", "--force") == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "forced: round 1 board 1 was 1-0, now 0-1; the standings are re-ranked"
    assert out[1].startswith("round 1 corrected (board 1): round 2 paired again")
    assert out[2].split() == ["Round", "Table", "Paired", "已编排", "Would", "be", "更正后"]
    rows = [line for line in out[3:] if line[:1].isdigit()]
    shown = ev.display_names()
    assert rows and all(len(line) < 100 for line in rows)       # a table, not one 2,000-character line
    for line in rows:
        rnd, table = map(int, line.split()[:2])
        red, black = stored[table]
        assert rnd == 2 and "%s - %s" % (shown[red], shown[black]) in line   # the table as paired, by its number
    assert any(line.startswith("  keep:") for line in out)
    assert any(line.startswith("  re-pair: `xqboard tournament unpair %s`, then `xqboard tournament pair %s`"
                               % (ev.path, ev.path)) for line in out), out         # commands to copy as they are
    # with a result in round 2, re-pairing would lose it: the report says so
    ev.set_result(2, 1, "1-0")
    report = ev.set_result(1, 2, "0-1", force=True)
    options = dict(report.options())
    assert report.results_in and options["re-pair"].startswith("not without losing results")
    assert report.table(shown)[1] == ["Round", "Table", "Paired 已编排", "Would be 更正后"]


def test_a_forced_correction_in_a_round_robin_changes_no_pairing(new_event, tmp_path, capsys):
    ev = new_event(4, system="roundrobin")
    ev.pair()
    ev.set_result(1, 1, "1-0")
    ev.set_result(1, 2, "1-0")
    ev.pair()
    assert run("tournament", "result", ev.path, 1, 1, "0-1", "--force") == 0
    out = capsys.readouterr().out
    assert "round 1 board 1 was 1-0, now 0-1" in out and "no pairing of round 2 would have changed" in out


def test_a_forced_result_in_the_last_round_is_not_silent(swiss_db, capsys):
    run("tournament", "result", swiss_db, 1, 1, "1-0")
    capsys.readouterr()
    assert run("tournament", "result", swiss_db, 1, 1, "-+", "--force") == 0
    assert "forced: round 1 board 1 was 1-0, now -+; the standings are re-ranked" in capsys.readouterr().out


def test_unpair_and_delete_round(new_event, rng, play):
    ev = new_event(6, system="swiss", rounds=3)
    ev.pair()
    play(ev, rng)
    before = [(p.red, p.black) for p in ev.pair().pairs]
    unpair(ev)
    assert ev.current_round == 1
    assert [(p.red, p.black) for p in ev.pair().pairs] == before
    ev.set_result(2, 1, "1-0")
    with pytest.raises(TournamentError, match="round 2 has results in .*delete-round"):
        unpair(ev)
    assert delete_last_round(ev) == 1 and ev.current_round == 1
    with pytest.raises(TournamentError, match="no round is paired"):
        delete_last_round(ev), delete_last_round(ev)


def test_repair_swap_into_a_rematch_and_a_float(new_event):
    ev = new_event(4, system="swiss", rounds=3)
    ev.pair()
    r1 = ev.pairings(1)
    ev.set_result(1, r1[0].games[0]["board"], "1-0")
    ev.set_result(1, r1[1].games[0]["board"], "1-0")
    r2 = ev.pair().pairs
    # put round 1's opponents together again: swap one of them with his round-2 opponent's opponent
    w1, l1 = r1[0].red, r1[0].black
    t_w1 = next(p for p in r2 if w1 in (p.red, p.black))
    partner = t_w1.black if t_w1.red == w1 else t_w1.red
    shown = {e.id: "#%d" % e.number for e in ev.entrants()}
    bent = repair(ev, swaps=[(shown[partner], shown[l1])])
    assert any("principle 6" in x for x in bent), bent
    assert any("principles 4 and 9" in x for x in bent), bent


def test_repair_flip_bends_colours_and_round_robin_table(new_event):
    ev = new_event(4, system="roundrobin")
    ev.pair()
    assert repair(ev, flips=[1]) == ["appendix 1: round 1 is no longer the table's round "
                                     "(every pairing is fixed by the draw)"]
    with pytest.raises(TournamentError, match="no game at table 9"):
        repair(ev, flips=[9])


def test_repair_refuses_a_table_with_a_result(new_event):
    ev = new_event(4, system="swiss", rounds=3)
    ev.pair()
    ev.set_result(1, 1, "1-0")
    with pytest.raises(TournamentError, match="table 1 has a result in"):
        repair(ev, flips=[1])


@pytest.mark.parametrize("damage", ["text", "truncated", "other_sqlite", "garbled"])
def test_a_damaged_or_foreign_file_gives_a_clear_message(swiss_db, tmp_path, damage):
    data = swiss_db.read_bytes()
    for tail in ("-wal", "-shm"):
        if os.path.exists(str(swiss_db) + tail):
            os.remove(str(swiss_db) + tail)
    if damage == "text":
        swiss_db.write_text("name,rating\nA,1\n")
    elif damage == "truncated":
        swiss_db.write_bytes(data[:len(data) // 3])
    elif damage == "garbled":
        swiss_db.write_bytes(data[:4096] + bytes(range(256)) * ((len(data) - 4096) // 256))
    else:
        import sqlite3
        os.remove(str(swiss_db))
        db = sqlite3.connect(str(swiss_db))
        db.execute("create table photos (id integer)")
        db.commit()
        db.close()
    for args in (["standings", swiss_db], ["result", swiss_db, 1, 1, "1-0"], ["players", swiss_db]):
        status, out, err = cli("tournament", *args)
        assert status == 2 and "Traceback" not in err and err.startswith("xqboard: "), err
        assert "not an event file" in err or "damaged" in err


def test_backups_before_every_change_and_restore(swiss_db, capsys):
    assert [b.action for b in backups.listing(str(swiss_db))] == ["pair"] + ["add"] * 8
    assert run("tournament", "result", swiss_db, 1, 1, "1-0") == 0
    assert run("tournament", "result", swiss_db, 1, 99, "1-0") == 2        # refused: no copy kept
    assert backups.listing(str(swiss_db))[0].action == "result"
    assert len(backups.listing(str(swiss_db))) == 10
    capsys.readouterr()
    assert run("tournament", "restore", swiss_db) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[:1] == ["1"] and "before result" in out
    assert run("tournament", "restore", swiss_db, 1) == 0             # back to before the result
    assert Tournament.open(str(swiss_db)).game_at(1, 1)["result"] is None
    assert run("tournament", "restore", swiss_db, 99) == 2


def test_only_the_last_50_backups_are_kept(tmp_path):
    path = str(tmp_path / "e.db")
    Tournament.create(path, "E", system="swiss", rounds=3).db.close()
    for i in range(55):
        backups.save(path, "add")
    assert len(backups.listing(path)) == 50


def test_a_damaged_file_is_restored_from_its_backup(swiss_db):
    good = backups.listing(str(swiss_db))[0]
    swiss_db.write_bytes(b"garbage" * 100)
    assert run("tournament", "restore", swiss_db, good.name) == 0
    assert Tournament.open(str(swiss_db)).current_round == 0          # the copy made before `pair`
    assert len(Tournament.open(str(swiss_db)).entrants()) == 8


@pytest.mark.parametrize("rnd", [0, -1, 5])
def test_a_penalty_needs_a_round_paired(swiss_db, rnd):
    status, _, err = cli("tournament", "penalty", swiss_db, "P1", "18.1", "--round", rnd)
    assert status == 2 and "penalty round %d: a round paired so far (1-1)" % rnd in err


def test_a_file_with_smashed_page_headers_is_refused_by_every_command_that_writes(swiss_db):
    # issue 26: `tournament result` wrote into such a file and exited 0. The
    # check is in Tournament.open (pragma quick_check): every command, those
    # added later too, goes through it.
    import sqlite3

    path = swiss_db.parent / "copy.db"
    src, db = sqlite3.connect(str(swiss_db)), sqlite3.connect(str(path))
    src.backup(db)
    src.close()
    db.execute("pragma journal_mode = delete")  # one file: its pages as they are
    pages = [r[0] for r in db.execute("select rootpage from sqlite_master where tbl_name = 'games' and rootpage > 1")]
    size = db.execute("pragma page_size").fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    for page in pages:
        data[(page - 1) * size:(page - 1) * size + 8] = b"\xff" * 8
    path.write_bytes(bytes(data))
    for args in (["result", path, 1, 1, "1-0"], ["withdraw", path, "1"], ["standings", path]):
        status, out, err = cli("tournament", *args)
        assert status == 2 and "the event file is damaged (" in err and "restore" in err, err
