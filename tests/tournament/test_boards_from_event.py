"""Boards started from the event's own pairings (issue 15): Chinese names
over the link (protocol 2, UTF-8), the players' numbers in GAME, records
matched back to the pairings by number."""
import io
from pathlib import Path

import pytest

from xqboard.cli import main
from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from xqboard.logger import Logger
from xqboard.logger.round import RoundError, check_fits, event_pairings, new_words, parse_board_map, \
    parse_range, start_round
from xqboard.simboard import DEFAULT_KEY, SimulatedBoard
from xqboard.tournament.boards import round_games
from xqboard.tournament.event import Event
from xqboard.tournament.pgn import import_records

from game.events import decode  # noqa: E402
from link.frame import decode as unframe  # noqa: E402
from store.recovery import MAX_RECORD, split_record  # noqa: E402

NAMES = [("程亮", "上海"), ("冯军", "北京"), ("王伟", "杭州"), ("王伟", "广东")]


@pytest.fixture
def event(tmp_path):
    ev = Event.create(str(tmp_path / "cup.db"), "城市杯 City Cup", system="swiss", rounds=3, seed=2, tc="30m+10s")
    for name, club in NAMES:
        ev.add_player(name, club=club, rating=2000)
    ev.pair()
    return ev


def sims_for(tmp_path, n):
    return [SimulatedBoard(speed=20, key=DEFAULT_KEY, board_id="b-%d" % i, link=str(tmp_path / ("port%d" % i)),
                           store=str(tmp_path / ("journal%d" % i))).start() for i in range(1, n + 1)]


def journal_games(sim):
    """The GAME events of the board's own journal."""
    out = []
    for line in Path(sim.store, "g00001.log").read_bytes().splitlines(keepends=True):
        event, _ = split_record(unframe(line, MAX_RECORD))
        if event and " GAME " in event:
            out.append(decode(event))
    return out


def test_board_map_and_range():
    assert parse_board_map("1=/dev/ttyACM0,2=/dev/ttyACM1") == {1: "/dev/ttyACM0", 2: "/dev/ttyACM1"}
    assert parse_range("1-3,7") == {1, 2, 3, 7}
    for bad in ("1=/a,1=/b", "x=/a", "1=/a,2=/a"):
        with pytest.raises(ValueError, match="board map"):
            parse_board_map(bad)


def test_only_this_pcs_boards_and_a_missing_port(event):
    games = round_games(event, 1)
    mine = event_pairings(games, {1: "/p1", 2: "/p2"}, only={2})
    assert list(mine) == ["/p2"] and mine["/p2"].board == "2"
    with pytest.raises(ValueError, match="no port for board 2"):
        event_pairings(games, {1: "/p1"}, only={1, 2})


def test_names_past_the_frame_are_refused_before_sending(event):
    g = round_games(event, 1)[0]
    from xqboard.logger.round import Pairing
    check_fits(new_words(Pairing(g.board, g.red, g.black, g.red_no, g.black_no), "城市杯", 1, "30m+10s"))
    with pytest.raises(RoundError, match="frame holds 480"):
        check_fits(new_words(Pairing(1, "程" * 120, "冯军", 1, 2), "城市杯", 1, "30m+10s"))


def test_round_start_from_the_event_file(event, tmp_path):
    sims = sims_for(tmp_path, 2)
    try:
        for s in sims:
            s.act("setup")            # the pieces stand: the host confirms the set-up
        board_map = "1=%s,2=%s" % (sims[0].port, sims[1].port)
        assert main(["round", "start", event.path, "1", "--boards", board_map, "--key", DEFAULT_KEY.hex(),
                     "--confirm", "host", "--wait", "30"]) == 0
        games = {g.board: g for g in round_games(event, 1)}
        for board, sim in zip((1, 2), sims):
            seq, t, kind, fields = journal_games(sim)[0]
            g = games[board]
            named = dict(zip(("what", "event", "round", "board", "red", "black", "tc", "level", "policy", "fen",
                              "limit", "late", "red_no", "black_no"), fields))
            assert (named["event"], named["round"], named["board"]) == ("城市杯 City Cup", "1", str(board))
            assert (named["red"], named["black"]) == (g.red, g.black)
            assert (named["red_no"], named["black_no"]) == (g.red_no, g.black_no)
            assert named["tc"] == "30m+10s"
    finally:
        for s in sims:
            s.close()


def test_a_round_played_on_boards_is_imported_by_player_number(event, tmp_path):
    sims = sims_for(tmp_path, 2)
    out = tmp_path / "records"
    logger = Logger([s.port for s in sims], str(out), key=DEFAULT_KEY, stream=io.StringIO(), live=False).start()
    try:
        pairings = event_pairings(round_games(event, 1), {1: sims[0].port, 2: sims[1].port})
        start_round(logger, pairings, event=event.get("name"), round_no=1, tc="30m+10s", confirm="host", wait=30,
                    on_waiting=lambda ports: [s.act("setup") for s in sims])
        for b, side in zip(logger.boards, ("black", "red")):
            reply = b.session.command(["resign", side], on_events=lambda e, s=b.session: logger.on_events(s, e))
            assert reply[0] == "ok"
        import time
        deadline = time.monotonic() + 30
        while not all(b.files is not None and any(p.split()[3] == "CONFIRM" for p in b.files.payloads)
                      for b in logger.boards):
            assert time.monotonic() < deadline
            logger.step(0.02)
    finally:
        logger.close()
        for s in sims:
            s.close()
    pgns = sorted(out.glob("*.iccs.pgn"))
    assert len(pgns) == 2
    text = pgns[0].read_text(encoding="utf-8")
    g1 = round_games(event, 1)[0]
    assert '[Red "%s"]' % g1.red in text and '[RedNo "%d"]' % g1.red_no in text
    rep = import_records(event, [str(out)])
    assert not rep.refused, rep.refused            # each game's records (ICCS, Chinese...) all match
    assert {(rnd, board) for _, rnd, board, _ in rep.applied} == {(1, 1), (1, 2)}
    assert event.game_at(1, 1)["result"] == "1-0" and event.game_at(1, 2)["result"] == "0-1"


def test_import_refuses_a_record_of_other_numbers(event, tmp_path):
    g = round_games(event, 1)[0]
    pgn = tmp_path / "r.pgn"
    pgn.write_text('[Game "Chinese Chess"]\n[Round "1"]\n[Board "%d"]\n[Red "X"]\n[Black "Y"]\n[RedNo "%d"]\n'
                   '[BlackNo "%d"]\n[Result "1-0"]\n\n1. h2e2 1-0\n' % (g.board, g.black_no, g.red_no), encoding="utf-8")
    rep = import_records(event, [str(pgn)])
    assert rep.refused and "colours swapped" in rep.refused[0][1] and "no. %d" % g.red_no in rep.refused[0][1]


def test_a_pinyin_record_matches_the_chinese_pairing(event, tmp_path):
    g = round_games(event, 1)[0]
    es = {e.name: e for e in event.entrants()}
    pgn = tmp_path / "r.pgn"
    pgn.write_text('[Game "Chinese Chess"]\n[Round "1"]\n[Board "%d"]\n[Red "%s"]\n[Black "%s"]\n'
                   '[Result "1/2-1/2"]\n\n1. h2e2 1/2-1/2\n' % (g.board, g.red_pinyin, g.black_pinyin), encoding="utf-8")
    rep = import_records(event, [str(pgn)])
    assert not rep.refused and rep.applied, rep.refused
    assert es  # the fixture's players are registered


def test_team_match_boards_carry_the_players(tmp_path):
    ev = Event.create(str(tmp_path / "t.db"), "Teams", system="roundrobin", kind="team", boards=2, seed=1)
    for team in ("北京", "上海"):
        ev.add_team(team)
        for k in (1, 2):
            ev.add_player("%s队员%d" % (team, k), team=team)
    ev.pair()
    games = round_games(ev, 1)
    assert [g.board for g in games] == [1, 2]
    ids = {e.name: e.id for e in ev.by_id().values()}
    for g in games:
        assert g.red_no == ids[g.red] and g.black_no == ids[g.black]
        assert g.red[:2] != g.black[:2]            # one team against the other
