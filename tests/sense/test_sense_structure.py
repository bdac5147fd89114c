"""The shape of firmware/sense/ (issue 11), read from the source with ast:
small files, sides by name outside viper code, no control flow on article
strings, and nobody reaching into the recogniser's private attributes."""
import ast
import re

import pytest

from xqboard.paths import BOARDS, FIRMWARE

SENSE = sorted((FIRMWARE / "sense").glob("*.py"))
ARTICLE = re.compile(r"^\d+(\.\d+)+$")  # '4.1.8', '5.10', ...


def tree(path):
    return ast.parse(path.read_text(), str(path))


def viper_nodes(t):
    # Nodes inside @micropython.viper functions, where bit tricks belong.
    inside = set()
    for node in ast.walk(t):
        if isinstance(node, ast.FunctionDef) and any(
                isinstance(d, ast.Attribute) and d.attr == "viper" for d in node.decorator_list):
            inside.update(id(n) for n in ast.walk(node))
    return inside


@pytest.mark.parametrize("path", SENSE, ids=lambda p: p.name)
def test_every_sense_file_is_under_500_lines(path):
    assert len(path.read_text().splitlines()) < 500


@pytest.mark.parametrize("path", SENSE + [FIRMWARE / "app.py"], ids=lambda p: p.name)
def test_no_control_flow_compares_article_strings(path):
    bad = []
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Compare):
            for side in [node.left] + node.comparators:
                if isinstance(side, ast.Constant) and isinstance(side.value, str) and ARTICLE.match(side.value):
                    bad.append("line %d: %r" % (node.lineno, side.value))
        if isinstance(node, ast.Dict):
            # a table keyed by article, looked up to decide (what app.py did)
            for key in node.keys:
                if isinstance(key, ast.Constant) and isinstance(key.value, str) and ARTICLE.match(key.value):
                    bad.append("line %d: a dict keyed by %r" % (node.lineno, key.value))
    assert not bad, bad


@pytest.mark.parametrize("path", SENSE, ids=lambda p: p.name)
def test_sides_by_name_outside_viper(path):
    # RED/BLACK, other(), index(), colour() (xq/pieces.py), not &8, ^8, >>3.
    t = tree(path)
    viper = viper_nodes(t)
    bad = []
    for node in ast.walk(t):
        if isinstance(node, ast.BinOp) and id(node) not in viper:
            right = node.right
            if isinstance(right, ast.Constant) and (
                    (isinstance(node.op, (ast.BitAnd, ast.BitXor)) and right.value == 8)
                    or (isinstance(node.op, ast.RShift) and right.value == 3)):
                bad.append("line %d" % node.lineno)
    assert not bad, bad


# What other modules may use of a Recogniser: its calls, its read-outs and
# its settings (firmware/sense/recognise.py, docs/SENSING.md).
PUBLIC = {"setup", "confirm", "reset", "frame", "feed", "tick", "press", "provisional",
          "provisional_at", "deadline", "pos", "settle_ms", "alert_ms", "lag_ms",
          "follow", "make"}  # (the game's Position it follows, the game's make: sense/plies.py)


def test_no_module_outside_sense_reads_the_recognisers_private_names():
    # The app and the boards use the recogniser's calls and read-outs, not
    # the state behind them (app.py once read rec.cand_t).
    paths = [p for p in FIRMWARE.rglob("*.py") if "sense" not in p.parts] + list(BOARDS.glob("*.py"))
    bad = []
    for path in paths:
        for node in ast.walk(tree(path)):
            if not isinstance(node, ast.Attribute):
                continue
            owner = node.value
            named_rec = (isinstance(owner, ast.Name) and owner.id == "rec") or (
                isinstance(owner, ast.Attribute) and owner.attr == "rec")
            if named_rec and node.attr not in PUBLIC:
                bad.append("%s line %d: rec.%s" % (path.name, node.lineno, node.attr))
    assert not bad, bad
