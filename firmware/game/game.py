# The game layer: one ordered log of events, and the rulings a machine can
# make, each citing its article of the 2011 rules (docs/RULES.md).
#
# The game is a log (ARCHITECTURE, principle 1). Every decision is an event
# (kind and typed fields, declared in game/events.py), numbered and timed by
# emit(), applied to the derived state (position, counters, result) by
# apply() (game/applying.py), and handed to the sink, which writes it to the
# journal and the link. Recovery after a power cut applies the journal's
# events again (store/recovery.py); only the clock comes from its snapshot.
#
# This module holds the log and the inputs. The rulings by job are modules of
# their own, functions of a Game: game/timers.py (what time rules: the flag,
# 21.5, 20.1, snapshots), game/endings.py (how a game ends after a move, and
# the result), game/applying.py (the derived state), and the commands'
# modules (game/arbiter.py, claims.py, overrule.py, loaded for the command).
#
# Inputs, all with `now` (ms ticks, see ticks.py); the app calls:
#   on_move(now, move, at, cls)       a final move the recogniser proposes (5.7)
#   on_press(now, side)               a clock lever
#   on_touch(now, side, whose, point, article)
#   on_alert(now, what, put, clear, article, side), on_restored(now)
#   on_setup(now, what, *fields), on_power(now), on_battery(now, mv)
#   command(now, words, arbiter)      a host command (game/arbiter.py, claims.py)
#   tick(now)                         ~100 Hz: flag, lateness, snapshots
# `provisional` is set by the app to (move, at) while the recogniser holds a
# placed but not yet final move, for the flag ruling of 21.6.
import gc
from array import array

import ticks
from clock import clock as _clock
from game import cold
# (endings and timers before applying: loaded after it, the heap's blocks fall so that the
# unix port's 256k run of 8 games, tests/store/test_store_flash.py, found no 1,200 bytes free)
from game import endings, timers
from game import events as ev
from game import repetition, applying  # (in this order, as ever)
from game.config import Config
from game.phases import DRAW, IDLE, OVER, PLAYING, SETUP, CommandError, win_for  # noqa: F401
from game.timers import SNAPSHOT_MS
from xq import squares
from xq.pieces import BLACK, RED, index, other, side_name  # noqa: F401
from xq.position import BREACH, SUICIDE, Position

TYPE_CHECKING = False
if TYPE_CHECKING:
    from link.auth import Keyed


# (What of a Game the journal's snapshots carry: game/journaled.py. A field
# added here goes in one of its lists.)
class Game:
    def __init__(self, sink=None, config=None):
        # sink(seq, t, kind, fields, snap, payload): an event and/or a clock snapshot
        self.sink = sink
        self.head = bytearray(32)  # the events' hash chain's head (game/chain.py)
        self.chain_broken = 0  # the first replayed event that broke the chain
        self.key = None  # the arbiter's key (the App's): seals CONFIRM (art. 9)
        # with a key, the MAC of each event's chain word (link/auth.py)
        self.keyed: "Keyed | None" = None
        self.seq = 0
        self.t = 0  # board time of the last event, ms since the game was set up
        self._last_now = None
        self.config = config or Config()
        self.phase = IDLE
        self.position = Position()
        self.clock = None
        self.provisional: "tuple | None" = None  # (move, at) the app sets for 21.6
        self.reset_counters()

    def apply(self, kind, fields, now=None):
        """Updates the derived state for one event (game/applying.py): the
        same on the live path (emit) and on a power-up's replay (now None)."""
        applying.apply(self, kind, fields, now)

    def reset_counters(self):
        self.result = None  # (score, article, reason)
        self.verdict = None  # a pending result under the `report` policy
        self.fouls = [0, 0]  # 4.1.10: three lose
        self.breaches = [0, 0]  # 4.1.8 / 8.1.8
        self.empty_presses = [0, 0]  # 8.1.7 then 4.1.9
        self.offers = [0, 0]  # 22.1, 8.1.3
        self.open_offer = None  # the side whose draw offer stands
        self.false_claims = {}  # (side index, capture-free run) -> count: 4.1.11
        self.quiet_run = 0  # which capture-free run the game is in (captures so far)
        # (seq, side, article) of each foul counted (the arbiter may remove one)
        self.foul_log = []
        self.result_seq = 0  # the seq of the event that set the result
        self.started = False  # the clock was started (START)
        self.flagged = None  # (side, flag tick, seq of its result) of a flag just ruled: 21.6
        self.quota_unpressed = None  # (side, tick): a quota met by a move not pressed: 21.5
        self.confirmed = 0  # the seq of CONFIRM (art. 9): then the result can only be amended
        self.moved = [False, False]  # a move made this turn, not yet handed over
        self.pressed_between = None  # the side that pressed, its piece between points: 5.10
        self.checks = bytearray()  # per ply since the last capture: 1 if it gave check
        self.hashes = array("i")  # position hashes since the last capture (23.1)
        self.ruling = None  # a claimed repetition ruling in its grace (23.5.2)
        self.claimed = None  # its claim's ply (journaled: the ruling is found again from it)
        self.late_reported = False
        self.setup_ok = False  # the set-up confirmed by a person (sensors cannot tell pieces)
        self.limit_reported = False
        self.alert = None  # the standing alert's kind, until restored
        self.snap_at = 0  # the board time of the last clock snapshot (game/timers.py)

    # -- the log -------------------------------------------------------------

    def advance(self, now):
        """Moves board time on to `now` (called before anything happens; once
        an instant: its events find it done)."""
        # (now != _last_now: a compare, not ticks.diff's ~700 M0+ instructions)
        if self._last_now is not None and now != self._last_now:
            d = ticks.diff(now, self._last_now)
            if d > 0:
                self.t += d
        self._last_now = now

    def begin(self, now):
        """A new game's log: numbering and board time start again at `now`."""
        self.t = 0
        self._last_now = now
        self.seq = 0

    def emit(self, now, kind, *fields):
        """Numbers, times, applies and records one event (its fields as
        game/events.py declares them). An event that changes the clock
        carries the clock's state to the journal in the same record, so a
        power cut can never separate the two."""
        self.advance(now)
        self.seq += 1
        self.apply(kind, fields, now)
        snap = None
        if kind in ev.CLOCK_KINDS and self.clock is not None:
            snap = self._snap(now)
        # the event's text and its chain word
        payload = ev.seal(self.head, kind, ev.encode(self.seq, self.t, kind, fields), self.keyed)
        if self.sink:
            self.sink(self.seq, self.t, kind, fields, snap, payload)

    def snapshot(self, now):
        """The clock mark alone (no event; what a power cut loses), every
        SNAPSHOT_MS a clock runs (game/timers.py): snap (now, None)."""
        self.advance(now)
        if self.sink and self.clock is not None:
            self.snap_at = self.t
            self.sink(self.seq, self.t, None, None, (now, None), None)

    def _snap(self, now):
        # (tick, clock state): the tick lets recovery carry the clock's own
        # ticks into the new session's tick base.
        self.snap_at = self.t
        return now, self.clock.save()

    def resume_clock(self, now, snap, snap_t):
        """After a power-up's replay (store/recovery.py): the clock of the
        last snapshot (tick, clock state) or None, shifted into the ticks of
        `now`; board time at least that snapshot's, `snap_t`."""
        if snap is not None:
            self.clock = _clock.Clock.restore(snap[1], ticks.diff(now, snap[0]))
            self.t = max(self.t, snap_t)
        self._last_now = now

    def command(self, now, words, arbiter):
        """Runs a host command (a list of words): the arbiter's in
        game/arbiter.py, the players' offers and claims in game/claims.py,
        each loaded for the command. Returns the reply words; raises
        CommandError with the reason to refuse."""
        self.advance(now)
        name = words[0] if words else ""
        module = _COMMANDS.get(name)
        if module is None:
            raise CommandError("unknown command %r" % name)
        if not arbiter:
            raise CommandError("%s needs the arbiter's key" % name)
        seq = self.seq
        # A command's module loads into one block of the heap: collect first, so
        # the garbage of play does not leave that block split (commands are
        # rare; a collection costs a few ms).
        gc.collect()
        try:
            try:
                return cold.call(module, "run", self, now, name, words[1:]) or []
            except MemoryError:
                # No room to load the command: the repetition rulings (~20 KB,
                # kept once a position repeats) give way unless a claimed
                # ruling is in its grace (they load again when needed), and
                # the command runs again if it had done nothing yet.
                # Otherwise every command would be refused until a reboot.
                if self.ruling is None:
                    cold.drop(cold.RULINGS)
                gc.collect()
                if self.seq != seq:
                    raise
                return cold.call(module, "run", self, now, name, words[1:]) or []
        except MemoryError:
            gc.collect()
            raise CommandError("out of memory for that now: send it again")
        except ValueError as e:  # ConfigError and a bad number or side too
            if isinstance(e, CommandError):
                raise
            raise CommandError(str(e))
        except Exception as e:  # noqa: BLE001
            # Nothing the host sends may stop the board: a fault in a
            # command's code is refused with its name (and is a bug to fix;
            # the random-command test fails on it).
            raise CommandError("internal error in %s: %s %s" % (name, type(e).__name__, e))

    def penalty(self, now, side, ms):
        """22.2: time deducted (a flag it makes fall is ruled at once)."""
        r = self.clock.penalty(side, now, ms)
        self.emit(now, ev.PENALTY, side, ms, "22.2")
        if r & _clock.FLAG:
            self.flag_result(now, side)

    def tick_of(self, t, now):
        """The tick of board time t, given that board time self.t is `now`."""
        return ticks.add(now, t - self.t)

    # -- inputs ---------------------------------------------------------------

    def on_move(self, now, move, at, cls=None):
        """A move the recogniser made final (5.7); `at` is the tick of the
        placement that completed it (its instant for the record and 21.6);
        `cls` its class as the recogniser found it (Position.classify:
        LEGAL or SUICIDE), or None (21.6). The ply is made here, once, on
        the one Position (the recogniser's too): its capture and check are
        Position.push's facts; apply finds it made. Refused: not made."""
        self.advance(now)
        # the placement's board time (the MOVE's at=), found with the instant's
        at_t = self.t + ticks.diff(at, now)
        if self.phase != PLAYING and not timers.in_time_for_the_flag(self, at):  # 21.6
            return
        pos = self.position
        side = pos.side
        if cls is None:
            cls = pos.classify(move)
        name = squares.move_name(move)  # (the event's text: the journal's and the wire's)
        if cls == BREACH:
            # The recogniser reports breaches as alerts and never passes one
            # on as a move; should one come, it is a breach all the same.
            return self._breach(now, side, None, None, name)
        captured = pos.push(move)
        suicide = cls == SUICIDE
        self.emit(now, ev.MOVE, pos.ply, name, side, max(at_t, 0), "capture" if captured else None,
                  "check" if pos.check(pos.ply - 1) and not suicide else None,
                  "suicide" if suicide else None)
        endings.after_move(self, now, side, cls, at)  # 4.1.1-4.1.3, 21.6, 4.2.4, art. 23-26

    def on_press(self, now, side):
        """A press of `side`'s lever (the app has made any placed move final
        first, so `moved` tells whether this side moved this turn)."""
        self.advance(now)
        if self.phase != PLAYING or self.clock is None:
            return
        i = index(side)
        if self.alert is not None:
            # The board waits for the position to be restored; a press now
            # hands nothing over and is no foul (the alert is the report).
            # A piece between points (5.10; in the hand: presence cannot
            # tell) is a move made: its press hands over when it lands.
            between = self.alert == "between" and self.clock.running == side
            return self.emit(now, ev.NOPRESS, side,
                             "piece-between" if between else "alert-standing")
        if self.clock.state == _clock.RUNNING and self.clock.running == side and not self.moved[i]:
            # 8.1.7: pressing the clock without having moved; the clock
            # does not hand over. The second time loses (4.1.9).
            if self.empty_presses[i] >= 1:
                self.emit(now, ev.FOUL, side, "8.1.7", self.fouls[i] + 1, None)
                return self.decide(now, win_for(other(side)), "4.1.9",
                                   "second clock press without a move")
            return self.foul(now, side, "8.1.7")
        r = self.clock.press(side, now)
        if r & _clock.WRONG_SIDE:
            return self.emit(now, ev.NOPRESS, side, "not-running")
        if r & _clock.FLAG:
            return self.flag_result(now, side)
        if r & _clock.DONE:
            # a quota completed: the next stage's time added (6.2), by this press or
            # by its move (BOARD counting)
            stage = r & _clock.STAGE or self.quota_unpressed is not None
            self.emit(now, ev.PRESS, side, self.clock.remaining(RED, now),
                      self.clock.remaining(BLACK, now), "stage" if stage else None,
                      "6.2" if stage else None)

    def on_touch(self, now, side, whose, point, article):
        """A touch witnessed (whose: own, opp or duty-broken)."""
        if self.phase == PLAYING:
            self.emit(now, ev.TOUCH, side, whose, point, article)

    def on_alert(self, now, what, put, clear, article, side=None):
        """An alert from the recogniser: changes no legal move explains. The
        recogniser repeats a standing alert whenever its points change: that
        is the same alert, counted once."""
        if what == "breach" and side is not None:
            if self.phase == PLAYING and self.alert != "breach":
                return self._breach(now, side, put, clear, None)
            # the same breach, its points changed while being restored
            return self.emit(now, ev.ALERT, "breach", side, put, clear, None, None, "again")
        self.emit(now, ev.ALERT, what, put, clear, article or None)

    def on_restored(self, now):
        if self.alert is not None:
            self.emit(now, ev.RESTORED)

    def on_setup(self, now, what, *fields):
        """The set-up check: `wrong` (the points to put a piece on and to
        clear), `ready`, or `confirmed` (by whom): SETUP's variants."""
        self.emit(now, ev.SETUP, what, *fields)

    def on_power(self, now):
        """Back from a power cut: reported; a running clock waits paused for
        the arbiter (docs/STORE.md)."""
        clock = "clock<=%dms" % SNAPSHOT_MS if self.clock is not None else "noclock"
        self.emit(now, ev.POWER, "restored", self.seq, clock)
        if self.chain_broken:  # the journal was edited on the flash
            self.emit(now, ev.POWER, "chain", self.chain_broken)
        if self.phase == PLAYING and self.clock.state == _clock.RUNNING:
            self.emit(now, ev.PAUSE, "power", "resume-needs-arbiter")

    def on_battery(self, now, mv):
        self.emit(now, ev.BATTERY, "low", mv)

    def clock_running(self):
        """Whether a game is in play with its clock running."""
        clock = self.clock
        return self.phase == PLAYING and clock is not None and clock.state == _clock.RUNNING

    def _breach(self, now, side, put, clear, move):
        # A move that breaks the movement rules: national events lose at once
        # (4.1.8); provincial and junior events: the first is a foul (8.1.8),
        # the second loses (4.1.8).
        article = self._breach_article(side)
        self.emit(now, ev.ALERT, "breach", side, put, clear, move, article, None)
        if article == "4.1.8":
            self.decide(now, win_for(other(side)), "4.1.8",
                        "movement rules broken by " + side_name(side))
        else:
            self.foul(now, side, "8.1.8")

    def _breach_article(self, side):
        if self.config.level == "national" or self.breaches[index(side)] >= 1:
            return "4.1.8"
        return "8.1.8"

    def foul(self, now, side, article, period=None):
        """A foul (art. 8) counted and reported; 4.1.10: three lose."""
        i = index(side)
        self.emit(now, ev.FOUL, side, article, self.fouls[i] + 1, period)
        if self.fouls[i] >= 3:
            self.decide(now, win_for(other(side)), "4.1.10", "three fouls")

    # -- the rulings by job: functions of game/timers.py and game/endings.py,
    # bound as the Game's methods (the scan's g.tick(now) and g.due_in(now)
    # call the function itself, no frame between) ---------------------------

    tick = timers.tick  # ~100 Hz: the flag (4.1.6), 21.5, lateness (20.1), clock snapshots
    due_in = timers.due_in  # ms until tick() may have work, or None
    flag_result = timers.flag_result  # 4.1.6, with 21.6's move placed in time
    decide = endings.decide  # a result, applied (policy auto) or reported (report)
    natural_rounds = endings.natural_rounds  # 22.2's count for a claim of 4.2.4
    repetition_result = endings.repetition_result  # the result of a ruling of art. 23-26


# The commands Game.command() runs (all need the arbiter's key; the app
# answers hello, since and status itself): name -> the module that has it.
_ARBITER = cold.ARBITER
_CLAIMS = cold.CLAIMS
_COMMANDS = {
    "new": _ARBITER, "setup": _ARBITER, "start": _ARBITER, "pause": _ARBITER, "resume": _ARBITER,
    "adjust": _ARBITER, "penalty": _ARBITER, "result": _ARBITER, "resign": _ARBITER,
    "forfeit": _ARBITER, "correct": _ARBITER, "confirm": _ARBITER,
    "annul": _ARBITER, "foul": _ARBITER, "unfoul": _ARBITER,
    "offer": _CLAIMS, "accept": _CLAIMS, "claim": _CLAIMS,
}
