"""`xqboard sim --target qemu`: the emulated Pico in real time, seen from
the host as a serial port, played through the Python API as a real board
is; then a power cut (the emulator killed) and the board back on the same
flash image, the game restored, its clocks paused (docs/STORE.md)."""
import time

from xqboard.api import open_board
from xqboard.core import BLACK_SIDE as BLACK
from xqboard.target.emulator import QemuSim


def test_a_game_on_the_emulated_board_through_its_serial_port(elf, tmp_path):
    key = b"sim"
    with QemuSim(str(tmp_path / "store"), key, "qemu-1") as sim:
        with open_board(sim.port, key=key, timeout=30) as board:
            assert board.board_id == "qemu-1" and board.phase == "idle"
            assert board.command("new", "tc=5m+3s", timeout=30) == ["game"]
            sim.act("setup")
            time.sleep(0.5)  # the sensors see it (debounced)
            board.command("setup host", timeout=30)
            board.command("start", timeout=30)
            for line in ("+200 lift h2", "+300 place e2", "+200 press red",
                         "+500 lift h9", "+300 place g7", "+200 press black"):
                sim.act(line)
            moves = []
            for e in board.events(timeout=30):
                if e.kind == "MOVE":
                    moves.append(e.get("move"))
                if e.kind == "PRESS" and e.get("side") == BLACK:
                    break
            assert moves == ["h2e2", "h9g7"]
        sim.act("power off")
        sim.act("power on")
        with open_board(sim.port, key=key, timeout=30) as board:
            events = list(board.events(timeout=3))
            assert [e.get("move") for e in events if e.kind == "MOVE"] == ["h2e2", "h9g7"]
            assert any(e.kind == "POWER" and e.get("what") == "restored" for e in events)
            assert any(e.kind == "PAUSE" and e.get("by") == "power" for e in events)  # clocks stopped
