"""Shared fixtures.

`mp` runs code in the real MicroPython unix port on the x64 build of the
firmware (what the device runs), with the heap capped like a
microcontroller's (xqboard.runtime.HEAP). Host-side tests import the same
firmware source under CPython through `xqboard.core`.
"""
import pytest

from xqboard import build, runtime
from xqboard.paths import REPO

TESTS = REPO / "tests"


@pytest.fixture(scope="session", autouse=True)
def _built():
    # The unix-port tests import build/x64: make sure it matches the source.
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
