"""`xqboard sim --target qemu`: the emulated Pico in real time, seen from
the host as a serial port, played through the Python API as a real board
is; then a power cut (the emulator killed) and the board back on the same
flash image, the game restored, its clocks paused (docs/STORE.md)."""
from simgame import MOVES, opening_then_power_cut
from xqboard.api import open_board
from xqboard.target.emulator import QemuSim


def test_a_game_on_the_emulated_board_through_its_serial_port(elf, tmp_path):
    key = b"sim"
    with QemuSim(str(tmp_path / "store"), key, "qemu-1") as sim:
        opening_then_power_cut(sim, settle=0.5, gaps=(200, 300, 200, 500, 300, 200), timeout=30)
        with open_board(sim.port, key=key, timeout=30) as board:
            events = list(board.events(timeout=3))
            assert [e.get("move") for e in events if e.kind == "MOVE"] == MOVES
            assert any(e.kind == "POWER" and e.get("what") == "restored" for e in events)
            assert any(e.kind == "PAUSE" and e.get("by") == "power" for e in events)  # clocks stopped
