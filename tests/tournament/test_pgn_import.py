"""Results from the boards' PGN records, matched by round, board and names."""
import subprocess
import sys

import pytest

from xqboard.cli import main
from xqboard.tournament.pgn_import import import_records, parse


def record(rnd, board, red, black, result, termination="4.1.1 checkmate", event="Test event", extra=""):
    return ('[Game "Chinese Chess"]\n[Event "%s"]\n[Round "%s"]\n[Board "%s"]\n[Red "%s"]\n[Black "%s"]\n'
            '[Result "%s"]\n[Termination "%s"]\n[Format "ICCS"]\n%s\n1. h2e2 h9g7 2. h0g2 i9h9 %s\n' % (
                event, rnd, board, red, black, result, termination, extra, result))


@pytest.fixture
def paired(new_event):
    ev = new_event(6, system="swiss", rounds=5)
    ev.pair()
    return ev


def names(ev, rnd=1):
    es = ev.by_id()
    return [(g["board"], es[g["red_player"]].name, es[g["black_player"]].name)
            for p in ev.pairings(rnd) for g in p.games]


def test_import_a_directory_of_records(paired, tmp_path):
    d = tmp_path / "records"
    d.mkdir()
    for (board, red, black), res in zip(names(paired), ("1-0", "0-1", "1/2-1/2")):
        (d / ("board%d.pgn" % board)).write_text(record(1, board, red, black, res), encoding="utf-8")
    rep = import_records(paired, [str(d)], accept_unverified=True)
    assert len(rep.applied) == 3 and not rep.refused
    g = paired.game_at(1, 1)
    assert g["result"] == "1-0" and g["termination"] == "4.1.1 checkmate" and g["source"] == "pgn:board1.pgn unverified"  # typed records: taken as unverified
    rep = import_records(paired, [str(d)], accept_unverified=True)  # again: nothing changes
    assert len(rep.unchanged) == 3 and not rep.applied


def test_import_refuses_a_record_that_does_not_match_and_imports_nothing(paired, tmp_path):
    (board, red, black), (b2, r2, k2) = names(paired)[:2]
    f = tmp_path / "two.pgn"
    f.write_text(record(1, board, red, black, "1-0") + "\n" + record(1, b2, r2, "Somebody Else", "0-1"),
                 encoding="utf-8")
    rep = import_records(paired, [str(f)], accept_unverified=True)
    assert len(rep.refused) == 1 and not rep.applied
    assert "Somebody Else" in rep.refused[0][1] and k2 in rep.refused[0][1]
    assert paired.game_at(1, board)["result"] is None
    rep = import_records(paired, [str(f)], accept_unverified=True, partial=True)
    assert len(rep.applied) == 1


def test_import_says_when_colours_are_swapped(paired, tmp_path):
    board, red, black = names(paired)[0]
    f = tmp_path / "swap.pgn"
    f.write_text(record(1, board, black, red, "1-0"), encoding="utf-8")
    rep = import_records(paired, [str(f)], accept_unverified=True)
    assert "colours swapped" in rep.refused[0][1]


@pytest.mark.parametrize("rnd, board, result, why", [
    (2, 1, "1-0", "round 2 has no board 1"),
    (1, 9, "1-0", "round 1 has no board 9"),
    (1, 1, "*", "no final result"),
    ("", 1, "1-0", "no Round number"),
])
def test_import_refusals(paired, tmp_path, rnd, board, result, why):
    _, red, black = names(paired)[0]
    f = tmp_path / "x.pgn"
    f.write_text(record(rnd, board, red, black, result), encoding="utf-8")
    rep = import_records(paired, [str(f)], accept_unverified=True)
    assert why in rep.refused[0][1]


def test_import_does_not_overwrite_a_different_result(paired, tmp_path):
    board, red, black = names(paired)[0]
    paired.set_result(1, board, "0-1")
    f = tmp_path / "x.pgn"
    f.write_text(record(1, board, red, black, "1-0"), encoding="utf-8")
    assert "has 0-1 already" in import_records(paired, [str(f)], accept_unverified=True).refused[0][1]
    assert len(import_records(paired, [str(f)], accept_unverified=True, force=True).applied) == 1


def test_import_gbk_records_and_chinese_names(new_event, tmp_path):
    ev = new_event(0, system="swiss", rounds=3)
    for n in ("王天一", "郑惟桐", "许银川", "赵鑫鑫"):
        ev.add_player(n)
    ev.pair()
    board, red, black = names(ev)[0]
    f = tmp_path / "gbk.pgn"
    f.write_bytes(record(1, board, red, black, "1/2-1/2", "4.2.1 agreed").encode("gb18030"))
    rep = import_records(ev, [str(f)], accept_unverified=True)
    assert len(rep.applied) == 1
    assert ev.game_at(1, board)["result"] == "1/2-1/2"


def test_import_fouls_tags(paired, tmp_path):
    board, red, black = names(paired)[0]
    f = tmp_path / "f.pgn"
    f.write_text(record(1, board, red, black, "1-0", extra='[RedFouls "1"]\n[BlackFouls "2"]'), encoding="utf-8")
    import_records(paired, [str(f)], accept_unverified=True)
    g = paired.game_at(1, board)
    assert (g["fouls_red"], g["fouls_black"]) == (1, 2)


def test_parse_several_games_in_one_file():
    text = record(1, 1, "A", "B", "1-0") + "\n" + record(1, 2, "C", "D", "0-1")
    games = parse(text)
    assert [g.tags["Board"] for g in games] == ["1", "2"]
    assert games[1].moves.startswith("1. h2e2")


def test_cli_import_refusal_exit_2_without_traceback(paired, tmp_path):
    board, red, black = names(paired)[0]
    f = tmp_path / "bad.pgn"
    f.write_text(record(1, board, red, "Nobody", "1-0"), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "xqboard.cli", "tournament", "import", paired.path, str(f), "--accept-unverified"],
                       capture_output=True, text=True)
    assert r.returncode == 2
    assert "refused" in r.stderr and "Nobody" in r.stderr and "Traceback" not in r.stderr
    g = tmp_path / "good.pgn"
    g.write_text(record(1, board, red, black, "1-0"), encoding="utf-8")
    assert main(["tournament", "import", paired.path, str(g), "--accept-unverified"]) == 0


def test_import_team_match_boards(new_event, tmp_path):
    ev = new_event(0, kind="team", system="roundrobin", boards=2)
    for t in "AB":
        ev.add_team("Team " + t)
        for i in (1, 2):
            ev.add_player("%s%d" % (t, i), team="Team " + t)
    ev.pair()
    for board, red, black in names(ev):
        (tmp_path / ("b%d.pgn" % board)).write_text(record(1, board, red, black, "1-0"), encoding="utf-8")
    rep = import_records(ev, [str(tmp_path)], accept_unverified=True)
    assert len(rep.applied) == 2
    p = ev.pairings(1)[0]
    recs = ev.records(1)
    assert recs[p.red][0].score == recs[p.black][0].score == 1  # one board each (12.2 colours)
