"""The opening the simulated boards' tests play through the Python API
(xqboard.api): a new game (tc=5m+3s) set up and started by the host, then
two moves, each clock pressed (cannon h2-e2, horse h9-g7). Shared by
host/test_api.py and the emulated boards' tests (target/test_sim_on_target.py,
rp2040/test_on_pico_sim.py), which differ only in their pace."""
import time

from xqboard.api import open_board
from xqboard.core import BLACK_SIDE as BLACK

OPENING = ("lift h2", "place e2", "press red", "lift h9", "place g7", "press black")
MOVES = ["h2e2", "h9g7"]


def play_opening(sim, board, gaps, timeout):
    """Plays OPENING on sim, gaps[i] ms before its i-th action; returns the
    moves the board reported until Black's press (the events read ending
    after `timeout` s without one)."""
    sim.act(*("+%d %s" % (gap, action) for gap, action in zip(gaps, OPENING)))
    moves = []
    for e in board.events(timeout=timeout):
        if e.kind == "MOVE":
            moves.append(e.get("move"))
        if e.kind == "PRESS" and e.get("side") == BLACK:
            break
    return moves


def opening_then_power_cut(sim, settle, gaps, timeout):
    """On a new board (idle, its id sim.board_id): a game started by the
    host once the sensors have seen the set-up (`settle` s, debounced at
    the emulator's pace), OPENING played (MOVES reported), then the power
    cut and back on (the journal's restoring is the caller's to check)."""
    with open_board(sim.port, key=sim.key, timeout=timeout) as board:
        assert board.board_id == sim.board_id and board.phase == "idle"
        assert board.command("new", "tc=5m+3s", timeout=timeout) == ["game"]
        sim.act("setup")
        time.sleep(settle)
        board.command("setup host", timeout=timeout)
        board.command("start", timeout=timeout)
        assert play_opening(sim, board, gaps, timeout) == MOVES
    sim.act("power off")
    sim.act("power on")
