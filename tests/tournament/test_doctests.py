"""The docstring examples of the tournament modules run as tests."""
import doctest
import importlib

import pytest

MODULES = ["roundrobin", "swiss", "knockout", "scoring", "standings", "db", "event", "pgn", "simulate",
           "export_html"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    mod = importlib.import_module("xqboard.tournament." + name)
    failed, tried = doctest.testmod(mod)
    assert tried > 0 and failed == 0
