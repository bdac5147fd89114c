"""FEN in and out, and the refusal of impossible positions (art. 1.2, 2.2)."""
import subprocess
import sys

import pytest

from xqboard.core import START_FEN, Position, parse_move

START = START_FEN
# Letters some programs use: H horse, E elephant.
START_HE = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1"

BAD = [
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w", "9 ranks"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w", "covers 10 files"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w", "covers 8 files"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w", "unknown piece letter 'X'"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w", "2 red generals"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w", "no red general"),
    ("3k5/9/9/9/9/9/9/9/9/K8 w", "red general on a0"),
    ("3k5/9/9/9/9/9/9/9/9/4K3A w", "red advisor on i0"),
    ("3k5/9/9/9/9/9/9/9/4B4/4K4 w", "red elephant on e1"),
    ("4k4/9/9/9/9/9/9/4P4/9/3K5 w", "red soldier on e2"),
    ("4k4/9/9/9/9/9/1P7/9/9/3K5 w", "red soldier on b3"),
    ("4k4/9/9/9/9/9/9/9/9/4K4 w", "black, not to move, is in check"),
    ("3k5/9/9/9/9/9/9/9/4r4/4K4 b", "red, not to move, is in check"),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", "side to move 'x'"),
    ("", "empty FEN"),
]


def test_start_round_trips():
    assert Position().fen() == START
    assert Position(START).fen() == START


def test_h_and_e_are_accepted_for_horse_and_elephant():
    assert Position(START_HE).fen() == START


def test_move_counters_follow_the_game():
    p = Position()
    p.push(parse_move("h2e2"))
    assert p.fen().endswith(" b - - 1 1")
    p.push(parse_move("h9g7"))
    assert p.fen().endswith(" w - - 2 2")
    p.push(parse_move("e2e6"))  # cannon takes the soldier: the clock restarts
    assert p.fen().endswith(" b - - 0 2")


@pytest.mark.parametrize("fen,why", BAD)
def test_bad_fen_is_refused_with_a_reason_in_cpython(fen, why):
    with pytest.raises(ValueError) as e:
        Position(fen)
    assert why in str(e.value)


def test_bad_fen_is_refused_in_micropython(mp):
    code = "from xq.position import Position\n"
    for fen, _ in BAD:
        code += ("try:\n    Position(%r)\n    print('accepted')\n"
                 "except ValueError as e:\n    print(e)\n" % fen)
    lines = mp.run(code, heap=mp.CORE_HEAP).splitlines()
    assert len(lines) == len(BAD)
    for (fen, why), line in zip(BAD, lines):
        assert why in line, (fen, line)


def test_a_refused_fen_leaves_the_position_unchanged():
    p = Position()
    with pytest.raises(ValueError):
        p.set_fen(BAD[0][0])
    assert p.fen() == START


@pytest.mark.parametrize("runtime", ["micropython", "cpython"])
def test_cli_refuses_bad_fen_with_status_2_and_no_traceback(runtime):
    for fen, why in BAD[:5] + BAD[-4:-1]:
        r = subprocess.run([sys.executable, "-m", "xqboard.cli", "legal", fen, "--runtime", runtime],
                           capture_output=True, text=True)
        assert r.returncode == 2, (fen, r.stdout, r.stderr)
        assert "Traceback" not in r.stderr
        assert r.stderr.startswith("xqboard: bad FEN: ") and why in r.stderr
