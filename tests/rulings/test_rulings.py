"""Repetition rulings (art. 23-26), under CPython: one test per case of
tests/mp/rulings_cases.py, named by the article it shows
(test_25_1_..., test_26_6_...); the same cases run in the MicroPython unix
port in test_rulings_mp.py. docs/RULINGS.md describes every case."""
import sys

import pytest

from xqboard import core  # noqa: F401  (the firmware on sys.path)
from xqboard.paths import REPO

sys.path.insert(0, str(REPO / "tests" / "mp"))

from rulings_cases import CASES  # noqa: E402
from rulings_run import run  # noqa: E402

BY_NAME = {c[0]: c for c in CASES}


def parse_line(line):
    """name|verdict|articles|move:kind:arts;...|legal -> dict."""
    name, verdict, arts, kinds, legal = line.split("|")
    moves = {}
    for item in kinds.split(";") if kinds else []:
        mv, kind, a = item.split(":")
        moves[mv] = (kind, a.split(",") if a else [])
    return {"name": name, "verdict": None if verdict == "None" else verdict,
            "articles": arts.split(), "moves": moves, "legal": legal == "1"}


def check(case, got):
    """Fails with a readable message if a run (parse_line) differs from the case."""
    name, fen, moves, verdict, kinds, articles = case
    assert got["legal"], "%s: the FEN or a move is not legal" % name
    assert got["verdict"] == verdict, "%s: verdict %r, expected %r (%s)" % (
        name, got["verdict"], verdict, got["articles"])
    for a in articles:
        assert a in got["articles"], "%s: article %s missing from %s" % (name, a, got["articles"])
    for mv, want in kinds.items():
        if isinstance(want, str):
            want = (want,)
        kind, arts = got["moves"][mv]
        assert kind == want[0], "%s: %s is %s, expected %s" % (name, mv, kind, want[0])
        for a in want[1:]:
            assert a in arts, "%s: %s cites %s, expected %s" % (name, mv, arts, a)


def _make(case):
    def test():
        check(case, parse_line(run(case)))
    test.__doc__ = "%s: %s" % (case[0], case[3])
    return test


for _case in CASES:
    globals()["test_" + _case[0]] = _make(_case)


def test_every_case_has_a_unique_name():
    assert len(BY_NAME) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_each_fen_is_legal_and_each_move_legal(case):
    from xqboard.core import Position, parse_move

    pos = Position(case[1])  # raises on an impossible position
    for text in case[2]:
        m = parse_move(text)
        assert pos.is_legal(m), "%s: %s is illegal in %s" % (case[0], text, pos.fen())
        pos.push(m)
