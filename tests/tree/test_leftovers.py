"""The leftover guard (tests/leftovers.py) fires: a run whose test leaves a
process behind fails, names the test and ends the process; a run whose
tests end what they start passes (issue 22: no test leaves anything
running, and the guard that says so is itself tested)."""
import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]

CONFTEST = 'pytest_plugins = ["leftovers"]\n'

LEAVES_ONE = '''
import subprocess, sys

def test_starts_a_sleeper_and_forgets_it(tmp_path):
    p = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
    (tmp_path.parent.parent / "pid").write_text(str(p.pid))
'''

ENDS_ITS_OWN = '''
import subprocess, sys

def test_starts_a_sleeper_and_ends_it():
    p = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"])
    p.terminate()
    p.wait()
'''


def run_inner(folder, test_text):
    (folder / "conftest.py").write_text(CONFTEST)
    (folder / "test_inner.py").write_text(test_text)
    env = dict(os.environ, PYTHONPATH=str(TESTS), XQBOARD_LEFTOVER_GRACE_S="0.5")
    env.pop("PYTEST_XDIST_WORKER", None)
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider",
                           "-c", os.devnull, "--rootdir", str(folder), "--basetemp", str(folder / "tmp"),
                           str(folder)], cwd=folder, env=env, capture_output=True, text=True, timeout=120)


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid, "rb") as f:
            stat = f.read()
    except OSError:
        return False
    return stat[stat.rindex(b")") + 2:].split()[0] != b"Z"


def test_a_process_left_running_fails_the_run_names_its_test_and_is_ended(tmp_path):
    done = run_inner(tmp_path, LEAVES_ONE)
    said = done.stdout + done.stderr
    pid = int((tmp_path / "pid").read_text())
    assert done.returncode == 1, said
    assert "LEFT RUNNING by test_inner.py::test_starts_a_sleeper_and_forgets_it" in said, said
    assert "pid %d:" % pid in said and "outlived the tests that started them" in said, said
    assert not alive(pid)


def test_a_run_that_ends_what_it_starts_passes(tmp_path):
    done = run_inner(tmp_path, ENDS_ITS_OWN)
    said = done.stdout + done.stderr
    assert done.returncode == 0 and "LEFT RUNNING" not in said, said
