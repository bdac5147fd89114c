"""The docstring examples of the tournament modules run as tests."""
import doctest
import importlib

import pytest

MODULES = ["roundrobin", "swiss", "knockout", "scoring", "standings", "db", "event", "pgn", "simulate",
           "export_html", "errors", "stored", "roster", "records", "ranking", "lineups",
           "systems", "systems.base", "systems.bracket_play", "systems.round_robin", "systems.group_round_robin",
           "systems.positional_swiss", "systems.swiss_then_knockout", "systems.swiss_elimination",
           "systems.single_knockout", "systems.double_elimination",
           "registration", "pinyin", "player_file", "xlsx", "corrections", "backups", "sheets", "export_trf",
           "boards", "views"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    mod = importlib.import_module("xqboard.tournament." + name)
    failed, tried = doctest.testmod(mod)
    assert tried > 0 and failed == 0


def test_the_examples_of_docs_tournament_md():
    import pathlib
    import re

    text = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "TOURNAMENT.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks
    for i, block in enumerate(blocks):
        test = doctest.DocTestParser().get_doctest(block, {}, "TOURNAMENT.md[%d]" % i, "docs/TOURNAMENT.md", 0)
        runner = doctest.DocTestRunner()
        runner.run(test)
        assert runner.failures == 0 and runner.tries > 0
