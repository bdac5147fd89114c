"""Nothing dropped from the suite (issue 22): scripts/check_collected.py
compares the tests collected now with those of commit 8066369
(tests/collected/), through its renames and bench tables, and the
articles docs/RULES.md maps to tests with the tests `make test` runs."""
import subprocess
import sys

from xqboard.paths import REPO


def test_no_test_of_the_baseline_is_lost_and_every_rules_article_still_has_its_test():
    r = subprocess.run([sys.executable, str(REPO / "scripts" / "check_collected.py")], capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "none lost" in r.stdout
