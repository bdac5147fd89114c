"""Nothing dropped from the suite (issue 22): scripts/check_collected.py
compares the tests collected now with those of commit 8066369
(tests/collected/), through its renames and bench tables, and the
articles docs/RULES.md maps to tests with the tests `make test` runs.
In a run of the whole tree (`make test`) the run's own collection is
compared (tests/collection.py); otherwise the script collects the tree
in a process of its own."""
import importlib.util
import subprocess
import sys

from xqboard.paths import REPO

from collection import collected_here


def check_collected():
    spec = importlib.util.spec_from_file_location("check_collected", REPO / "scripts" / "check_collected.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_test_of_the_baseline_is_lost_and_every_rules_article_still_has_its_test(request):
    now = collected_here(request.config)
    if now is None:  # a run of part of the tree: the script collects all of it
        r = subprocess.run([sys.executable, str(REPO / "scripts" / "check_collected.py")], capture_output=True,
                           text=True, timeout=600)
        assert r.returncode == 0, r.stdout + r.stderr
        assert "none lost" in r.stdout
        return
    problems, summary = check_collected().report(now)
    assert not problems, "\n".join(problems + [summary])
    assert "none lost" in summary

