# What the board puts out: the step's events (Pending: journal first, then
# the link, the faces' scene and the signals), the displays, the battery's
# warning.
from game import events as ev
from store.journal import SEP, snapshot_text
from xq.pieces import BLACK, RED

# The events the board signals (buzzer/LED), and how.
_SIGNALS = ((ev.FOUL, "foul"), (ev.VERDICT, "foul"), (ev.FLAG, "flag"), (ev.RESULT, "result"))


class Pending:
    """One step's events, committed to the journal together and only then
    sent (commit): a power cut never splits a step. `record` is the game's
    sink."""

    def __init__(self, app):
        self.app = app
        self.pending = []

    def record(self, seq, t, kind, fields, snap, payload):
        """The game's sink: an event (kind None: a clock snapshot alone),
        its text with its chain word (payload), held until the step commits.
        The game changed, so the next scan asks again what falls due
        (App.scan)."""
        app = self.app
        app.due = app.now
        j = app.journal
        if kind is None:
            # A running clock's snapshot alone: the clock mark (store/journal.py),
            # the tick and the board time (snap is (now, None): Game.snapshot
            # makes no Clock.save text for it, 26 numbers made to be dropped)
            if j and j.game:
                j.mark_clock(seq, t, snap[0])
            return
        snapshot = snapshot_text(seq, t, snap[0], snap[1]) if snap else None
        if kind == ev.GAME:
            # A new game's file: what the old game had pending goes to it first.
            self.commit(app.now)
            if j:
                j.new_game()
                k = app.game.keyed
                if k is not None:
                    # the board's MAC binds the game's number, known now: the
                    # GAME's word made again with it (link/auth.py's Keyed)
                    k.game = j.game
                    payload = ev.seal(app.game.head, kind, payload[:-ev.CHAIN_BYTES], k)
        self.pending.append((payload, snapshot, kind, fields))

    def commit(self, now):
        """The step's records to the journal in one commit, then its events
        to the link: what the host has seen, the flash has. (Before the
        first `new` there is no game and nothing to journal.) A step with
        nothing to commit (a quiet one's, every second) makes no frame of
        _commit's 28 words, which would be a heap block."""
        if self.pending:
            self._commit(now)

    def _commit(self, now):
        pending = self.pending
        self.pending = []
        app = self.app
        j = app.journal
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
                j.note(p[2], p[3], p[0])  # what the faces still show, for the snapshots
                records.append(p[0] + SEP + p[1] if i == last else p[0])
            if not j.commit(records):
                # The flash cannot take the game in progress even with every
                # finished game dropped: the events still go to the host, the
                # unsaved mark keeps what a power-up must not forget (the
                # last number sent, the result), and the arbiter is told
                # (once, then every 100 commits lost).
                g = app.game
                j.mark_unsaved(g.seq, ev.encode(g.result_seq, g.t, ev.RESULT, g.result) if g.result else None)
                if j.failed == 1 or j.failed % 100 == 0:
                    g.emit(now, ev.POWER, "journal-full", j.failed)
                    app.board.signal("alert")
        scene = app.scene
        for payload, _, kind, fields in pending:
            app.link.send(payload)
            if scene is not None:
                scene.on_event(app.now, kind, fields)
            for k, signal in _SIGNALS:
                if k == kind:
                    app.board.signal(signal)
        if self.pending:
            self._commit(now)  # the alert of a full journal


def show(app, now):
    """The displays: the faces of the scene, or the board's two clock
    faces and a status line; returns what the board's show() returned."""
    if app.scene is not None:
        app.board.draw(app.scene, now)  # (every second: a frame of few words, off the heap)
        return None
    return _show_text(app, now)


def _show_text(app, now):
    board = app.board
    g = app.game
    if g.clock is None:
        return board.show("", "", "no game")
    line = ("", "set up", "", "")[g.phase]
    if g.result:
        line = "%s %s" % (g.result[0], g.result[1])
    elif g.alert:
        line = "ALERT"
    return board.show(g.clock.display(RED, now), g.clock.display(BLACK, now), line)


def check_battery(app, now):
    """Warns once when the battery runs low (the game is safe in the
    journal either way; the arbiter can swap the battery or the board)."""
    board = app.board
    mv = board.battery() if hasattr(board, "battery") else None
    if mv is None:
        return
    low = mv < board.LOW_BATTERY_MV
    if low and not app.battery_low:
        app.game.on_battery(now, mv)
        app.outbox.commit(now)
        board.signal("alert")
    app.battery_low = low
