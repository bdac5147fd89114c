"""`xqboard broadcast` and `xqboard log --mqtt` as commands: the demo hall
(a broker of its own, 8 replay boards, results into its event file), the
usage errors, and two logger processes on one broker, one killed mid-game
and started again on its files and outbox."""
import os
import signal
import subprocess
import sys

from xqboard.hall.arbiters import Arbiters
from xqboard.hall.intake import Intake
from xqboard.hall.eventdb import Store
from xqboard.hall.subscriber import Subscriber

from .conftest import wait_for


def xqboard(*args, **kw):
    return subprocess.run([sys.executable, "-m", "xqboard.cli"] + list(args), capture_output=True, text=True,
                          timeout=120, **kw)


def test_the_demo_hall_writes_round_one_into_its_event_file(tmp_path, broker):
    # (`broker` only skips the test without mosquitto: the demo starts its own)
    r = xqboard("broadcast", "--demo", "--no-web", "--demo-dir", str(tmp_path / "demo"), "--demo-every", "0.002",
                "--timeout", "90")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert any(x.startswith("delivered ") and int(x.split()[1]) > 8 * 100 for x in lines), r.stdout
    boards = [x for x in lines if x.startswith("board ")]
    assert len(boards) == 8
    assert all(x.split()[-5] in ("1-0", "0-1", "1/2-1/2") and "board hall-" in x for x in boards), boards


def test_broadcast_needs_a_source_and_the_arbiters_accounts(tmp_path):
    r = xqboard("broadcast", cwd=tmp_path)
    assert r.returncode == 2 and "--mqtt" in r.stderr
    r = xqboard("broadcast", "--mqtt", "localhost", cwd=tmp_path, env=dict(os.environ, XQBOARD_ARBITERS=""))
    assert r.returncode == 2 and "--arbiters FILE" in r.stderr
    r = xqboard("broadcast", "--mqtt", "localhost", "--arbiters", str(tmp_path / "none.json"), cwd=tmp_path)
    assert r.returncode == 2 and "no arbiters' file" in r.stderr
    # no secret on the command line any more: argv is every user's to read (ps)
    r = xqboard("broadcast", "--mqtt", "localhost", "--secret", "s", cwd=tmp_path)
    assert r.returncode == 2 and "unrecognized arguments: --secret" in r.stderr
    Arbiters(path=tmp_path / "arbiters.json").save()  # a file, no account in it
    r = xqboard("broadcast", "--mqtt", "localhost", "--arbiters", str(tmp_path / "arbiters.json"), cwd=tmp_path)
    assert r.returncode == 2 and "no arbiter accounts" in r.stderr
    r = xqboard("broadcast", "--mqtt", "localhost", "--no-web", "--delay", "-1", cwd=tmp_path)
    assert r.returncode == 2 and "--delay" in r.stderr
    r = xqboard("log", "x", "--mqtt", "host:port", cwd=tmp_path)
    assert r.returncode == 2 and "HOST:PORT" in r.stderr


def test_two_loggers_one_killed_mid_game_nothing_lost(tmp_path, broker, hub, replay_hall, spawn):
    hall = replay_hall(4, plies=40, every=0.03).start()
    intake = Intake(Store(tmp_path / "hall.sqlite"), hub)
    sub = Subscriber("127.0.0.1", broker.port, intake).start()

    def logger(name, boards):
        # (spawn: ended with the test even when a wait below times out)
        return spawn([sys.executable, "-m", "xqboard.cli", "log", "--plain", "--mqtt",
                                 "127.0.0.1:%d" % broker.port, "--logger-id", name, "--out", str(tmp_path / name)]
                                + [b.url for b in boards], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    a, b = logger("pc1", hall.boards[:2]), logger("pc2", hall.boards[2:])
    total = sum(len(x.log) for x in hall.boards)
    wait_for(lambda: intake.delivered >= total // 3, 60, step=lambda: sub.step(0.05), what="a third")
    a.send_signal(signal.SIGKILL)  # pc1 dies mid-game: its boards go on, its outbox keeps what it had
    a.wait()
    a = logger("pc1", hall.boards[:2])
    wait_for(lambda: intake.delivered >= total, 180, step=lambda: sub.step(0.05),
             what=lambda: "every event: %d of %d delivered, the hub has %s of %s" % (
                 intake.delivered, total, {k: len(v) for k, v in hub.games().items()},
                 {x.device: len(x.log) for x in hall.boards}))
    for p in (a, b):
        p.send_signal(signal.SIGINT)
        p.wait(20)
    want = {(x.device, 1): list(range(1, len(x.log) + 1)) for x in hall.boards}
    assert hub.games() == want
    sub.close()
