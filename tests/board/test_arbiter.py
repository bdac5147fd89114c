"""The arbiter outranks the board (issue 13): the overrules, each an
OVERRULE event naming the arbiter, the event replaced and the article
(docs/RULES.md, "The arbiter decides"), and commands that can never stop
the board. Scenario tests on the simulated board in the unix port, named by
article, and the game layer under CPython for the refusals."""
import subprocess
import sys

import pytest

from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)

from game.game import CommandError  # noqa: E402

from . import scenarios as sc
from .test_game import T0, new_game
from .test_link import run_raw

START = "0 new tc=10m\n0 setup\n100 start\n"


def seq_of(lines, kind, *words):
    """The number of the last event of `kind` whose fields start with `words`."""
    return [int(w[1]) for w in sc.events(lines, kind) if w[4:4 + len(words)] == list(words)][-1]


def refused(lines):
    return [x for x in lines if x.startswith("A ") and " refused " in x]


# -- no command stops the board ----------------------------------------------

@pytest.mark.parametrize("words, reason", [
    (["offer"], "give the side"), (["accept"], "give the side"), (["resign"], "give the side"),
    (["forfeit"], "red or black or both"), (["penalty"], "give the side"), (["claim"], "give the side"),
    (["claim", "red"], "natural or repetition"), (["adjust"], "give the side"), (["adjust", "red"], "adjust <side> <ms>"),
    (["adjust", "red", "x"], "ms: a whole number"), (["adjust", "red", "1000", "moves=x"], "moves"),
    (["penalty", "red", "-5"], "ms: a whole number"), (["correct"], "give the position"),
    (["result", "1-0"], "give the article"), (["foul", "red", "8.1.6"], "by=<name>"),
    (["foul", "red", "9.9", "by=Li"], "8.1.1-8.1.9"), (["unfoul", "by=Li"], "FOUL event"),
    (["annul", "by=Li"], "no result to annul"),
])
def test_keyed_commands_with_missing_or_malformed_arguments_are_refused_with_a_reason(words, reason):
    g, log = new_game()
    n = len(log)
    with pytest.raises(CommandError, match=reason):
        g.command(T0 + 10, words, True)
    assert len(log) == n  # a refused command changes nothing


def test_values_are_bounded_adjust_at_most_10_h_results_only_the_forms_of_20_2():
    g, log = new_game()
    with pytest.raises(CommandError, match="0 to 36000000"):
        g.command(T0, ["adjust", "red", str(10 ** 15)], True)
    g.command(T0, ["adjust", "red", str(10 * 3600000)], True)  # 10 h itself is allowed
    for score, article, why in [("2-0", "4.1.1", "score"), ("1-0", "9.9", "article"),
                                ("0-0", "4.1.1", "cannot give"), ("1-0", "4.2.1", "cannot give")]:
        with pytest.raises(CommandError, match=why):
            g.command(T0, ["result", score, article], True)
    g.command(T0, ["result", "0-0", "20.2"], True)
    assert g.result[:2] == ("0-0", "20.2")


def test_a_command_id_far_ahead_is_refused_and_never_locks_the_arbiter_out():
    lines = run_raw([("SIGN", "C 2000000000 pause"), ("SIGN", "C 1000000000000000 pause"),
                     ("SIGN", "C 10 pause"), ("SIGN", "C 11 resume")])
    far = [x for x in lines if x.startswith("A 2000000000 ")][0]
    assert "refused" in far and "ahead" in far
    # beyond the link's 10 digits it is no command id at all (link/bounds.py)
    assert any(x.startswith("X command id must be from 1 to 2147483647") for x in lines)
    assert [x for x in lines if x.startswith("A 10 ")] == ["A 10 ok"]
    assert [x for x in lines if x.startswith("A 11 ")] == ["A 11 ok"]


@pytest.mark.parametrize("content, why", [
    (b"0 new\n25h end\n", b"over 24 h"),
    (b"0 new\n1s setup\x00\x01\n", b"binary"),
    # (an id of its own: pytest 9.1 would spell the 1 KB out as the id)
    pytest.param(bytes(range(256)) * 4, b"binary", id="every-byte-x4-binary"),
])
def test_the_scenario_runner_refuses_times_over_24_h_and_binary_files(tmp_path, content, why):
    path = tmp_path / "s.txt"
    path.write_bytes(content)
    r = subprocess.run([sys.executable, "-m", "xqboard.cli", "scenario", str(path)], capture_output=True)
    assert r.returncode == 2 and why in r.stderr, r.stderr


# -- the overrules ------------------------------------------------------------

def test_17_1_annul_before_confirm_reopens_play_with_the_clocks_as_at_the_result():
    lines = sc.run(START + "1s lift h2\n1.2s place e2\n1.5s press red\n3s cmd resign black\n"
                   "20s cmd annul by=Li\n21s cmd resume\n22s lift h9\n22.2s place g7\n23s press black\n")
    resign = seq_of(lines, "RESULT", "1-0", "4.1.12")
    assert sc.events(lines, "OVERRULE")[0][4:] == ["annul", "replaces=%d" % resign, "by=Li", "17.1"]
    # Black's clock stood from the resignation (3 s) to the resume (21 s): 1.5 + 2 s used
    press = sc.events(lines, "PRESS")[-1]
    assert press[4] == "black" and int(press[6]) == 600000 - 3500
    assert sc.moves(lines) == ["h2e2", "h9g7"] and sc.result(lines)[:2] == ["1-0", "4.1.12"]
    assert not sc.events(lines, "RESULT")[1:]  # no result after the annulment


def test_21_5_adjust_then_resume_lifts_an_automatic_flag():
    lines = sc.run("0 new tc=1m\n0 setup\n100 start\n70s cmd adjust red 30000\n71s cmd resume by=Li\n"
                   "72s lift h2\n72.2s place e2\n72.5s press red\n")
    assert sc.events(lines, "FLAG")[0][4] == "red"
    flag_result = seq_of(lines, "RESULT", "0-1", "4.1.6")
    assert sc.events(lines, "OVERRULE")[0][4:6] == ["annul", "replaces=%d" % flag_result]
    assert [w[4] for w in sc.events(lines, "RESUME")] == ["arbiter"]
    press = sc.events(lines, "PRESS")[0]
    assert press[4] == "red" and int(press[5]) == 30000 - 1500
    assert len(sc.events(lines, "RESULT")) == 1


def test_20_2_the_arbiters_result_replaces_the_boards_before_confirm():
    from .test_scenarios import MATE_IN_1

    script, t = sc.game(MATE_IN_1, moves_iccs=["a0a9"])
    lines = sc.run(script + "%d cmd result 1/2-1/2 4.2.2 sensor_fault by=Li\n%d cmd confirm\n" % (t, t + 100))
    mate = seq_of(lines, "RESULT", "1-0", "4.1.1")
    over = sc.events(lines, "OVERRULE")[0]
    assert over[4:] == ["result", "1/2-1/2", "replaces=%d" % mate, "by=Li", "4.2.2", "sensor", "fault"]
    assert sc.events(lines, "CONFIRM")[0][4:6] == ["1/2-1/2", "4.2.2"]


def test_9_after_confirm_the_result_can_only_be_amended():
    lines = sc.run(START + "1s cmd resign red\n2s cmd confirm\n3s cmd annul by=Li\n4s cmd result 1-0 4.1.12 by=Li\n")
    assert any("confirmed (art. 9)" in x for x in refused(lines))
    confirm = seq_of(lines, "CONFIRM")
    assert sc.events(lines, "OVERRULE")[0][4:8] == ["result", "1-0", "replaces=%d" % confirm, "by=Li"]


def test_8_1_a_foul_the_arbiter_declares_counts_toward_4_1_10():
    lines = sc.run(START + "1s press red\n2s cmd foul red 8.1.6 by=Li\n3s cmd foul red 8.1.9 by=Li\n")
    assert [w[4:] for w in sc.events(lines, "OVERRULE")] == [["foul", "red", "by=Li", "8.1.6"],
                                                             ["foul", "red", "by=Li", "8.1.9"]]
    assert sc.result(lines)[:2] == ["0-1", "4.1.10"]


def test_8_1_7_a_foul_the_arbiter_removes_no_longer_counts_4_1_9():
    # Red presses without a move (8.1.7); the arbiter removes the foul, so the
    # next empty press is a first foul again, not a loss (4.1.9).
    lines = sc.run(START + "1s press red\n2s cmd unfoul 6 by=Li\n3s press red\n")
    fouls = sc.events(lines, "FOUL")
    assert fouls[0][1] == "6" and [w[5] for w in fouls] == ["8.1.7", "8.1.7"]
    assert sc.events(lines, "OVERRULE")[0][4:] == ["unfoul", "red", "replaces=6", "by=Li", "8.1.7"]
    assert fouls[1][6] == "fouls=1" and sc.result(lines) is None
