"""`xqboard legal` and `xqboard perft` from the command line, both runtimes."""
import subprocess
import sys

import pytest


def xqboard(*args):
    return subprocess.run([sys.executable, "-m", "xqboard.cli"] + list(args), capture_output=True, text=True)


@pytest.mark.parametrize("runtime", ["micropython", "cpython"])
def test_legal_startpos_prints_44_sorted_moves(runtime):
    r = xqboard("legal", "startpos", "--runtime", runtime)
    assert r.returncode == 0, r.stderr
    moves = r.stdout.split()
    assert len(moves) == 44 and moves == sorted(moves)
    assert "h2e2" in moves and "b0c2" in moves


def test_runtimes_agree_on_a_middlegame():
    fen = "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1"
    a = xqboard("legal", fen)
    b = xqboard("legal", fen, "--runtime", "cpython")
    assert a.returncode == 0 and a.stdout == b.stdout and a.stdout


@pytest.mark.parametrize("runtime", ["micropython", "cpython"])
def test_perft_divide_ends_with_the_total(runtime):
    r = xqboard("perft", "startpos", "2", "--divide", "--runtime", runtime)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[-1] == "1920"
    assert len(lines) == 45 and sum(int(x.split()[1]) for x in lines[:-1]) == 1920


def test_perft_default_runtime_is_micropython():
    r = xqboard("perft", "startpos", "3")
    assert r.returncode == 0 and r.stdout.strip().splitlines()[-1] == "79666"


def test_wrong_arguments_exit_2():
    assert xqboard("perft", "startpos").returncode == 2
    assert xqboard("perft", "startpos", "-1").returncode == 2
