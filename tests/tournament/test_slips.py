"""A round's results from a result slip (issue 25, item 2): `slips` writes
the blank slip (PDF, CSV, XLSX), `results` enters it all or nothing, every
bad line named, and the same slip twice changes nothing; every command that
changes the event says so in one line."""
import csv
import shutil
import subprocess

import pytest

from xqboard.cli import main
from xqboard.tournament import export_pdf
from xqboard.tournament.event import Tournament


def run(*args):
    return main([str(a) for a in args])


@pytest.fixture
def swiss(new_event):
    ev = new_event(8, system="swiss", rounds=5)
    ev.pair()
    return ev


def read_csv(path):
    with open(path, encoding="utf-8-sig", newline="") as f:
        return list(csv.reader(f))


def write_csv(path, rows):
    with open(path, "w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)
    return path


def filled(rows, results):
    """The blank slip's rows with the results of `results` (board -> result) filled in."""
    out = [rows[0]]
    col = rows[0].index("result")
    for r in rows[1:]:
        r = list(r)
        if r[1] and int(r[1]) in results:
            r[col] = results[int(r[1])]
        out.append(r)
    return out


def test_a_round_from_a_csv_slip_and_the_same_slip_twice(swiss, tmp_path, capsys):
    blank = tmp_path / "blank.csv"
    assert run("tournament", "slips", swiss.path, 1, blank) == 0
    rows = read_csv(blank)
    assert rows[0][:2] == ["table", "board"] and len(rows) == 5
    slip = write_csv(tmp_path / "r1.csv", filled(rows, {1: "1-0", 2: "=", 3: "-+", 4: "0-1"}))
    capsys.readouterr()
    assert run("tournament", "results", swiss.path, 1, slip) == 0
    out = capsys.readouterr().out
    assert out.strip().endswith("round 1, 4 result(s) entered, 0 unchanged, 0 left blank; the round is complete")
    ev = Tournament.open(swiss.path)
    assert [ev.game_at(1, b)["result"] for b in (1, 2, 3, 4)] == ["1-0", "1/2-1/2", "-+", "0-1"]
    assert ev.game_at(1, 1)["source"] == "slip:r1.csv"
    assert run("tournament", "results", swiss.path, 1, slip) == 0       # again: nothing changes
    assert "0 result(s) entered, 4 unchanged" in capsys.readouterr().out
    # a different result is refused unless forced, and named by its line
    slip2 = write_csv(tmp_path / "r1b.csv", [["board", "result"], ["2", "1-0"]])
    assert run("tournament", "results", swiss.path, 1, slip2) == 2
    assert "r1b.csv line 2: round 1 board 2 has 1/2-1/2 already (--force to change it)" in capsys.readouterr().err
    assert run("tournament", "results", swiss.path, 1, slip2, "--force") == 0
    assert "forced: round 1 board 2 was 1/2-1/2, now 1-0" in capsys.readouterr().out
    # a round not paired is said once, not once a board
    for action in (("results", 2, slip), ("result", 2, 1, "1-0")):
        assert run("tournament", action[0], swiss.path, *action[1:]) == 2
        assert capsys.readouterr().err == "xqboard: round 2 is not paired (the last paired is round 1)\n"


def test_a_bad_slip_names_every_bad_line_and_enters_nothing(swiss, tmp_path, capsys):
    blank = tmp_path / "blank.csv"
    run("tournament", "slips", swiss.path, 1, blank)
    rows = filled(read_csv(blank), {1: "1-0", 2: "won", 3: "1-0", 4: "0-1"})
    rows[3][5] = "Nobody"                            # board 3 with another player's name: a typo'd board
    rows[4][7] = "-2"                                # fouls_red of board 4
    rows.append(["", "9", "", "", "", "", "1-0", "", "", ""])
    rows.append(["", "1", "", "", "", "", "0-1", "", "", ""])
    slip = write_csv(tmp_path / "bad.csv", rows)
    capsys.readouterr()
    assert run("tournament", "results", swiss.path, 1, slip) == 2
    err = capsys.readouterr().err
    for part in ("bad.csv line 3: result 'won'", "bad.csv line 5: fouls_red '-2': a count from 0 to 99",
                 "bad.csv line 4: round 1 board 3 is ", "the slip says", "bad.csv line 6: round 1 has no board 9",
                 "bad.csv line 7: board 1 twice (also line 2)"):
        assert part in err, (part, err)
    assert err.count("\n") == 1
    lines = [int(f.split(" line ")[1].split(":")[0]) for f in err.split("; ")]
    assert lines == sorted(lines), err               # told in the slip's order, whichever check found them
    ev = Tournament.open(swiss.path)
    assert all(g["result"] is None for p in ev.pairings(1) for g in p.games)


def test_an_xlsx_slip(swiss, tmp_path, capsys):
    import openpyxl
    blank = tmp_path / "blank.xlsx"
    assert run("tournament", "slips", swiss.path, 1, blank) == 0
    book = openpyxl.load_workbook(blank)
    sheet = book.active
    header = [c.value for c in sheet[1]]
    for row in sheet.iter_rows(min_row=2):
        row[header.index("result")].value = "1-0"
        row[header.index("fouls_black")].value = 1
    book.save(blank)
    assert run("tournament", "results", swiss.path, 1, blank) == 0
    ev = Tournament.open(swiss.path)
    assert all(g["result"] == "1-0" and g["fouls_black"] == 1 for p in ev.pairings(1) for g in p.games)


def test_a_team_slip_board_by_board(new_event, tmp_path, capsys):
    ev = new_event(0, kind="team", system="roundrobin", boards=3)
    for t in ("北京", "上海", "广东", "四川"):
        ev.add_team(t)
        for k in (1, 2, 3):
            ev.add_player("%s%d" % (t, k), team=t)
    ev.pair()
    blank = tmp_path / "blank.csv"
    run("tournament", "slips", ev.path, 1, blank)
    rows = read_csv(blank)
    assert [r[1] for r in rows[1:]] == ["", "1", "2", "3", "", "4", "5", "6"]      # each match, then its boards
    slip = write_csv(tmp_path / "t.csv", filled(rows, {b: "1-0" for b in range(1, 7)}))
    capsys.readouterr()
    assert run("tournament", "results", ev.path, 1, slip) == 0
    # the matches' own lines are no results left blank
    assert capsys.readouterr().out.strip().endswith("6 result(s) entered, 0 unchanged, 0 left blank; "
                                                    "the round is complete")
    ev = Tournament.open(ev.path)
    assert {r.game_points for rs in ev.records(1).values() for r in rs} == {2, 4}   # boards 1, 3 v board 2


def test_the_blank_slip_prints(swiss, tmp_path):
    if export_pdf.chromium() is None or not shutil.which("pdftotext"):
        pytest.skip("chromium and pdftotext are needed (system-packages.txt)")
    out = tmp_path / "slip.pdf"
    assert run("tournament", "slips", swiss.path, 1, out) == 0
    text = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True).stdout
    assert "round 1 result slip" in text and "Result" in text and "P01" in text


def _record_of(ev, rnd, board, result):
    """A hand-typed PGN record of one game (imported --accept-unverified)."""
    by_id, g = ev.by_id(), ev.game_at(rnd, board)
    return ('[Game "Chinese Chess"]\n[Event "%s"]\n[Round "%d"]\n[Board "%d"]\n[Red "%s"]\n[Black "%s"]\n'
            '[Result "%s"]\n[Format "ICCS"]\n\n1. h2e2 h9g7 %s\n' % (
                ev.get("name"), rnd, board, by_id[g["red_player"]].name, by_id[g["black_player"]].name, result, result))


def test_every_changing_command_says_what_it_did(new_event, tmp_path, capsys):
    from xqboard.commands.tournament import CHANGING

    ev = new_event(0, system="swiss", rounds=3)
    players = write_csv(tmp_path / "p.csv", [["姓名", "等级分"], ["E", "2000"], ["F", "1990"]])
    slip = write_csv(tmp_path / "s.csv", [["board", "result"], ["2", "0-1"], ["3", "="]])
    pgn = tmp_path / "r.pgn"
    team = new_event(0, kind="team", system="roundrobin", boards=1, lineup="adhoc")
    ko = new_event(2, system="knockout")
    steps = [(ev, "add", "A"), (ev, "add", "B"), (ev, "add", "C"), (ev, "add", "D"),
             (ev, "edit", "A", "--rating", "2100"), (ev, "remove", "D"), (ev, "add", "D"),
             (ev, "import-players", players), (ev, "draw"), (ev, "pair"), (ev, "unpair"), (ev, "pair"),
             (ev, "repair", "--flip", 1), (ev, "result", 1, 1, "1-0"), (ev, "import", pgn, "--accept-unverified"),
             (ev, "results", 1, slip), (ev, "penalty", "A", "18.1"), (ev, "pair"), (ev, "delete-round"),
             (ev, "withdraw", "C"),
             (team, "team", "T1"), (team, "add", "T1a", "--team", "T1"), (team, "add", "T1b", "--team", "T1"),
             (team, "team", "T2"), (team, "add", "T2a", "--team", "T2"), (team, "lineup", 1, "T1", "T1b"),
             (ko, "pair"), (ko, "result", 1, 1, "="), (ko, "winner", 1, 1, "P01")]
    done = set()
    for event, action, *rest in steps:
        if action == "import":
            pgn.write_text(_record_of(event, 1, 2, "0-1"), encoding="utf-8")
        capsys.readouterr()
        assert run("tournament", action, event.path, *rest) == 0, (action, rest)
        out = capsys.readouterr().out
        assert out.strip(), (action, rest)
        if action not in ("draw", "pair", "repair", "import"):  # these print the numbers, the round, a line a record
            assert out.count("\n") == 1, (action, out)
        done.add(action)
    assert done >= set(CHANGING), set(CHANGING) - done     # every command that changes the event
