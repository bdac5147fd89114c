"""The running chess clock (art. 6, 20, 21, 22 of the 2011 rules).

A pure core: every call takes `now`, a tick in ms modulo 2^30 (see
ticks.py); the clock never reads the time and never touches hardware.
Sides are the rules core's RED and BLACK (xq/pieces.py). Calls must come in
time order (`now` never decreasing). docs/CLOCK.md tells the whole story.

    c = Clock(parse("60m/30,10m/10*"), quota_by=BOARD)  # or a control string
    c.start(now, side=RED)        # 20.1: the time runs from the round's start
    c.move_made(RED, now)         # BOARD: the 6.2 quota counts real moves
    c.press(RED, now)             # DONE [| STAGE], WRONG_SIDE, IDLE or FLAG
    c.update(now)                 # ~100 Hz: NONE, or the side whose flag fell
    c.flag_at(RED)                # the exact tick its time ran out, or NONE
    c.time_to_flag(now)           # ms the main loop may sleep, NONE if idle
    c.pause(now), c.resume(now)   # arbiter only (8.1.2)
    c.hand(BLACK, now)            # 5.8.2: a correction gives Black the move
    c.adjust(BLACK, now, ms, moves=None)   # 21.4, 21.5
    c.penalty(RED, now, ms=None)  # 22.2: 5 minutes unless told otherwise
    c.stop(now)                   # the game is over
    c.late(now)                   # 20.1, 20.2: (), (RED,), (BLACK,) or both
    c.state                       # READY, RUNNING, PAUSED, FLAGGED or STOPPED
    c.remaining(side, now), c.display(side, now), c.used(side, now),
    c.moves(side), c.moves_left(side), c.stage(side), c.periods(side, now)
    text = c.save(); c2 = Clock.restore(text, shift=0)

Operations return bits: DONE (it took effect), STAGE (a quota of 6.2 was
completed, the next stage's time added), WRONG_SIDE (a press from the side
whose clock is not running: reported, not obeyed), IDLE (not running: not
obeyed), FLAG (a side's time ran out at or before `now`; flag_at(side) says
exactly when, 21.3, 21.6). update() allocates nothing unless a flag falls.
The increment (6.1) is earned by every press from the first move on: see
docs/CLOCK.md for the policies.

Time is kept per turn: `_left` is the running side's main time at the
start of its turn, `_turn` the ms it has spent in the turn (pauses left
out) before `_t0`, the tick its clock last started. The turn may spend at
most `_budget` ms; `_deadline` is the tick at which it would. Every
interval is a ticks.diff, so the wrap at 2^30 costs nothing.
"""
from micropython import const

from ticks import add, diff
from xq.pieces import BLACK, RED, index, other
from clock.control import BYOYOMI, TimeControl, parse
from clock.display import face

NONE = const(-1)

# Clock states (`clock.state`): compare with these names, never numbers.
READY = const(0)  # not started
RUNNING = const(1)  # the running side's time runs
PAUSED = const(2)  # stopped by the arbiter
FLAGGED = const(3)  # stopped because a side's time ran out
STOPPED = const(4)  # the game is over

# Result bits of the operations.
DONE = const(1)
STAGE = const(2)
WRONG_SIDE = const(4)
IDLE = const(8)
FLAG = const(16)

# Where the 6.2 quota counts moves from.
PRESSES = const(0)  # lever presses: the board as a plain clock
BOARD = const(1)  # moves the board committed (move_made)

LATE_MS = const(15 * 60000)  # 20.1: "usually 15 minutes"
PENALTY_MS = const(5 * 60000)  # 22.2: a false natural-limit claim costs 5 minutes
MAX_MOVES = const(9999)
_SAVED_NUMBERS = const(26)  # how many numbers save() writes

_NOBODY = ()
_RED = (RED,)
_BLACK = (BLACK,)
_BOTH = (RED, BLACK)


class ClockError(ValueError):
    pass


def _index(side):
    if side != RED and side != BLACK:
        raise ClockError("a side is RED or BLACK, not %r" % (side,))
    return index(side)


class Clock:
    def __init__(self, control, quota_by=PRESSES, late_ms: "int | None" = LATE_MS, penalty_ms=PENALTY_MS):
        if isinstance(control, str):
            control = parse(control)
        if not isinstance(control, TimeControl):
            raise ClockError("Clock needs a TimeControl or a control string")
        if quota_by != PRESSES and quota_by != BOARD:
            raise ClockError("quota_by is PRESSES or BOARD")
        if late_ms is not None and late_ms <= 0:
            raise ClockError("the late limit must be positive (or None for none)")
        self.control = control
        self.quota_by = quota_by  # may change mid-game, e.g. when sensing fails
        self.late_ms = late_ms
        self.penalty_ms = penalty_ms
        self._schemes = (control.red, control.black)
        self.state = READY
        self.running = NONE  # the side whose clock runs (also when paused)
        self._start = 0  # tick of the round's start
        self._t0 = 0
        self._turn = 0
        self._budget = 0
        self._deadline = 0
        self._halt = 0  # tick the clock last stood still (paused, flagged, stopped)
        self._stopped = 0  # ms it stood still before _halt
        first = (control.red.stages[0], control.black.stages[0])
        self._left = [first[0][0], first[1][0]]
        self._moves = [0, 0]
        self._stage = [0, 0]
        self._target = [first[0][1], first[1][1]]  # move count ending the quota, 0: none
        self._mstage = [0, 0]  # stage of the side's latest counted move
        self._periods = [control.red.periods, control.black.periods]
        self._used = [0, 0]  # ms of finished turns
        self._flag = [NONE, NONE]

    # -- the hot path ------------------------------------------------------

    def update(self, now):
        """NONE, or the side whose time ran out (flag_at gives the instant).
        Cheap: called about 100 times a second."""
        if self.state != RUNNING or diff(now, self._deadline) < 0:
            return NONE
        return self._fall(self.running, self._deadline)

    poll = update

    # -- the players -------------------------------------------------------

    def start(self, now, side=RED):
        """20.1: the side to move's time runs from the round's start, present
        or not (Red, unless a set-up position gives Black the move)."""
        _index(side)
        if self.state != READY:
            raise ClockError("the clock has already started")
        self._start = now
        self.running = side
        self._t0 = now
        self._turn = 0
        self.state = RUNNING
        self._arm()
        return DONE

    def press(self, side, now):
        """A press of `side`'s lever: hands the clock to the other side."""
        i = _index(side)
        if self.state != RUNNING:
            return FLAG if self._flag[i] != NONE else IDLE
        if side != self.running:
            return WRONG_SIDE  # only the side whose clock runs can hand over
        if diff(now, self._deadline) >= 0:
            self._fall(side, self._deadline)  # 21.3: time used up before the press
            return FLAG
        self._end_turn(i, now)
        result = DONE
        if self.quota_by == PRESSES:
            result |= self._count(i)
        # 6.1: the increment, earned by every press from move one.
        self._left[i] += self._schemes[i].stage(self._mstage[i])[2]
        self._begin_turn(other(side), now)
        return result

    def move_made(self, side, now):
        """The board committed a move of `side` at `now` (5.7: the hand left
        the piece). In BOARD mode it counts for the quota of 6.2, and a
        completed quota adds the next stage's time at once, even before the
        press. FLAG: the side's time had already run out (4.1.6; a move
        before the flag instant may still mate, 21.6)."""
        i = _index(side)
        if self.state == RUNNING and side == self.running and diff(now, self._deadline) >= 0:
            self._fall(side, self._deadline)
        f = self._flag[i]
        late = f != NONE and diff(now, f) >= 0
        if self.quota_by != BOARD:
            return FLAG if late else 0
        if f != NONE:
            self._moves[i] += 1  # counted: a flagged side's quota earns nothing
            return DONE | (FLAG if late else 0)
        result = DONE | self._count(i)
        if result & STAGE and side == self.running and self.state == RUNNING:
            self._arm()
        return result

    # -- the arbiter -------------------------------------------------------

    def pause(self, now):
        """Stops both times (arbiter only: a player may not, 8.1.2)."""
        if self.state != RUNNING:
            return IDLE
        if self.update(now) != NONE:
            return FLAG
        self._hold(now)
        self.state = PAUSED
        return DONE

    def resume(self, now):
        """Restarts the running side's time after a pause, or after a flag
        the arbiter has lifted with adjust() (21.4, 21.5)."""
        if self.state != PAUSED:
            return IDLE
        self._stopped += diff(now, self._halt)
        self._t0 = now
        self.state = RUNNING
        self._arm()
        return self._flag_if_out(self.running, now) | DONE

    def stop(self, now):
        """The game is over: both times stop for good. FLAG: a flag fell
        before `now` (see flag_at)."""
        result = DONE
        if self.state == RUNNING:
            if self.update(now) != NONE:
                result |= FLAG
            else:
                self._hold(now)
        elif self.state == READY:
            return IDLE
        elif self.state == FLAGGED:
            result |= FLAG
        self.state = STOPPED
        return result

    def hand(self, side, now):
        """5.8.2: a correction gives the move to `side`, no press made: the
        running side's turn ends as it stands (charged, no increment, no
        move counted), `side`'s begins, the clock running, paused or flagged
        as it was. FLAG: a flag fell by `now`; IDLE: `side` had the move."""
        _index(side)
        if self.running == NONE or self.state == STOPPED or side == self.running:
            return IDLE
        fell = FLAG if self.update(now) != NONE else 0
        self._end_turn(index(self.running), now)
        self._begin_turn(side, now)
        return DONE | fell

    def adjust(self, side, now, ms, moves=None):
        """21.4, 21.5: the arbiter sets `side`'s time to `ms` (main time in
        byo-yomi; None: as it runs, 5.8.2 in byo-yomi) and, if given, its
        move count; no stage time is added for it: the arbiter states the
        time. Lifts that side's flag if ms > 0 (resume() restarts the
        clock); a side left with no time at all flags at `now`."""
        i = _index(side)
        if ms is not None and ms < 0:
            raise ClockError("a time cannot be negative")
        if self.state == RUNNING:
            self.update(now)
        if ms is not None:
            self._left[i] = ms + self._schemes[i].charged(self._spent(i, now))
        # the stage follows the count (moves counted after a flag included)
        self._set_moves(i, self._moves[i] if moves is None else moves)
        if ms and self._flag[i] != NONE:
            self._flag[i] = NONE
            if self.state == FLAGGED and self._flag[i ^ 1] == NONE:
                self.state = PAUSED
        if side == self.running:
            self._arm()
        return self._flag_if_out(side, now) | DONE

    def penalty(self, side, now, ms=None):
        """22.2: deducts a penalty (5 minutes by default) from `side`'s time;
        if that uses the time up, the side flags at `now` and loses."""
        i = _index(side)
        if self.state == READY:
            raise ClockError("no penalty before the clock starts")
        if ms is None:
            ms = self.penalty_ms
        if ms < 0:
            raise ClockError("a penalty cannot be negative")
        if self.state == RUNNING:
            self.update(now)
        spent = self._spent(i, now)
        main = self._left[i] - self._schemes[i].charged(spent)
        # A penalty the main time cannot cover flags the side: a delay or
        # byo-yomi periods do not pay for it.
        self._left[i] -= ms if ms < main else main
        if side == self.running:
            self._arm()
        if ms >= main and self._flag[i] == NONE:
            self._fall(side, now)
            return DONE | FLAG
        return DONE

    # -- what the faces and the game layer read ---------------------------

    def remaining(self, side, now):
        """ms left on `side`'s face at `now` (in byo-yomi: in the current
        period). Never negative."""
        i = _index(side)
        if self._flag[i] != NONE:
            return 0
        return self._schemes[i].on_face(self._left[i], self._spent(i, now), self._byo(i))

    def periods(self, side, now):
        """Byo-yomi periods left at `now` (0 for other schemes)."""
        i = _index(side)
        sch = self._schemes[i]
        if sch.mode != BYOYOMI or self._flag[i] != NONE:
            return 0
        r = self._left[i] - self._spent(i, now)
        n = self._periods[i]
        if r < 0 and self._target[i] == 0:
            n -= (-r) // sch.extra
        return n if n > 0 else 0

    def in_byoyomi(self, side, now):
        i = _index(side)
        return (self._schemes[i].mode == BYOYOMI and self._target[i] == 0
                and self._left[i] - self._spent(i, now) <= 0)

    def time_to_flag(self, now):
        """ms until the running side's flag falls if nobody acts (0 if due),
        or NONE when no clock runs: how long a main loop may sleep."""
        if self.state != RUNNING:
            return NONE
        d = diff(self._deadline, now)
        return d if d > 0 else 0

    def flag_at(self, side):
        """The tick at which `side`'s time ran out, or NONE."""
        return self._flag[_index(side)]

    def moves(self, side):
        return self._moves[_index(side)]

    def moves_left(self, side):
        """Moves still owed to the current quota (6.2), or 0 if none runs."""
        i = _index(side)
        t = self._target[i]
        return t - self._moves[i] if t else 0

    def stage(self, side):
        """Index of `side`'s current stage (0 first; grows on repeats)."""
        return self._stage[_index(side)]

    def used(self, side, now):
        """ms `side`'s clock has run in total (for the score sheet, art. 9)."""
        i = _index(side)
        return self._used[i] + self._spent(i, now)

    def stopped(self, now):
        """ms the clock has stood still since the start (pauses, flags)."""
        if self.state == READY or self.state == RUNNING:
            return self._stopped
        return self._stopped + diff(now, self._halt)

    def elapsed(self, now):
        """ms since the round's start: used(RED) + used(BLACK) + stopped."""
        return diff(now, self._start) if self.state != READY else 0

    def late(self, now):
        """20.1, 20.2: the sides that have made no move although the late
        limit has passed since the round's start, as a tuple. The board sees
        moves, not people: the arbiter confirms the forfeit (4.1.7)."""
        if self.state == READY or self.late_ms is None:
            return _NOBODY
        if diff(now, self._start) < self.late_ms:
            return _NOBODY
        red = self._moves[0] == 0
        black = self._moves[1] == 0
        if red:
            return _BOTH if black else _RED
        return _BLACK if black else _NOBODY

    def display(self, side, now):
        """The text of `side`'s face: 1:59:59, 59:59, 19.9, moves owed to the
        quota ("59:59 /12"), byo-yomi periods ("0:25 (3)"), flag ("0.0 F")."""
        return face(self, side, now)

    # -- saving (saved.py writes and reads the line) ---------------------

    def save(self):
        """The whole state as one line of text (the power-loss journal):
        restore(save()) behaves exactly as this clock from then on."""
        from clock import saved  # loaded at the first save, not at boot (heap)
        n = [self.quota_by, -1 if self.late_ms is None else self.late_ms, self.penalty_ms,
             self.state, self.running, self._start, self._t0, self._turn, self._halt, self._stopped]
        for i in (0, 1):
            n += (self._left[i], self._moves[i], self._stage[i], self._target[i],
                  self._mstage[i], self._periods[i], self._used[i], self._flag[i])
        return saved.encode(str(self.control), n)

    @staticmethod
    def restore(text, shift=0):
        """The Clock saved in `text`; `shift` ms are added to every tick it
        holds (to carry it into another tick base, e.g. after a reboot).
        ValueError if the text is damaged. The turn's budget and deadline
        are derived again, not stored."""
        from clock import saved
        control, n = saved.decode(text, _SAVED_NUMBERS)
        quota_by, late, penalty, state, running = n[:5]
        if not READY <= state <= STOPPED or running not in (NONE, RED, BLACK) \
                or (running == NONE) != (state == READY):
            raise ClockError("saved clock: impossible state %d, side %d" % (state, running))
        # the numbers of save(), in its order, with `shift` added to ticks
        c = Clock(parse(control), quota_by, None if late == -1 else late, penalty)
        c.state, c.running = state, running
        c._start, c._t0, c._turn, c._halt, c._stopped = n[5:10]
        if shift:
            c._start, c._t0, c._halt = add(c._start, shift), add(c._t0, shift), add(c._halt, shift)
        for i in (0, 1):
            k = 10 + 8 * i
            (c._left[i], c._moves[i], c._stage[i], c._target[i],
             c._mstage[i], c._periods[i], c._used[i], flag) = n[k:k + 8]
            c._flag[i] = add(flag, shift) if shift and flag != NONE else flag
        if running != NONE:
            c._arm()
        return c

    # -- inside ------------------------------------------------------------

    def _spent(self, i, now):
        # ms side i has spent in its current turn (0 if not its turn).
        if self.running == NONE or i != index(self.running):
            return 0
        if self.state == RUNNING:
            return self._turn + diff(now, self._t0)
        return self._turn

    def _end_turn(self, i, now):
        # Side i's turn (within its budget) ends at `now`.
        spent = self._spent(i, now)
        self._used[i] += spent
        left = self._schemes[i].closed(self._left[i], spent)
        if left < 0:  # byo-yomi: each period used up is lost, a move within one keeps it
            self._periods[i] -= -left // self._schemes[i].extra
            left = 0
        self._left[i] = left

    def _begin_turn(self, side, now):
        self.running = side
        self._t0 = now
        self._turn = 0
        self._arm()

    def _byo(self, i):
        # Side i's byo-yomi periods that count: once the last stage, the
        # one without a quota, runs (0 before).
        return self._periods[i] if self._target[i] == 0 else 0

    def _budget_of(self, i):
        # ms side i may spend in a turn that starts now.
        return self._schemes[i].budget(self._left[i], self._byo(i))

    def _arm(self):
        # Budget and deadline of the running side's turn.
        b = self._budget_of(index(self.running))
        self._budget = b
        self._deadline = add(self._t0, b - self._turn)

    def _hold(self, at):
        # The running side's time stops at `at`.
        self._turn += diff(at, self._t0)
        self._halt = at

    def _fall(self, side, at):
        # side's time ran out at `at` (21.3): the clock stops there.
        i = index(side)
        if self.state == RUNNING:
            self._hold(at)
        self._flag[i] = at
        if self.state != STOPPED:
            self.state = FLAGGED
        return side

    def _flag_if_out(self, side, now):
        # After the arbiter changed a time: none left means a flag now.
        i = index(side)
        if self._flag[i] != NONE or self.state == READY or self.state == STOPPED:
            return 0
        if self._budget_of(i) - self._spent(i, now) > 0:
            return 0
        self._fall(side, now)
        return FLAG

    def _count(self, i):
        # Counts a move of side i; 6.2: completing the quota adds the next
        # stage's time, the unused time carrying over.
        self._mstage[i] = self._stage[i]
        self._moves[i] += 1
        t = self._target[i]
        if not t or self._moves[i] < t:
            return 0
        k = self._stage[i] + 1
        st = self._schemes[i].stage(k)
        self._stage[i] = k
        self._left[i] += st[0]
        self._target[i] = t + st[1] if st[1] else 0
        return STAGE

    def _set_moves(self, i, n):
        # 21.5: the stage and quota that n moves made put side i in.
        if not 0 <= n <= MAX_MOVES:
            raise ClockError("a move count is 0 to %d" % MAX_MOVES)
        self._moves[i] = n
        self._stage[i], self._target[i], self._mstage[i] = self._schemes[i].stage_after(n)
