"""`round start` from the event file records each board's key in the
event's key file (issue 26 item 2; docs/HALL.md, "Security"): a hall
started from the tournament file verifies every board with no hand step,
and its confirmed results (art. 9) reach the event file."""
import io
import stat
import time

import pytest

from xqboard.cli import main
from xqboard.hall.broadcast import Broadcast
from xqboard.hall.trust import Keys
from xqboard.keyfile import BoardKeyError, key_of, write_file
from xqboard.simboard import DEFAULT_KEY, SimulatedBoard
from xqboard.tournament.event import Tournament


def arbiter_key(tmp_path):
    """The arbiter's key file of a test (mode 600): never the key in argv (xqboard/keyfile.py)."""
    return str(write_file(tmp_path / "arbiter.key", DEFAULT_KEY))


def test_round_start_records_the_keys_and_broadcast_verifies_the_round(tmp_path):
    ev = Tournament.create(str(tmp_path / "cup.db"), "City Cup", system="swiss", rounds=3, seed=2, tc="30m+10s")
    for name in ("CHENG Liang", "FENG Jun", "WANG Wei", "LI Si"):
        ev.add_player(name, rating=2000)
    ev.pair()
    sims = [SimulatedBoard(speed=20, key=DEFAULT_KEY, board_id="b-%d" % i, link=str(tmp_path / ("port%d" % i)),
                           store=str(tmp_path / ("journal%d" % i))).start() for i in (1, 2)]
    b = None
    try:
        for s in sims:
            s.act("setup")
        board_map = "1=%s,2=%s" % (sims[0].port, sims[1].port)
        assert main(["round", "start", ev.path, "1", "--boards", board_map, "--key-file", arbiter_key(tmp_path),
                     "--confirm", "host", "--wait", "30"]) == 0
        path = Keys.path_beside(ev.path)
        assert stat.S_IMODE(path.stat().st_mode) == 0o600  # the broadcast's and the desk's alone
        assert Keys.read(path) == {"b-1": DEFAULT_KEY, "b-2": DEFAULT_KEY}
        # the hall from the tournament file: no key given by hand, no --accept-unkeyed
        b = Broadcast(tmp_path / "hall.sqlite", None, ports=[s.port for s in sims], out=str(tmp_path / "games"),
                      key=DEFAULT_KEY, tournament=ev.path, stream=io.StringIO())
        deadline = time.monotonic() + 30
        while len(b.logger.boards) < 2 or not all(x.files is not None for x in b.logger.boards):
            assert time.monotonic() < deadline
            b.step(0.05)
        for x, side in zip(b.logger.boards, ("black", "red")):
            s = x.session
            assert s.command(["resign", side], on_events=lambda e, s=s: b.logger.on_events(s, e))[0] == "ok"
            assert b.logger.arbiter(x, ["confirm"])[0] == "ok"  # art. 9
        while b.intake.results is None or not all(ev_result(ev.path, n) for n in (1, 2)):
            assert time.monotonic() < deadline, (b.store.flags(), b.store.quarantined())
            b.step(0.05)
        assert b.store.quarantined() == [] and not b.intake.unverified
        assert all(f.keyed is True for f in b.intake.check.games.values())  # every event MACed, checked
    finally:
        if b is not None:
            b.close()
        for s in sims:
            s.close()
    assert {ev_result(ev.path, 1), ev_result(ev.path, 2)} == {"1-0", "0-1"}


def ev_result(path, board):
    t = Tournament.open(str(path))
    try:
        g = t.game_at(1, board)
        return g["result"] if g else None
    finally:
        t.db.close()


def test_the_key_comes_from_a_file_or_the_environment_never_the_command_line(tmp_path, capsys, monkeypatch):
    # issue 26: a key in argv is visible to every user in `ps`
    monkeypatch.delenv("XQBOARD_KEY", raising=False)
    monkeypatch.delenv("XQBOARD_KEY_FILE", raising=False)
    hand = ["round", "start", "--event", "E", "--round", "1", "p=1:A:B", "p=1:C:D"]  # refused after the key
    for args, said in ((hand + ["--key", "6b"], "--key: a key on the command line is visible to every user in `ps`"),
                       (hand, "no arbiter's key: give --key-file FILE"),
                       (hand + ["--key-file", str(tmp_path / "none.key")], "none.key: cannot read the key file"),
                       (["log", "/tmp/x", "--key", "6b"], "--key: a key on the command line"),
                       (["broadcast", "/tmp/x", "--key", "6b"], "--key: a key on the command line"),
                       (["verify", "/tmp/x.events", "--key", "6b"], "--key: a key on the command line"),
                       (["tournament", "import", "/tmp/x.db", "/tmp/x", "--key", "6b"], "--key: a key on the command"),
                       (["sim", "--key", "6b"], "--key: a key on the command line is visible")):
        assert main(args) == 2
        assert said in capsys.readouterr().err, args
    open_file = write_file(tmp_path / "open.key", DEFAULT_KEY)
    open_file.chmod(0o640)
    assert main(hand + ["--key-file", str(open_file)]) == 2
    assert "open.key: the key file is open to others (mode 640): `chmod 600" in capsys.readouterr().err
    (tmp_path / "bad.key").write_text("not hex\n")
    (tmp_path / "bad.key").chmod(0o600)
    assert main(hand + ["--key-file", str(tmp_path / "bad.key")]) == 2
    assert "bad.key: want the key in hex" in capsys.readouterr().err
    # a good key (file, environment, or the event's key file of an earlier round) gets past it to the pairings
    assert main(hand + ["--key-file", arbiter_key(tmp_path)]) == 2
    assert "port p given twice" in capsys.readouterr().err
    monkeypatch.setenv("XQBOARD_KEY", DEFAULT_KEY.hex())
    assert main(hand) == 2
    assert "port p given twice" in capsys.readouterr().err
    monkeypatch.delenv("XQBOARD_KEY")
    Keys.record(tmp_path / "ev.db.keys", "b-1", DEFAULT_KEY)
    assert key_of(beside=tmp_path / "ev.db.keys") == DEFAULT_KEY
    Keys.record(tmp_path / "ev.db.keys", "b-2", b"other")
    with pytest.raises(BoardKeyError, match="holds 2 keys, want one"):
        key_of(beside=tmp_path / "ev.db.keys")
