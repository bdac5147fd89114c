"""`tournament import --key` refuses each forgery of issue 26, item 4
(tests/host/test_verify_forgeries.py builds them), each with its one-line
reason, and takes the genuine record (art. 9)."""
import pytest

from xqboard.tournament.pgn_import import import_records

from board.test_seal import KEY  # noqa: E402
from host.test_verify_forgeries import BOARD, FORGERIES, WHY, genuine, write  # noqa: E402


@pytest.mark.parametrize("mode", ["keyed", "plain"])
def test_9_every_forgery_is_refused_by_import(mode, new_event, tmp_path):
    event = new_event(2, system="roundrobin")
    event.pair()
    g = event.game_at(1, 1)
    es = event.by_id()
    settings = ("round=1", "board=1", "red=" + es[g["red_player"]].name, "black=" + es[g["black_player"]].name)
    p = genuine(mode, settings)
    for name, (make, why) in FORGERIES.items():
        forged = make(p, genuine(mode, ("round=1", "board=1", "red=Zhao", "black=Qian"))) if name == "splice" \
            else make(p)
        folder = tmp_path / name.replace(" ", "-")
        write(folder, forged)
        rep = import_records(event, [str(folder)], key=KEY)
        assert rep.refused and not rep.applied and not rep.unchanged, (name, rep.applied)
        assert all("\n" not in r and (why or WHY[(mode, name)]) in r for _, r in rep.refused), (name, rep.refused)
        assert event.game_at(1, 1)["result"] is None, name
    write(tmp_path / "genuine", p)
    rep = import_records(event, [str(tmp_path / "genuine")], key=KEY)
    assert not rep.refused and event.game_at(1, 1)["result"] == "1-0"


def test_9_import_takes_each_boards_key_from_the_events_key_file_and_refuses_a_game_filed_as_another(
        new_event, tmp_path, capsys, monkeypatch):
    # issue 26: the key never on argv; by default the event's key file
    # beside the event file (round start's), each record checked with its
    # board's key. A keyed board's game 1 filed as its game 2 (a replay into
    # the next game) is refused with one line; filed as game 1, imported.
    from xqboard.cli import main
    from xqboard.hall.trust import Keys

    monkeypatch.delenv("XQBOARD_KEY", raising=False)
    monkeypatch.delenv("XQBOARD_KEY_FILE", raising=False)
    event = new_event(2, system="roundrobin")
    event.pair()
    g = event.game_at(1, 1)
    es = event.by_id()
    p = genuine("keyed", ("round=1", "board=1", "red=" + es[g["red_player"]].name,
                          "black=" + es[g["black_player"]].name))
    Keys.record(Keys.path_beside(event.path), BOARD, KEY)
    Keys.record(Keys.path_beside(event.path), "b9", b"another board's key")
    write(tmp_path / "as2", p, 2)
    assert main(["tournament", "import", str(event.path), str(tmp_path / "as2")]) == 2
    err = capsys.readouterr().err
    assert "its chain word is not the board's MAC with the key for game 2" in err, err
    assert event.game_at(1, 1)["result"] is None
    write(tmp_path / "as1", p, 1)
    assert main(["tournament", "import", str(event.path), str(tmp_path / "as1")]) == 0
    assert "imported" in capsys.readouterr().out
    assert event.game_at(1, 1)["result"] == "1-0"
