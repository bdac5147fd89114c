"""The logger: follows one or many boards, shows their games live and
writes every game as it goes (`xqboard log`).

    logger = Logger(["/dev/ttyACM0", "/dev/ttyACM1"], out="games")
    logger.run()                  # until Ctrl-C
    # or step by step:
    logger.start()
    while not done:
        logger.step(0.1)
    logger.close()

Per board (logger.boards[i]): the session (port, link, reconnection), the
files of its current game (files.GameFiles), its clocks. Each event is on
the disk (`.events`, fsync) before the view shows it; the PGN files and the
score sheet follow within `every` seconds and at once at the end of a game.
A logger started again with the same OUT folder takes each game's events
from its files and asks the board only for the rest: a move is never
written twice or skipped.

The logger never decides: confirming a result (art. 9) is the arbiter's
act (docs/RULES.md, "The arbiter decides"). With the arbiter's key the
arbiter sends it, or any overrule, through the logger:
logger.arbiter(board, ["confirm"]), or a line typed to `xqboard log`
(`confirm`, `t-1 annul by=Li`: see typed()).
"""
import queue
import sys
import time

from .files import GameFiles
from .session import BoardSession
from .view import Screen, panel, plain_line
from game import events as schema
from xq.pieces import BLACK, RED, other

BATCH = 500  # inbox items taken as one batch at most (one fsync per file per batch)
RECORDS_BUDGET = 0.02  # s: a step rewrites records for about this long at most, at least one board's


def sync_all(files):
    """fsyncs each GameFiles written: in parallel when there are several,
    so that the filesystem commits them together (ext4 groups concurrent
    fsyncs into one journal commit) rather than one disk flush after another."""
    files = [f for f in files if f.unsynced]
    if len(files) > 1:
        list(_syncer().map(lambda f: f.sync(), files))  # (list: raises what a sync raised)
    elif files:
        files[0].sync()


_SYNCER = []


def _syncer():
    if not _SYNCER:
        from concurrent.futures import ThreadPoolExecutor
        _SYNCER.append(ThreadPoolExecutor(8, thread_name_prefix="fsync"))
    return _SYNCER[0]


class FollowedBoard:
    """What the logger keeps for one port (xqboard.api.Board is a board for
    a script)."""

    def __init__(self, session):
        self.session = session
        self.files = None
        self.clocks = None  # {0: ms, 8: ms}
        self.clocks_at = 0.0
        self.running = None
        self.ended_at = None
        self.link = None  # the link word the sink was last told (Logger._follow_link)

    @property
    def game(self):
        return self.files.game if self.files else None

    def state(self):
        s = self.session
        return {"port": s.port, "board_id": s.link.board_id, "connected": s.connected and s.link.synced,
                "game": self.game, "clocks": self.clocks, "running": self.running,
                "files": str(self.files.out / self.files.stem) if self.files else None}


class Logger:
    def __init__(self, ports, out, key=None, stream=None, live=None, color=None, every=0.5,
                 headers=None, chinese=None, faces=None, sink=None, desk=None):
        self.out = out
        self.sink = sink  # sink(board, events) after they are on the disk: the hall (xqboard.hall.sink)
        self.desk = desk  # the arbiter's desk's commands through the broker (hall/door.py), or None
        self.faces = faces  # port -> {display: frame}, where the displays can be seen (a sim)
        self.key = key
        self.stream = stream or sys.stdout
        tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.live = tty if live is None else live
        self.color = self.live if color is None else color
        self.every = every
        self.confirm = key is not None  # art. 9: an arbiter with the key confirms each result
        self.typed_lines = queue.Queue()  # the arbiter's command lines (typed())
        self.headers = headers or {}  # every game's extra headers, or headers(port, game number) -> {}
        self.chinese = chinese or {}
        self.inbox = queue.Queue()
        self.boards = []
        for p in ports:
            s = BoardSession(p, key=key, on_game=self._on_game, inbox=self.inbox)
            s.listener = self.on_events
            self.boards.append(FollowedBoard(s))
        self._by_session = {b.session: b for b in self.boards}
        self.screen = Screen(self.stream) if self.live else None
        self._written_at = 0.0
        self.finished = []  # GameFiles of the games that ended
        self._pending = []  # (board, events) written in this batch, not yet synced and handed on
        self._records_due = []  # boards whose records are to be rewritten, a few each step

    # -- life -------------------------------------------------------------------

    def start(self):
        for b in self.boards:
            b.session.start()
        self._draw(force=True)
        return self

    def close(self):
        # Every reader told first, then each waited for: a URL port's close
        # sleeps 0.3 s in pyserial (protocol_socket, for quick reconnects),
        # which one after another was 2.8 s of the demo hall's 8 boards.
        for b in self.boards:
            b.session.stop()
        for b in self.boards:
            b.session.close()
        self.write_records(force=True)
        self._draw(force=True)
        if self.screen:
            self.screen.flush()

    def over(self, board, wait_confirm=3.0):
        """True once `board`'s game has its result and, when the arbiter can
        confirm it (a key), the confirmation (art. 9; at most wait_confirm
        seconds after the result)."""
        f = board.files
        if f is None or not f.ended:
            return False
        if not self.confirm or f.has(schema.CONFIRM):
            return True
        if board.ended_at is None:
            board.ended_at = time.monotonic()
        return time.monotonic() - board.ended_at > wait_confirm

    def run(self, until=None, timeout=None):
        """Steps until until() is true, `timeout` seconds pass, or Ctrl-C."""
        self.start()
        deadline = None if timeout is None else time.monotonic() + timeout
        try:
            while not (until and until()):
                if deadline is not None and time.monotonic() > deadline:
                    break
                self.step(0.1)
        except KeyboardInterrupt:
            pass
        finally:
            self.close()

    def step(self, timeout=0.1):
        """Takes what the ports brought within `timeout`; writes, draws.
        What came at once from several ports is written as one batch: each
        board's `.events` file fsynced once for the batch, before any of
        its events goes further (_take_batch)."""
        deadline = time.monotonic() + timeout
        while True:
            batch = self._inbox_batch(deadline)
            if not batch:
                break
            self._take_batch(batch)
        self._run_typed()
        if self.desk is not None:
            self.desk.step(self)
        for b in self.boards:
            b.session.tick()
            self._follow_link(b)
            if b.session.status_at > b.clocks_at and "red" in b.session.status:
                b.clocks = {0: int(b.session.status["red"]), 8: int(b.session.status["black"])}
                b.clocks_at = b.session.status_at
                self._draw()
        self.write_records()
        if self.screen:
            self.screen.show(self._panels)

    def _inbox_batch(self, deadline):
        """The inbox's next item (waiting until `deadline`) and whatever
        else is there already (BATCH at most)."""
        batch = []
        try:
            batch.append(self.inbox.get(timeout=max(0.0, deadline - time.monotonic())))
            while len(batch) < BATCH:
                batch.append(self.inbox.get_nowait())
        except queue.Empty:
            pass
        return batch

    def _take_batch(self, batch):
        """Handles the items, writes every board's new events, fsyncs each
        file written once, then hands the events on (_after_disk) in the
        order they came. A new game mid-batch (_on_game) hands on what is
        pending first."""
        for session, kind, data in batch:
            was = session.connected
            session.handle(kind, data, on_events=lambda evs, b=self._by_session[session]: self._write(b, evs))
            if session.connected != was:
                self._plain("%-4s      %s" % (session.link.board_id or session.port,
                                              "link up: %s" % session.port if session.connected
                                              else "link down (%s): reconnecting" % (data or "closed")))
                self._draw()
        self._hand_on_pending()

    def _write(self, b, events):
        """A line's new events, to the files of the game they belong to
        (the line that begins the next game comes after: _on_game)."""
        if b.files is not None:
            b.files.write(events)
            self._pending.append((b, events))

    def _hand_on_pending(self):
        pending, self._pending = self._pending, []
        sync_all({b.files for b, _ in pending})
        for b, evs in pending:
            self._after_disk(b, evs)

    # -- events -----------------------------------------------------------------------

    def board_of(self, device):
        """The FollowedBoard whose board greeted with id `device` (None)."""
        for b in self.boards:
            if b.session.link.board_id == device:
                return b
        return None

    def _follow_link(self, b):
        """Tells the sink when a board's link changes (up, silent, down):
        the hall shows a cut cable within seconds, and stops its clock."""
        word = b.session.link_word()
        if word != b.link and b.files is not None:
            b.link = word
            if self.sink is not None and hasattr(self.sink, "link"):
                self.sink.link(b, word)

    def _on_game(self, session, n):
        b = self._by_session[session]
        self._hand_on_pending()  # the events of the game that ends go first, to its files
        if b.files is not None:
            if b.files.dirty:
                b.files.write_records()
            if b.files.ended:
                self.finished.append(b.files)
        headers = self.headers(session.port, n) if callable(self.headers) else self.headers
        b.files = GameFiles(self.out, session.link.board_id or "board", n, headers=headers,
                            chinese=self.chinese)
        b.running = None
        b.ended_at = None
        if self.sink is not None and b.files.events:
            # A logger started again on its files: what they hold goes to the
            # sink now, not only with the game's next event. Killed after an
            # event was on its disk and before the sink took it, it would
            # otherwise never hand on the tail of a game that sends nothing
            # more (one that ended meanwhile); the hall's outbox keeps only
            # what it did not have (hall/sink.py).
            self.sink(b, list(b.files.events))
        return list(b.files.payloads)

    def on_events(self, session, events):
        """Takes a session's new events: on the disk first, then the plain
        log, the clocks, and the confirmation asked for once a game ends.
        (Also for the events a command's answer brought: round.py, demo.py.)"""
        b = self._by_session[session]
        if b.files is None:
            return
        self._hand_on_pending()  # (none outside step(); kept in order if any)
        b.files.write(events)
        b.files.sync()  # on the disk before anything else
        self._after_disk(b, events)

    def _after_disk(self, b, events):
        """The events of `b`, on the disk now: into the record, the plain
        log, the clocks, the sink; the records at once when the game ends."""
        tag = b.session.link.board_id or b.session.port

        def each(e, notes):
            line = plain_line(tag, b.files.game, e, notes)
            if line:
                self._plain(line)
            self._follow_clock(b, e)

        b.files.take(events, each)
        if self.sink is not None:
            self.sink(b, events)
        if b.files.ended:
            # (the result is the board's proposal until the arbiter confirms it)
            b.files.write_records()
            self._written_at = time.monotonic()
        self._draw()

    # -- the arbiter's commands ----------------------------------------------------

    def arbiter(self, board, words, timeout=5.0):
        """Sends the arbiter's signed command `words` (confirm, annul by=..,
        result .. by=.., adjust ..) to `board`; returns the reply words
        (['ok', ...] or ['refused', reason...]). Its events are logged."""
        s = board.session
        return s.command(list(words), timeout=timeout, on_events=lambda evs: self.on_events(s, evs))

    def typed(self, line):
        """Takes a command line the arbiter typed: `[<board>] <command...>`,
        the board named by its id or port (it may be left out when there is
        one board). Run at the next step(); the answer is printed."""
        self.typed_lines.put(line)

    def _run_typed(self):
        while True:
            try:
                words = self.typed_lines.get_nowait().split()
            except queue.Empty:
                return
            if not words:
                continue
            named = [b for b in self.boards if words[0] in (b.session.port, b.session.link.board_id)]
            board = named[0] if named else (self.boards[0] if len(self.boards) == 1 else None)
            words = words[1:] if named else words
            if board is None or not words:
                self._say("arbiter: `<board> <command>`: name the board (%s)" % " ".join(
                    b.session.link.board_id or b.session.port for b in self.boards))
                continue
            tag = board.session.link.board_id or board.session.port
            if self.key is None:
                self._say("%-4s      %s: not sent, the logger has no arbiter key (--key-file, $XQBOARD_KEY)"
                          % (tag, words[0]))
                continue
            try:
                reply = self.arbiter(board, words)
            except (TimeoutError, ValueError) as e:
                reply = ["not answered:", str(e)]
            self._say("%-4s      arbiter %s: %s" % (tag, " ".join(words), " ".join(reply)))

    def _say(self, line):
        self.stream.write(line + "\n")
        self.stream.flush()

    def _follow_clock(self, b, e):
        schema.dispatch(_CLOCK, e.kind, e.fields, b)

    # -- output -------------------------------------------------------------------------

    def write_records(self, force=False):
        """Rewrites the records of the boards with new events: all at once
        with `force`; else every `every` seconds, spread over the steps
        (RECORDS_BUDGET a step), so that a logger of many boards does not
        stop reading its ports while it rewrites them all."""
        now = time.monotonic()
        if force:
            self._records_due = []
            for b in self.boards:
                if b.files is not None and b.files.dirty:
                    b.files.write_records()
            self._written_at = now
            return
        if not self._records_due and now - self._written_at >= self.every:
            self._written_at = now
            self._records_due = [b for b in self.boards if b.files is not None and b.files.dirty]
        while self._records_due:
            b = self._records_due.pop(0)
            if b.files is not None and b.files.dirty:
                b.files.write_records()
            if time.monotonic() - now > RECORDS_BUDGET:
                break

    def _panels(self):
        return [panel(self._state(b), color=self.color) for b in self.boards]

    def _state(self, b):
        s = b.state()
        if self.faces:
            s["faces"] = self.faces(s["port"])
        return s

    def _draw(self, force=False):
        if self.screen:
            self.screen.show(self._panels, force=force)

    def _plain(self, line):
        if not self.live:
            self.stream.write(line + "\n")
            self.stream.flush()


# What a board's events do to the clocks its panel shows (and when the
# logger asks the board for its status).
def _press(b, side, red_ms, black_ms, stage, article):
    b.clocks = {RED: red_ms, BLACK: black_ms}
    b.clocks_at = time.monotonic()
    b.running = other(side)


def _start(b, side, article):
    b.running = side
    b.session.ask_status()


def _resume(b, by):
    b.running = b.game.position().side if b.game else None
    b.session.ask_status()


def _stopped(b, *fields):
    b.running = None
    b.session.ask_status()


def _changed(b, *fields):
    b.session.ask_status()


_CLOCK = {schema.PRESS: _press, schema.START: _start, schema.RESUME: _resume, schema.PAUSE: _stopped,
          schema.RESULT: _stopped, schema.FLAG: _stopped, schema.ADJUST: _changed, schema.PENALTY: _changed}
