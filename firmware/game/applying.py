# Applying events to the game's derived state (position, counters, result):
# pure bookkeeping, the same on the live path (Game.emit) and when the
# journal is replayed after a power cut (store/recovery.py). Each handler takes
# the event's typed fields, as game/events.py declares them; `now` is the
# tick of a live event, None on replay (the clock then comes from the
# journal's snapshot).
from array import array

import ticks

from clock import clock as _clock
from clock.control import parse as parse_control
from game import events as ev
from game.config import FIELDS, Config, ConfigError
from game.phases import OVER, PLAYING, SETUP
from xq import squares
from xq.pieces import index, other
from xq.position import Position

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_FALSE_CLAIM = "8.1.4"


class Applying:
    """The event handlers of Game (a mixin: Game holds the state)."""

    # What of Game's state and methods the handlers use, declared for the
    # type checker (annotations only: nothing at run time).
    seq: "int"
    moved: "list"
    fouls: "list"
    empty_presses: "list"
    breaches: "list"
    offers: "list"
    false_claims: "dict"
    foul_log: "list"
    reset_counters: "Any"
    tick_of: "Any"

    def apply(self, kind, fields, now=None):
        """Updates the derived state for one event."""
        f = _APPLY.get(kind)
        if f:
            f(self, now, *fields)

    def _a_game(self, now, what, *settings):
        self.config = config_of(*settings)  # the settings in config.FIELDS order
        self.position = Position(self.config.fen, history=128)  # grows for long games
        self.clock = self.new_clock()
        self.reset_counters()
        self.hashes.append(self.position.hash)  # the start counts as an occurrence
        self.phase = SETUP

    def new_clock(self):
        """The clock of the game's settings, as a GAME event makes it (a
        power-up from a snapshot taken before any clock event too)."""
        return _clock.Clock(parse_control(self.config.tc), _clock.BOARD, late_ms=self.config.late * 60000)

    def _a_setup(self, now, what, *fields):
        if what == "confirmed":
            self.setup_ok = True

    def _a_start(self, now, side, article):
        self.phase = PLAYING
        self.started = True
        if now is not None and self.clock.state == _clock.READY:
            self.clock.start(now, self.position.side)

    def _a_move(self, now, ply, move, side, at, capture, check, suicide):
        captured = self.position.push(squares.parse_move(move))
        if captured:
            self.quiet_run += 1
            self.checks = bytearray()
            self.hashes = array("i")  # a capture ends every cycle (23.2)
        else:
            self.checks.append(1 if check else 0)
        self.hashes.append(self.position.hash)
        self.moved[index(side)] = True
        if self.open_offer == other(side):
            self.open_offer = None  # a move answers the opponent's draw offer (22.1)
        if now is not None and self.clock is not None:
            ran = self.clock.running == side and self.clock.state == _clock.RUNNING
            left = self.clock.remaining(side, now) if ran else 0
            r = self.clock.move_made(side, self.tick_of(at, now))
            if r & _clock.STAGE and ran:
                # 6.2 met by a move not yet pressed: the board credits it
                # (it sees moves), and if no press comes by the instant the
                # old stage's time runs out, that flag is the arbiter's to
                # rule (21.5); Game.tick reports it.
                self.quota_unpressed = (side, ticks.add(now, left))

    def _a_press(self, now, side, red_ms, black_ms, stage, article):
        self.moved[index(side)] = False
        self.quota_unpressed = None

    def _a_foul(self, now, side, article, fouls, period):
        self._count_foul(side, article, 1)
        self.foul_log.append((self.seq, side, article))

    def _count_foul(self, side, article, n):
        # n = 1: a foul counted; -1: one the arbiter removed
        i = index(side)
        self.fouls[i] += n
        if article == "8.1.7":
            self.empty_presses[i] += n
        elif article == "8.1.8":
            self.breaches[i] += n
        elif article == _FALSE_CLAIM:
            # 4.1.11: false claims count within one capture-free run
            key = (i, self.quiet_run)
            self.false_claims[key] = self.false_claims.get(key, 0) + n

    def _a_overrule(self, now, what, *fields):
        # The arbiter's overrule (game/overrule.py).
        if what == "annul":
            # play reopens; the clocks wait paused as they stood (or as adjusted)
            self.result = None
            self.result_seq = 0
            self.phase = PLAYING if self.started else SETUP  # a forfeit before the start: the set-up again
            if now is not None and self.clock is not None and self.clock.state in (_clock.STOPPED, _clock.FLAGGED):
                self.clock.state = _clock.PAUSED  # resume() runs them again
        elif what == "result":
            score, replaces, by, article, reason = fields
            self._a_result(now, score, article, reason)
        elif what == "foul":
            side, replaces, by, article = fields
            self._count_foul(side, article, 1)
            self.foul_log.append((self.seq, side, article))
        else:  # unfoul
            side, replaces, by, article = fields
            entry = self.foul_entry(replaces)
            if entry is not None:
                self.foul_log.remove(entry)
                self._count_foul(side, article, -1)

    def foul_entry(self, seq):
        """(seq, side, article) of the foul counted by event `seq`, or None."""
        for entry in self.foul_log:
            if entry[0] == seq:
                return entry
        return None

    def _a_confirm(self, now, *fields):
        self.confirmed = self.seq

    def _a_alert(self, now, what, *fields):
        self.alert = what
        if what == "breach" and self.phase == PLAYING:
            side, put, clear, move, article, again = fields
            if article == "4.1.8":  # a breach that loses counts too
                self.breaches[index(side)] += 1

    def _a_restored(self, now):
        self.alert = None

    def _a_result(self, now, score, article, reason):
        self.result = (score, article, reason)
        self.result_seq = self.seq
        self.ruling = None  # no grace runs in a finished game (23.5.2); the rulings may go
        self.verdict = None
        self.phase = OVER
        if now is not None and self.clock is not None and self.clock.state != _clock.STOPPED:
            self.clock.stop(now)

    def _a_verdict(self, now, score, article, reason):
        self.verdict = (score, article, reason)

    def _a_offer(self, now, side, n, article):
        self.offers[index(side)] += 1
        self.open_offer = side

    def _a_late(self, now, red, black, article):
        self.late_reported = True

    def _a_limit(self, now, what, rounds, article):
        self.limit_reported = True

    def _a_correct(self, now, fen, article):
        # 5.8.2 「恢复到错误前的局面重走」: back to the position before ply
        # k + 1, the moves, the natural-limit count and the repetition
        # history cut back to it; the current position (no move undone):
        # all three kept; any other position: the game goes on from it.
        k = self.ply_of(fen)
        if k == self.position.ply:
            return
        if k is None:
            self.position = Position(fen)
        else:
            while self.position.ply > k:
                self.position.pop()
        self._recount()

    def ply_of(self, fen):
        """The ply k at which the game's position was `fen` (board and side
        to move; the latest such), or None."""
        want = Position(fen).fen().split()[:2]
        pos = self.position
        undone = []
        found = None
        while found is None:
            if pos.fen().split()[:2] == want:
                found = pos.ply
            elif pos.ply == 0:
                break
            else:
                undone.append(pos.move_at(pos.ply - 1))
                pos.pop()
        while undone:
            pos.push(undone.pop())
        return found

    def _recount(self):
        # The natural-limit count (checks per quiet ply) and the repetition
        # history of the capture-free run that leads to the position.
        pos = self.position
        quiet = pos.quiet if pos.quiet < pos.ply else pos.ply
        undone = []
        for _ in range(quiet):
            undone.append(pos.move_at(pos.ply - 1))
            pos.pop()
        self.checks = bytearray()
        self.hashes = array("i")
        self.hashes.append(pos.hash)
        while undone:
            pos.push(undone.pop())
            self.checks.append(1 if pos.in_check() else 0)
            self.hashes.append(pos.hash)
        if len(self.checks) // 2 < self.config.limit:
            self.limit_reported = False

    def _a_pause(self, now, by, why):
        if now is not None and self.clock is not None:
            self.clock.pause(now)

    def _a_resume(self, now, by):
        if now is not None and self.clock is not None:
            self.clock.resume(now)


def config_of(*values):
    """The Config of a GAME event's settings (in config.FIELDS order); a
    setting the event lacks keeps its default."""
    c = Config()
    for i in range(len(FIELDS)):
        if values[i] is not None:
            try:
                c.set(FIELDS[i], values[i])
            except ConfigError:
                pass  # a log from a newer board: keep the default
    return c


_APPLY = {
    ev.GAME: Applying._a_game,
    ev.SETUP: Applying._a_setup,
    ev.START: Applying._a_start,
    ev.MOVE: Applying._a_move,
    ev.PRESS: Applying._a_press,
    ev.FOUL: Applying._a_foul,
    ev.ALERT: Applying._a_alert,
    ev.RESTORED: Applying._a_restored,
    ev.RESULT: Applying._a_result,
    ev.VERDICT: Applying._a_verdict,
    ev.OFFER: Applying._a_offer,
    ev.LATE: Applying._a_late,
    ev.LIMIT: Applying._a_limit,
    ev.CORRECT: Applying._a_correct,
    ev.PAUSE: Applying._a_pause,
    ev.RESUME: Applying._a_resume,
    ev.OVERRULE: Applying._a_overrule,
    ev.CONFIRM: Applying._a_confirm,
}
