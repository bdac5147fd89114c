"""The run's time, printed before pytest's closing line (issue 22: every
run shows what it costs; the slowest tests are pytest's --durations, which
make test passes): wall time, and CPU time of this process, its xdist
workers and every process they waited for.

Wall time on a shared machine says more of the neighbours than of the
tests, so each test's CPU seconds are counted too (its setup, call and
teardown, with the processes it started and waited for), and the run
ends with the 15 that cost the most. With `XQ_SUITE_TSV=path` the whole
list is written there (wall, CPU, test id, when it began in seconds from
the run's start, the worker that ran it): the table docs/DEVELOPING.md's
per-folder figures are summed from, and each worker's timeline
(scripts/suite_folders.py --workers: where a core stood idle)."""
import os
import resource
import time

import pytest

START = pytest.StashKey()
TAKEN = pytest.StashKey()  # (wall, CPU) as the current test's setup began, on the worker running it
SHOWN = 15
_costs = {}  # nodeid -> (wall s, CPU s), on the controller (the logreport hook is given no config)


def pytest_configure(config):
    config.stash[START] = time.monotonic()


def cpu_seconds():
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    item.stash[TAKEN] = (time.monotonic(), cpu_seconds())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if call.when == "teardown" and TAKEN in item.stash:
        wall, cpu = item.stash[TAKEN]
        # (user_properties travel with the report from an xdist worker to the controller)
        # (time.monotonic is the system's: the same clock on every worker and the controller)
        worker = getattr(item.config, "workerinput", {}).get("workerid", "main")
        report.user_properties.append(("cost", (time.monotonic() - wall, cpu_seconds() - cpu, wall, worker)))


def pytest_runtest_logreport(report):
    if report.when != "teardown":
        return
    for name, value in report.user_properties:
        if name == "cost":
            _costs[report.nodeid] = value


def pytest_terminal_summary(terminalreporter, config):
    if hasattr(config, "workerinput") or START not in config.stash:
        return
    wall = time.monotonic() - config.stash[START]
    costly = sorted(_costs.items(), key=lambda kv: -kv[1][1])
    if costly:
        terminalreporter.write_sep("=", "costliest %d tests by CPU (with what they started)" % SHOWN)
        for nodeid, (w, c, _, _) in costly[:SHOWN]:
            terminalreporter.write_line("%6.2fs CPU %6.2fs wall  %s" % (c, w, nodeid))
    path = os.environ.get("XQ_SUITE_TSV")
    if path:
        with open(path, "w", encoding="utf-8") as out:
            out.write("# wall_s\tcpu_s\ttest\tstart_s\tworker\n")
            for nodeid, (w, c, began, worker) in sorted(_costs.items()):
                out.write("%.2f\t%.2f\t%s\t%.2f\t%s\n" % (w, c, nodeid, began - config.stash[START], worker))
    terminalreporter.write_line("suite time: %.0f s wall, %.0f s CPU (pytest, its workers and what they ran); "
                                "budget 300 s wall on 2 cores (docs/DEVELOPING.md)" % (wall, cpu_seconds()))
