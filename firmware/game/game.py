# The game layer: one ordered log of events, and the rulings a machine can
# make, each citing its article of the 2011 rules (docs/RULES.md).
#
# The game is a log (ARCHITECTURE, principle 1). Every decision is an event
# `KIND arg...`, numbered and timed by emit(), written to the journal and
# the link by the sinks, and applied to the derived state (position,
# counters, result) by apply(). Recovery after a power cut applies the
# journal's events again; only the clock comes from its snapshot.
#
# Inputs, all with `now` (ms ticks, see ticks.py); the app calls:
#   on_move(now, move, at, suicide)   a final move from the recogniser (5.7)
#   on_press(now, side)               a clock lever
#   on_touch(now, side, whose, point, article)
#   on_alert(now, kind, points, article), on_restored(now)
#   command(now, words, arbiter)      a host command (arbiter: MAC checked)
#   tick(now)                         ~100 Hz: flag, lateness, snapshots
# `provisional` is set by the app to (move, at) while the recogniser holds a
# placed but not yet final move, for the flag ruling of 21.6.
from array import array

from micropython import const

import ticks
from clock import clock as _clock
from clock.control import parse as parse_control
from game.config import Config, ConfigError, parse as parse_config
from xq import squares
from xq.position import BREACH, LEGAL, MATED, STALEMATED, SUICIDE, Position

RED = const(0)
BLACK = const(8)
SIDE_NAMES = ("red", "black")

# Phases of a game.
IDLE = const(0)  # no game set up
SETUP = const(1)  # waiting for the set-up to be verified and the clock started
PLAYING = const(2)
OVER = const(3)  # a result stands

SNAPSHOT_MS = const(5000)  # clock snapshot period while a clock runs (store bound)

# Events after which the journal record carries the clock's state.
_CLOCK_KINDS = ("START", "MOVE", "PRESS", "PAUSE", "RESUME", "ADJUST", "PENALTY", "FLAG", "RESULT")


def side_name(side):
    return SIDE_NAMES[side >> 3]


def side_of(name):
    if name == "red":
        return RED
    if name == "black":
        return BLACK
    raise ValueError("side %r: red or black" % name)


def win_for(side):
    return "1-0" if side == RED else "0-1"


class CommandError(ValueError):
    """A command refused, with the reason sent back to the host."""


class Game:
    def __init__(self, sink=None, config=None):
        self.sink = sink  # sink(event payload or None, clock snapshot or None)
        self.seq = 0
        self.t = 0  # board time of the last event, ms since the game was set up
        self._last_now = None
        self.config = config or Config()
        self.phase = IDLE
        self.position = Position()
        self.clock = None
        self.provisional = None
        self._reset_counters()

    def _reset_counters(self):
        self.result = None  # (score, article, reason)
        self.verdict = None  # a pending result under the `report` policy
        self.fouls = [0, 0]  # 4.1.10: three lose
        self.breaches = [0, 0]  # 4.1.8 / 8.1.8
        self.empty_presses = [0, 0]  # 8.1.7 then 4.1.9
        self.offers = [0, 0]  # 22.1, 8.1.3
        self.open_offer = None  # the side whose draw offer stands
        self.false_claims = {}  # (side, clock period) -> count: 4.1.11
        self.moved = [False, False]  # a move made this turn, not yet handed over
        self.checks = bytearray()  # per ply since the last capture: 1 if it gave check
        self.hashes = array("i")  # position hashes since the last capture (23.1)
        self.ruling = None  # a claimed repetition ruling in its grace (23.5.2)
        self.late_reported = False
        self.setup_ok = False  # the set-up confirmed by a person (sensors cannot tell pieces)
        self.limit_reported = False
        self.alert = None  # the standing alert's kind, until restored
        self._snap_at = 0

    # -- the log -------------------------------------------------------------

    def advance(self, now):
        """Moves board time on to `now` (called before anything happens)."""
        if self._last_now is not None:
            d = ticks.diff(now, self._last_now)
            if d > 0:
                self.t += d
        self._last_now = now

    def emit(self, now, kind, *args):
        """Numbers, times, applies and records one event. An event that
        changes the clock carries the clock's state to the journal in the
        same record, so a power cut can never separate the two."""
        self.advance(now)
        self.seq += 1
        payload = "E %d %d %s" % (self.seq, self.t, kind)
        if args:
            payload += " " + " ".join(str(a) for a in args)
        self.apply(kind, args, now)
        snap = None
        if kind in _CLOCK_KINDS and self.clock is not None:
            snap = self._snap_text(now)
        if self.sink:
            self.sink(payload, snap)
        return payload

    def snapshot(self, now):
        """A clock snapshot for the journal alone (not an event): taken every
        SNAPSHOT_MS while a clock runs, which bounds what a power cut loses."""
        self.advance(now)
        if self.sink and self.clock is not None:
            self.sink(None, self._snap_text(now))

    def _snap_text(self, now):
        # S <seq> <board time> <tick> <clock>: the tick lets recovery carry
        # the clock's own ticks into the new session's tick base.
        self._snap_at = self.t
        return "S %d %d %d %s" % (self.seq, self.t, now, self.clock.save())

    # -- applying events (live and on recovery) -------------------------------

    def apply(self, kind, args, now=None):
        """Updates the derived state for one event. Pure bookkeeping: the
        same on the live path and when the journal is replayed."""
        f = _APPLY.get(kind)
        if f:
            f(self, args, now)

    def _a_game(self, args, now):
        self.config = parse_config(args[1:])
        self.position = Position(self.config.fen, history=128)  # grows for long games
        self.clock = _clock.Clock(parse_control(self.config.tc), _clock.BOARD,
                                  late_ms=self.config.late * 60000)
        self._reset_counters()
        self.hashes.append(self.position.hash)  # the start counts as an occurrence
        self.phase = SETUP

    def _a_setup(self, args, now):
        if args and args[0] == "confirmed":
            self.setup_ok = True

    def _a_start(self, args, now):
        self.phase = PLAYING
        if now is not None and self.clock.state == _clock.READY:
            self.clock.start(now, self.position.side)

    def _a_move(self, args, now):
        m = squares.parse_move(args[1])
        side = side_of(args[2])
        captured = self.position.push(m)
        if captured:
            self.checks = bytearray()
            self.hashes = array("i")  # a capture ends every cycle (23.2)
        else:
            self.checks.append(1 if "check" in args else 0)
        self.hashes.append(self.position.hash)
        self.moved[side >> 3] = True
        self.open_offer = None if self.open_offer == side ^ BLACK else self.open_offer
        if now is not None:
            self.clock.move_made(side, self._tick_of(int(args[3][3:]), now))

    def _a_press(self, args, now):
        self.moved[side_of(args[0]) >> 3] = False

    def _a_foul(self, args, now):
        i = side_of(args[0]) >> 3
        self.fouls[i] += 1
        if args[1] == "8.1.7":
            self.empty_presses[i] += 1
        elif args[1] == "8.1.8":
            self.breaches[i] += 1
        elif args[1] == "8.1.4":
            key = (i, int(args[3][7:]))
            self.false_claims[key] = self.false_claims.get(key, 0) + 1

    def _a_alert(self, args, now):
        self.alert = args[0]
        if args[0] == "breach" and self.phase == PLAYING:
            i = side_of(args[1]) >> 3
            if args[-1] == "4.1.8":  # a breach that loses counts too
                self.breaches[i] += 1

    def _a_restored(self, args, now):
        self.alert = None

    def _a_result(self, args, now):
        self.result = (args[0], args[1], " ".join(args[2:]))
        self.verdict = None
        self.phase = OVER
        if now is not None and self.clock is not None and self.clock.state != _clock.STOPPED:
            self.clock.stop(now)

    def _a_verdict(self, args, now):
        self.verdict = (args[0], args[1], " ".join(args[2:]))

    def _a_offer(self, args, now):
        side = side_of(args[0])
        self.offers[side >> 3] += 1
        self.open_offer = side

    def _a_late(self, args, now):
        self.late_reported = True

    def _a_limit(self, args, now):
        self.limit_reported = True

    def _a_correct(self, args, now):
        self.position = Position(args[0].replace("_", " "))
        self.checks = bytearray()
        self.hashes = array("i")
        self.hashes.append(self.position.hash)

    def _a_pause(self, args, now):
        if now is not None and self.clock is not None:
            self.clock.pause(now)

    def _a_resume(self, args, now):
        if now is not None and self.clock is not None:
            self.clock.resume(now)

    def _tick_of(self, t, now):
        # The tick of board time t, given that board time self.t is `now`.
        return ticks.add(now, t - self.t)

    # -- inputs ---------------------------------------------------------------

    def on_move(self, now, move, at, suicide=False):
        """A move the recogniser made final (5.7); `at` is the tick of the
        placement that completed it (its instant for the record and 21.6)."""
        self.advance(now)
        if self.phase != PLAYING:
            return
        pos = self.position
        side = pos.side
        kind = pos.classify(move)
        if kind == BREACH:
            # The recogniser reports breaches as alerts and never passes one
            # on as a move; should one come, it is a breach all the same.
            return self._breach(now, side, ["move=" + squares.move_name(move)])
        at_t = self.t + ticks.diff(at, now) if self._last_now is not None else self.t
        words = [pos.ply + 1, squares.move_name(move), side_name(side), "at=%d" % max(at_t, 0)]
        if pos.piece_at(move & 255):
            words.append("capture")
        pos.push(move)
        check = pos.in_check()
        mover_exposed = pos.in_check(side)
        pos.pop()
        if check and not mover_exposed:
            words.append("check")
        if kind == SUICIDE:
            words.append("suicide")
        self.emit(now, "MOVE", *words)
        self._after_move(now, side, kind, at)

    def _after_move(self, now, side, kind, at):
        if kind == SUICIDE:
            # 4.1.3: a suicide loses once the move is final.
            return self._decide(now, win_for(side ^ BLACK), "4.1.3", "suicide by " + side_name(side))
        flag = self.clock.flag_at(side)
        if flag != _clock.NONE and ticks.diff(at, flag) >= 0:
            # 21.6: the move came at or after the flag: the flag stands
            # (a move at the very instant is too late, as for the clock).
            return self._flag_result(now, side)
        state = self.position.status()
        if state == MATED:
            return self._decide(now, win_for(side), "4.1.1", "mate")
        if state == STALEMATED:
            return self._decide(now, win_for(side), "4.1.2", "stalemate")
        self._check_natural_limit(now)
        self._check_repetition(now)

    # -- repetition (art. 23-26; the rulings are in xq/rulings/) --------------

    def _occurrences(self):
        h = self.position.hash
        n = 0
        for x in self.hashes:
            if x == h:
                n += 1
        return n

    def _check_repetition(self, now):
        # Cheap on every move: the rulings are loaded only when a position
        # occurs a third time or a claimed ruling is in its grace.
        if self.ruling is not None or self._occurrences() == 3:
            try:
                self._repetition_after_move(now)
            except MemoryError:
                # The rulings load ~20 KB at this moment: after a collection
                # there is room, or the announcement says it could not rule,
                # but a move already made is never disturbed by it.
                import gc

                gc.collect()
                try:
                    self._repetition_after_move(now)
                except MemoryError:
                    self.emit(now, "REPETITION", "unruled", "no-memory", "23.1")

    def _repetition_after_move(self, now):
        from game import repetition

        repetition.after_move(self, now)

    def _repetition_result(self, now, r, effect):
        if effect == "4.2.3":
            return self._decide(now, "1/2-1/2", "4.2.3", "repetition ruled a draw")
        # 4.1.4 one-sided perpetual check (23.5.1); 4.1.5 a forbidden repetition not varied
        return self._decide(now, win_for(r.side ^ BLACK), effect, "repetition " + r.verdict.replace(" ", "-"))

    def on_press(self, now, side):
        """A press of `side`'s lever (the app has made any placed move final
        first, so `moved` tells whether this side moved this turn)."""
        self.advance(now)
        if self.phase != PLAYING or self.clock is None:
            return
        i = side >> 3
        if self.alert is not None:
            # The board waits for the position to be restored; a press now
            # hands nothing over and is no foul (the alert is the report).
            self.emit(now, "NOPRESS", side_name(side), "alert-standing")
            return
        if self.clock.state == _clock.RUNNING and self.clock.running == side and not self.moved[i]:
            # 8.1.7: pressing the clock without having moved; the clock
            # does not hand over. The second time loses (4.1.9).
            if self.empty_presses[i] >= 1:
                self.emit(now, "FOUL", side_name(side), "8.1.7", "fouls=%d" % (self.fouls[i] + 1))
                return self._decide(now, win_for(side ^ BLACK), "4.1.9", "second clock press without a move")
            self._foul(now, side, "8.1.7")
            return
        r = self.clock.press(side, now)
        if r & _clock.WRONG_SIDE:
            self.emit(now, "NOPRESS", side_name(side), "not-running")
            return
        if r & _clock.FLAG:
            return self._flag_result(now, side)
        if r & _clock.DONE:
            words = [side_name(side), self.clock.remaining(RED, now), self.clock.remaining(BLACK, now)]
            if r & _clock.STAGE:
                words.append("stage 6.2")  # a quota completed: the next stage's time added
            self.emit(now, "PRESS", *words)

    def on_touch(self, now, side, whose, point, article):
        if self.phase == PLAYING:
            self.emit(now, "TOUCH", side_name(side), whose, point, article)

    def on_alert(self, now, kind, points, article, side=None):
        """An alert from the recogniser: changes no legal move explains. The
        recogniser repeats a standing alert whenever its points change: that
        is the same alert, counted once."""
        if kind == "breach" and side is not None:
            if self.phase == PLAYING and self.alert != "breach":
                return self._breach(now, side, points)
            # the same breach, its points changed while being restored
            return self.emit(now, "ALERT", "breach", side_name(side), *(list(points) + ["again"]))
        self.emit(now, "ALERT", kind, *(list(points) + ([article] if article else [])))

    def on_restored(self, now):
        if self.alert is not None:
            self.emit(now, "RESTORED")

    def _breach(self, now, side, points):
        # A move that breaks the movement rules: national events lose at once
        # (4.1.8); provincial and junior events: the first is a foul (8.1.8),
        # the second loses (4.1.8).
        article = self._breach_article(side)
        self.emit(now, "ALERT", "breach", side_name(side), *(list(points) + [article]))
        if article == "4.1.8":
            self._decide(now, win_for(side ^ BLACK), "4.1.8", "movement rules broken by " + side_name(side))
        else:
            self._foul(now, side, "8.1.8")

    def _breach_article(self, side):
        if self.config.level == "national" or self.breaches[side >> 3] >= 1:
            return "4.1.8"
        return "8.1.8"

    def _foul(self, now, side, article, *extra):
        i = side >> 3
        self.emit(now, "FOUL", side_name(side), article, "fouls=%d" % (self.fouls[i] + 1), *extra)
        if self.fouls[i] >= 3:
            # 4.1.10: three fouls lose.
            self._decide(now, win_for(side ^ BLACK), "4.1.10", "three fouls")

    def tick(self, now):
        """~100 Hz: the clock's flag, lateness (20.1), clock snapshots."""
        self.advance(now)
        if self.phase != PLAYING or self.clock is None:
            return
        side = self.clock.update(now)
        if side != _clock.NONE:
            self._flag_result(now, side)
            return
        late = self.clock.late(now)
        if late and not self.late_reported:
            # 20.1: reported; the arbiter rules the forfeit (4.1.7, 20.2).
            self.emit(now, "LATE", " ".join(side_name(s) for s in late), "20.1")
        if self.clock.state == _clock.RUNNING and self.t - self._snap_at >= SNAPSHOT_MS:
            self.snapshot(now)

    def _flag_result(self, now, side):
        if self.phase != PLAYING:
            return
        flag = self.clock.flag_at(side)
        flag_t = self.t + ticks.diff(flag, now) if flag != _clock.NONE else self.t
        self.emit(now, "FLAG", side_name(side), "at=%d" % flag_t, "4.1.6")
        p = self.provisional
        if p is not None and self.position.side == side and ticks.diff(p[1], flag) < 0:
            # 21.6: a move placed before the flag that mates or stalemates
            # stands: the move is made final now and decides the game.
            self.provisional = None
            self.on_move(now, p[0], p[1])
            if self.phase == OVER or self.verdict:
                return
        quota = self.clock.moves_left(side) > 0
        reason = "quota missed 6.2" if quota else "time"
        self._decide(now, win_for(side ^ BLACK), "4.1.6", reason + " " + side_name(side))

    # -- results -------------------------------------------------------------

    def _decide(self, now, score, article, reason):
        """A result: applied at once under the `auto` policy, reported for
        the arbiter under `report`."""
        words = [score, article] + reason.split()
        if self.config.policy == "auto":
            self.emit(now, "RESULT", *words)
        else:
            self.emit(now, "VERDICT", *words)

    def _check_natural_limit(self, now):
        # 4.2.4: announce when the natural limit is reached; rule on a claim.
        rounds = len(self.checks) // 2
        if rounds >= self.config.limit and not self.limit_reported:
            self.emit(now, "LIMIT", "natural", "rounds=%d" % rounds, "4.2.4")

    def natural_rounds(self, claimant):
        """22.2: rounds without a capture as counted for `claimant`: at most
        10 of the claimant's checking moves count."""
        i = claimant >> 3
        plies = len(self.checks)
        # ply k of the quiet run was made by the side to move then
        first = self.position.side ^ (BLACK if plies % 2 else 0)
        checks = 0
        for k in range(plies):
            mover = first if k % 2 == 0 else first ^ BLACK
            if mover >> 3 == i and self.checks[k]:
                checks += 1
        excess = checks - 10 if checks > 10 else 0
        return (plies - excess) // 2

    # -- commands --------------------------------------------------------------

    def command(self, now, words, arbiter):
        """Runs a host command (a list of words). Returns the reply words for
        an acknowledgement; raises CommandError with the reason to refuse."""
        self.advance(now)
        if not words:
            raise CommandError("empty command")
        name = words[0]
        spec = _COMMANDS.get(name)
        if spec is None:
            raise CommandError("unknown command %r" % name)
        needs_key, handler = spec
        if needs_key and not arbiter:
            raise CommandError("%s needs the arbiter's key" % name)
        try:
            return handler(self, now, words[1:]) or []
        except MemoryError:
            import gc

            gc.collect()
            raise CommandError("out of memory for that now: send it again")
        except (ValueError, ConfigError) as e:
            if isinstance(e, CommandError):
                raise
            raise CommandError(str(e))

    def _need(self, phase_ok, what):
        if not phase_ok:
            raise CommandError(what)

    def _c_new(self, now, args):
        cfg = parse_config(args)
        Position(cfg.fen)  # refuse a bad FEN before anything changes
        parse_control(cfg.tc)
        if self.phase == PLAYING:
            raise CommandError("a game is in progress: end it first (result)")
        self.t = 0
        self._last_now = now
        self.seq = 0
        self.emit(now, "GAME", "new", *cfg.words())
        return ["game"]

    def _c_setup(self, now, args):
        self._need(self.phase == SETUP, "no game waiting for its set-up")
        who = args[0] if args else "arbiter"
        self.emit(now, "SETUP", "confirmed", "by=%s" % who)

    def _c_start(self, now, args):
        # 20.1: the clock of the side to move runs from the round's start.
        self._need(self.phase == SETUP, "no game waiting to start")
        self.emit(now, "START", side_name(self.position.side), "20.1")

    def _c_pause(self, now, args):
        # 8.1.2: only the arbiter stops the clock.
        self._need(self.phase == PLAYING and self.clock.state == _clock.RUNNING, "the clock is not running")
        self.emit(now, "PAUSE", "arbiter", "8.1.2")

    def _c_resume(self, now, args):
        self._need(self.phase == PLAYING and self.clock.state == _clock.PAUSED, "the clock is not paused")
        self.emit(now, "RESUME", "arbiter")

    def _c_adjust(self, now, args):
        # 21.4, 21.5: the arbiter sets a side's time (and move count).
        self._need(self.clock is not None and self.phase in (SETUP, PLAYING), "no clock to adjust")
        side = side_of(args[0])
        ms = int(args[1])
        moves = int(args[2][6:]) if len(args) > 2 and args[2].startswith("moves=") else None
        self.clock.adjust(side, now, ms, moves)
        self.emit(now, "ADJUST", args[0], ms, "moves=%s" % ("-" if moves is None else moves), "21.4")

    def _c_penalty(self, now, args):
        # 22.2: 5 minutes unless the arbiter says otherwise.
        self._need(self.phase == PLAYING, "no game in progress")
        side = side_of(args[0])
        ms = int(args[1]) if len(args) > 1 else self.clock.penalty_ms
        self._penalty(now, side, ms)

    def _penalty(self, now, side, ms):
        r = self.clock.penalty(side, now, ms)
        self.emit(now, "PENALTY", side_name(side), ms, "22.2")
        if r & _clock.FLAG:
            self._flag_result(now, side)

    def _c_result(self, now, args):
        # The arbiter's result (also confirms a verdict under `report`).
        self._need(self.phase in (SETUP, PLAYING), "no game in progress")
        if not args:
            if not self.verdict:
                raise CommandError("no verdict to confirm: give the score and article")
            args = [self.verdict[0], self.verdict[1]] + self.verdict[2].split()
        if args[0] not in ("1-0", "0-1", "1/2-1/2", "0-0"):
            raise CommandError("score %r: 1-0, 0-1, 1/2-1/2 or 0-0" % args[0])
        if len(args) < 2:
            raise CommandError("give the article the result applies")
        self.emit(now, "RESULT", *(args + ["arbiter"]))

    def _c_resign(self, now, args):
        # 4.1.12
        self._need(self.phase == PLAYING, "no game in progress")
        side = side_of(args[0])
        self.emit(now, "RESULT", win_for(side ^ BLACK), "4.1.12", "resigned", side_name(side))

    def _c_forfeit(self, now, args):
        # 4.1.7 and 20.2: the arbiter confirms a late side's forfeit.
        self._need(self.phase in (SETUP, PLAYING), "no game in progress")
        if args == ["both"]:
            self.emit(now, "RESULT", "0-0", "20.2", "both", "late")
            return
        side = side_of(args[0])
        self.emit(now, "RESULT", win_for(side ^ BLACK), "4.1.7", "late", side_name(side))

    def _c_offer(self, now, args):
        # 22.1: a draw is offered on one's own time and cannot be withdrawn;
        # the offer that puts a side two ahead of the other is a foul (8.1.3).
        self._need(self.phase == PLAYING, "no game in progress")
        side = side_of(args[0])
        if self.clock.running != side:
            raise CommandError("22.1: a draw is offered on one's own time")
        i = side >> 3
        self.emit(now, "OFFER", side_name(side), "n=%d" % (self.offers[i] + 1), "22.1")
        if self.offers[i] - self.offers[i ^ 1] >= 2:
            self._foul(now, side, "8.1.3")

    def _c_accept(self, now, args):
        # 4.2.1: a draw agreed.
        self._need(self.phase == PLAYING, "no game in progress")
        side = side_of(args[0])
        if self.open_offer != side ^ BLACK:
            raise CommandError("no draw offer of the opponent stands")
        self.emit(now, "RESULT", "1/2-1/2", "4.2.1", "agreed")

    def _c_claim(self, now, args):
        self._need(self.phase == PLAYING, "no game in progress")
        side = side_of(args[0])
        what = args[1] if len(args) > 1 else ""
        if what == "natural":
            return self._claim_natural(now, side)
        if what == "repetition":
            from game import repetition

            return repetition.claim(self, now, side)
        raise CommandError("claim what? natural or repetition")

    def _claim_natural(self, now, side):
        # 4.2.4 with the counting of 22.2.
        rounds = self.natural_rounds(side)
        self.emit(now, "CLAIM", side_name(side), "natural", "rounds=%d" % rounds, "4.2.4")
        if rounds >= self.config.limit:
            return self._decide(now, "1/2-1/2", "4.2.4", "natural limit")
        # A false claim: a foul that costs 5 minutes (22.2, 8.1.4); the second
        # false claim in the same period loses (4.1.11).
        period = self.clock.stage(side)
        n = self.false_claims.get((side >> 3, period), 0)
        self._foul(now, side, "8.1.4", "period=%d" % period)
        if self.phase != PLAYING:
            return
        if n >= 1:
            return self._decide(now, win_for(side ^ BLACK), "4.1.11", "second false claim")
        self._penalty(now, side, self.clock.penalty_ms)

    def _c_correct(self, now, args):
        # 5.8: the arbiter restores the position (as a FEN, `_` for spaces).
        self._need(self.phase in (SETUP, PLAYING), "no game in progress")
        fen = " ".join(args).replace("_", " ")
        Position(fen)
        self.emit(now, "CORRECT", fen.replace(" ", "_"), "5.8")

    def _c_confirm(self, now, args):
        # Art. 9: the result, the time used by each side and the fouls.
        self._need(self.phase == OVER, "no result to confirm")
        self.emit(now, "CONFIRM", self.result[0], self.result[1],
                  "red_used=%d" % self.clock.used(RED, now), "black_used=%d" % self.clock.used(BLACK, now),
                  "fouls=%d/%d" % (self.fouls[0], self.fouls[1]), "9")


_APPLY = {
    "GAME": Game._a_game,
    "SETUP": Game._a_setup,
    "START": Game._a_start,
    "MOVE": Game._a_move,
    "PRESS": Game._a_press,
    "FOUL": Game._a_foul,
    "ALERT": Game._a_alert,
    "RESTORED": Game._a_restored,
    "RESULT": Game._a_result,
    "VERDICT": Game._a_verdict,
    "OFFER": Game._a_offer,
    "LATE": Game._a_late,
    "LIMIT": Game._a_limit,
    "CORRECT": Game._a_correct,
    "PAUSE": Game._a_pause,
    "RESUME": Game._a_resume,
}

# name: (needs the arbiter's key, handler)
_COMMANDS = {
    "new": (True, Game._c_new),
    "setup": (True, Game._c_setup),
    "start": (True, Game._c_start),
    "pause": (True, Game._c_pause),
    "resume": (True, Game._c_resume),
    "adjust": (True, Game._c_adjust),
    "penalty": (True, Game._c_penalty),
    "result": (True, Game._c_result),
    "resign": (True, Game._c_resign),
    "forfeit": (True, Game._c_forfeit),
    "offer": (True, Game._c_offer),
    "accept": (True, Game._c_accept),
    "claim": (True, Game._c_claim),
    "correct": (True, Game._c_correct),
    "confirm": (True, Game._c_confirm),
}
