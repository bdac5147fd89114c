"""Boards started from the event's own pairings (issue 15): Chinese names
over the link (protocol 2, UTF-8), the players' numbers in GAME, records
matched back to the pairings by number."""
import io
from pathlib import Path

import pytest

from xqboard.api import Board
from xqboard.cli import main
from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from link.frame import MAX_LINE  # noqa: E402
from xqboard.logger.devices import candidate_ports, is_port
from xqboard.logger.round import RoundError, check_fits, event_pairings, new_words, parse_board_map, \
    parse_range, round_logger, start_round
from xqboard.keyfile import write_file
from xqboard.simboard import DEFAULT_KEY, SimulatedBoard
from xqboard.tournament.seating import round_games
from xqboard.tournament.event import Tournament
from xqboard.tournament.pgn_import import import_records

from game.events import decode  # noqa: E402
from link.frame import unframed  # noqa: E402
from store.recovery import MAX_RECORD, split_record  # noqa: E402

NAMES = [("程亮", "上海"), ("冯军", "北京"), ("王伟", "杭州"), ("王伟", "广东")]


def arbiter_key(tmp_path):
    """The arbiter's key file of a test (mode 600): never the key in argv (xqboard/keyfile.py)."""
    return str(write_file(tmp_path / "arbiter.key", DEFAULT_KEY))


@pytest.fixture
def event(tmp_path):
    ev = Tournament.create(str(tmp_path / "cup.db"), "城市杯 City Cup", system="swiss", rounds=3, seed=2, tc="30m+10s")
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
        event, _ = split_record(unframed(line, MAX_RECORD))
        if event and " GAME " in event:
            out.append(decode(event))
    return out


def test_board_map_and_range():
    assert parse_board_map("1=/dev/ttyACM0,2=/dev/ttyACM1") == {1: "/dev/ttyACM0", 2: "/dev/ttyACM1"}
    assert parse_range("1-3,7") == {1, 2, 3, 7}
    for bad in ("1=/a,1=/b", "x=/a", "1=/a,2=/a"):
        with pytest.raises(ValueError, match="board map"):
            parse_board_map(bad)
    # a board known by its device id rather than its port
    assert parse_board_map("1=hall-07,2=/dev/ttyACM1") == {1: "hall-07", 2: "/dev/ttyACM1"}
    assert [is_port(v) for v in ("hall-07", "b12", "/dev/ttyACM0", "COM3", "socket://h:1")] == \
        [False, False, True, True, True]


def test_candidate_ports_from_globs(tmp_path):
    for n in ("ttyACM1", "ttyACM0", "ttyUSB0"):
        (tmp_path / n).touch()
    globs = "%s/ttyACM*,%s/ttyUSB*,%s/ttyACM0" % (tmp_path, tmp_path, tmp_path)
    assert candidate_ports(globs) == [str(tmp_path / n) for n in ("ttyACM0", "ttyACM1", "ttyUSB0")]


def test_only_this_pcs_boards_and_a_missing_port(event):
    games = round_games(event, 1)
    mine = event_pairings(games, {1: "/p1", 2: "/p2"}, only={2})
    assert list(mine) == ["/p2"] and mine["/p2"].board == "2"
    with pytest.raises(ValueError, match="no port for board 2"):
        event_pairings(games, {1: "/p1"}, only={1, 2})


def test_names_past_the_frame_are_refused_before_sending(event):
    g = round_games(event, 1)[0]
    from xqboard.logger.round import BoardStart
    check_fits(new_words(BoardStart(g.board, g.red, g.black, g.red_no, g.black_no), "城市杯", 1, "30m+10s"))
    with pytest.raises(RoundError, match="frame holds %d" % MAX_LINE):
        check_fits(new_words(BoardStart(1, "程" * 120, "冯军", 1, 2), "城市杯", 1, "30m+10s"))


def test_round_start_from_the_event_file(event, tmp_path):
    sims = sims_for(tmp_path, 2)
    try:
        for s in sims:
            s.act("setup")            # the pieces stand: the host confirms the set-up
        # board 1 by its port, board 2 by its device id, found among the ports given
        board_map = "1=%s,2=b-2" % sims[0].port
        assert main(["round", "start", event.path, "1", "--boards", board_map, "--key-file", arbiter_key(tmp_path),
                     "--ports", ",".join(s.port for s in sims), "--confirm", "host", "--wait", "30"]) == 0
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


TITLE = "2026年全国象棋个人锦标赛（男子组）"  # 49 bytes of UTF-8: a usual Chinese title


def test_a_49_byte_chinese_title_reaches_every_board_of_the_round(tmp_path, capsys):
    # issue 27: the event's short name, stored with the event (defaulted
    # from the full name), is what `round start` gives the boards; the
    # 49-byte title fits the board's bound (link/bounds.py) and its greeting
    # the frame
    from link import bounds

    assert len(TITLE.encode()) == 49 <= bounds.MAX["event"]
    path = str(tmp_path / "nat.db")
    assert main(["tournament", "new", path, "--name", TITLE, "--system", "swiss", "--rounds", "3",
                 "--seed", "2", "--tc", "30m+10s"]) == 0
    assert capsys.readouterr().out.rstrip().endswith("on the boards: " + TITLE)
    ev = Tournament.open(path)
    for name, club in NAMES:
        ev.add_player(name, club=club, rating=2000)
    ev.pair()
    assert ev.short_name == TITLE
    sims = sims_for(tmp_path, 2)
    try:
        for s in sims:
            s.act("setup")
        assert main(["round", "start", path, "1", "--boards", "1=%s,2=%s" % (sims[0].port, sims[1].port),
                     "--key-file", arbiter_key(tmp_path), "--confirm", "host", "--wait", "30"]) == 0
        for sim in sims:
            seq, t, kind, fields = journal_games(sim)[0]
            assert fields[1] == TITLE  # the board's GAME event, from its own journal
            with Board(sim.port).open() as b:  # and the greeting (one frame, or the host would drop it)
                assert b.greeting["event"] == TITLE
    finally:
        for s in sims:
            s.close()


def test_the_short_name_is_set_at_new_or_edit_and_bounded(tmp_path, capsys):
    path = str(tmp_path / "e.db")
    long_name = "全国象棋个人锦标赛" * 3  # 81 bytes: cut to whole characters within the bound
    assert main(["tournament", "new", path, "--name", long_name, "--system", "roundrobin"]) == 0
    assert Tournament.open(path).short_name == "全国象棋个人锦标赛全国象棋个人锦标赛全国象"
    assert main(["tournament", "edit", path, "--short", "全国个人赛"]) == 0
    assert Tournament.open(path).short_name == "全国个人赛"
    assert main(["tournament", "edit", path, "--short", "赛" * 22]) == 2  # 66 bytes
    assert "is 66 bytes on the board's link, at most 64" in capsys.readouterr().err
    assert main(["tournament", "edit", path, "--short", ""]) == 0  # back to the full name's
    assert Tournament.open(path).short_name == "全国象棋个人锦标赛全国象棋个人锦标赛全国象"
    assert main(["tournament", "new", str(tmp_path / "f.db"), "--name", "Open", "--short", "x" * 65]) == 2


def test_a_device_id_no_board_answers_with_is_named(event, tmp_path, capsys):
    sims = sims_for(tmp_path, 1)
    try:
        assert main(["round", "start", event.path, "1", "--boards", "1=%s,2=b-9" % sims[0].port,
                     "--key-file", arbiter_key(tmp_path), "--ports", sims[0].port, "--wait", "1"]) == 2
    finally:
        sims[0].close()
    err = capsys.readouterr().err
    assert "no board with the id b-9" in err and "b-1 on %s" % sims[0].port in err


def test_two_boards_with_one_device_id_are_refused(event, tmp_path):
    from xqboard.logger.devices import find_ports

    sims = [SimulatedBoard(speed=20, key=DEFAULT_KEY, board_id="twin", link=str(tmp_path / ("port%d" % i)),
                           store=str(tmp_path / ("journal%d" % i))).start() for i in (1, 2)]
    try:
        with pytest.raises(ValueError, match="the id twin answers on .* and .*: two boards with one id"):
            find_ports(["twin"], [s.port for s in sims], DEFAULT_KEY)
    finally:
        for s in sims:
            s.close()


def test_a_round_played_on_boards_is_imported_by_player_number(event, tmp_path):
    sims = sims_for(tmp_path, 2)
    out = tmp_path / "records"
    pairings = event_pairings(round_games(event, 1), {1: sims[0].port, 2: sims[1].port})
    logger = round_logger(pairings, str(out), DEFAULT_KEY, stream=io.StringIO(), live=False).start()
    try:
        start_round(logger, pairings, event=event.get("name"), round_no=1, tc="30m+10s", confirm="host", wait=30,
                    on_waiting=lambda ports: [s.act("setup") for s in sims])
        for b, side in zip(logger.boards, ("black", "red")):
            reply = b.session.command(["resign", side], on_events=lambda e, s=b.session: logger.on_events(s, e))
            assert reply[0] == "ok"
            assert logger.arbiter(b, ["confirm"])[0] == "ok"  # art. 9: the arbiter's act
        import time
        deadline = time.monotonic() + 30
        while not all(b.files is not None and b.files.has("CONFIRM") for b in logger.boards):
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
    # the Chinese names first, their pinyin from the event file as a second header
    assert '[Black "%s"]\n[RedPinyin "%s"]\n[BlackPinyin "%s"]' % (g1.black, g1.red_pinyin, g1.black_pinyin) in text
    rep = import_records(event, [str(out)], key=DEFAULT_KEY)  # each record verified, its seal too (art. 9)
    assert not rep.refused, rep.refused            # each game's records (ICCS, Chinese...) all match
    assert {(rnd, board) for _, rnd, board, _ in rep.applied} == {(1, 1), (1, 2)}
    assert event.game_at(1, 1)["result"] == "1-0" and event.game_at(1, 2)["result"] == "0-1"


def test_import_refuses_a_record_of_other_numbers(event, tmp_path):
    g = round_games(event, 1)[0]
    pgn = tmp_path / "r.pgn"
    pgn.write_text('[Game "Chinese Chess"]\n[Round "1"]\n[Board "%d"]\n[Red "X"]\n[Black "Y"]\n[RedNo "%d"]\n'
                   '[BlackNo "%d"]\n[Result "1-0"]\n\n1. h2e2 1-0\n' % (g.board, g.black_no, g.red_no), encoding="utf-8")
    rep = import_records(event, [str(pgn)], accept_unverified=True)  # typed, not logged
    assert rep.refused and "colours swapped" in rep.refused[0][1] and "no. %d" % g.red_no in rep.refused[0][1]


def test_the_pinyin_header_is_the_event_files_else_made_from_the_name(event):
    from xqboard.logger.round import record_headers
    from xqboard.record import GameRecord, write_pgn

    event.edit("程亮", pinyin="CHENG Liangliang")          # the organiser's own spelling
    pairings = event_pairings(round_games(event, 1), {1: "/p1", 2: "/p2"})
    p = next(p for p in pairings.values() if "程亮" in (p.red, p.black))
    headers = record_headers(p)
    assert "CHENG Liangliang" in headers.values() and len(headers) == 2
    # without the event file (a board started by hand), the pinyin is made from the name
    text = write_pgn(GameRecord(Red="单霞丽", Black="冯军", BlackPinyin="FENG Jun"), "ICCS")
    assert '[Red "单霞丽"]\n[Black "冯军"]\n[RedPinyin "SHAN Xiali"]\n[BlackPinyin "FENG Jun"]' in text
    assert "Pinyin" not in write_pgn(GameRecord(Red="Tom", Black="Ann"), "ICCS")


def test_a_pinyin_record_matches_the_chinese_pairing(event, tmp_path):
    g = round_games(event, 1)[0]
    es = {e.name: e for e in event.entrants()}
    pgn = tmp_path / "r.pgn"
    pgn.write_text('[Game "Chinese Chess"]\n[Round "1"]\n[Board "%d"]\n[Red "%s"]\n[Black "%s"]\n'
                   '[Result "1/2-1/2"]\n\n1. h2e2 1/2-1/2\n' % (g.board, g.red_pinyin, g.black_pinyin), encoding="utf-8")
    rep = import_records(event, [str(pgn)], accept_unverified=True)  # typed, not logged
    assert not rep.refused and rep.applied, rep.refused
    assert es  # the fixture's players are registered


def test_team_match_boards_carry_the_players(tmp_path):
    ev = Tournament.create(str(tmp_path / "t.db"), "Teams", system="roundrobin", kind="team", boards=2, seed=1)
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


def test_a_later_logger_keeps_an_earlier_games_pinyin(tmp_path):
    # round 2's logger meets round 1's game on the board: it rewrites that
    # game's records with the pinyin round 1's logger was given, not its own
    from xqboard.logger.files import GameFiles

    first = GameFiles(tmp_path, "b1", 1, headers={"RedPinyin": "SHAN Xiali", "BlackPinyin": "FENG_Jun %"})
    first.append(["E 1 0 GAME new round=1 board=1 red=单霞丽 black=冯军 tc=10m"])
    again = GameFiles(tmp_path, "b1", 1, headers={})
    assert again.payloads == first.payloads
    again.write_records()
    text = (tmp_path / "b1-g00001.iccs.pgn").read_text(encoding="utf-8")
    assert '[RedPinyin "SHAN Xiali"]\n[BlackPinyin "FENG_Jun %"]' in text
