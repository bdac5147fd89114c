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
