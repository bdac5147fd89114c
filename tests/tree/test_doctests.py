"""Every docstring example runs: one test per module of firmware/, boards/
and host_tools/ that holds `>>>`, found by reading the files, so a module
that gains an example is tested with no list to keep. Firmware modules
keep their examples in comments (a docstring would cost the board's
heap): those run too, under CPython, in the module's namespace.

Each test also counts the module's prompts: every `>>>` line of the file
must be an example doctest found (one in a string doctest cannot reach
would otherwise never run)."""
import doctest
import importlib
import re
import textwrap

import pytest

import xqboard.core  # noqa: F401  (firmware/ and boards/ on sys.path, for their modules)
from xqboard.paths import REPO

ROOTS = ("firmware", "boards", "host_tools")
PROMPT = re.compile(r"^\s*(#\s*)?>>>( |$)")


def modules():
    """The repository paths of the modules that hold `>>>`."""
    out = []
    for root in ROOTS:
        for f in sorted((REPO / root).rglob("*.py")):
            if ">>>" in f.read_text(encoding="utf-8"):
                out.append(f.relative_to(REPO).as_posix())
    return out


def module_name(path):
    """firmware/xq/position.py -> xq.position, boards/sim.py -> boards.sim,
    host_tools/xqboard/hall/__init__.py -> xqboard.hall."""
    parts = path[:-len(".py")].split("/")
    if parts[0] in ("firmware", "host_tools"):
        parts = parts[1:]
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def comment_blocks(text):
    """The runs of comment lines of a source text, each without its `#`
    and dedented: where the firmware keeps its examples."""
    blocks, block = [], []
    for line in text.splitlines() + [""]:
        stripped = line.strip()
        if stripped.startswith("#"):
            block.append(stripped[1:])
        elif block:
            blocks.append(textwrap.dedent("\n".join(block)))
            block = []
    return [b for b in blocks if ">>>" in b]


def examples(path):
    """The doctests of one module: its docstrings' and its comments'."""
    module = importlib.import_module(module_name(path))
    found = [t for t in doctest.DocTestFinder().find(module) if t.examples]
    text = (REPO / path).read_text(encoding="utf-8")
    parser = doctest.DocTestParser()
    for i, block in enumerate(comment_blocks(text)):
        found.append(parser.get_doctest(block, dict(vars(module)), "%s[comment %d]" % (module.__name__, i),
                                        str(REPO / path), 0))
    return found, sum(1 for line in text.splitlines() if PROMPT.match(line))


@pytest.mark.parametrize("path", modules())
def test_docstring_examples(path):
    tests, prompts = examples(path)
    runner = doctest.DocTestRunner()
    out = []
    for t in tests:
        runner.run(t, out=out.append)
    assert runner.failures == 0, "".join(out)
    # (an example marked `doctest: +SKIP` is found, and counted, but not run)
    found = sum(len(t.examples) for t in tests)
    assert found == prompts, "%d of the %d `>>>` lines of %s are examples" % (found, prompts, path)
