"""CLI inputs (issue 14): a FEN, a script, a control string or a name the
board could not take is refused with exit status 2 and the reason, never a
traceback or a crash of the MicroPython VM (whose unix port dies with
"FATAL: uncaught NLR" on an argument of 256 bytes or more)."""
import os
import subprocess
import sys

import pytest

from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from link import bounds  # noqa: E402
from link.frame import MAX_LINE  # noqa: E402

LONG_FEN = "rnbakabnr/" * 40


def cli(*args, env=None):
    return subprocess.run([sys.executable, "-m", "xqboard.cli"] + list(args), capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL, env=env)


def refused(r, reason):
    assert r.returncode == 2, (r.returncode, r.stderr[-2000:])
    assert "Traceback" not in r.stderr and "NLR" not in r.stderr + r.stdout
    assert reason in r.stderr, r.stderr


@pytest.mark.parametrize("args", [["legal", LONG_FEN], ["perft", LONG_FEN, "1"], ["ruling", LONG_FEN, "h2e2"],
                                  ["legal", LONG_FEN, "--runtime", "cpython"]])
def test_a_403_byte_fen_is_refused_with_its_length(args):
    refused(cli(*args), "FEN is 400 bytes, at most 112")


def test_a_fen_with_a_control_character_is_refused():
    refused(cli("legal", "9/9\x01"), "control character")


def test_a_depth_out_of_range_is_refused():
    refused(cli("perft", "startpos", "99999999999999999999"), "depth must be from 0 to 12")


def test_a_binary_scenario_is_refused(tmp_path):
    (tmp_path / "bin.txt").write_bytes(bytes(range(256)) * 4)
    refused(cli("scenario", str(tmp_path / "bin.txt")), "not a text script")
    (tmp_path / "latin1.txt").write_bytes("0 new event=Café\n".encode("latin-1"))
    refused(cli("scenario", str(tmp_path / "latin1.txt")), "not UTF-8 text")


def test_a_scenario_line_longer_than_a_frame_is_refused(tmp_path):
    (tmp_path / "long.txt").write_text("0 new red=" + "x" * 600 + "\n")
    refused(cli("scenario", str(tmp_path / "long.txt")), "long.txt:1: line of 611 bytes, at most %d" % MAX_LINE)


def test_round_refuses_names_and_controls_the_board_would_refuse():
    key = dict(os.environ, XQBOARD_KEY="00" * 16)  # the arbiter's key: never in argv (xqboard/keyfile.py)
    refused(cli("round", "start", "/dev/null=1:" + "R" * 40 + ":B", "--event", "E", "--round", "1", env=key),
            "red is 40 bytes, at most 24")
    most = bounds.MAX["event"]  # link/bounds.py
    refused(cli("round", "start", "/dev/null=1:R:B", "--event", "E" * (most + 1), "--round", "1", env=key),
            "event is %d bytes, at most %d" % (most + 1, most))
    refused(cli("round", "start", "/dev/null=1:R:B", "--event", "E", "--round", "1", "--tc", "90x", env=key),
            "time control '90x'")
