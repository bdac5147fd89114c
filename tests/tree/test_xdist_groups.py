"""`make test`'s `--dist loadgroup` keeps an `xdist_group` on one worker
(issue 22): the browser tests share one Chromium and one hall, and
test_oracle makes its 1,000 positions once. With pytest 9.2 and
pytest-xdist 3.8.0 the mark was silently ignored (pytest-dev/pytest-xdist
#1386; requirements.txt pins pytest below it): this catches a pin that
brings that back."""
import os
import subprocess
import sys

GROUPED = '''
import os
import pytest

pytestmark = pytest.mark.xdist_group("together")


@pytest.mark.parametrize("i", range(6))
def test_grouped(i):
    print("WORKER", os.environ["PYTEST_XDIST_WORKER"])
'''

LOOSE = '''
import time


def test_loose_1():
    time.sleep(0.2)


def test_loose_2():
    time.sleep(0.2)
'''


def test_a_group_runs_on_one_worker(tmp_path):
    (tmp_path / "test_grouped.py").write_text(GROUPED)
    (tmp_path / "test_loose.py").write_text(LOOSE)
    env = dict(os.environ)
    env.pop("PYTEST_XDIST_WORKER", None)
    done = subprocess.run([sys.executable, "-m", "pytest", "-v", "-s", "-n", "2", "--dist", "loadgroup",
                           "-p", "no:cacheprovider", "-c", os.devnull, "--rootdir", str(tmp_path), str(tmp_path)],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    ran_on = {line.split()[0] for line in said.splitlines() if "PASSED" in line and "test_grouped" in line}
    assert len([line for line in said.splitlines() if "PASSED" in line and "test_grouped" in line]) == 6, said
    assert len(ran_on) == 1, "the group was split over %s:\n%s" % (sorted(ran_on), said)
