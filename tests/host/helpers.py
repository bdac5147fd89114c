"""Shared by the host end-to-end tests: a simulated board, a logger in this
process, master games played by hand, the board's own journal to compare
with."""
import io
import time
from pathlib import Path

from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from xqboard.demo import master_game, script
from xqboard.logger import Logger
from xqboard.logger.files import read_events
from xqboard.logger.round import BoardStart, start_round
from xqboard.simboard import DEFAULT_KEY, SimulatedBoard

from game.events import seq_of  # noqa: E402
from store.recovery import Reader, split_record  # noqa: E402

MATE_GAME = 171  # 90 plies, ends in mate: the board itself rules 4.1.1


def new_sim(tmp_path, speed=40.0, board_id="t-1"):
    return SimulatedBoard(speed=speed, key=DEFAULT_KEY, board_id=board_id, link=str(tmp_path / "port"),
                          store=str(tmp_path / "journal")).start()


def new_logger(sim, out, **kw):
    kw.setdefault("stream", io.StringIO())
    kw.setdefault("live", False)
    return Logger([sim.port], str(out), key=DEFAULT_KEY, **kw).start()


def start_game(sim, logger, red="Red Player", black="Black Player", tc="30m+10s"):
    start_round(logger, {sim.port: BoardStart(1, red, black)}, event="Test Cup", round_no=2, tc=tc,
                confirm="players", wait=20,
                on_waiting=lambda ports: sim.act("+100 setup", "+300 press red", "+200 press black"))


# A hang guard, not a time check: the simulated board plays at 20-40 times
# real time and falls behind it on a slow machine, which then takes longer,
# not fails (stop 35: a fresh clone's cable test took 33 s of CPU for its
# usual 4, the machine at 2.3 times its reference time, and hit a 30 s guard).
WAIT_S = 120.0


def step_until(logger, cond, timeout=WAIT_S, each=None):
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            b = logger.boards[0]
            s = b.session
            raise AssertionError("timed out: plies=%s connected=%s synced=%s gap=%s asked=%s greeting seq=%s "
                                 "last=%s error=%s" % (
                                     len(b.game.plies) if b.game else None, s.connected, s.link.synced,
                                     s.link.gap(), s.link.asked, s.link.greeting.get("seq"),
                                     b.files.payloads[-1:] if b.files else None, s.last_error))
        logger.step(0.02)
        if each:
            each()


def board_journal(sim, game=1):
    """The event payloads of the board's journal file (the record of truth).
    A board whose firmware raised in a step is not one to compare with."""
    assert not sim.crashes, sim.crashes
    out = []
    reader = Reader(str(Path(sim.store, "g%05d.log" % game)))
    for commit in reader.commits():
        for record in commit:
            event, _ = split_record(record)
            if event:
                out.append(event)
    return out


def logged(out_dir, board_id="t-1", game=1):
    return read_events(Path(out_dir) / ("%s-g%05d.events" % (board_id, game)))[0]


def seqs(payloads):
    return [seq_of(p) for p in payloads]
