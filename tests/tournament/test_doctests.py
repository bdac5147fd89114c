"""The examples of docs/TOURNAMENT.md run as tests (the modules' docstring
examples: tests/tree/test_doctests.py)."""
import doctest


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
