"""What a run says it cost (issue 22, item 4; tests/suitetime.py): each
test's CPU seconds, with the processes it waited for, apart from its wall
seconds, in the list XQ_SUITE_TSV names and in the run's closing lines;
scripts/suite_folders.py sums the list by folder."""
import os
import subprocess
import sys

from xqboard.paths import REPO

sys.path.insert(0, str(REPO / "scripts"))
import suite_folders  # noqa: E402

BUSY_AND_IDLE = '''
import subprocess, sys, time

def test_busy():
    end = time.process_time() + 0.3
    while time.process_time() < end:
        pass

def test_idle():
    time.sleep(0.3)

def test_busy_child():
    subprocess.run([sys.executable, "-c",
                    "import time\\nend = time.process_time() + 0.3\\nwhile time.process_time() < end: pass"])
'''


def test_each_tests_cpu_apart_from_its_wall(tmp_path):
    (tmp_path / "test_costs.py").write_text(BUSY_AND_IDLE)
    tsv = tmp_path / "costs.tsv"
    env = dict(os.environ, XQ_SUITE_TSV=str(tsv), PYTHONPATH=str(REPO / "tests"))
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "suitetime", "-p", "no:cacheprovider",
                        "-p", "no:xdist", str(tmp_path / "test_costs.py")],
                       capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "costliest 15 tests by CPU" in r.stdout and "suite time:" in r.stdout, r.stdout
    costs = {test.split("::")[1]: (wall, cpu) for wall, cpu, test in suite_folders.read(tsv)}
    assert set(costs) == {"test_busy", "test_idle", "test_busy_child"}
    assert costs["test_busy"][1] >= 0.25
    assert costs["test_busy_child"][1] >= 0.25  # a process it started and waited for counts
    assert costs["test_idle"][0] >= 0.3 and costs["test_idle"][1] < 0.15  # waiting costs wall, not CPU
    # each test's start on its worker's timeline, in the order run (one process here: "main")
    (worker, spans), = suite_folders.timelines(tsv).items()
    assert worker == "main" and [t.split("::")[1] for _, _, t in spans] == ["test_busy", "test_idle",
                                                                             "test_busy_child"]
    assert all(a[1] <= b[0] + 0.01 for a, b in zip(spans, spans[1:]))  # one after the other
    assert "| main | 3 |" in suite_folders.workers_table(suite_folders.timelines(tsv))


def test_folders_summed():
    rows = [(2.0, 1.0, "tests/hall/test_a.py::test_x"), (3.0, 0.5, "tests/hall/test_b.py::test_y[1]"),
            (1.0, 2.0, "tests/sense/test_c.py::test_z")]
    assert suite_folders.by_folder(rows) == {"tests/hall": [2, 5.0, 1.5], "tests/sense": [1, 1.0, 2.0]}
    text = suite_folders.table(rows)
    assert text.splitlines()[2] == "| tests/sense | 1 | 1 | 2 |"  # the costliest in CPU first
    assert text.splitlines()[-1] == "| all | 3 | 6 | 4 |"
