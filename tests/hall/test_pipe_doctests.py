"""The examples in the pipeline's docstrings are right."""
import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["envelope", "outbox", "store"])
def test_doctests(name):
    module = importlib.import_module("xqboard.hall." + name)
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
