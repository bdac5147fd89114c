"""The run's time, printed before pytest's closing line (issue 22: every
run shows what it costs; the slowest tests are pytest's --durations, which
make test passes): wall time, and CPU time of this process, its xdist
workers and every process they waited for."""
import resource
import time

import pytest

START = pytest.StashKey()


def pytest_configure(config):
    config.stash[START] = time.monotonic()


def cpu_seconds():
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def pytest_terminal_summary(terminalreporter, config):
    if hasattr(config, "workerinput") or START not in config.stash:
        return
    wall = time.monotonic() - config.stash[START]
    terminalreporter.write_line("suite time: %.0f s wall, %.0f s CPU (pytest, its workers and what they ran); "
                                "budget 300 s wall on 2 cores (docs/DEVELOPING.md)" % (wall, cpu_seconds()))
