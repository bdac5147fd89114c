"""The host commands from the command line: `xqboard sim` driven through
its standard input, bad input refused (exit 2, no traceback), and the
docstring examples of the host modules."""
import os
import signal
import subprocess
import sys
import time

import pytest
import serial

from xqboard.boardlink import BoardLink

CLI = [sys.executable, "-m", "xqboard.cli"]


@pytest.mark.parametrize("args,message", [
    (["sim", "--speed", "fast"], "--speed: want a number"),
    (["sim", "--speed", "0"], "--speed: from 0 to 1000"),
    (["sim", "--key", "xyz"], "--key: a key on the command line is visible"),
    (["log", "/dev/null", "/dev/null"], "a port is given twice"),
    (["log", "/tmp/x", "--key", "zz"], "--key: a key on the command line is visible"),
    (["round", "start", "--event", "E", "--round", "1", "/dev/ttyACM0"], "want PORT=board:red:black"),
    (["round", "start", "--event", "E", "--round", "1", "p=1:A:B", "p=2:C:D"], "port p given twice"),
    (["demo", "--game", "300"], "game 300: the file has games 0 to 299"),
])
def test_bad_input_is_refused_with_status_2(args, message):
    env = dict(os.environ, XQBOARD_KEY="6b")  # the arbiter's key: never in argv (xqboard/keyfile.py)
    r = subprocess.run(CLI + args, capture_output=True, text=True, timeout=60, env=env)
    assert r.returncode == 2 and message in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_sim_command_prints_its_port_and_takes_actions_on_stdin(tmp_path):
    fifo = tmp_path / "control"
    p = subprocess.Popen(CLI + ["sim", "--speed", "10", "--board-id", "cli-1", "--store", str(tmp_path / "j"),
                                "--control", str(fifo)],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        port = p.stdout.readline().strip()
        assert port.startswith("/dev/pts/")
        link = BoardLink(key=b"sim")
        with serial.Serial(port, 115200, timeout=0.1) as s:
            def ask(frame, want):
                s.write(frame)
                deadline = time.monotonic() + 20
                while time.monotonic() < deadline:
                    link.feed(s.read(4096))
                    if want():
                        return
                raise AssertionError("no answer")
            ask(link.hello(), lambda: link.greeting.get("nonce"))
            ask(link.command(["new", "tc=5m"]), lambda: link.events)
            p.stdin.write("setup\n+100 press red\n+100 press black\n")
            p.stdin.flush()
            ask(link.hello(), lambda: any(e.get("what") == "confirmed" for e in link.events))
            ask(link.command(["start"]), lambda: any(e.kind == "START" for e in link.events))
            with open(fifo, "w") as control:  # the same through the control FIFO
                control.write("+200 lift h2\n+300 place e2\n+200 press red\n")
            ask(link.hello(), lambda: any(e.kind == "PRESS" for e in link.events))
        assert [e.get("move") for e in link.events if e.kind == "MOVE"] == ["h2e2"]
        assert [e.get("what") for e in link.events if e.kind == "SETUP"][-1] == "confirmed"
    finally:
        p.send_signal(signal.SIGINT)  # Ctrl-C ends it
        try:
            assert p.wait(60) in (0, 130)  # generous: a loaded CI machine is slow to stop
        finally:
            if p.poll() is None:
                p.kill()
