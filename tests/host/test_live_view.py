"""The live view as a terminal shows it: `xqboard round start ... --log`
runs on a pseudo-terminal and its output goes through a terminal emulator
(pyte); the screen must show the board's panel once, redrawn in place."""
import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time

import pyte

from xqboard.core import parse_move, Position
from xqboard.simplay import move_actions

from .helpers import logged, new_sim

COLS, ROWS = 100, 50


def test_live_view_through_a_terminal_emulator(tmp_path):
    sim = new_sim(tmp_path, speed=20)
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    out = tmp_path / "out"
    env = dict(os.environ, TERM="xterm-256color", XQBOARD_KEY=sim.key.hex())  # the key: never in argv
    proc = subprocess.Popen([sys.executable, "-m", "xqboard.cli", "round", "start", "--event", "Live Cup",
                             "--round", "4", "--tc", "10m+5s", "--confirm", "host",
                             "--log", str(out), "%s=7:ZHANG San:LI Si" % sim.port],
                            stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True)
    os.close(slave)
    screen = pyte.Screen(COLS, ROWS)
    stream = pyte.ByteStream(screen)

    def pump(seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            r, _, _ = select.select([master], [], [], 0.05)
            if r:
                try:
                    stream.feed(os.read(master, 65536))
                except OSError:
                    return

    def text():
        return "\n".join(screen.display)

    try:
        deadline = time.monotonic() + 60
        while not (out.exists() and list(out.glob("*.events")) and logged(out)):
            assert time.monotonic() < deadline
            pump(0.05)
        sim.act("setup")
        while not any(" START " in p for p in logged(out)):
            assert time.monotonic() < deadline
            pump(0.05)
        pos = Position()
        acts = []
        for m in ("h2e2", "h9g7", "h0g2"):
            acts += move_actions(pos, parse_move(m))
            pos.push(parse_move(m))
        sim.act(*acts)
        while "马二进三" not in text():
            assert time.monotonic() < deadline, text()
            pump(0.1)
        pump(1.5)  # a status answer or two: the clocks
        shown = text()
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(60)
        finally:
            if proc.poll() is None:
                proc.kill()
            os.close(master)
            sim.close()
    lines = [x.rstrip() for x in screen.display]
    assert lines[0].startswith("t-1  ") and "connected" in lines[0]
    assert "Live Cup, round 4, board 7" in shown
    assert "Red 红方 ZHANG San  0:" in shown and "Black 黑方 LI Si  0:" in shown
    # The diagram: Black's back rank with the horse gone to g7, Red's cannon on e2.
    assert any(x.startswith("9 [车] [马] [象] [士] [将] [士] [象]  +   [车]") for x in lines), shown
    assert any(x.startswith("2  +   (炮)  +    +   (炮)") for x in lines), shown
    assert "Moves: 1. 炮二平五 马８进７ 2. 马二进三" in shown
    # Redrawn in place: one panel on the screen, not one per update.
    assert sum("楚 河" in x for x in lines) == 1
    assert sum(x.startswith("t-1  ") for x in lines) == 1
