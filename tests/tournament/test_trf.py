"""TRF16 as the format defines it (issue 15), read back by a strict reader
written from the specification (trf_reader.py)."""
import random

import pytest

from xqboard.cli import main
from xqboard.tournament import export_trf

from .trf_reader import TrfError, read


@pytest.fixture
def swiss(new_event):
    ev = new_event(0, system="swiss", rounds=5, name="象棋公开赛", city="杭州", arbiter="刘裁判")
    people = [("王天一", "m", "1988-05-02", "CHN", "1000123"), ("王伟", "m", "1990", None, None),
              ("王伟", "f", None, None, None), ("单霞丽", "f", "1957-03-04", "CHN", None),
              ("Nguyễn Thanh Bảo", "m", None, "VIE", "12345678901"), ("郑惟桐", None, None, None, None),
              ("欧阳琦琳", "f", None, None, None)]
    for i, (name, sex, birth, fed, pid) in enumerate(people):
        ev.add_player(name, rating=2600 - 30 * i, club="C%d" % i, sex=sex, birth=birth, federation=fed, player_id=pid)
    r = random.Random(5)
    for rnd in (1, 2):
        ev.pair()
        for p in ev.pairings(rnd):
            for g in p.games:
                ev.set_result(rnd, g["board"], r.choice(["1-0", "0-1", "1/2-1/2", "+-", "-+"]))
    ev.withdraw("#7")
    ev.add_player("迟到", rating=2000)      # a late entry for round 3
    ev.pair()
    for p in ev.pairings(3):
        for g in p.games:
            if g["result"] is None:
                ev.set_result(3, g["board"], "1-0")
    ev.pair()             # round 4 paired, not played
    return ev


def test_the_strict_reader_takes_the_file(swiss):
    text = export_trf.write(swiss)
    header, dates, players = read(text)
    assert header["012"] == ["象棋公开赛"] and header["022"] == ["杭州"] and header["102"] == ["刘裁判"]
    assert len(dates) == 3 and header["XXR"] == ["3"]
    assert len(players) == 8
    by_name = {}
    for p in players.values():
        by_name.setdefault(p.name, []).append(p)
    top = by_name["王天一"][0]
    assert (top.sex, top.federation, top.id, top.birth, top.rating) == ("m", "CHN", "1000123", "1988/05/02", "2600")
    assert by_name["Nguyễn Thanh Bảo"][0].id == "12345678901"
    assert sorted(p.sex for p in by_name["王伟"]) == ["m", "w"]
    assert any("points: 1/0.5/0 (converted from the event's 2/1/0" in l for l in text.splitlines())


def test_byte_columns_with_chinese_names(swiss):
    for line in export_trf.write(swiss).splitlines():
        if line.startswith("001"):
            b = line.encode("utf-8")
            assert b[80:84].decode().strip().replace(".", "").isdigit()       # points at bytes 81-84
            assert len(b) >= 91


def test_withdrawal_late_entry_bye_and_forfeit_codes(swiss):
    header, dates, players = read(export_trf.write(swiss))
    num = {e.id: e.number for e in swiss.entrants()}
    gone = players[num[swiss.entrant("#7").id]]
    assert gone.rounds[2] == (0, "-", "Z")                    # withdrew before round 3 (19.3)
    late = players[num[swiss.entrant("迟到").id]]
    assert late.rounds[:2] == [(0, "-", "Z"), (0, "-", "Z")]   # missed, scored a loss each
    codes = {c for p in players.values() for _, _, c in p.rounds}
    assert "U" in codes or len(players) % 2 == 0
    assert codes & {"+", "-"}


def test_round_option_and_pending_games(swiss, tmp_path):
    out = tmp_path / "r2.trf"
    assert main(["tournament", "export", swiss.path, "trf", str(out), "--round", "2"]) == 0
    header, dates, players = read(out.read_bytes())
    assert header["XXR"] == ["2"] and len(dates) == 2
    assert all(len(p.rounds) <= 2 for p in players.values())
    header, dates, players = read(export_trf.write(swiss, 4))     # round 4 paired, no result in
    assert any(code == " " and opp for p in players.values() for opp, _, code in p.rounds[3:])


def test_latin_names_and_late_draw_points(new_event):
    ev = new_event(0, system="swiss", rounds=3, late_points="draw")
    for n in ("王天一", "郑惟桐", "许银川", "赵鑫鑫"):
        ev.add_player(n)
    ev.pair()
    for p in ev.pairings(1):
        ev.set_result(1, p.games[0]["board"], "1-0")
    ev.add_player("蒋川")
    ev.pair()
    for p in ev.pairings(2):
        if p.black:
            ev.set_result(2, p.games[0]["board"], "0-1")
    header, dates, players = read(export_trf.write(ev, latin=True))
    names = {p.name for p in players.values()}
    assert {"Wang, Tianyi", "Jiang, Chuan"} <= names
    late = next(p for p in players.values() if p.name == "Jiang, Chuan")
    assert late.rounds[0] == (0, "-", "H")


def test_round_robin_rest(new_event):
    ev = new_event(5, system="roundrobin")
    for rnd in (1, 2):
        ev.pair()
        for p in ev.pairings(rnd):
            if p.black:
                ev.set_result(rnd, p.games[0]["board"], "1/2-1/2")
    header, dates, players = read(export_trf.write(ev))
    assert sum(1 for p in players.values() for r in p.rounds if r == (0, "-", "Z")) == 2


@pytest.mark.parametrize("damage, message", [
    (lambda l: l[:95] + "x" + l[96:], "round 1"),
    (lambda l: l[:80] + "9.9" + l[83:], "points"),
    (lambda l: l.replace("001", "002", 1), "unknown record"),
])
def test_the_reader_is_strict(swiss, damage, message):
    lines = export_trf.write(swiss, latin=True).splitlines()
    read("\n".join(lines))
    k = next(i for i, l in enumerate(lines) if l.startswith("001") and l.isascii())
    lines[k] = damage(lines[k])
    with pytest.raises(TrfError, match=message):
        read("\n".join(lines))
