"""`xqboard sim --target rp2040`: the UF2 on rp2040js in real time, its USB
CDC link on a pseudo-terminal, played through the Python API as a real
board on /dev/ttyACM0 is; a power cut (a new chip on the same flash), the
game restored, its clocks paused (docs/STORE.md)."""
import time

import pytest

from xqboard.api import open_board
from xqboard.core import BLACK_SIDE as BLACK
from xqboard.target.rp2040_sim import Rp2040Sim


@pytest.mark.bench
def test_a_game_on_the_emulated_rp2040_through_its_serial_port(tmp_path):
    key = b"sim"
    with Rp2040Sim(str(tmp_path / "store"), key, "pico-1") as sim:
        with open_board(sim.port, key=key, timeout=60) as board:
            assert board.board_id == "pico-1" and board.phase == "idle"
            assert board.command("new", "tc=5m+3s", timeout=60) == ["game"]
            sim.act("setup")
            time.sleep(2)  # the sensors see it (debounced), at the emulator's pace
            board.command("setup host", timeout=60)
            board.command("start", timeout=60)
            sim.act("+500 lift h2", "+300 place e2", "+300 press red",
                    "+800 lift h9", "+300 place g7", "+300 press black")
            moves = []
            for e in board.events(timeout=60):
                if e.kind == "MOVE":
                    moves.append(e.get("move"))
                if e.kind == "PRESS" and e.get("side") == BLACK:
                    break
            assert moves == ["h2e2", "h9g7"]
        sim.act("power off")
        sim.act("power on")
        with open_board(sim.port, key=key, timeout=60) as board:
            events = []
            for e in board.events(timeout=60):  # the journal replayed, then what the boot found
                events.append(e)
                if e.kind == "RESTORED":
                    break
            assert [e.get("move") for e in events if e.kind == "MOVE"] == ["h2e2", "h9g7"]
            assert any(e.kind == "PAUSE" and e.get("by") == "power" for e in events)
