"""Issue 15's "Done when", at the size `make test` runs: 20 players, 3
rounds (tests/tournament/event_script.py has the script)."""
from .event_script import run_event
from .trf_reader import read


def test_a_scripted_event_end_to_end(tmp_path, capsys):
    ev, played = run_event(tmp_path / "open", players=20, rounds=3)
    out = capsys.readouterr().out
    # registered from the CSV with duplicate names, told apart by club
    players = ev.entrants()
    assert len(players) == 21
    names = [e.name for e in players]
    assert names.count("王伟") == 3
    assert "王伟 (迟到俱乐部)" in out
    # the late entry joined in round 3 and played it; round 1-2 scored as missed
    late = next(e for e in players if e.club == "迟到俱乐部")
    assert late.joined_round == 3 and late.number == 21
    assert any(late.id in (p.red, p.black) for p in ev.pairings(3))
    assert [r.opponent for r in ev.records(3)[late.id]][:2] == [None, None]
    # every board's result came from its record, matched by player number
    sources = {g["source"] for rnd in (1, 2, 3) for p in ev.pairings(rnd) for g in p.games}
    assert all(s.startswith("pgn:") for s in sources), sources
    assert sum(len(r) for r in played.values()) == 10 + 10 + 10     # the bye of round 3 is no board
    assert ev.round_complete(3)
    # the standings, the TRF (strict reader) and the site
    assert "standings after round 3" in out
    header, dates, trf_players = read((tmp_path / "open" / "open.trf").read_bytes())
    assert len(trf_players) == 21 and len(dates) == 3
    assert (tmp_path / "open" / "site" / "players" / "21.html").exists()
