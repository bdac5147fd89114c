"""Light replay boards: recorded master games sent over the board's real
link protocol (docs/PROTOCOL.md), so one process can stand for a hall of
200 boards where 200 firmware processes would not fit on 2 cores.

Each board listens on a loopback TCP port; the logger opens it as
`socket://127.0.0.1:PORT` (pyserial), exactly as it opens /dev/ttyACM0.
A board has a journal: its events happen on a timer whether a host listens
or not, as on a real board; a connected host gets each as it happens, and
the greeting (`seq=`) and `since` give it what it missed. It answers
`hello`, `since` and `status`; it refuses signed commands (no arbiter at a
replay board). `drop()` pulls the cable.

    hall = ReplayHall([ReplayBoard.playing("r1", games[:2], board=1)], every=0.5).start()
    hall.boards[0].url          # socket://127.0.0.1:40123
    hall.close()

Every event line is stamped when it is first sent (`sent_at[(game, seq)]`,
Unix time): the benchmark measures the latency from there.
"""
import selectors
import socket
import threading
import time

from ..core import MATED, STALEMATED, move_name
from ..boardlink import schema
from game.chain import confirm_seal
from link.auth import Keyed
from link.frame import FrameError, LineReader, unframed, framed
from xq.pieces import BLACK, RED, other, side_name

TC_MS = 15 * 60 * 1000
PLY_MS = 3000  # board time a replayed move takes


def game_events(game, event="Hall", rnd=1, board=None, red_no=None, black_no=None, confirm=True, names=None,
                key=None, device=None, number=1):
    """The event payloads of a board that plays the record `game` from the
    start: GAME, SETUP, START (20.1), MOVE and PRESS per ply, RESULT with
    the result final_result() rules and, with `confirm`, the arbiter's
    CONFIRM (art. 9). `names`: (red, black) as the pairing has them (default:
    the record's players). With `key` (and the board's name `device`), as
    a board with a key sends them as its game `number`: every word its
    MAC, bound to the name and the number, CONFIRM sealed
    (docs/PROTOCOL.md, "The chain")."""
    h = game.headers
    red, black = names or (h.get("Red", "Red"), h.get("Black", "Black"))
    out = []
    head = bytearray(32)
    keyed = Keyed(key, device.encode(), number) if key else None

    def emit(t, kind, *fields):
        out.append(schema.seal(head, kind, schema.encode(len(out) + 1, t, kind, fields), keyed) if key else
                   schema.encode(len(out) + 1, t, kind, fields))

    emit(0, schema.GAME, "new", event, str(rnd), None if board is None else str(board), red, black,
         "15m", "national", "auto", None, None, None, red_no, black_no)
    emit(10, schema.SETUP, "ready")
    emit(20, schema.SETUP, "confirmed", "replay")
    emit(100, schema.START, RED, "20.1")
    clocks = {RED: TC_MS, BLACK: TC_MS}
    pos = game.position(0)
    side, t = pos.side, 100
    for ply in game.plies:
        capture = "capture" if pos.piece_at(ply.move & 255) else None
        pos.push(ply.move)
        t += PLY_MS
        clocks[side] -= PLY_MS
        emit(t, schema.MOVE, ply.number, move_name(ply.move), side, t - 200, capture, None, None)
        emit(t, schema.PRESS, side, clocks[RED], clocks[BLACK], None, None)
        side = other(side)
    score, article, reason = final_result(game, pos)
    emit(t, schema.RESULT, score, article, reason)
    if confirm:
        fields = (score, article, TC_MS - clocks[RED], TC_MS - clocks[BLACK], "0/0", "9")
        seal = confirm_seal(key, bytes(head), schema.encode(len(out) + 1, t + 500, schema.CONFIRM, fields + (None,))) \
            if key else None  # art. 9: the key's seal over the chain's head before it
        emit(t + 500, schema.CONFIRM, *(fields + (seal,)))
    return out


def final_result(game, pos):
    """(score, article, reason) the board rules at the end of the record:
    the record's own result if it has one; else mate (4.1.1) or stalemate
    (4.1.2) of the side to move, or, as in `xqboard demo`, the side to move
    resigns (4.1.12): the recorded master games carry no result."""
    loses = "0-1" if pos.side == RED else "1-0"
    status = pos.status()
    if status == MATED:
        return loses, "4.1.1", "mate"
    if status == STALEMATED:
        return loses, "4.1.2", "stalemate"
    if game.result in ("1-0", "0-1", "1/2-1/2"):
        return game.result, game.article or "9", "the record's result"
    return loses, "4.1.12", "resigned %s" % side_name(pos.side)


class ReplayBoard:
    """One board: the event logs of its games (game_events()), played one
    after another, game numbers from `first_game`."""

    def __init__(self, device, logs, first_game=1, next_after_host=True):
        self.device = device
        # A real board begins its next game on a host's `new`, from a host
        # that has the last one whole: with next_after_host the next game
        # waits until the host on one connection was greeted with the end
        # and greeted it again (its next `hello`, HELLO_EVERY later: it
        # lived on past the tail). The board's link serves `since` for its
        # current game only: a logger killed as one game ended and the next
        # began would never get the tail of the first.
        self.next_after_host = next_after_host
        self.end_greetings = 0  # greetings in the `over` phase on this connection
        self.logs = [list(log) for log in logs]
        self.game_index = 0
        self.game_no = first_game
        self.sent = 0  # events of the current game that happened (the journal)
        self.sent_at = {}  # (game, seq) -> Unix time the line first went out
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1)
        self.listener.setblocking(False)
        self.url = "socket://127.0.0.1:%d" % self.listener.getsockname()[1]
        self.client = None
        self.reader = LineReader()
        self.cable = True  # False: connections are refused (a pulled cable)

    @classmethod
    def playing(cls, device, games, board=None, event="Hall", rnd=1, numbers=(None, None), confirm=True,
                names=None, key=None):
        """A board that plays the records `games`, each started with the same
        GAME fields (game_events()), numbered from 1."""
        return cls(device, [game_events(g, event, rnd, board, numbers[0], numbers[1], confirm, names, key, device,
                                        n) for n, g in enumerate(games, 1)])

    @property
    def log(self):
        return self.logs[self.game_index]

    @property
    def done(self):
        return self.game_index == len(self.logs) - 1 and self.sent == len(self.log)

    def step(self):
        """The next event happens (the next game begins after the last)."""
        if self.sent == len(self.log):
            if self.game_index + 1 == len(self.logs) or (self.next_after_host and self.end_greetings < 2):
                return False
            self.end_greetings = 0
            self.game_index += 1
            self.game_no += 1
            self.sent = 0
        self.sent += 1
        self.sent_at[(self.game_no, self.sent)] = time.time()
        self._send(self.log[self.sent - 1])
        return True

    # -- the link ------------------------------------------------------------------

    def greeting(self):
        """As the firmware greets: before a game's first event the board is
        idle, its journal still the previous game's (`game=n-1 seq=0`: the
        host takes the next GAME as game n)."""
        if self.sent == 0:
            return "H proto=2 fw=replay id=%s nonce=1 game=%d seq=0 cmd=0 phase=idle" % (
                self.device, self.game_no - 1)
        phase = "over" if self.sent == len(self.log) else "playing" if self.sent > 3 else "setup"
        return "H proto=2 fw=replay id=%s nonce=1 game=%d seq=%d cmd=0 phase=%s" % (
            self.device, self.game_no, self.sent, phase)

    def _greet(self):
        self._send(self.greeting())
        if self.client is not None and self.sent == len(self.log):
            self.end_greetings += 1

    def accept(self):
        try:
            conn, _ = self.listener.accept()
        except BlockingIOError:
            return None
        if not self.cable:
            conn.close()
            return None
        self.drop()
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.client, self.reader = conn, LineReader()
        self.end_greetings = 0  # a new host: it must see the end itself
        self._greet()
        return conn

    def drop(self):
        """Closes the host's connection (a cable pulled; it may come back)."""
        if self.client is not None:
            try:
                self.client.close()
            except OSError:
                pass
            self.client = None

    def receive(self):
        """Reads what the host sent and answers it; False once it left."""
        try:
            data = self.client.recv(4096)
        except OSError:
            data = b""
        if not data:
            self.drop()
            return False
        for line in self.reader.feed(data):
            try:
                self._answer(unframed(line).split())
            except (FrameError, TypeError, IndexError, ValueError):
                self._send("X bad frame")
        return True

    def _answer(self, words):
        if words[0] != "C":
            return
        cid, name = words[1], words[2]
        if name == "hello":
            self._greet()
        elif name == "since":
            first = max(1, int(words[3]))
            for payload in self.log[first - 1:self.sent]:
                self._send(payload)
            self._send("A %s ok since %d sent=%d" % (cid, first, max(0, self.sent - first + 1)))
        elif name == "status":
            self._send("A %s ok phase=%s seq=%d red=%d black=%d" % (
                cid, self.greeting().rsplit("=", 1)[1], self.sent, TC_MS, TC_MS))
        else:
            self._send("A %s refused a replay board takes no commands" % cid)

    def _send(self, payload):
        if self.client is None:
            return
        try:
            self.client.sendall(framed(payload))
        except OSError:
            self.drop()

    def close(self):
        self.drop()
        self.listener.close()


class ReplayHall:
    """Replay boards on one thread: each makes its next event happen every
    `every` seconds (boards spread evenly over that period)."""

    def __init__(self, boards, every=1.0):
        self.boards = list(boards)
        self.every = every
        self._sel = selectors.DefaultSelector()
        for b in self.boards:
            self._sel.register(b.listener, selectors.EVENT_READ, ("listen", b))
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="replay hall", daemon=True)
        self.paused = False

    def start(self):
        self._thread.start()
        return self

    def close(self):
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(2)
        for b in self.boards:
            b.close()
        self._sel.close()

    @property
    def done(self):
        return all(b.done for b in self.boards)

    def _run(self):
        start = time.monotonic()
        n = len(self.boards)
        due = [start + self.every * i / n for i in range(n)]
        paused_at = None
        while not self._stop.is_set():
            for key, _ in self._sel.select(0.01):
                what, board = key.data
                if what == "listen":
                    self._accepted(board)
                elif not board.receive():
                    self._forget_closed()
            now = time.monotonic()
            if self.paused:
                paused_at = paused_at or now
                continue
            if paused_at is not None:  # the boards go on spread as they were, not all at once
                due = [d + now - paused_at for d in due]
                paused_at = None
            for i, b in enumerate(self.boards):
                if now >= due[i]:
                    b.step()
                    due[i] = max(due[i] + self.every, now)  # late (a busy machine): one step to catch up, no burst

    def _accepted(self, board):
        conn = board.accept()
        if conn is None:
            return
        self._forget_closed()
        self._sel.register(conn, selectors.EVENT_READ, ("client", board))

    def _forget_closed(self):
        """Unregisters the connections a board closed (a send that failed
        drops the host): the next accepted socket may get the same number,
        which the selector would take for one registered already."""
        for key in list(self._sel.get_map().values()):
            if key.data[0] == "client" and key.fileobj.fileno() == -1:
                self._sel.unregister(key.fileobj)
