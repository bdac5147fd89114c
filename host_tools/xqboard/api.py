"""A board from Python: open it, read its events, get the game, send
commands. What `xqboard log` and `xqboard round start` are built on.

    from xqboard.api import open_board

    with open_board("/dev/ttyACM0", key=bytes.fromhex("73696d")) as board:
        print(board.board_id, board.phase)            # 'xqboard-1' 'idle'
        board.command("new", "red=ZHANG_San", "black=LI_Si", "tc=90m")
        # ... the pieces set up, both players press their levers ...
        board.command("start")                          # 20.1
        for e in board.events(timeout=600):             # each event once, in order
            print(e.seq, e.kind, e.get("move"), e.describe())  # 3 MOVE h2e2 1 h2e2 red at=5120
            if e.kind == "RESULT":
                break
        game = board.game()                             # an xqboard.record.GameRecord
        print(game.texts("Chinese"), game.result, game.termination)
        print(write_pgn(game, "Chinese"))              # from xqboard.record

The port is anything pyserial opens: /dev/ttyACM0, COM3, the simulator's
pseudo-terminal (`xqboard sim`), `socket://host:port`. The board is
followed across cable pulls: the port is opened again when it comes back
and the events missed are asked for (`since`), so events() never gives an
event twice or skips one. A board's log starts at its game's GAME event:
events() first gives the game in progress from its start, then the new
events as they come. Commands that change the game must be signed with the
arbiter's key (docs/PROTOCOL.md); `hello`, `since` and `status` need none.

With the simulator (no hardware):

    from xqboard.simboard import SimulatedBoard
    with SimulatedBoard(speed=10) as sim, open_board(sim.port, key=sim.key) as board:
        board.command("new", "tc=5m")
        sim.act("setup")                                # every piece on its point
        sim.sync(after=100)                             # ... and seen by the sensors
        board.command("setup", "host")                  # the host vouches for the set-up
        board.command("start")
        sim.act("+200 lift h2", "+300 place e2", "+200 press red")
        next(e for e in board.events(timeout=5) if e.kind == "MOVE")
        board.game().texts("Chinese")                   # ['炮二平五']
"""
import collections
import time

from .logger.builder import game_from_events
from .logger.session import BoardSession

OPEN_COMMANDS = ("hello", "since", "status")


class CommandRefused(Exception):
    """The board refused a command; the reason is its text."""


class Board:
    """A board on a serial port (see the module docstring)."""

    def __init__(self, port, key=None, baudrate=115200):
        self.port = port
        self.key = key
        self._events = []  # the current game's events
        self._unread = collections.deque()
        self.session = BoardSession(port, key=key, baudrate=baudrate, on_game=self._on_game)

    def open(self, timeout=10.0):
        """Opens the port and waits for the board's greeting."""
        self.session.start()
        self._take(self.session.wait_synced(timeout))
        return self

    def close(self):
        self.session.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- what the board says ------------------------------------------------------

    @property
    def greeting(self):
        """The last greeting's fields (proto, fw, nonce, game, seq, phase,
        the game's settings...)."""
        return dict(self.session.link.greeting)

    @property
    def board_id(self):
        return self.session.link.board_id

    @property
    def phase(self):
        return self.session.link.greeting.get("phase")

    def _on_game(self, session, n):
        self._events = []
        return []

    def _take(self, events):
        self._events += events
        self._unread.extend(events)

    def poll(self, timeout=0.1):
        """Reads what came within `timeout`; returns the new events."""
        evs = self.session.poll(timeout)
        self._take(evs)
        return evs

    def events(self, timeout=None):
        """The events of the game, each once, in order: those not yet
        read, then new ones as they come; ends after `timeout` seconds
        without a new event (None: never)."""
        last = time.monotonic()
        while True:
            while self._unread:
                last = time.monotonic()
                yield self._unread.popleft()
            if timeout is not None and time.monotonic() - last > timeout:
                return
            self.poll(0.05)

    def wait_for(self, kind, timeout=10.0):
        """Reads until an event of `kind` comes (or has come unread);
        returns it. TimeoutError otherwise."""
        for e in self.events(timeout):
            if e.kind == kind:
                return e
        raise TimeoutError("no %s event from %s within %gs" % (kind, self.port, timeout))

    def game(self, **headers):
        """The record of the game so far (xqboard.record.GameRecord): moves with
        clock times, fouls, alerts, the result with its article."""
        self.poll(0)
        return game_from_events(self._events, headers)

    # -- what the host says ---------------------------------------------------------

    def command(self, *words, timeout=5.0):
        """Sends a command (signed with the key unless it is hello, since or
        status); returns the board's answer words after `ok`. Raises
        CommandRefused with the board's reason."""
        if len(words) == 1 and " " in words[0]:
            words = tuple(words[0].split())
        sign = words[0] not in OPEN_COMMANDS
        if sign and self.key is None:
            raise ValueError("%s needs the arbiter's key: open_board(port, key=...)" % words[0])
        reply = self.session.command(list(words), sign=sign, timeout=timeout, on_events=self._take)
        if reply[:1] != ["ok"]:
            raise CommandRefused(" ".join(reply[1:]))
        return reply[1:]

    def status(self):
        """The board's state now: {'phase', 'seq', 'fen', 'red', 'black', ['result']}."""
        words = self.command("status")
        return dict(w.split("=", 1) for w in words if "=" in w)


def open_board(port, key=None, timeout=10.0, baudrate=115200):
    """Opens the board on `port` (a path or a pyserial URL) and waits for
    its greeting; `key` (bytes) signs the commands that change the game."""
    return Board(port, key=key, baudrate=baudrate).open(timeout)
