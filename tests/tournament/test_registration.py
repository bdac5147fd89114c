"""Registration (issue 15): player files, edit, duplicate names, late
entries, pinyin, validation, speed."""
import sqlite3
import time

import pytest

from xqboard.cli import main
from xqboard.tournament.refusal import TournamentError
from xqboard.tournament.event import Tournament

CSV = """name,pinyin,rating,club,seed,birth,sex,federation,player_id
王天一,,2650,杭州,1,1988-05-02,m,CHN,1000123
王伟,,2300,北京,,1990,m,,
王伟,,2280,上海,,1992-01-31,m,,
单霞丽,,2200,上海,,1957,f,,
郑惟桐,ZHENG Weitong,2600,四川,2,,,,
"""


def run(*args):
    return main([str(a) for a in args])


def write(path, text, encoding="utf-8"):
    path.write_bytes(text.encode(encoding))
    return path


def test_csv_import_with_duplicate_chinese_names_and_pinyin(tmp_path, capsys):
    db = tmp_path / "open.db"
    run("tournament", "new", db, "--name", "Open", "--system", "swiss", "--rounds", 5)
    assert run("tournament", "import-players", db, write(tmp_path / "p.csv", "\ufeff" + CSV)) == 0
    assert "5 players entered" in capsys.readouterr().out
    ev = Tournament.open(str(db))
    assert sorted(e.pinyin for e in ev.entrants()) == ["SHAN Xiali", "WANG Tianyi", "WANG Wei", "WANG Wei", "ZHENG Weitong"]
    top = ev.entrant("王天一")
    assert (top.rating, top.birth, top.sex, top.federation, top.player_id) == (2650, "1988-05-02", "m", "CHN", "1000123")
    assert ev.entrant("ZHENG Weitong").name == "郑惟桐"          # the given pinyin is kept
    assert ev.entrant("单霞丽").pinyin == "SHAN Xiali"               # surname reading
    assert run("tournament", "players", db) == 0
    out = capsys.readouterr().out
    assert "王伟 (北京)" in out and "王伟 (上海)" in out


def test_gb18030_file_and_a_previous_event(tmp_path):
    ev = Tournament.create(str(tmp_path / "a.db"), "A", system="roundrobin", seed=1)
    ids = ev.add_players(__import__("xqboard.tournament.player_file", fromlist=["x"]).read_players(
        write(tmp_path / "p.csv", CSV, "gb18030")))
    assert len(ids) == 5
    ev2 = Tournament.create(str(tmp_path / "b.db"), "B", system="swiss", rounds=3, seed=1)
    from xqboard.tournament.player_file import read_players
    ev2.add_players(read_players(str(tmp_path / "a.db")))
    assert sorted(e.name for e in ev2.entrants()) == sorted(e.name for e in ev.entrants())


def test_ambiguous_name_is_refused_with_the_candidates(new_event):
    ev = new_event(0, system="swiss", rounds=3)
    ev.add_player("王伟", club="杭州")
    ev.add_player("王伟", club="杭州")
    ev.add_player("李强")
    with pytest.raises(TournamentError, match=r"'王伟' is ambiguous: 1 王伟 \(#1\), 2 王伟 \(#2\); give the number"):
        ev.withdraw("王伟")
    ev.draw(seed=1)
    e = ev.entrant("李强")
    assert ev.entrant(str(e.number)).id == e.id and ev.entrant("#%d" % e.number).id == e.id
    shown = ev.display_names()
    assert all(shown[x.id] == "王伟 (#%d)" % x.number for x in ev.entrants() if x.name == "王伟")
    assert shown[e.id] == "李强"


def test_edit_fields_and_pinyin(tmp_path, capsys):
    db = tmp_path / "e.db"
    run("tournament", "new", db, "--name", "E", "--system", "swiss", "--rounds", 3)
    run("tournament", "add", db, "程亮", "--rating", "2400")
    assert Tournament.open(str(db)).entrant("程亮").pinyin == "CHENG Liang"
    assert run("tournament", "edit", db, "程亮", "--club", "上海", "--rating", "2410", "--birth", "1991/3/4") == 0
    e = Tournament.open(str(db)).entrant("程亮")
    assert (e.club, e.rating, e.birth) == ("上海", 2410, "1991-03-04")
    run("tournament", "edit", db, "1", "--name", "冯军")
    assert Tournament.open(str(db)).entrant("1").pinyin == "FENG Jun"             # followed the new name
    run("tournament", "edit", db, "1", "--pinyin", "FUNG Kwan")
    assert Tournament.open(str(db)).entrant("FUNG Kwan").name == "冯军"


@pytest.mark.parametrize("options, message", [
    (["--rating", "-5"], "rating '-5': a whole number from 0 to 3500"),
    (["--rating", "abc"], "rating 'abc'"),
    (["--rating", "4000"], "rating '4000'"),
    (["--birth", "1990-02-30"], "birth '1990-02-30': YYYY or YYYY-MM-DD"),
    (["--birth", "2990"], "a year from 1900"),
    (["--sex", "x"], "sex 'x': m or f"),
    (["--federation", "CHINA"], "federation 'CHINA': three letters"),
    (["--id", "12a"], "player_id '12a': digits only"),
    (["--seed", "0"], "seed '0'"),
    (["--pinyin", "王"], "pinyin '王': Latin letters only"),
])
def test_validation_names_each_fault(tmp_path, options, message, capsys):
    import subprocess, sys
    db = tmp_path / "e.db"
    run("tournament", "new", db, "--name", "E", "--system", "swiss", "--rounds", 3)
    r = subprocess.run([sys.executable, "-m", "xqboard.cli", "tournament", "add", str(db), "P"] + options,
                       capture_output=True, text=True)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr


def test_a_faulty_file_names_every_line_and_enters_nothing(tmp_path):
    ev = Tournament.create(str(tmp_path / "e.db"), "E", system="swiss", rounds=3, seed=1)
    from xqboard.tournament.player_file import read_players
    bad = write(tmp_path / "bad.csv", "name,rating,birth\nA,2000,1990\n,2100,\nC,-1,1990-13-01\n")
    with pytest.raises(TournamentError) as e:
        ev.add_players(read_players(str(bad)))
    assert "bad.csv line 3: name: empty" in str(e.value)
    assert "line 4: rating '-1'" in str(e.value) and "line 4: birth '1990-13-01'" in str(e.value)
    with pytest.raises(TournamentError, match="the header needs 'name'"):
        read_players(str(write(tmp_path / "h.csv", "nom,elo\nA,1\n")))
    with pytest.raises(TournamentError, match="not a readable XLSX workbook"):
        read_players(str(write(tmp_path / "x.xlsx", "PK\x03\x04junk")))
    assert ev.entrants() == []


def test_late_entry_in_a_swiss_scores_the_missed_rounds(new_event, rng, play):
    ev = new_event(6, system="swiss", rounds=4)
    ev.pair()
    play(ev, rng)
    pid = ev.add_player("迟到", rating=2000)
    late = ev.entrant("迟到")
    assert (late.number, late.joined_round) == (7, 2)
    r = ev.pair()
    assert any(late.id in (p.red, p.black) for p in r.pairs)
    recs = ev.records(1)[pid]
    assert [(x.round, x.score, x.opponent) for x in recs] == [(1, 0, None)]
    draws = new_event(4, system="swiss", rounds=3, late_points="draw")
    draws.pair()
    play(draws, rng)
    pid = draws.add_player("Late")
    assert [x.score for x in draws.records(1)[pid]] == [1]


def test_late_entries_from_a_list_are_told_the_events_rule(new_event, tmp_path, capsys):
    ev = new_event(4, system="swiss", rounds=3, late_points="draw")
    ev.pair()
    capsys.readouterr()
    assert run("tournament", "import-players", ev.path, write(tmp_path / "late.csv", "姓名\n迟到甲\n迟到乙\n")) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "late entries: 5-6 from round 2; each round missed scores a draw", out


@pytest.mark.parametrize("system, reason", [
    ("roundrobin", "round 1 is paired: a Round robin"),
    ("knockout", "round 1 is paired: a"),
])
def test_late_entry_refused_with_the_reason(new_event, system, reason):
    ev = new_event(4, system=system)
    ev.pair()
    with pytest.raises(TournamentError, match=reason):
        ev.add_player("Late")


def test_late_entry_refused_when_the_event_says_so(new_event):
    ev = new_event(4, system="swiss", rounds=3, late_entries=False)
    ev.pair()
    with pytest.raises(TournamentError, match="takes no late entries"):
        ev.add_player("Late")


def test_a_version_1_file_is_upgraded(tmp_path):
    path = tmp_path / "old.db"
    db = sqlite3.connect(str(path))
    db.executescript("""create table meta (key text primary key, value text not null);
        create table entrants (id integer primary key, kind text not null default 'player', name text not null,
        rating integer, club text, seed integer, number integer, team_id integer references entrants(id),
        roster integer, grp integer, withdrawn_round integer, annulled integer not null default 0,
        eliminated_round integer, unique (kind, name));
        insert into meta values ('version', '1'), ('name', '"Old"'), ('system', '"roundrobin"'), ('kind', '"individual"');
        insert into entrants (name) values ('A');""")
    db.commit()
    db.close()
    ev = Tournament.open(str(path))
    ev.add_player("A")
    assert [e.name for e in ev.entrants()] == ["A", "A"] and ev.get("version") == 2


def test_a_thousand_players_from_a_file_in_seconds(tmp_path):
    lines = ["name,rating,club"] + ["%s%s,%d,C%d" % ("王李张刘陈"[i % 5], "伟芳娜敏静强磊"[i % 7], 1500 + i % 900, i % 30)
                                    for i in range(1000)]
    path = write(tmp_path / "big.csv", "\n".join(lines) + "\n")
    ev = Tournament.create(str(tmp_path / "big.db"), "Big", system="swiss", rounds=9, seed=1)
    from xqboard.tournament.player_file import read_players
    t = time.perf_counter()
    ev.add_players(read_players(str(path)))
    assert len(ev.entrants()) == 1000
    assert time.perf_counter() - t < 5


def xlsx(path, rows):
    """An XLSX written by openpyxl as a spreadsheet saves it: text cells,
    numbers as numbers (2650 stored as 2650.0, as some do), dates as dates."""
    import openpyxl
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append([float(v) if isinstance(v, int) else (v or None) for v in row])
    book.save(str(path))
    return path


def test_xlsx_player_list(tmp_path):
    from xqboard.tournament.player_file import read_players
    path = xlsx(tmp_path / "p.xlsx", [["姓名", "等级分", "单位", "性别"], ["王天一", 2650, "杭州", "男"],
                                      ["王伟", 2300, "", "女"], ["", "", "", ""], ["郑惟桐", 2600, "四川", ""]])
    players = read_players(str(path))
    assert players == [{"name": "王天一", "rating": 2650, "club": "杭州", "sex": "m"},
                       {"name": "王伟", "rating": 2300, "sex": "f"},
                       {"name": "郑惟桐", "rating": 2600, "club": "四川"}]
    bad = xlsx(tmp_path / "b.xlsx", [["name", "rating"], ["A", -4]])
    with pytest.raises(TournamentError, match="b.xlsx line 2: rating '-4'"):
        read_players(str(bad))


def test_excel_dates_serials_and_date_cells(tmp_path):
    import datetime

    from xqboard.tournament.player_file import read_players
    csv_players = read_players(str(write(tmp_path / "p.csv", "name,birth\n王伟,32265\n李强,1990\n")))
    assert [p["birth"] for p in csv_players] == ["1988-05-02", "1990"]      # Excel's serial; a year stays a year
    path = xlsx(tmp_path / "p.xlsx", [["name", "birth"], ["王伟", datetime.datetime(1988, 5, 2)], ["李强", 32265]])
    assert [p["birth"] for p in read_players(str(path))] == ["1988-05-02", "1988-05-02"]


def test_a_second_import_of_the_same_list_is_refused_or_merged(tmp_path, capsys):
    db = tmp_path / "open.db"
    run("tournament", "new", db, "--name", "Open", "--system", "swiss", "--rounds", 5)
    first = write(tmp_path / "p.csv", CSV)
    assert run("tournament", "import-players", db, first) == 0
    capsys.readouterr()
    assert run("tournament", "import-players", db, first) == 2
    err = capsys.readouterr().err
    assert "5 of its 5 players are entered already" in err and "--merge" in err
    assert len(Tournament.open(str(db)).entrants()) == 5
    # the same list again, one rating changed and one player more: merged by the key
    again = write(tmp_path / "p2.csv", CSV.replace("王伟,,2300,北京,,1990", "王伟,,2310,北京,,1990") +
                  "许银川,,2650,广东,,1975,m,,\n")
    assert run("tournament", "import-players", db, again, "--merge") == 0
    out = capsys.readouterr().out
    assert "updated" in out and "rating 2300 -> 2310" in out
    assert out.strip().endswith("1 players entered, 1 updated, 4 unchanged, 6 in all")
    ev = Tournament.open(str(db))
    assert sorted(e.rating for e in ev.entrants() if e.name == "王伟") == [2280, 2310]


def test_players_marks_withdrawals(tmp_path, capsys):
    db = tmp_path / "open.db"
    run("tournament", "new", db, "--name", "Open", "--system", "swiss", "--rounds", 5)
    for n in "ABCD":
        run("tournament", "add", db, n)
    run("tournament", "pair", db)
    run("tournament", "withdraw", db, "B")
    capsys.readouterr()
    assert run("tournament", "players", db) == 0
    lines = {line.split()[1]: line for line in capsys.readouterr().out.splitlines()}
    assert lines["B"].endswith("(withdrew from round 2)") and "withdrew" not in lines["A"]


@pytest.mark.parametrize("rule, score, bye_again", [("bye", 2, False), ("loss", 0, None)])
def test_a_late_entrants_missed_round_by_the_events_rule(new_event, rule, score, bye_again):
    ev = new_event(6, system="swiss", rounds=5, late_points=rule)
    ev.pair()
    for p in ev.pairings(1):
        ev.set_result(1, p.games[0]["board"], "1-0")
    late = ev.add_player("Late", rating=2000)
    (missed,) = [r for r in ev.records(1)[late] if r.round == 1]
    assert missed.score == score and missed.bye == (rule == "bye")
    rd = ev.pair()
    got_bye = any(p.black is None and p.red == late for p in rd.pairs)
    if bye_again is not None:
        assert got_bye == bye_again           # his bye was his round 1 (principle 5: once)
