"""Property test of the clock over random press sequences, every scheme.

Random games (presses, wrong-side presses, moves, pauses, penalties,
arbiter adjustments, the move handed over by a correction, save/restore, and times placed on, just before and
just after each deadline) run three ways: the firmware in the MicroPython
unix port, the same source under CPython, and an independent model written
here with absolute (unwrapped) times that finds each flag instant by
searching, not by formula. All three must agree on every result; and at
every query:

- time used by both sides plus stopped (paused) time equals the elapsed
  time to the millisecond;
- no face shows a negative time;
- the flag instant is exact: the model's search says the time was left at
  flag - 1 and gone at flag;
- increments and stage additions are applied exactly once (the remaining
  times, compared to the millisecond with the model, would show any
  increment or stage time added twice or missed).

Every game starts close to the 2^30 tick wrap, so most cross it.
`make test` runs a few hundred games; `make bench` thousands more.
"""
import random

import pytest

from xqboard import core  # noqa: F401  (puts firmware/ on sys.path)
from xqboard.paths import REPO

import sys

sys.path.insert(0, str(REPO / "tests" / "mp"))

from clock.control import BRONSTEIN, BYOYOMI, DELAY, parse  # noqa: E402
import clock_ops  # noqa: E402

MASK = (1 << 30) - 1
DONE, STAGE, WRONG_SIDE, IDLE, FLAG = 1, 2, 4, 8, 16
READY, RUNNING, PAUSED, FLAGGED, STOPPED = range(5)

CONTROLS = [
    "1m+2s",                        # 6.1 Fischer
    "2m/3,1m/2*",                   # 6.2 quota stages, repeated
    "1m/2,30s/3,20s",               # 6.2 then sudden death
    "90s",                          # 6.3 sudden death
    "30s+1s",                       # 6.4 rapid
    "red=1m+2s;black=40s+2s",       # 6.5 time odds
    "red=1m/3,30s/2*;black=50s+1s", # 6.5 with different schemes
    "1m d3s",                       # delay
    "40s b3s",                      # Bronstein
    "20s byo2x5s",                  # byo-yomi
    "1m/2,20s byo3x4s",             # quota, then byo-yomi
    "1m/3,30s+2s",                  # quota and increment combined
    "40s/2+1s,20s/2+3s*",           # quota and increments per stage, repeated
    "1m/2,30s/2* d2s",              # quota with delay
]


# -- the model -------------------------------------------------------------

class Model:
    """The clock's documented behaviour, written plainly with absolute ms."""

    def __init__(self, control, quota_by):
        tc = parse(control)
        self.sch = [tc.red, tc.black]
        self.quota_by = quota_by
        self.state = READY
        self.running = None
        self.main = [s.stages[0][0] for s in self.sch]
        self.target = [s.stages[0][1] for s in self.sch]
        self.periods = [s.periods for s in self.sch]
        self.moves = [0, 0]
        self.stage = [0, 0]
        self.mstage = [0, 0]
        self.used = [0, 0]
        self.flag = [None, None]
        self.stopped = 0
        self.start = self.seg = self.halt = self.before = 0

    def stage_of(self, i, k):
        st = self.sch[i].stages
        return st[min(k, len(st) - 1)]

    def byo_final(self, i):
        return self.sch[i].mode == BYOYOMI and not self.target[i]

    def spent(self, i, t):
        if self.running != i:
            return 0
        return self.before + (t - self.seg if self.state == RUNNING else 0)

    def charged(self, i, spent):
        if self.sch[i].mode == DELAY:
            return max(0, spent - self.sch[i].extra)
        return spent

    def out(self, i, spent):
        # no time left after `spent` ms of a turn: the main time is gone, and
        # so are the delay and the byo-yomi periods
        left = self.main[i] - self.charged(i, spent)
        if left > 0:
            return False
        if self.sch[i].mode == DELAY:
            return spent >= self.main[i] + self.sch[i].extra
        if self.byo_final(i):
            return -left >= self.periods[i] * self.sch[i].extra
        return True

    def deadline(self):
        # The least tick at which the running side has no time: searched.
        i = self.running
        lo, hi = self.before, self.before + 1
        while not self.out(i, hi):
            hi *= 2
        while lo < hi:
            mid = (lo + hi) // 2
            if self.out(i, mid):
                hi = mid
            else:
                lo = mid + 1
        return self.seg + lo - self.before

    def remaining(self, i, t):
        if self.flag[i] is not None:
            return 0
        r = self.main[i] - self.charged(i, self.spent(i, t))
        if r <= 0 and self.byo_final(i):
            per = self.sch[i].extra
            return 0 if -r // per >= self.periods[i] else per - (-r) % per
        return max(r, 0)

    def fall(self, i, at):
        if self.state == RUNNING:
            self.before += at - self.seg
            self.halt = at
        self.flag[i] = at
        if self.state != STOPPED:
            self.state = FLAGGED
        return i * 8

    def update(self, t):
        if self.state == RUNNING and t >= self.deadline():
            return self.fall(self.running, self.deadline())
        return -1

    def start_(self, t):
        self.state, self.running, self.start, self.seg, self.before = RUNNING, 0, t, t, 0
        return DONE

    def count(self, i):
        self.mstage[i] = self.stage[i]
        self.moves[i] += 1
        if self.target[i] and self.moves[i] >= self.target[i]:
            self.stage[i] += 1
            time, quota, _ = self.stage_of(i, self.stage[i])
            self.main[i] += time  # 6.2: carried over, the next stage added
            self.target[i] = self.target[i] + quota if quota else 0
            return STAGE
        return 0

    def press(self, i, t):
        if self.state != RUNNING:
            return FLAG if self.flag[i] is not None else IDLE
        if i != self.running:
            return WRONG_SIDE
        if self.update(t) != -1:
            return FLAG
        self.close(i, t)
        r = DONE
        if self.quota_by == 0:
            r |= self.count(i)
        self.main[i] += self.stage_of(i, self.mstage[i])[2]
        self.running, self.seg, self.before = 1 - i, t, 0
        return r

    def close(self, i, t):
        # side i's turn ends at t: its time charged
        spent = self.spent(i, t)
        self.used[i] += spent
        sch = self.sch[i]
        if sch.mode == BRONSTEIN:
            self.main[i] -= spent - min(spent, sch.extra)
        elif self.byo_final(i) and spent > self.main[i]:
            self.periods[i] -= (spent - self.main[i]) // sch.extra
            self.main[i] = 0
        else:
            self.main[i] -= self.charged(i, spent)

    def hand(self, i, t):
        # 5.8.2: a correction gives side i the move, no press: the running
        # side's turn ends as it stands (no increment, no move counted)
        if self.running is None or self.state == STOPPED or i == self.running:
            return IDLE
        r = FLAG if self.update(t) != -1 else 0
        self.close(self.running, t)
        self.running, self.seg, self.before = i, t, 0
        return DONE | r

    def move(self, i, t):
        if self.running == i:
            self.update(t)
        late = self.flag[i] is not None and t >= self.flag[i]
        if self.quota_by == 0:
            return FLAG if late else 0
        if self.flag[i] is not None:
            self.moves[i] += 1
            return DONE | (FLAG if late else 0)
        return DONE | self.count(i)

    def pause(self, t):
        if self.state != RUNNING:
            return IDLE
        if self.update(t) != -1:
            return FLAG
        self.before += t - self.seg
        self.halt, self.state = t, PAUSED
        return DONE

    def check_out(self, i, t):
        if self.flag[i] is not None or self.state in (READY, STOPPED):
            return 0
        if self.out(i, self.spent(i, t)):
            self.fall(i, t)
            return FLAG
        return 0

    def resume(self, t):
        if self.state != PAUSED:
            return IDLE
        self.stopped += t - self.halt
        self.seg, self.state = t, RUNNING
        return DONE | self.check_out(self.running, t)

    def stop(self, t):
        if self.state == READY:
            return IDLE
        r = DONE
        if self.state == RUNNING:
            if self.update(t) != -1:
                r |= FLAG
            else:
                self.before += t - self.seg
                self.halt = t
        elif self.state == FLAGGED:
            r |= FLAG
        self.state = STOPPED
        return r

    def penalty(self, i, t, ms):
        if self.state == RUNNING:
            self.update(t)
        main = self.main[i] - self.charged(i, self.spent(i, t))
        self.main[i] -= min(ms, main)
        if ms >= main and self.flag[i] is None:
            self.fall(i, t)
            return DONE | FLAG
        return DONE

    def adjust(self, i, t, ms, moves=None):
        if self.state == RUNNING:
            self.update(t)
        self.main[i] = ms + self.charged(i, self.spent(i, t))
        self.set_moves(i, self.moves[i] if moves is None else moves)
        if ms > 0 and self.flag[i] is not None:
            self.flag[i] = None
            if self.state == FLAGGED and self.flag[1 - i] is None:
                self.state = PAUSED
        return DONE | self.check_out(i, t)

    def set_moves(self, i, n):
        # the stage whose quota n moves have not yet completed
        k, done = 0, 0
        while self.stage_of(i, k)[1] and n >= done + self.stage_of(i, k)[1]:
            done += self.stage_of(i, k)[1]
            k += 1
        quota = self.stage_of(i, k)[1]
        self.moves[i], self.stage[i] = n, k
        self.target[i] = done + quota if quota else 0
        self.mstage[i] = k - 1 if k and n == done else k

    def stopped_at(self, t):
        if self.state in (READY, RUNNING):
            return self.stopped
        return self.stopped + t - self.halt


# -- random games ------------------------------------------------------------

def random_game(rng, control, quota_by, base, n_ops):
    """(script lines, expected results, checks) for one random game. The
    model runs alongside to place times on the deadlines."""
    m = Model(control, quota_by)
    t = base
    lines = ["game %d %s" % (quota_by, control)]
    expect = ["ok"]
    queries = []  # (index into results, absolute t, model snapshot)

    def tick(x):
        return x & MASK

    def emit(line, result):
        lines.append(line)
        expect.append(result)

    emit("start %d" % tick(t), str(m.start_(t)))
    for _ in range(n_ops):
        # Pick the next instant: often on, just before or just after the
        # deadline, to test the flag instant to the millisecond.
        r = rng.random()
        if m.state == RUNNING and r < 0.08:
            t = max(t, m.deadline() + rng.choice((-1, 0, 1)))
        elif r < 0.97:
            t += rng.choice((0, 1, rng.randrange(1, 400), rng.randrange(400, 4000)))
        else:
            t += rng.randrange(4000, 40000)
        side = m.running if m.running is not None else 0
        op = rng.random()
        if m.state == FLAGGED and op < 0.5:
            # the arbiter lifts the flag (21.5) and the game goes on
            s = 0 if m.flag[0] is not None else 1
            emit("adjust %d %d %d" % (s * 8, tick(t), 20000), str(m.adjust(s, t, 20000)))
            t += rng.randrange(0, 3000)
            emit("resume %d" % tick(t), str(m.resume(t)))
        elif op < 0.40:
            emit("press %d %d" % (side * 8, tick(t)), str(m.press(side, t)))
        elif op < 0.50:
            emit("press %d %d" % ((1 - side) * 8, tick(t)), str(m.press(1 - side, t)))
        elif op < 0.60:
            emit("move %d %d" % (side * 8, tick(t)), str(m.move(side, t)))
        elif op < 0.62:
            # the board commits a move after the press, or a stray one
            emit("move %d %d" % ((1 - side) * 8, tick(t)), str(m.move(1 - side, t)))
        elif op < 0.70:
            emit("update %d" % tick(t), str(m.update(t)))
        elif op < 0.72:
            s = rng.randrange(2)  # the arbiter's correction gives s the move (or s had it)
            emit("hand %d %d" % (s * 8, tick(t)), str(m.hand(s, t)))
        elif op < 0.77:
            emit("pause %d" % tick(t), str(m.pause(t)))
        elif op < 0.83:
            emit("resume %d" % tick(t), str(m.resume(t)))
        elif op < 0.85:
            s = rng.randrange(2)
            ms = rng.choice((1000, 5000, 20000, 300000))
            emit("penalty %d %d %d" % (s * 8, tick(t), ms), str(m.penalty(s, t, ms)))
        elif op < 0.87:
            s = rng.randrange(2)
            ms = rng.choice((0, 1, 15000, 60000))
            if rng.random() < 0.5:
                emit("adjust %d %d %d" % (s * 8, tick(t), ms), str(m.adjust(s, t, ms)))
            else:
                n = rng.randrange(0, 12)
                emit("adjust %d %d %d %d" % (s * 8, tick(t), ms, n), str(m.adjust(s, t, ms, n)))
        elif op < 0.90:
            emit("save", "same")
        else:
            emit("query %d" % tick(t), None)
            queries.append((len(expect) - 1, t, _snapshot(m, t)))
        if m.state == STOPPED:
            break
    if rng.random() < 0.3:
        emit("stop %d" % tick(t), str(m.stop(t)))
    emit("query %d" % tick(t), None)
    queries.append((len(expect) - 1, t, _snapshot(m, t)))
    return lines, expect, queries


def _snapshot(m, t):
    flags = [-1 if f is None else f & MASK for f in m.flag]
    return {
        "remaining": [m.remaining(i, t) for i in (0, 1)],
        "used": [m.used[i] + m.spent(i, t) for i in (0, 1)],
        "flag": flags,
        "flag_abs": list(m.flag),
        "stopped": m.stopped_at(t),
        "elapsed": t - m.start,
        "state": m.state,
        "to_flag": max(m.deadline() - t, 0) if m.state == RUNNING else -1,
    }


def make_games(seed, n_games):
    rng = random.Random(seed)
    games = []
    for k in range(n_games):
        control = CONTROLS[k % len(CONTROLS)]
        quota_by = rng.randrange(2)
        base = (1 << 30) - rng.randrange(0, 3 * 60000)  # the wrap falls mid-game
        games.append(random_game(rng, control, quota_by, base, rng.randrange(20, 120)))
    return games


def check_games(games, outputs):
    """Compares each result line with the model and checks the invariants."""
    k = 0
    for lines, expect, queries in games:
        got = outputs[k:k + len(lines)]
        k += len(lines)
        qi = {q[0]: q for q in queries}
        for n, (line, want, have) in enumerate(zip(lines, expect, got)):
            where = "game %r, line %d %r\n%s" % (lines[0], n, line, "\n".join(lines[:n + 1]))
            if want is not None:
                assert have == want, where
                continue
            _, t, snap = qi[n]
            w = have.split()
            faces = []
            for s in (0, 1):
                rem, used, flag, face = w[4 * s:4 * s + 4]
                assert int(rem) == snap["remaining"][s], where
                assert int(used) == snap["used"][s], where
                assert int(flag) == snap["flag"][s], where
                assert "-" not in face and int(rem) >= 0, where
                faces.append(face)
            stopped, elapsed, state, to_flag = (int(x) for x in w[8:12])
            assert state == snap["state"], where
            assert to_flag == snap["to_flag"], where
            assert stopped == snap["stopped"] and elapsed == snap["elapsed"], where
            # time used by both sides + stopped time == elapsed, to the ms
            assert snap["used"][0] + snap["used"][1] + stopped == elapsed, where
    assert k == len(outputs)


def _run_cpython(games):
    out = []
    for lines, _, _ in games:
        clock_ops.run_lines(lines, out.append)
    return out


def _run_mp(mp, games):
    text = "\n".join(line for lines, _, _ in games for line in lines) + "\n"
    return mp.run("import clock_ops\nclock_ops.main()", input=text).splitlines()


def _property(mp, seed, n_games):
    games = make_games(seed, n_games)
    on_mp = _run_mp(mp, games)
    on_cpython = _run_cpython(games)
    assert on_mp == on_cpython  # one source, two runtimes
    check_games(games, on_mp)
    return games


def test_property_every_scheme_unix_port_and_cpython(mp):
    games = _property(mp, 2026, 420)
    # the random games do reach the flags and the quotas
    results = [(line.split()[0], e) for lines, expect, _ in games for line, e in zip(lines, expect)]
    assert results.count(("update", "0")) + results.count(("update", "8")) > 100
    assert results.count(("press", "3")) + results.count(("move", "3")) > 300


@pytest.mark.bench
@pytest.mark.parametrize("seed", range(8))
def test_property_many_games(mp, seed):
    _property(mp, 1000 + seed, 2500)
