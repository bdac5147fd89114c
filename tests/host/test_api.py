"""The Python API (xqboard.api) on the simulated board, as its docstring
shows it."""
import pytest

from simgame import MOVES, play_opening
from xqboard.api import CommandRefused, open_board
from xqboard.simboard import SimulatedBoard


def test_open_board_events_game_command(tmp_path):
    with SimulatedBoard(speed=10, store=str(tmp_path / "j"), board_id="api-1") as sim, \
            open_board(sim.port, key=sim.key) as board:
        assert board.board_id == "api-1" and board.phase == "idle"
        assert board.command("new", "tc=5m+3s", "red=ZHANG_San", "black=LI_Si") == ["game"]
        sim.act("setup")
        sim.sync(after=100)  # the sensors see it (debounced)
        board.command("setup host")
        board.command("start")
        with pytest.raises(CommandRefused, match="no game waiting to start"):
            board.command("start")
        assert play_opening(sim, board, (200, 300, 200, 500, 300, 200), timeout=5) == MOVES
        assert board.status()["phase"] == "playing"
        board.command("resign", "black")
        assert board.wait_for("RESULT").fields[:2] == ("1-0", "4.1.12")
        g = board.game(Site="Hall 2")
        assert g.texts("Chinese") == ["炮二平五", "马８进７"]
        assert (g.headers["Red"], g.headers["Site"], g.result, g.termination) == (
            "ZHANG San", "Hall 2", "1-0", "4.1.12 resignation")
        assert g.plies[0].clock == 303_000 - g.plies[0].elapsed
        seqs = [e.seq for e in board._events]
        assert seqs == list(range(1, len(seqs) + 1))
    with pytest.raises(ValueError, match="arbiter's key"):
        from xqboard.api import Board

        Board("/nonexistent").command("resign", "red")
