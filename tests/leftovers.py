"""No test leaves anything running (issue 22, docs/DEVELOPING.md, "The
test suite's time").

Two ways to find what the suite started, both from /proc:
- the run's controller is a child subreaper (prctl PR_SET_CHILD_SUBREAPER):
  a process whose parent died (a logger's board simulator after the logger
  was killed) is reparented to it, not to init, so every process started
  under the run stays its descendant, whatever its environment or session;
- the controller puts XQBOARD_TEST_RUN=<token> in its environment before
  any xdist worker starts; every process the suite starts inherits it
  (/proc/<pid>/environ keeps the environment a process started with), with
  pytest's own PYTEST_CURRENT_TEST, which names the test that started it.

At the end of the run the controller looks for both, gives those on their
way out a few seconds, then names the rest, ends them (SIGKILL, so that
nothing is left for hours either) and fails the run.
"""
import ctypes
import os
import signal
import time
import uuid

import pytest

VAR = "XQBOARD_TEST_RUN"
GRACE_S = float(os.environ.get("XQBOARD_LEFTOVER_GRACE_S", "5.0"))  # (tests/tree/test_leftovers.py sets it short)
TOKEN = pytest.StashKey()


def pytest_configure(config):
    if hasattr(config, "workerinput"):
        return  # an xdist worker: the controller's token came with its environment
    token = "%d-%s" % (os.getpid(), uuid.uuid4().hex[:12])
    os.environ[VAR] = token
    config.stash[TOKEN] = token
    PR_SET_CHILD_SUBREAPER = 36
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def _environ(pid):
    try:
        with open("/proc/%d/environ" % pid, "rb") as f:
            return dict(x.split(b"=", 1) for x in f.read().split(b"\0") if b"=" in x)
    except OSError:
        return None  # gone, or not ours to read


def _parent(pid):
    try:
        with open("/proc/%d/stat" % pid, "rb") as f:
            stat = f.read()
    except OSError:
        return None
    fields = stat[stat.rindex(b")") + 2:].split()
    return None if fields[0] == b"Z" else int(fields[1])  # (a zombie is reaped by its parent)


def _cmdline(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace").strip()
    except OSError:
        return "?"


def leftovers(token, me=None):
    """{pid: (command line, the test that started it)} of the live
    processes that carry the run's token or descend from `me` (this
    process), this process and its ancestors left out."""
    me = me or os.getpid()
    ancestors = set()
    p = me
    while p and p not in ancestors:
        ancestors.add(p)
        p = _parent(p)
    parents = {}
    found = {}
    want = token.encode()
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        pid = int(name)
        parent = _parent(pid)
        if parent is None or pid in ancestors:
            continue
        parents[pid] = parent
        env = _environ(pid)
        if env is not None and env.get(VAR.encode()) == want:
            found[pid] = env.get(b"PYTEST_CURRENT_TEST", b"?").decode(errors="replace")
    for pid in parents:  # and the descendants of this process, whatever their environment
        p, seen = parents[pid], set()
        while p in parents and p not in seen and p != me:
            seen.add(p)
            p = parents[p]
        if p == me and pid not in found:
            found[pid] = "?"
    return {pid: (_cmdline(pid), test) for pid, test in found.items()}


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    token = session.config.stash.get(TOKEN, None)
    if token is None:
        return
    deadline = time.monotonic() + GRACE_S
    left = leftovers(token)
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = leftovers(token)
    if not left:
        return
    tr = session.config.pluginmanager.get_plugin("terminalreporter")
    if tr:
        tr.ensure_newline()
    for pid, (cmd, test) in sorted(left.items()):
        if tr:
            tr.write_line("LEFT RUNNING by %s: pid %d: %s" % (test, pid, cmd[:300]), red=True)
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    if tr:
        tr.write_line("%d process(es) outlived the tests that started them: the run fails (tests/leftovers.py)"
                      % len(left),
                      red=True, bold=True)
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
