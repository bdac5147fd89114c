"""Fairy-Stockfish (pyffish, AXF rules) as an oracle for the cases where the
AXF and the 2011 rules agree: the side it rules against is the side our
ruling makes lose or vary (AXF has no grace: its loss is our `must vary`,
23.5.2). Where the rules differ, the case's name ends in `_differs` and the
2011 ruling is asserted in test_rulings.py."""
import pytest

from test_rulings import BY_NAME, parse_line
from rulings_cases import FSF_SIDE
from rulings_run import run

sf = pytest.importorskip("pyffish")

SIDES = ("red", "black")


def _fsf_move(iccs):
    # pyffish numbers the ranks 1-10, ICCS 0-9.
    return "%s%d%s%d" % (iccs[0], int(iccs[1]) + 1, iccs[2], int(iccs[3]) + 1)


def fsf_side_against(fen, moves):
    """The side pyffish rules against at the end of the moves, None for a
    draw, or 'none' if it sees nothing to rule."""
    end, value = sf.is_optional_game_end("xiangqi", fen + " - - 0 1", [_fsf_move(m) for m in moves])
    if not end:
        return "none"
    if value == 0:
        return None
    to_move = (0 if fen.split()[1] == "w" else 1) ^ (len(moves) & 1)
    winner = to_move if value > 0 else to_move ^ 1
    return SIDES[winner ^ 1]


def _our_side(name):
    got = parse_line(run(BY_NAME[name]))
    v = got["verdict"]
    return None if v == "draw" else v.split()[0]


@pytest.mark.parametrize("name", sorted(FSF_SIDE))
def test_fsf_agrees_on_the_side_at_fault(name):
    _, fen, moves, _, _, _ = BY_NAME[name]
    assert fsf_side_against(fen, moves) == FSF_SIDE[name]
    assert _our_side(name) == FSF_SIDE[name]


def test_23_2_differs_fsf_counts_a_capturing_first_move():
    # AXF rules after 1 + 2 cycles although the first move captured a
    # soldier; 23.2 deducts it, so one more cycle is needed here.
    _, fen, moves, verdict, _, _ = BY_NAME["23_2_capture_first_move_deducted_fsf"]
    assert fsf_side_against(fen, moves) == "red"
    assert verdict is None


def test_26_8_3_differs_fsf_rules_against_the_joint_chaser():
    # Red's soldier and cannon chase the chariot together (24.17, and 26.1.1
    # makes a soldier's joint chase a chase); Black's chariot alone chases
    # unprotected cannons: 26.8.3 makes the single chaser (Black) vary; AXF
    # rules against Red.
    _, fen, moves, _, _, _ = BY_NAME["26_8_3_soldier_and_cannon_joint_chase_fsf_differs"]
    assert fsf_side_against(fen, moves[:9]) == "red"
    assert _our_side("26_8_3_soldier_and_cannon_joint_chase_fsf_differs") == "black"


def test_26_1_1_differs_fsf_does_not_rule_the_general_unpinning():
    # FSF's own test leaves this one unasserted; by 26.1.1 a general's move
    # that lets another piece chase is a chase.
    _, fen, moves, _, _, _ = BY_NAME["26_1_1_general_unpins_a_chaser_fsf_differs"]
    assert fsf_side_against(fen, moves) in (None, "red")
    assert _our_side("26_1_1_general_unpins_a_chaser_fsf_differs") == "black"
