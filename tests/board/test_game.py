"""The game layer (firmware/game/game.py) on its own, under CPython (the same
source the board runs), for the rulings that scenarios reach only with
difficulty."""
import pytest

from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from xqboard.core import parse_move

from game.events import encode  # noqa: E402
from game.game import BLACK, RED, CommandError, Game  # noqa: E402

T0 = (1 << 30) - 5000  # just before the tick wrap


def new_game(*settings):
    log = []
    g = Game(sink=lambda seq, t, kind, fields, snap: kind and log.append(encode(seq, t, kind, fields).split()))
    g.command(T0, ["new"] + list(settings), True)
    g.command(T0, ["setup"], True)
    g.command(T0, ["start"], True)
    return g, log


def kinds(log, kind):
    return [w for w in log if w[3] == kind]


def test_a_breach_passed_on_as_a_move_is_still_a_breach_8_1_8_then_4_1_8():
    g, log = new_game("level=provincial")
    g.on_move(T0 + 1000, parse_move("a0a5"), T0 + 900)  # the chariot jumps its soldier
    assert kinds(log, "FOUL")[0][4:6] == ["red", "8.1.8"] and not kinds(log, "MOVE")
    g.on_restored(T0 + 2000)
    g.on_move(T0 + 3000, parse_move("a0a5"), T0 + 2900)
    assert kinds(log, "RESULT")[0][4:6] == ["0-1", "4.1.8"]


def test_22_2_at_most_10_of_the_claimants_checks_count():
    # Red checks on every move of a quiet run: only 10 of its checks count.
    g, _ = new_game()
    g.checks = bytearray([1, 0] * 60)  # 120 plies: 60 Red checks, Red moved first
    # 22.2: each of Red's 50 checks beyond the 10th removes a whole round
    assert g.natural_rounds(RED) == 120 // 2 - 50
    assert g.natural_rounds(BLACK) == 60


def test_commands_refused_with_reasons():
    g, _ = new_game()
    with pytest.raises(CommandError, match="arbiter's key"):
        g.command(T0, ["pause"], False)
    with pytest.raises(CommandError, match="unknown command"):
        g.command(T0, ["fly"], True)
    with pytest.raises(CommandError, match="a game is in progress"):
        g.command(T0, ["new"], True)
    with pytest.raises(CommandError, match="score"):
        g.command(T0, ["result", "2-0", "4.1.1"], True)
    with pytest.raises(CommandError, match="red or black"):
        g.command(T0, ["resign", "white"], True)


def test_bad_settings_refused_before_anything_changes():
    g = Game()
    for words, why in ((["tc=60x"], "time control"), (["level=world"], "level"),
                       (["fen=9/9"], "ranks"), (["limit=0"], "limit")):
        with pytest.raises(CommandError, match=why):
            g.command(T0, ["new"] + words, True)
    assert g.seq == 0


def test_5_8_2_a_correction_back_to_ply_k_cuts_the_moves_the_count_and_the_history():
    g, log = new_game()
    t = T0
    for m in ["h2e2", "h9g7", "h0g2", "i9h9", "b0c2"]:
        t += 1000
        g.on_move(t, parse_move(m), t - 100)
    assert len(g.checks) == 5 and len(g.hashes) == 6
    back = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 0 1"  # after h0g2: before ply 4
    g.command(t + 100, ["correct", back.replace(" ", "_")], True)
    assert g.position.ply == 3 and len(g.checks) == 3 and len(g.hashes) == 4
    g.on_move(t + 1000, parse_move("i9h9"), t + 900)
    assert kinds(log, "MOVE")[-1][4] == "4"  # ply 4 again
    # the current position (no move undone): all three kept
    g.command(t + 2000, ["correct", g.position.fen().replace(" ", "_")], True)
    assert g.position.ply == 4 and len(g.checks) == 4 and len(g.hashes) == 5


def test_5_8_a_correction_refused_only_when_the_side_to_move_fits_nowhere():
    g, _ = new_game()
    g.on_move(T0 + 1000, parse_move("h2e2"), T0 + 900)
    other_side = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"  # Red to move: neither now (Black) nor earlier
    with pytest.raises(CommandError, match="fits neither"):
        g.command(T0 + 2000, ["correct", other_side.replace(" ", "_")], True)
    g.command(T0 + 2000, ["correct", "3k5/9/9/9/9/9/9/9/9/4K4_b_-_-_0_1"], True)  # Black to move: a new position
    assert g.position.ply == 0 and len(g.hashes) == 1
