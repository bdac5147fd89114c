"""Appendix 1: the rotation tables, the FIDE Berger tables, `xqboard roundrobin`."""
import subprocess
import sys

import pytest

from xqboard.cli import main
from xqboard.tournament import roundrobin


def berger(n):
    """The FIDE Berger table written from its published definition, not from
    the appendix's method: with N = n rounded up to even and M = N - 1, the
    player facing N in round r is x = 1 + (r - 1) * N/2 (mod M, in 1..M);
    N has White in even rounds; board b (2..N/2) pairs x + (b - 1) with
    x - (b - 1) (mod M), the first one White."""
    N = n + n % 2
    M = N - 1

    def wrap(v):
        return (v - 1) % M + 1

    rounds = []
    for r in range(1, N):
        x = wrap(1 + (r - 1) * (N // 2))
        rnd = [(N, x) if r % 2 == 0 else (x, N)]
        for b in range(2, N // 2 + 1):
            rnd.append((wrap(x + b - 1), wrap(x - b + 1)))
        rounds.append(rnd)
    return rounds


# Published Berger tables (FIDE Handbook C.05, Annex 1), written out.
PUBLISHED = {
    4: "1-4 2-3 / 4-3 1-2 / 2-4 3-1",
    6: "1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / 6-5 1-4 2-3 / 3-6 4-2 5-1",
    8: "1-8 2-7 3-6 4-5 / 8-5 6-4 7-3 1-2 / 2-8 3-1 4-7 5-6 / 8-6 7-5 1-4 2-3 / "
       "3-8 4-2 5-1 6-7 / 8-7 1-6 2-5 3-4 / 4-8 5-3 6-2 7-1",
}


def _parse(text):
    return [[tuple(int(x) for x in pr.split("-")) for pr in rnd.split()] for rnd in text.split(" / ")]


def test_appendix1_example_3_or_4_players():
    # "第1轮次1-（4）、2-3；第2轮次（4）-3、1-2；第3轮次2-（4）、3-1"
    assert roundrobin.table(3) == roundrobin.table(4) == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    assert roundrobin.format_table(3) == ["1-(4), 2-3", "(4)-3, 1-2", "2-(4), 3-1"]


@pytest.mark.parametrize("n", range(3, 21))
def test_appendix1_equals_fide_berger_tables_3_to_20(n):
    assert roundrobin.table(n) == berger(n)


@pytest.mark.parametrize("n", sorted(PUBLISHED))
def test_appendix1_equals_published_berger_tables(n):
    assert roundrobin.table(n) == _parse(PUBLISHED[n])


@pytest.mark.parametrize("n", range(3, 21))
def test_appendix1_everyone_meets_once_and_colours_balance(n):
    N = roundrobin.largest_number(n)
    seen = set()
    reds = {i: 0 for i in range(1, N + 1)}
    for rnd in roundrobin.table(n):
        assert sorted(x for pr in rnd for x in pr) == list(range(1, N + 1))
        for a, b in rnd:
            assert frozenset((a, b)) not in seen
            seen.add(frozenset((a, b)))
            reds[a] += 1
    assert len(seen) == N * (N - 1) // 2
    # 12.1 colours from the table: nobody has more than one extra Red or Black
    assert all(abs(2 * r - (N - 1)) <= 1 for r in reds.values())


def test_appendix1_method3_largest_number_red_in_even_rounds():
    for r, rnd in enumerate(roundrobin.table(10), 1):
        assert 10 in rnd[0]  # "最大号永远列在最前面"
        assert (rnd[0][0] == 10) == (r % 2 == 0)


def test_appendix1_odd_count_bye_once_each():
    for n in (3, 5, 7, 9, 19):
        byes = [roundrobin.bye_of(rnd, n) for rnd in roundrobin.table(n)]
        assert sorted(byes) == list(range(1, n + 1))
    # "人数逢单，1号轮空"
    assert roundrobin.bye_of(roundrobin.table(7)[0], 7) == 1


def test_appendix1_double_round_robin_swaps_colours():
    t = roundrobin.double_table(4)
    assert len(t) == 6
    assert t[3] == [(4, 1), (3, 2)]


def test_10_2_snake_groups():
    assert roundrobin.snake_groups(list(range(1, 13)), 3) == [[1, 6, 7, 12], [2, 5, 8, 11], [3, 4, 9, 10]]


def test_cli_roundrobin_prints_one_round_per_line(capsys):
    assert main(["roundrobin", "3"]) == 0
    assert capsys.readouterr().out == "1: 1-(4), 2-3\n2: (4)-3, 1-2\n3: 2-(4), 3-1\n"
    assert main(["roundrobin", "6"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "2: 6-4, 5-3, 1-2"
    assert len(lines) == 5


@pytest.mark.parametrize("arg", ["1", "x", "-4", "0"])
def test_cli_roundrobin_bad_input_is_usage_error(arg):
    r = subprocess.run([sys.executable, "-m", "xqboard.cli", "roundrobin", arg], capture_output=True, text=True)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr and r.stderr.startswith("xqboard: ")
