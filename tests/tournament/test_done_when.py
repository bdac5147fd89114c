"""Issue 15's "Done when", at the size `make test` runs: 20 players, 3
rounds (tests/tournament/event_script.py has the script); `make bench`
runs the full size, 200 players, 9 rounds."""
import pytest

from xqboard.record import read_game
from xqboard.tournament.seating import player_number

from .event_script import run_event
from .trf_reader import read


def records_say_who_played(ev, folder, rounds):
    """Every game's record names its players as registered (Chinese), their
    pinyin as the event file has it, and their numbers: {(round, board)}."""
    es = ev.by_id()
    seen = set()
    for path in sorted(folder.glob("*.iccs.pgn")):
        h = read_game(path.read_text(encoding="utf-8")).headers
        g = ev.game_at(int(h["Round"]), int(h["Board"]))
        red, black = es[g["red_player"]], es[g["black_player"]]
        assert (h["Red"], h["Black"]) == (red.name, black.name), path
        assert (h["RedPinyin"], h["BlackPinyin"]) == (red.pinyin, black.pinyin), path
        assert (h["RedNo"], h["BlackNo"]) == (str(player_number(red)), str(player_number(black))), path
        seen.add((int(h["Round"]), int(h["Board"])))
    assert {rnd for rnd, _ in seen} == set(range(1, rounds + 1))
    return seen


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
    assert len(records_say_who_played(ev, tmp_path / "open" / "records", 3)) == 30
    assert all("\u4e00" <= e.name[0] <= "\u9fff" and e.pinyin for e in players)   # Chinese names, pinyin kept
    assert sum(len(r) for r in played.values()) == 10 + 10 + 10     # the bye of round 3 is no board
    assert ev.round_complete(3)
    # the standings, the TRF (strict reader) and the site
    assert "standings after round 3" in out
    header, dates, trf_players = read((tmp_path / "open" / "open.trf").read_bytes())
    assert len(trf_players) == 21 and len(dates) == 3
    assert (tmp_path / "open" / "site" / "players" / "21.html").exists()


@pytest.mark.bench
def test_the_full_size_event_200_players_9_rounds(tmp_path):
    ev, played = run_event(tmp_path / "open", players=200, rounds=9)
    assert len(ev.entrants()) == 201 and ev.round_complete(9)
    late = next(e for e in ev.entrants() if e.club == "迟到俱乐部")
    assert late.joined_round == 3
    games = sum(len(r) for r in played.values())
    assert games >= 9 * 100 - 1
    assert len(records_say_who_played(ev, tmp_path / "open" / "records", 9)) == games
    assert all(g["source"].startswith("pgn:") for rnd in range(1, 10) for p in ev.pairings(rnd) for g in p.games)
