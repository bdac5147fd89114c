"""One board on one serial port, followed across cable pulls and restarts.

`GameLink` is a BoardLink that also knows which of the board's games its
events belong to (the `game=` of the greeting: the number of the game's
journal file on the board), so that a host that comes back after a new game
began, or a logger restarted from its files, asks for the right events.

`BoardSession` owns the port: a reader thread opens it with pyserial
(`serial.serial_for_url`: a device, a pseudo-terminal, or a URL such as
`socket://host:port`), reads, and when the port fails (SerialException: the
cable is out) closes it and opens it again until it comes back. Each
connection starts with `hello`; events arriving before its greeting are
left to the `since` that follows, so nothing is counted twice.

    s = BoardSession("/dev/ttyACM0", key=b"secret").start()
    for e in s.wait_events(timeout=5):
        print(e.payload)                  # E 1 0 GAME new ...
    s.command(["resign", "black"])        # ['ok']
"""
import queue
import threading
import time

from ..boardlink import BoardLink, Event, greeting_fields, is_event
from game.events import GAME, unescape

HELLO_EVERY = 3.0  # s: a greeting tells the last event number (a lost tail is asked for)
ASK_AGAIN = 1.5  # s: a `since` that brought nothing this long is sent again,
ASK_AT_MOST = 12.0  # s: and the wait doubles each time up to this (a board slow to answer is not restarted)
STATUS_EVERY = 1.0  # s: the clocks while a game runs
SILENT_AFTER = 4.0  # s without a byte from a greeted board (it answers `status` every STATUS_EVERY)


def board_id_of(payload):
    """The board's id in a greeting (`id=`). (Firmware before protocol 1's
    final form sent it as a first `board=`, after `fw=` and before `nonce=`,
    ahead of the game's board number: read that too.)"""
    seen = set()
    for w in payload.split()[1:]:
        k, eq, v = w.partition("=")
        if not eq:
            continue
        if k == "id" or (k == "board" and "board" not in seen and "fw" in seen and "nonce" not in seen):
            return unescape(v)
        seen.add(k)
    return None


def read_ready(ser):
    """What a URL port (socket://...) holds already, without waiting.
    pyserial's in_waiting on a socket says only 0 or 1 (ready or not), so
    read(in_waiting) alone would take a line byte by byte, an inbox item
    each: a logger of 50 replay boards then spent its time there."""
    wait = ser.timeout
    ser.timeout = 0
    try:
        return ser.read(65536)
    finally:
        ser.timeout = wait


class GameLink(BoardLink):
    """BoardLink that follows the board's game numbers and ignores events
    until a connection's greeting (see the module docstring).

    on_game(n) is called when the events switch to the board's game n; it
    returns the payloads of that game already kept (from a logger's files),
    which are taken as received."""

    def __init__(self, key=None, on_game=None):
        super().__init__(key)
        self.on_game = on_game
        self.game_no = None
        self.board_id = None
        self.synced = False

    def reconnected(self):
        self.synced = False
        self.asked = None

    def take_line(self, payload):
        if payload.startswith("H "):
            self.board_id = board_id_of(payload)
            try:
                g = int(greeting_fields(payload).get("game", "0"))
            except ValueError:
                g = 0
            if g != self.game_no:
                self._switch(g)
            self.synced = True
            return super().take_line(payload)
        if is_event(payload) and not self.synced:
            return []
        return super().take_line(payload)

    def add_event(self, e):
        if e.kind == GAME and e.seq == 1 and (self.events or self.greeting.get("seq") == "0"):
            # A new game while connected: the board's next journal file
            # (a greeting with seq=0: the board had no game in progress).
            self._switch((self.game_no or 0) + 1)
        return super().add_event(e)

    def _switch(self, g):
        if self.events:
            self.games.append(self.events)
        self.events = []
        self.ahead = {}
        self.asked = None
        self.game_no = g
        if self.greeting:
            self.greeting["seq"] = "0"
        kept = self.on_game(g) if self.on_game else []
        for p in kept:
            super().add_event(Event(p))


class BoardSession:
    """A board on `port`; see the module docstring. Events come out of
    poll() (in order, each once); `on_event(session, event)` and
    `on_game(session, n) -> kept payloads` may be set before start()."""

    def __init__(self, port, key=None, baudrate=115200, on_game=None, inbox=None, retry=0.2):
        self.port = port
        self.baudrate = baudrate
        self.retry = retry
        self.link = GameLink(key, on_game=(lambda n: on_game(self, n)) if on_game else None)
        self.inbox = inbox if inbox is not None else queue.Queue()
        self.listener = None  # listener(session, events) for events polled by another session
        self.connected = False
        self.connects = 0
        self.last_error = None
        self.status = {}  # the last `status` answer: phase, seq, fen, red, black, result
        self.status_at = 0.0
        self.heard_at = 0.0  # time.time() of the last bytes the board sent
        self._ser = None
        self._dropping = False
        self._wlock = threading.Lock()
        self._stop = threading.Event()
        self._thread = None
        self._hello_at = 0.0
        self._asked_at = 0.0  # when the unanswered `since` was sent, or last brought events
        self._ask_wait = ASK_AGAIN
        self._status_id = None
        self._status_sent = 0.0

    # -- the port -------------------------------------------------------------------

    def start(self):
        self._thread = threading.Thread(target=self._reader, name="port %s" % self.port, daemon=True)
        self._thread.start()
        return self

    def stop(self):
        """Tells the reader to end, without waiting for it (close() waits)."""
        self._stop.set()
        ser = self._ser
        if ser is not None:
            try:
                ser.cancel_read()
            except Exception:
                pass

    def close(self):
        self.stop()
        if self._thread:
            self._thread.join(2)
        if self._ser is not None:
            try:
                self._ser.close()
            except Exception:
                pass

    def drop(self):
        """Closes the port as a pulled cable would; the reader opens it
        again. The reader thread closes it itself (closing a descriptor
        another thread is reading is a race: the number may be reused)."""
        ser = self._ser
        if ser is not None:
            self._dropping = True
            try:
                ser.cancel_read()
            except Exception:
                pass

    def _reader(self):
        import serial

        while not self._stop.is_set():
            try:
                ser = serial.serial_for_url(self.port, baudrate=self.baudrate, timeout=0.1)
            except (serial.SerialException, OSError, ValueError) as e:
                self.last_error = str(e)
                self._stop.wait(self.retry)
                continue
            try:
                ser.reset_input_buffer()  # lines from before this connection: `since` gets them right
            except Exception:
                pass
            self._ser = ser
            self.inbox.put((self, "open", None))
            try:
                while not self._stop.is_set():
                    data = ser.read(max(1, ser.in_waiting))
                    if data and "://" in self.port:
                        data += read_ready(ser)
                    if self._dropping:
                        self._dropping = False
                        raise OSError("port closed by the host")
                    if data:
                        self.inbox.put((self, "data", data))
            except Exception as e:  # SerialException, OSError, TypeError on a closed port
                self.last_error = str(e)
            self._ser = None
            try:
                ser.close()
            except Exception:
                pass
            self.inbox.put((self, "closed", self.last_error))
            self._stop.wait(self.retry)

    def send(self, frame):
        """Writes a frame; False if the port is not there (the command is
        lost with the cable: ask again once it is back)."""
        ser = self._ser
        if ser is None:
            return False
        with self._wlock:
            try:
                ser.write(frame)
                return True
            except Exception as e:
                self.last_error = str(e)
                return False

    # -- what comes in ------------------------------------------------------------------

    def handle(self, kind, data, on_events=None):
        """Takes one item of the inbox; returns the new events. The link
        is fed line by line; with on_events, each line's new events go to
        on_events(events) as that line is read: a chunk that ends one game
        and begins the next (on_game between the two) hands on the ending
        game's events before the switch, to that game's files."""
        if kind == "open":
            self.connected = True
            self.connects += 1
            self.link.reconnected()
            self.send(self.link.hello())
            self._hello_at = time.monotonic()
            return []
        if kind == "closed":
            self.connected = False
            return []
        self.heard_at = time.time()
        events = []
        for line in data.splitlines(keepends=True):
            evs = self.link.feed(line)
            if evs and on_events is not None:
                on_events(evs)
            events += evs
        self._after_feed(progress=bool(events))
        return events

    def _after_feed(self, progress=False):
        if progress and self.link.asked is not None:
            self._asked_at = time.monotonic()  # the answer is coming: not to be asked again yet
            self._ask_wait = ASK_AGAIN
        if self._status_id is not None and self._status_id in self.link.replies:
            words = self.link.replies.pop(self._status_id)
            self._status_id = None
            if words[:1] == ["ok"]:
                self.status = dict(w.split("=", 1) for w in words[1:] if "=" in w)
                self.status_at = time.monotonic()
        for f in self.link.requests():
            self.send(f)
            self._asked_at = time.monotonic()

    def tick(self):
        """Timers: a greeting now and then (a lost last event shows as a
        gap), a `since` asked again when unanswered, the clocks."""
        if not self.connected:
            return
        now = time.monotonic()
        if self.link.asked is not None and now - self._asked_at > self._ask_wait:
            self.link.ask_again()
            self._ask_wait = min(2 * self._ask_wait, ASK_AT_MOST)
            self._after_feed()
        if now - self._hello_at > HELLO_EVERY:
            self._hello_at = now
            self.send(self.link.hello())
        if self.link.synced and now - self._status_sent > STATUS_EVERY:
            self.ask_status()

    def link_word(self, now=None, silent_after=None):
        """The link as the hall shows it: `up` (greeted, heard lately),
        `silent` (the port open, nothing heard for `silent_after` s:
        the board hangs, or its far end of a serial server is gone),
        `down` (the port closed: the cable is out)."""
        if not self.connected:
            return "down"
        now = time.time() if now is None else now
        quiet = SILENT_AFTER if silent_after is None else silent_after
        return "up" if self.link.synced and now - self.heard_at < quiet else "silent"

    def ask_status(self):
        self._status_sent = time.monotonic()
        frame = self.link.command(["status"], sign=False)
        self._status_id = self.link.last_command_id
        self.send(frame)

    def poll(self, timeout=0.1):
        """Events that arrived within `timeout` (this session's own inbox)."""
        out = []
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                who, kind, data = self.inbox.get(timeout=max(0.0, left))
            except queue.Empty:
                break
            if who is not self:
                # an inbox shared by several boards: theirs go to their listener
                if who.listener:
                    who.handle(kind, data, on_events=lambda evs, who=who: who.listener(who, evs))
                else:
                    who.handle(kind, data)
                continue
            out += self.handle(kind, data)
            if out and self.inbox.empty():
                break
        self.tick()
        return out

    def wait_events(self, timeout=5.0):
        return self.poll(timeout)

    def wait_synced(self, timeout=10.0):
        """Polls until the board has greeted this connection; returns the
        events seen meanwhile."""
        out = []
        deadline = time.monotonic() + timeout
        while not (self.connected and self.link.synced):
            if time.monotonic() > deadline:
                raise TimeoutError("no answer from the board on %s (%s)" % (self.port, self.last_error or "no greeting"))
            out += self.poll(0.05)
        return out

    def command(self, words, sign=True, timeout=5.0, on_events=None):
        """Sends a command and waits for its answer: the reply words
        (['ok', ...] or ['refused', reason...]). Events arriving meanwhile
        go to on_events(list) (they are never lost). If the cable goes
        while waiting, the command is sent again once it is back, unless
        the greeting's `cmd=` shows the board took it (a signed command is
        never done twice)."""
        deadline = time.monotonic() + timeout

        def left():
            t = deadline - time.monotonic()
            if t <= 0:
                raise TimeoutError("no answer to %r from %s" % (" ".join(words), self.port))
            return t

        def take(evs):
            if evs and on_events:
                on_events(evs)

        take(self.wait_synced(left()))
        self.send(self.link.command(words, sign=sign))
        cid = self.link.last_command_id
        while cid not in self.link.replies:
            left()
            take(self.poll(0.05))
            if not self.connected:
                take(self.wait_synced(left()))
                if cid in self.link.replies:
                    break
                if sign and int(self.link.greeting.get("cmd", "0") or 0) >= cid:
                    return ["ok", "(answer lost with the cable)"]
                self.send(self.link.command(words, sign=sign))
                cid = self.link.last_command_id
        return self.link.replies.pop(cid)
