"""The docstring examples of the tournament modules run as tests."""
import doctest
import importlib

import pytest

MODULES = ["roundrobin", "swiss", "knockout", "scoring", "standings", "db", "event", "pgn", "simulate",
           "export_html", "errors", "stored", "roster", "records", "ranking", "lineups",
           "systems", "systems.base", "systems.bracket_play", "systems.round_robin", "systems.group_round_robin",
           "systems.positional_swiss", "systems.swiss_then_knockout", "systems.swiss_elimination",
           "systems.single_knockout", "systems.double_elimination"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    mod = importlib.import_module("xqboard.tournament." + name)
    failed, tried = doctest.testmod(mod)
    assert tried > 0 and failed == 0
