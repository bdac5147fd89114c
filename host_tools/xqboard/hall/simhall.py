"""Simulated boards in the hall's load run (issue 17, 5: "the simulated
firmware runs on a few of the boards"): the real firmware in the
MicroPython unix port (xqboard.simboard, as `xqboard sim` runs it) plays a
master game by hand, move after move, through its pseudo-terminal.

    sims = SimHall(folder, [BoardStart(199, "P396", "P397", 397, 398), ...]).start()
    sims.boards[0].url            # socket://127.0.0.1:PORT: what a logger opens
    sims.play(think_s=2.0)        # the moves' hands, from now on:
    sims.tick()                   # ... each move as it falls due
    sims.journal(0)               # the board's own journal: what must arrive
    sims.close()

Each board's port reaches the loggers through a SimCable: a loopback TCP
port relayed to the board's pseudo-terminal, as a serial device server
(ser2net) would carry a board across a hall. The cable stamps each event
line the board sends the first time it passes (`sent_at[(game, seq)]`,
Unix time, once `stamping` is set), so the load run measures these boards'
latency as it does the replay boards'. The game is started for its round
and board (`new`, set-up, `start`: logger/round.py's start_round, 20.1)
by a logger of this process, which then leaves the port to the load run's
loggers. A simulated board plays one game, its journal's game 1.
"""
import io
import os
import selectors
import socket
import threading
import time
from pathlib import Path

from ..core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from ..logger import Logger
from ..logger.round import start_round
from ..simboard import DEFAULT_KEY, SimulatedBoard
from ..simplay import move_actions
from .masters import master_games

from link.frame import FrameError, unframed  # noqa: E402
from store.recovery import Reader, split_record  # noqa: E402

GAME_NO = 1  # a simulated board of the load run plays its journal's first game
LONG_GAMES = 171  # records from this one on are tried first (171: 90 plies, ends in mate, 4.1.1)


class SimCable:
    """A loopback TCP port relayed to a pseudo-terminal (see the module
    docstring); one host at a time, a new one takes the cable over."""

    def __init__(self, device, tty_path):
        self.device = device
        self.sent_at = {}  # (game, seq) -> Unix time the event line first passed
        self.stamping = False
        self.fd = os.open(tty_path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        self.listener = socket.socket()
        # (its connections inherit it: plug() binds the port again while the last one closes)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1)
        self.url = "socket://127.0.0.1:%d" % self.listener.getsockname()[1]
        self.client = None
        self._tail = b""
        self._sel = selectors.DefaultSelector()
        self._sel.register(self.listener, selectors.EVENT_READ, "listen")
        self._sel.register(self.fd, selectors.EVENT_READ, "board")
        self._closing = threading.Event()
        self._calls = []
        self._thread = threading.Thread(target=self._run, name="sim cable %s" % device, daemon=True)

    def start(self):
        self._thread.start()
        return self

    def _run(self):
        while not self._closing.is_set():
            while self._calls:  # pull() and plug(), on this thread (it owns the selector)
                f, done = self._calls.pop(0)
                f()
                done.set()
            for key, _ in self._sel.select(0.05):
                if key.data == "listen":
                    self._take_host()
                elif key.data == "board":
                    self._from_board()
                else:
                    self._from_host()

    def _take_host(self):
        conn, _ = self.listener.accept()
        self._drop_host()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.client = conn
        self._sel.register(conn, selectors.EVENT_READ, "host")

    def pull(self):
        """The cable pulled: the host's connection cut, and no new one
        taken (the port refuses) until plug()."""
        self._do(self._pull)

    def plug(self):
        """The cable back: the same port takes a host again."""
        self._do(self._plug)

    def _do(self, f):
        done = threading.Event()
        self._calls.append((f, done))
        done.wait(5)

    def _pull(self):
        self._drop_host()
        self._sel.unregister(self.listener)
        self.listener.close()

    def _plug(self):
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", int(self.url.rsplit(":", 1)[1])))
        self.listener.listen(1)
        self._sel.register(self.listener, selectors.EVENT_READ, "listen")

    def _drop_host(self):
        if self.client is not None:
            self._sel.unregister(self.client)
            self.client.close()
            self.client = None

    def _from_board(self):
        try:
            data = os.read(self.fd, 65536)
        except BlockingIOError:
            return
        self._stamp(data)
        if self.client is not None:
            try:
                self.client.sendall(data)
            except OSError:
                self._drop_host()

    def _from_host(self):
        try:
            data = self.client.recv(65536)
        except OSError:
            data = b""
        if not data:
            self._drop_host()
            return
        view = memoryview(data)
        while view:  # the pty is non-blocking: a full buffer waits a moment
            try:
                view = view[os.write(self.fd, view):]
            except BlockingIOError:
                time.sleep(0.001)

    def _stamp(self, data):
        now = time.time()
        lines = (self._tail + data).split(b"\n")
        self._tail = lines.pop()
        if not self.stamping:
            return
        for line in lines:
            try:
                words = unframed(line + b"\n").split(None, 2)
            except (FrameError, ValueError):
                continue
            if words[0] == "E" and len(words) > 1 and words[1].isdigit():
                self.sent_at.setdefault((GAME_NO, int(words[1])), now)

    def close(self):
        self._closing.set()
        self._thread.join(2)
        self._drop_host()
        self._sel.close()
        self.listener.close()
        os.close(self.fd)


class SimHall:
    """Simulated boards started for their pairings (see the module docstring)."""

    def __init__(self, folder, pairings, event="Load", round_no=1, tc="15m", speed=1.0):
        self.folder = Path(folder)
        self.pairings = list(pairings)
        self.event, self.round_no, self.tc, self.speed = event, round_no, tc, speed
        self.sims = []
        self.boards = []  # their SimCables, in the pairings' order
        self.records = []  # the master game each plays
        self._moves = []  # per board: [when its next move is due, think_s, [move's actions, ...]]

    def start(self):
        records = master_games()
        for i, p in enumerate(self.pairings):
            device = "sim-%s" % p.board
            (self.folder / device).mkdir(parents=True, exist_ok=True)
            sim = SimulatedBoard(speed=self.speed, key=DEFAULT_KEY, board_id=device,
                                 store=str(self.folder / device / "journal")).start()
            self.sims.append(sim)
            self.boards.append(SimCable(device, sim.port).start())
            self.records.append(records[(LONG_GAMES + i) % len(records)])
        self._start_round()
        return self

    def _start_round(self):
        """new, set-up by hand, start (20.1), by a logger of this process
        that then lets go of the ports."""
        logger = Logger([b.url for b in self.boards], str(self.folder / "sim-start"), key=DEFAULT_KEY,
                        stream=io.StringIO(), live=False).start()
        try:
            start_round(logger, {b.url: p for b, p in zip(self.boards, self.pairings)}, event=self.event,
                        round_no=self.round_no, tc=self.tc, confirm="players", wait=60,
                        on_waiting=lambda ports: [s.act("+100 setup", "+300 press red", "+200 press black")
                                                  for s in self.sims])
        finally:
            logger.close()

    def play(self, think_s=2.0):
        """From now on: each board's game played by hand, a move every
        think_s seconds (tick() makes the moves that are due), each line
        the board sends stamped."""
        now = time.monotonic()
        self._moves = []
        for i, (cable, record) in enumerate(zip(self.boards, self.records)):
            cable.stamping = True
            pos, moves = record.position(0), []
            for ply in record.plies:
                moves.append(move_actions(pos, ply.move))
                pos.push(ply.move)
            # the boards' moves spread over the think time, as players' are
            self._moves.append([now + think_s * i / len(self.boards), think_s, moves])

    def tick(self):
        """The moves due by now, each handed to its board (its hands take
        ~0.55 s of board time: think_s must be longer)."""
        now = time.monotonic()
        for sim, due in zip(self.sims, self._moves):
            if due[2] and now >= due[0]:
                sim.act(*due[2].pop(0))
                due[0] += due[1]

    def journal(self, i, game=GAME_NO):
        """The event payloads of board i's journal of `game` (what must arrive)."""
        sim = self.sims[i]
        out = []
        path = Path(sim.store, "g%05d.log" % game)
        if not path.exists():
            return out
        for commit in Reader(str(path)).commits():
            for record in commit:
                event, _ = split_record(record)
                if event:
                    out.append(event)
        return out

    def crashes(self):
        return [c for sim in self.sims for c in sim.crashes]

    def close(self):
        for cable in self.boards:
            cable.close()
        for sim in self.sims:
            sim.close()
