"""tests/host/test_e2e.py against the emulated Pico: the same tests, their
assertions unchanged, with the board the firmware image on QEMU
(xqboard.target.emulator.QemuSim, as fast as the emulator goes) instead of the
unix port, its link relayed through a cable that is pulled, the logger's
port closed, the logger killed and restarted. The board's journal to
compare with is read out of its flash image. The power cut is
test_board_on_target.py's and test_sim_on_target.py's (the emulator
killed); the two-board round stays on the unix port (two emulators at once
would double this file's time for nothing the one-board tests miss).
The master game and the cable pulls run in `make test` (~35 s of
tests/target's ~2.5 minutes); the logger killed and restarted (~17 s, two
CLI processes besides the emulator) in `make bench`, to keep tests/target
within its 3 minutes on a busy machine."""
import types

import pytest

from host import helpers
from host import test_e2e as e2e
from xqboard.simboard import DEFAULT_KEY
from xqboard.target.emulator import QemuSim


def emulated_board(tmp_path, speed=None, board_id="t-1"):
    """helpers.new_sim's board, on the emulator (speed: the emulator's own)."""
    return QemuSim(str(tmp_path / "journal"), DEFAULT_KEY, board_id, link=str(tmp_path / "port"), fast=True).start()


def journal_on_flash(sim, game=1):
    """helpers.board_journal for the emulated board: its journal file copied
    out of the flash image first."""
    out = sim.journal("%s/g%05d.log" % (sim.store, game), "/games/g%05d.log" % game)
    board = types.SimpleNamespace(store=sim.store, crashes=[])  # a crash stops the board: the test times out
    assert out
    return helpers.board_journal(board, game)


# (The wait for a whole game is helpers.WAIT_S, a hang guard of 120 s: the
# emulator plays as fast as it can, ~16 s for the cable test on an idle
# machine, and took more than 30 s with the suite's other worker busy
# beside it at stop 34.)


@pytest.fixture
def on_target(elf, monkeypatch):
    monkeypatch.setattr(e2e, "new_sim", emulated_board)
    monkeypatch.setattr(e2e, "board_journal", journal_on_flash)


def test_whole_master_game_recorded_exactly(on_target, tmp_path):
    e2e.test_whole_master_game_through_the_pty_is_recorded_exactly(tmp_path)


def test_cable_pulled_and_port_closed_several_times(on_target, tmp_path):
    e2e.test_cable_pulled_and_port_closed_several_times(tmp_path)


@pytest.mark.bench
def test_logger_killed_and_restarted(on_target, tmp_path):
    e2e.test_logger_killed_and_restarted(tmp_path)
