"""The repetition cases in the MicroPython unix port (x64 build, heap
capped at runtime.HEAP): the code the board runs gives the same rulings."""
import pytest

from test_rulings import CASES, check, parse_line
from xqboard.paths import REPO

RUNNER = REPO / "tests" / "mp" / "rulings_run.py"


@pytest.fixture(scope="module")
def mp_results(mp):
    r = mp.script(RUNNER)
    assert r.returncode == 0, r.stderr[-3000:]
    lines = r.stdout.strip().splitlines()
    out = {}
    for line in lines[:-1]:
        got = parse_line(line)
        out[got["name"]] = got
    out["mem_free"] = int(lines[-1].split()[1])
    return out


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_mp_case(mp_results, case):
    check(case, mp_results[case[0]])


def test_mp_every_case_ran_within_the_heap(mp_results):
    assert all(c[0] in mp_results for c in CASES)
    assert mp_results["mem_free"] > 0


def test_mp_api_detect_rule_compact(mp):
    out = mp.run(
        "from xq.position import Position\n"
        "from xq.squares import parse_move\n"
        "from xq.rulings import detect, rule, compact\n"
        "p = Position('4k4/9/9/2n3n2/9/9/9/2R6/9/3K5 w')\n"
        "for t in 'c2g2 e9e8 g2c2 e8e9'.split(): p.push(parse_move(t))\n"
        "print(detect(p))\n"
        "for t in 'c2g2 e9e8 g2c2 e8e9'.split(): p.push(parse_move(t))\n"
        "fen = p.fen()\n"
        "c = detect(p)\n"
        "r = rule(p, c)\n"
        "print(c.length, c.count, r.verdict, r.side, r.effect, r.grace, p.fen() == fen)\n"
        "print(compact(r))\n")
    lines = out.strip().splitlines()
    assert lines[0] == "None"  # 23.3: twice is not enough
    assert lines[1] == "4 3 red must vary 0 4.1.5 2 True"
    assert lines[2].startswith("rep 23.1 x3 | Rc2g2捉ng6 |")
    assert lines[2].endswith("red must vary 23.1 24.11 24.14 25.3 23.5.2 23.5.2.2 4.1.5")


def test_mp_23_5_2_grace_then_effect_or_lapse(mp):
    out = mp.run(
        "from xq.position import Position\n"
        "from xq.squares import parse_move\n"
        "from xq.rulings import detect, rule, after_grace\n"
        "cyc = 'c2g2 e9e8 g2c2 e8e9'.split()\n"
        "def game(extra):\n"
        "    p = Position('4k4/9/9/2n3n2/9/9/9/2R6/9/3K5 w')\n"
        "    for t in cyc * 2: p.push(parse_move(t))\n"
        "    r = rule(p, detect(p))\n"
        "    for t in extra: p.push(parse_move(t))\n"
        "    return after_grace(p, r)\n"
        "print(game(cyc[:2]))\n"        # not played yet
        "print(game(cyc))\n"            # kept repeating: 4.1.5
        "print(game(['c2c3', 'e9e8', 'c3c2', 'e8e9']))\n"  # red varied
        "p = Position('9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w')\n"
        "for t in 'd6e6 e4d4 e6d6 d4e4'.split() * 2: p.push(parse_move(t))\n"
        "r = rule(p, detect(p))\n"
        "print(r.grace, after_grace(p, r))\n")  # 23.5.1: at once
    assert out.split() == ["None", "4.1.5", "None", "0", "4.1.4"]


def test_mp_23_1_trail_gives_the_same_cycles_as_replaying(mp):
    # A game with captures and repetitions: detect() with a Trail kept move
    # by move (and taken back) finds exactly what replaying finds.
    out = mp.run(
        "from xq.position import Position\n"
        "from xq.squares import parse_move\n"
        "from xq.rulings import detect, trail\n"
        "p = Position('2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w')\n"
        "t = trail(p)\n"
        "seq = ['a4a5'] + ['a6b6', 'a5b5', 'b6a6', 'b5a5'] * 3\n"
        "same = 0\n"
        "found = []\n"
        "for i, s in enumerate(seq):\n"
        "    c = p.push(parse_move(s))\n"
        "    t.moved(p, c)\n"
        "    a = detect(p, trail=t)\n"
        "    b = detect(p)\n"
        "    same += (a is None) == (b is None) and (a is None or a.moves == b.moves)\n"
        "    if a: found.append(i)\n"
        "p.pop(); t.back(p)\n"
        "print(same, len(seq), found, detect(p, trail=t) is None, detect(p) is None)\n")
    # First found after 10 plies: the position after a6b6 is then there a
    # third time (the capture's own position does not count, 23.2).
    assert out.split() == ["13", "13", "[9,", "10,", "11,", "12]", "False", "False"]
