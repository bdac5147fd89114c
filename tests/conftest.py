"""Shared fixtures.

`mp` runs code in the real MicroPython unix port on the x64 build of the
firmware (what the device runs), with the heap capped like a
microcontroller's (xqboard.runtime.HEAP). Host-side tests import the same
firmware source under CPython through `xqboard.core`.
"""
import fcntl
import subprocess

import pytest

from xqboard import build, runtime
from xqboard.paths import BUILD, REPO

TESTS = REPO / "tests"

# tests/leftovers.py: the run fails if a process a test started outlives it;
# tests/suitetime.py: the run's wall and CPU time at its end;
# tests/collection.py: the run's own collection, for test_collected.
pytest_plugins = ["leftovers", "suitetime", "collection"]


@pytest.fixture(scope="session", autouse=True)
def _built():
    # The unix-port tests import build/x64: make sure it matches the source.
    # (Both xdist workers come here at once: one compiles, the other waits.)
    BUILD.mkdir(exist_ok=True)
    with open(BUILD / ".x64.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        build.build("x64")


class MicroPython:
    HEAP = runtime.HEAP
    CORE_HEAP = runtime.CORE_HEAP

    def run(self, code, heap=runtime.HEAP, input=None, timeout=600, expect_status=0):
        """Runs a MicroPython snippet; returns its stdout. Fails the test with
        the snippet's stderr if it exits with another status than expected."""
        r = runtime.run(["-c", code], heap=heap, input=input, timeout=timeout,
                        extra_paths=[TESTS / "mp"])
        if r.returncode != expect_status:
            pytest.fail("micropython exited %d (heap %s):\n%s\n%s" % (
                r.returncode, heap, r.stdout[-2000:], r.stderr[-4000:]), pytrace=False)
        return r.stdout

    def script(self, path, args=(), heap=runtime.HEAP, input=None, timeout=600):
        """Runs a MicroPython script file with arguments; returns the
        CompletedProcess (stdout, stderr, returncode)."""
        return runtime.run([str(path)] + list(args), heap=heap, input=input, timeout=timeout,
                           extra_paths=[TESTS / "mp"])


@pytest.fixture(scope="session")
def mp():
    return MicroPython()


def end(proc, timeout=10):
    """Ends a process a test started, if it still runs: SIGTERM, then
    SIGKILL after `timeout` s; returns its exit status."""
    if proc.poll() is None:
        proc.terminate()
        try:
            return proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
    return proc.wait()


@pytest.fixture
def spawn():
    """spawn(args, **Popen options) -> the Popen, ended (end() above) when
    the test ends, whether it passed or failed."""
    procs = []

    def start(args, **kw):
        procs.append(subprocess.Popen(args, **kw))
        return procs[-1]

    yield start
    for p in procs:
        end(p)


def pytest_collection_modifyitems(items):
    # The modules directly in tests/ first (the type checks and the
    # recognition properties, 20-30 s each, would otherwise close the run
    # on one worker), the short tournament tests last: both xdist workers
    # finish at about the same time. (Stable: the same order on each worker.)
    items.sort(key=lambda item: item.nodeid.count("/") > 1)


def pytest_collection_finish(session):
    # The firmware calls gc.collect() to pack the board's heap (store/
    # recovery.py, game/game.py); under CPython each call walks every
    # object of this process, the test modules' and pytest's own: ~25 ms
    # a call, thousands of calls. Frozen, those are left out of every
    # collection (they live as long as the run anyway); what a test makes
    # is collected as before. Frozen again after each test: what earlier
    # tests left for good (the master games read once, module fixtures)
    # would otherwise make the later tests' collections slow again.
    _freeze()


def pytest_runtest_logfinish():
    _freeze()


def _freeze():
    import gc

    gc.collect()  # (only what is not frozen yet: this test's leftovers)
    gc.freeze()
