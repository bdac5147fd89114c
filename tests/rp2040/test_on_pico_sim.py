"""`xqboard sim --target rp2040`: the UF2 on rp2040js in real time, its USB
CDC link on a pseudo-terminal, played through the Python API as a real
board on /dev/ttyACM0 is; a power cut (a new chip on the same flash), the
game restored, its clocks paused (docs/STORE.md)."""
import pytest

from simgame import MOVES, opening_then_power_cut
from xqboard.api import open_board
from xqboard.target.rp2040_sim import Rp2040Sim


@pytest.mark.bench
def test_a_game_on_the_emulated_rp2040_through_its_serial_port(tmp_path):
    key = b"sim"
    with Rp2040Sim(str(tmp_path / "store"), key, "pico-1") as sim:
        opening_then_power_cut(sim, settle=2, gaps=(500, 300, 300, 800, 300, 300), timeout=60)
        with open_board(sim.port, key=key, timeout=60) as board:
            events = []
            for e in board.events(timeout=60):  # the journal replayed, then what the boot found
                events.append(e)
                if e.kind == "RESTORED":
                    break
            assert [e.get("move") for e in events if e.kind == "MOVE"] == MOVES
            assert any(e.kind == "PAUSE" and e.get("by") == "power" for e in events)
