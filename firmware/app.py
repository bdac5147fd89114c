# The board's main loop: wires sensors, recogniser, game, clock, journal,
# link and displays. It owns no rules (those are in xq/, clock/, sense/ and
# game/); it only moves inputs to the parts and their outputs to the world.
#
# The loop is a thin asyncio shell around step(now): the device calls it
# every scan period with time.ticks_ms(); the scenario runner and the tests
# call it with virtual time, so a game replays in a fraction of a second
# and every run is deterministic (ARCHITECTURE, "Driving the loop").
#
# A board (boards/*.py) gives:
#   SCAN_MS, STABLE_MS, SETTLE_MS    timing of the sensing
#   read_frame(frame)                the raw sensor frame (sense/frame.py); True if the
#                                    driver knows it holds the same bits as its last read
#                                    into it (then, while no point is counting, the scan
#                                    skips the debouncer), anything else if not
#   pressed, levers()                a list, not empty when a lever was pressed; levers()
#                                    takes the sides (RED, BLACK) pressed since the last call
#   port                             the link: read() -> bytes or None, write(bytes)
#   show(red, black, line)           the two clock faces and a status line, or
#   panels, draw(scene, now)         where `panels` (its displays) is not empty: the
#                                    faces (firmware/ui/) of a scene fed the game's events
#   signal(kind)                     buzzer/LED: "move", "alert", "foul", "flag", "result"
#   store                            directory of the journal (None: no journal)
#   key, board_id                    the arbiter's key (bytes or None), the board's name
import gc

from micropython import const

import ticks
from game import cold
from game import events as game_events
from game.game import Game
from game.phases import OVER, PHASE_NAMES, PLAYING, SETUP, CommandError, need_id
from link.link import PROTOCOL, Link
from sense import events as ev
from sense.pipeline import Sensing, scan_frame
from store.journal import SEP, Journal, snapshot_text
from xq import squares
from xq.pieces import BLACK, RED, colour, index, other

FIRMWARE = "0.1.0"
# The events the board signals (buzzer/LED), and how.
_SIGNALS = ((game_events.FOUL, "foul"), (game_events.VERDICT, "foul"), (game_events.FLAG, "flag"),
            (game_events.RESULT, "result"))
_IDLE_MS = const(1000)  # the longest virtual-time jump when nothing is due
_MASK = const((1 << 30) - 1)  # ticks.MASK, as a constant of this module (no lookup)
_HALF_PERIOD = const(1 << 29)  # ticks.diff's sign bit: (a - b) & MASK below it is a >= b
_SINCE_SLICE = const(8)  # events a `since` sends per loop step (store/recovery.py)
# The garbage collector runs every _GC_EVERY bytes allocated, not only when
# the heap is exhausted. Left alone, it lets a game's garbage (event texts,
# frames, records) fill the whole heap before each collection, so that what
# lives on (a position's history chunk, a list that grows, the names a
# module loaded for a command interns for good) is allocated anywhere in
# it, among that garbage: after the collection the free space is split
# around them, and a command that loads ~20 KB of rulings, or a history
# chunk late in a long game, no longer finds room although the heap has
# plenty free. Collected every 16 KB, the garbage never spreads far, and
# what lives on packs at the bottom of the heap. (Quiet steps allocate
# nothing, so this costs collections only around moves and commands.)
_GC_EVERY = const(16 * 1024)


def point_names(points):
    return ",".join(squares.name(squares.from_point(p)) for p in points) or "-"


class App:
    DISPLAY_MS = 100  # the faces' refresh

    def __init__(self, board, nonce="0", wdt=None):
        if hasattr(gc, "threshold"):  # (MicroPython; the host's CPython has none)
            gc.threshold(_GC_EVERY)
        self.board = board
        # sensors -> debouncer -> recogniser (sense/pipeline.py); the board
        # fills the raw frame, so the pipeline gets no driver of its own.
        self.sensing = Sensing(None, board.SCAN_MS, board.STABLE_MS, board.SETTLE_MS)
        self.raw = self.sensing.raw
        self.deb = self.sensing.deb
        self.rec = self.sensing.rec
        # the debouncer's state and count, for the viper call of the quiet
        # scan (the arrays are filled in place, never replaced)
        self._st = self.deb.st
        self._n = self.deb.n
        self._due = 0  # the tick from which a scan runs the timers (_next_due)
        self.journal = Journal(board.store) if board.store else None
        self.game = Game(sink=self._record)
        # One step's events, committed to the journal together and only then
        # sent (_commit): a power cut never splits a step.
        self._pending = []
        self._since = None  # a `since` being answered (store.recovery.Since)
        self.wdt = wdt  # the watchdog, fed while the journal is read back (main.py)
        self.link = Link(board.port, board.key, nonce)
        if self.journal:
            self.journal.watch(self.game)  # its snapshots carry the game's state (store/snapshot.py)
            # signed command ids rise across reboots too (store/journal.py)
            self.link.last_id = cold.call("store.budget", "last_command", self.journal)
        self.setup_presses = 0  # 0, or the sides' bits pressed while setting up
        self._setup_shown = None
        self._shown_at = None
        self._now = 0
        self._battery_low = False
        self.scene = None  # what the faces show beyond the game (ui/scene.py)
        if getattr(board, "panels", None):
            from ui.scene import Scene

            self.scene = Scene(self.game)
        self.game.key = board.key  # seals the arbiter's CONFIRM (game/chain.py)

    # -- start-up and recovery ------------------------------------------------

    def start(self, now):
        """Power-up: restore the game in progress from the journal, if any,
        with its clock paused (the arbiter resumes it), then greet the host."""
        self._now = self._due = now
        self.deb.reset(self._read(now))
        restored, lost = self._recover(now) if self.journal else (0, 0)
        self.link.send(self.greeting())
        if lost:
            self.board.signal("alert")  # recovery reported them (POWER damaged)
        if restored:
            self.game.on_power(now)
        self._follow_position(now)
        self._commit(now)

    def _recover(self, now):
        # The game in progress, replayed from its journal (store/recovery.py,
        # loaded for it and dropped after): (records, events lost). A board
        # with no game stored does not load it at all.
        if not self.journal.games():
            return 0, 0
        return cold.call("store.recovery", "replay", self.journal, self.game, now, self.wdt, self.scene)

    def _read(self, now):
        self.board.read_frame(self.raw)
        return self.raw

    def _follow_position(self, now):
        g = self.game
        if g.phase == SETUP:
            self._sense(now, self.rec.setup(now, g.position.fen()))
        elif g.phase in (PLAYING, OVER):
            # the recogniser alerts with the points to restore if the board
            # no longer shows the position (pieces moved while the power was off)
            self._sense(now, self.rec.reset(now, g.position.fen()))
            self._sense(now, self.rec.frame(now, self.deb.st))

    def greeting(self):
        g = self.game
        c = g.config
        # `id=` is the board's name; `board=` (among the settings) the game's board number
        # every word is bounded (link/bounds.py): the greeting fits a frame
        name = cold.call("link.bounds", "board_id", self.board.board_id)
        # (one format: its short pieces would each be a name interned for good)
        head = "H proto=%d fw=%s id=%s nonce=%s game=%d seq=%d cmd=%d phase=%s" % (
            PROTOCOL, FIRMWARE, name, self.link.nonce, self.journal.game if self.journal else 0,
            g.seq, self.link.last_id, PHASE_NAMES[g.phase])
        return " ".join([head] + c.words())

    # -- one step ---------------------------------------------------------------

    def step(self, now):
        """One scan period and the displays (the runners' step)."""
        self.scan(now)
        self.refresh_display(now)

    def scan(self, now):
        """One scan period: sensors, levers, link, and whatever falls due
        (the recogniser's settle and alert timers, the clock's flag, the
        game's snapshot). The displays are refreshed apart (run()).

        A quiet scan (no point changed, no lever, no byte from the host,
        nothing due) is the board's read, the link's poll and a few checks
        (the viper debouncer only while a point is counting or the read
        says its bits are new), and allocates nothing, not even its own
        frame: on a Cortex-M0+ every Python call level costs ~600-1,000
        instructions of the scan's budget (docs/HARDWARE.md, "The firmware
        image and the emulated board"), and a function whose locals and
        stack pass 11 words takes its frame from the heap for the call,
        which counts towards the collector's threshold (_GC_EVERY): the
        rest of a step is _step's, so that this one stays under."""
        board = self.board
        st = self._st
        if board.read_frame(self.raw) and not st[18]:  # (st[sense.debounce.COUNTING])
            # The bits of the last scan, and no point counting: the
            # debouncer would change nothing (it would only clear its
            # `changed` words, which no one reads before the next change).
            changed = 0
        else:
            changed = scan_frame(self.raw, st, self._n)
        data = board.port.read()
        if changed or data or board.pressed or (now - self._due) & _MASK < _HALF_PERIOD:
            self._step(now, changed, data)
        # else quiet, and nothing due before self._due (a `since` being
        # answered makes every scan due: _step)

    def _step(self, now, changed, data):
        # What a scan does when something changed, came, or fell due.
        self._now = now  # (the time of the events the step emits, for the scene)
        j = self.journal
        writes = j.writes if j else 0
        rec = self.rec
        events = rec.frame(now, self._st) if changed else rec.tick(now)
        if events:
            self._sense(now, events)
        board = self.board
        if board.pressed:
            for side in board.levers():
                self._press(now, side)
        if data:
            # (no lambda here: a closure over `now` would make every step
            # allocate its cell, even the steps with nothing to read)
            self.link.feed(data, self._on_command)
        g = self.game
        m = rec.provisional()
        g.provisional = (m, rec.provisional_at()) if m else None
        g.tick(now)
        self._commit(now)
        if j and j.snap_due and j.writes == writes and not (changed or data or events) and self.deb.quiet():
            # The journal's snapshot, a slice a step (store/journal.py), in
            # the steps that commit nothing, never in a press's: the
            # press->MOVE step does not pay for it.
            j.snapshot_step()
        if self._since and self._since.step(self.link.send, _SINCE_SLICE):
            self._since = None  # (its code goes with it: store.recovery is not kept loaded)
        # When the next scan must run the timers even if nothing happens:
        # the recogniser's deadline, the game's (flag, lateness, snapshot),
        # at the latest _IDLE_MS from now. Any event the game emits in
        # between (_record) makes the next scan ask again.
        # a `since` or a snapshot goes on at the next scan
        wait = 0 if self._since or (j and j.snap_due) else _IDLE_MS
        d = rec.deadline()
        if d is not None:
            wait = min(wait, ticks.diff(d, now))
        d = g.due_in(now)
        if d is not None:
            wait = min(wait, d)
        self._due = ticks.add(now, max(wait, 0))

    def wait_ms(self, now):
        """How long the loop may sleep before anything is due (the simulator
        jumps virtual time by this much when the sensors are quiet)."""
        if self._since or not self.deb.quiet() or (self.journal and self.journal.snap_due):
            return self.board.SCAN_MS
        wait = _IDLE_MS
        d = self.rec.deadline()
        if d is not None:
            wait = min(wait, max(ticks.diff(d, now), self.board.SCAN_MS))
        g = self.game
        if g.clock_running():
            wait = min(wait, max(g.clock.time_to_flag(now), 1))
        return wait

    # -- sensing ----------------------------------------------------------------

    def _sense(self, now, events):
        for e in events:
            self._sense_event(now, e)

    def _sense_event(self, now, e):
        kind, t, art, pts, what, info = e  # what: the move, or the alert kind
        g = self.game
        if kind == ev.MOVE:
            g.on_move(now, what, t, bool(info & ev.SUICIDE))
            self.board.signal("move")
        elif kind == ev.TOUCH:
            side = self.rec.pos.side
            whose = "own" if colour(info) == side else "opp"
            g.on_touch(now, side, whose, point_names(pts), art)
        elif kind == ev.DUTY:
            side = other(g.position.side)  # the move that broke it was just made
            g.on_touch(now, side, "duty-broken", point_names(pts) + ":" + squares.move_name(what), art)
        elif kind == ev.ALERT:
            self._alert(now, what, art, pts, info)
            self.board.signal("alert")
        elif kind == ev.RESTORED:
            g.on_restored(now)
        elif kind == ev.SETUP and g.phase == SETUP:
            self._setup_state(now, pts, info)
        elif kind == ev.SETUP_OK and g.phase == SETUP:
            g.on_setup(now, "confirmed", info)
        # NOMOVE: the game layer rules on 8.1.7 from its own record of moves.

    def _alert(self, now, alert, art, pts, must_hold):
        g = self.game
        put, clear = _put_and_clear(pts, must_hold)
        if alert == ev.BREACH:  # the game layer rules 4.1.8 or 8.1.8 by level
            g.on_alert(now, ev.ALERT_NAMES[alert], put, clear, art, self.rec.pos.side)
        else:
            g.on_alert(now, ev.ALERT_NAMES[alert], put, clear, art)

    def _setup_state(self, now, pts, must_hold):
        shown = tuple(pts)
        if shown == self._setup_shown:
            return
        self._setup_shown = shown
        if pts:
            put, clear = _put_and_clear(pts, must_hold)
            self.game.on_setup(now, "wrong", put, clear)
        else:
            self.game.on_setup(now, "ready")

    def _press(self, now, side):
        g = self.game
        if g.phase == SETUP:
            # Both levers vouch for the set-up (the players confirm it).
            self.setup_presses |= 1 << index(side)
            if self.setup_presses == 3:
                self.setup_presses = 0
                self._sense(now, self.rec.confirm(now, "players"))
            return
        self._sense(now, self.rec.press(now, side))
        g.on_press(now, side)

    # -- commands ---------------------------------------------------------------

    def _on_command(self, cid, words, arbiter):
        # A command's events are a commit of their own, sent before its
        # reply (the sensing's events of this step go first).
        self._commit(self._now)
        if words[0] == "since":
            # The events from `first` on, a slice per loop step, the reply
            # after the last (store/recovery.py). A new `since` ends the one
            # before (answered with what it sent).
            if self._since:
                self._since.end(self.link.send)
                self._since = None
            self._since = cold.call("store.recovery", "since", self.journal, cid, words)
            return None
        if arbiter:
            need_id(cid, self.link.last_id)  # an id far ahead would lock the arbiter out
        try:
            reply = self._command(self._now, words, arbiter)
        finally:
            self._commit(self._now)
        if arbiter and self.journal:
            self.journal.save_command(cid)
        return reply

    def _command(self, now, words, arbiter):
        name = words[0]
        g = self.game
        if name == "hello":
            self.link.send(self.greeting())
            return ["hello"]
        if name == "status":
            return self._status(now)
        if name == "setup" and g.phase == SETUP and arbiter:
            # The arbiter (or the host) vouches for the set-up.
            who = words[1] if len(words) > 1 else "arbiter"
            evs = self.rec.confirm(now, who)
            if not any(e[0] == ev.SETUP_OK for e in evs):
                # refused, so nothing enters the log: the reason names the points
                put, clear = _put_and_clear(evs[0][3], evs[0][5])
                raise CommandError("set-up not verified: points still wrong put=%s clear=%s" % (put, clear))
            self._sense(now, evs)
            return ["setup"]
        if name == "start" and g.phase == SETUP and not g.setup_ok:
            raise CommandError("set-up not confirmed yet: the clock starts after it (20.1)")
        reply = g.command(now, words, arbiter)
        if name == "new":
            self._setup_shown = None
            self._sense(now, self.rec.setup(now, g.position.fen()))
        elif name == "correct":
            # 5.8: the board shows which points to change to reach the position
            self._sense(now, self.rec.reset(now, g.position.fen()))
        return reply

    def events_since(self, first):
        """The payloads of this game's events numbered `first` and on, one at
        a time, read back from the journal (the record of truth)."""
        if not self.journal or not self.journal.game:
            return ()
        return cold.call("store.recovery", "events_since", self.journal, first)

    def _status(self, now):
        g = self.game
        words = ["phase=%s" % PHASE_NAMES[g.phase], "seq=%d" % g.seq,
                 "fen=%s" % game_events.escape(g.position.fen())]
        if g.clock is not None:
            words += ["red=%d" % g.clock.remaining(RED, now), "black=%d" % g.clock.remaining(BLACK, now)]
        if g.result:
            words.append("result=%s" % g.result[0])
        return words

    # -- outputs ----------------------------------------------------------------

    def _record(self, seq, t, kind, fields, snap, payload):
        # The game's sink: an event (kind None: a clock snapshot alone),
        # its text with its chain word (payload), held until the step
        # commits (_commit). The game changed, so the next scan asks again
        # what falls due (scan()).
        self._due = self._now
        if kind is None:
            # A running clock's snapshot alone: the clock mark (store/journal.py)
            if self.journal and self.journal.game:
                self.journal.mark_clock(seq, t, snap[0])
            return
        snapshot = snapshot_text(seq, t, snap[0], snap[1]) if snap else None
        if kind == game_events.GAME:
            # A new game's file: what the old game had pending goes to it first.
            self._commit(self._now)
            if self.journal:
                self.journal.new_game()
        self._pending.append((payload, snapshot, kind, fields))

    def _commit(self, now):
        # The step's records to the journal in one commit, then its events
        # to the link: what the host has seen, the flash has. (Before the
        # first `new` there is no game and nothing to journal.)
        pending = self._pending
        if not pending:
            return
        self._pending = []
        j = self.journal
        if j and j.game:
            # the clock's snapshot goes with the last event that carries
            # one (it supersedes the others). (A loop, not a comprehension:
            # one that reads a local makes it a cell, allocated on every
            # call, even a quiet step's with nothing to commit.)
            last = -1
            for i in range(len(pending)):
                if pending[i][1]:
                    last = i
            records = []
            for i in range(len(pending)):
                p = pending[i]
                records.append(p[0] + SEP + p[1] if i == last else p[0])
            if not j.commit(records) and (j.failed == 1 or j.failed % 100 == 0):
                # The flash cannot take the game in progress even with every
                # finished game dropped: the events still go to the host, and
                # the arbiter is told (once, then every 100 commits lost).
                self.game.emit(now, game_events.POWER, "journal-full", j.failed)
                self.board.signal("alert")
        for payload, _, kind, fields in pending:
            self.link.send(payload)
            if self.scene is not None:
                self.scene.on_event(self._now, kind, fields)
            for k, signal in _SIGNALS:
                if k == kind:
                    self.board.signal(signal)
        if self._pending:
            self._commit(now)  # the alert of a full journal

    def refresh_display(self, now):
        """Refreshes the faces every DISPLAY_MS; returns what the board's
        show() returned (the parts of its transfer, or None)."""
        if self._shown_at is not None and ticks.diff(now, self._shown_at) < self.DISPLAY_MS:
            return
        self._shown_at = now
        if self.scene is not None:
            self.board.draw(self.scene, now)
            return
        g = self.game
        if g.clock is None:
            return self.board.show("", "", "no game")
        line = ("", "set up", "", "")[g.phase]
        if g.result:
            line = "%s %s" % (g.result[0], g.result[1])
        elif g.alert:
            line = "ALERT"
        return self.board.show(g.clock.display(RED, now), g.clock.display(BLACK, now), line)

    def run(self, clock_ms, before_step=None, battery_every_ms=10000):
        """The device loop (a coroutine for asyncio.run): app_loop.py, a
        module of its own so that the runners' heap never holds it."""
        from app_loop import run

        return run(self, clock_ms, before_step, battery_every_ms)

    def check_battery(self, now):
        """Warns once when the battery runs low (the game is safe in the
        journal either way; the arbiter can swap the battery or the board)."""
        mv = self.board.battery() if hasattr(self.board, "battery") else None
        if mv is None:
            return
        low = mv < self.board.LOW_BATTERY_MV
        if low and not self._battery_low:
            self.game.on_battery(now, mv)
            self._commit(now)
            self.board.signal("alert")
        self._battery_low = low


def _put_and_clear(pts, must_hold):
    # The names of the points to put a piece on and to clear.
    put = [p for p in pts if p in must_hold]
    clear = [p for p in pts if p not in must_hold]
    return point_names(put), point_names(clear)

