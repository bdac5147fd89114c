"""`xqboard ruling FEN MOVE...` under both runtimes: the verdict on the last
line, each move with its classification, bad input exits 2."""
import subprocess
import sys

import pytest

from test_rulings import BY_NAME

RUNTIMES = ("micropython", "cpython")


def xqboard(*args):
    return subprocess.run([sys.executable, "-m", "xqboard.cli", *args],
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("runtime", RUNTIMES)
@pytest.mark.parametrize("name", [
    "25_2_both_allowed_draw_fsf",
    "24_1_check_25_1_perpetual_check_loses_fsf",
    "24_3_chase_unprotected_direct_25_3_must_vary",
    "26_8_3_soldier_and_cannon_joint_chase_fsf_differs",
])
def test_cli_verdict_on_the_last_line(runtime, name):
    _, fen, moves, verdict, kinds, articles = BY_NAME[name]
    r = xqboard("ruling", "--runtime", runtime, fen, *moves)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert lines[-1].startswith(verdict + " (")
    for a in articles:
        assert a in lines[-1].split("(")[1]
    for mv, want in kinds.items():
        kind = want if isinstance(want, str) else want[0]
        assert any(ln.startswith(mv + " ") and (" %s " % kind) in ln for ln in lines), (mv, kind, lines)


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_cli_same_output_both_runtimes_compact(runtime):
    _, fen, moves, verdict, _, _ = BY_NAME["26_8_1_unprotected_chaser_varies_against_protected"]
    r = xqboard("ruling", "--compact", "--runtime", runtime, fen, *moves)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().endswith("red must vary 23.1 24.11 25.4 26.8.1 23.5.2 23.5.2.2 4.1.5")


@pytest.mark.parametrize("runtime", RUNTIMES)
@pytest.mark.parametrize("args,words", [
    (["nonsense fen", "a0a1"], "bad FEN"),
    (["startpos", "h2e9"], "not legal"),
    (["startpos", "zz"], "not a move"),
    (["startpos", "h2e2", "h9g7"], "23.3"),
])
def test_cli_bad_input_exits_2(runtime, args, words):
    r = xqboard("ruling", "--runtime", runtime, *args)
    assert r.returncode == 2
    assert words in r.stderr
    assert "Traceback" not in r.stderr
