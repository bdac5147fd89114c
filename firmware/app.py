# The board's main loop: wires sensors, recogniser, game, clock, journal,
# link and displays, and runs the scan. It owns no rules (those are in xq/,
# clock/, sense/ and game/); it only moves inputs to the parts and their
# outputs to the world, each job in a module of its own (jobs/: the
# sensing's reports and the levers, the host's commands, the outputs).
#
# The loop is a thin asyncio shell around step(now): the device calls it
# every scan period with time.ticks_ms(); the scenario runner and the tests
# call it with virtual time, so a game replays in a fraction of a second
# and every run is deterministic (ARCHITECTURE, "Driving the loop").
#
# A board (boards/*.py) gives:
#   SCAN_MS, STABLE_MS, SETTLE_MS    timing of the sensing
#   read_frame(frame)                the raw sensor frame (sense/presence.py); True if the
#                                    driver knows it holds the same bits as its last read
#                                    into it (then, while no point is counting, the scan
#                                    skips the debouncer), anything else if not
#   pressed, levers()                a list, not empty when a lever was pressed; levers()
#                                    takes the (side, t) pressed since the last call: t the
#                                    lever's edge (the press's time), or None for this scan's
#   port                             the link: read() -> bytes or None, write(bytes)
#   show(red, black, line)           the two clock faces and a status line, or
#   panels, draw(scene, now)         where `panels` (its displays) is not empty: the
#                                    faces (firmware/ui/) of a scene fed the game's events
#   signal(kind)                     buzzer/LED: "move", "alert", "foul", "flag", "result"
#   store                            directory of the journal (None: no journal)
#   key, board_id                    the arbiter's key (bytes or None), the board's name
import gc

import micropython
from micropython import const

import ticks
from game import cold
from game.game import Game
from game.phases import OVER, PHASE_NAMES, PLAYING, SETUP
from jobs import outputs, sensed
from link import auth
from link.link import PROTOCOL, Link
from sense.pipeline import Sensing, scan_frame
from store.journal import Journal

FIRMWARE = "0.1.0"
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


class App:
    DISPLAY_MS = 100  # the faces' refresh

    def __init__(self, board, nonce="0", wdt=None):
        if hasattr(gc, "threshold"):  # (MicroPython; the host's CPython has none)
            gc.threshold(_GC_EVERY)
        self.board = board
        # One step's events, committed to the journal together and only then
        # sent (jobs/outputs.py): a power cut never splits a step.
        outbox = outputs.Pending(self)
        game = Game(sink=outbox.record)
        # sensors -> debouncer -> recogniser (sense/pipeline.py); the board
        # fills the raw frame, so the pipeline gets no driver of its own.
        # The recogniser follows the game's Position (one object: no second
        # position kept in step by FEN), and proposes each final move to
        # the game, which makes the ply on it or refuses it (_make).
        self.sensing = Sensing(None, board.SCAN_MS, board.STABLE_MS, board.SETTLE_MS, game.position, self._make)
        self.raw = self.sensing.raw
        self.deb = self.sensing.deb
        self.rec = self.sensing.rec
        # the debouncer's state and count, for the viper call of the quiet
        # scan (the arrays are filled in place, never replaced)
        self._st = self.deb.st
        self._n = self.deb.n
        self.due = 0  # the tick from which a scan runs the timers (_step)
        self.now = 0  # the time of the step being run (of the events it emits)
        self.journal = Journal(board.store) if board.store else None
        self.outbox = outbox
        self.game = game
        self.since = None  # a `since` being answered (store.recovery.Since)
        self.wdt = wdt  # the watchdog, fed while the journal is read back (main.py)
        self.link = Link(board.port, board.key, nonce)
        if self.journal:
            self.journal.watch(self.game)  # its snapshots carry the game's state (store/snapshot.py)
            # signed command ids rise across reboots too (store/journal.py)
            self.link.last_id = cold.call(cold.BUDGET, "last_command", self.journal)
        self.setup_presses = 0  # 0, or the sides' bits pressed while setting up
        self.setup_shown = None  # the set-up's wrong points last reported (jobs/sensed.py)
        self._shown_at = None
        self.battery_low = False
        self.scene = None  # what the faces show beyond the game (ui/scene.py)
        if getattr(board, "panels", None):
            from ui.scene import Scene

            self.scene = Scene(self.game)
        self.game.key = board.key  # seals the arbiter's CONFIRM (game/chain.py)
        if board.key:  # and MACs every event's chain word: nothing it sends can be forged without it
            # (bound to the greeting's game number: 0 until a game's file is open, jobs/outputs.py, store/recovery.py)
            self.game.keyed = auth.Keyed(board.key, cold.call(cold.BOUNDS, "board_id", board.board_id).encode(), 0)

    # -- start-up and recovery ------------------------------------------------

    def start(self, now):
        """Power-up: restore the game in progress from the journal, if any,
        with its clock paused (the arbiter resumes it), then greet the host."""
        self.now = self.due = now
        self.deb.reset(self._read(now))
        restored, lost = self._recover(now) if self.journal else (0, 0)
        self.link.send(self.greeting())
        if lost:
            self.board.signal("alert")  # recovery reported them (POWER damaged)
        if restored:
            self.game.on_power(now)
        self._follow_position(now)
        self.outbox.commit(now)

    def _recover(self, now):
        # The game in progress, replayed from its journal (store/recovery.py,
        # loaded for it and dropped after): (records, events lost). A board
        # with no game stored does not load it at all.
        if not self.journal.games():
            return 0, 0
        return cold.call(cold.RECOVERY, "replay", self.journal, self.game, now, self.wdt, self.scene)

    def _read(self, now):
        self.board.read_frame(self.raw)
        return self.raw

    def _follow_position(self, now):
        g = self.game
        self.rec.follow(g.position)  # (the replay's: a GAME or a snapshot made it)
        if g.phase == SETUP:
            sensed.sense(self, now, self.rec.setup(now))
        elif g.phase in (PLAYING, OVER):
            # the recogniser alerts with the points to restore if the board
            # no longer shows the position (pieces moved while the power was off)
            sensed.sense(self, now, self.rec.reset(now))
            sensed.sense(self, now, self.rec.frame(now, self.deb.st))

    def greeting(self):
        g = self.game
        c = g.config
        # `id=` is the board's name; `board=` (among the settings) the game's board number
        # every word is bounded (link/bounds.py): the greeting fits a frame
        name = cold.call(cold.BOUNDS, "board_id", self.board.board_id)
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
        if changed or data or board.pressed or (now - self.due) & _MASK < _HALF_PERIOD:
            self._step(now, changed, data)
        # else quiet, and nothing due before self.due (a `since` being
        # answered makes every scan due: _step)

    @micropython.native
    def _step(self, now, changed, data):
        # What a scan does when something changed, came, or fell due. (Native
        # code: its frame, 24 words in bytecode, is on the C stack, not a heap
        # block at each step: a step runs every second at least. Not split in
        # parts instead: a call level more on a command's or a move's path
        # exceeds the rp2 port's C stack in `new`, "maximum recursion depth".)
        self.now = now  # (the time of the events the step emits, for the scene)
        j = self.journal
        writes = j.writes if j else 0
        rec = self.rec
        events = rec.frame(now, self._st) if changed else rec.tick(now)
        if events:
            sensed.sense(self, now, events)
        board = self.board
        if board.pressed:
            for side, t in board.levers():
                sensed.press(self, now if t is None else t, side)  # the edge's time (boards/device.py, Lever)
        if data:
            # (no lambda here: a closure over `now` would make every step
            # allocate its cell, even the steps with nothing to read)
            self.link.feed(data, self._on_command)
        g = self.game
        m = rec.provisional()
        g.provisional = (m, rec.provisional_at()) if m else None
        g.tick(now)
        self.outbox.commit(now)
        if j and j.snap_due and j.writes == writes and not (changed or data or events) and self.deb.quiet():
            # The journal's snapshot, a slice a step (store/journal.py), in
            # the steps that commit nothing, never in a press's: the
            # press->MOVE step does not pay for it.
            j.snapshot_step()
        if self.since and self.since.step(self.link.send, _SINCE_SLICE):
            self.since = None  # (its code goes with it: store.recovery is not kept loaded)
        # When the next scan must run the timers even if nothing happens:
        # the game's wait (flag, lateness, snapshot), the recogniser's
        # deadline, at the latest _IDLE_MS from now; a `since` or a
        # snapshot goes on at the next scan. Any event the game emits in
        # between (_record) makes the next scan ask again.
        wait = 0 if self.since or (j and j.snap_due) else _IDLE_MS
        d = g.due_in(now)
        if d is not None:
            wait = min(wait, d)
        d = rec.deadline()  # (a tick: the schedule's tick arithmetic last, once every part has said)
        if d is not None:
            wait = min(wait, ticks.diff(d, now))
        self.due = ticks.add(now, max(wait, 0))

    def wait_ms(self, now):
        """How long the loop may sleep before anything is due (the simulator
        jumps virtual time by this much when the sensors are quiet)."""
        if self.since or not self.deb.quiet() or (self.journal and self.journal.snap_due):
            return self.board.SCAN_MS
        wait = _IDLE_MS
        d = self.rec.deadline()
        if d is not None:
            wait = min(wait, max(ticks.diff(d, now), self.board.SCAN_MS))
        g = self.game
        if g.clock_running():
            wait = min(wait, max(g.clock.time_to_flag(now), 1))
        return wait

    # -- the jobs' doors (jobs/) -----------------------------------------------

    def _make(self, now, reports):
        # The recogniser's make (sense/recognise.py): its reports so far, the
        # final MOVE last, to the game at once, which makes the ply on the
        # one Position (Game.on_move) or refuses it; the reports after it
        # follow when the recogniser's call returns.
        sensed.sense(self, now, reports)
        del reports[:]

    def _on_command(self, cid, words, arbiter):
        # the link's callback for a command (jobs/hostcmd.py, loaded for it:
        # commands are rare beside scans, and the heap is the game's)
        return cold.call(cold.HOSTCMD, "on_command", self, cid, words, arbiter)

    def events_since(self, first):
        """The payloads of this game's events numbered `first` and on, one at
        a time, read back from the journal (the record of truth)."""
        if not self.journal or not self.journal.game:
            return ()
        return cold.call(cold.RECOVERY, "events_since", self.journal, first)

    def refresh_display(self, now):
        """Refreshes the faces every DISPLAY_MS; returns what the board's
        show() returned (the parts of its transfer, or None)."""
        if self._shown_at is not None and ticks.diff(now, self._shown_at) < self.DISPLAY_MS:
            return None
        return self.show_now(now)

    def show_now(self, now):
        """The faces refreshed now (the device loop's: app_loop.py knows
        when they can have changed)."""
        self._shown_at = now
        return outputs.show(self, now)

    def check_battery(self, now):
        """Warns once when the battery runs low (jobs/outputs.py)."""
        outputs.check_battery(self, now)

    def run(self, clock_ms, before_step=None, battery_every_ms=10000, for_ms=None):
        """The device loop (a coroutine for asyncio.run): app_loop.py, a
        module of its own so that the runners' heap never holds it."""
        from app_loop import run

        return run(self, clock_ms, before_step, battery_every_ms, for_ms)

