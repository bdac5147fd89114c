"""The clock (firmware/clock/) in the MicroPython unix port, with virtual
time: one test or more per scheme of art. 6 and per rule of art. 20-22,
named by article. Every game starts 5 s before the 2^30 tick wrap, so each
one crosses it."""
import pytest

PRELUDE = """
from clock.clock import *
from clock.control import parse
from xq.pieces import RED, BLACK
T = (1 << 30) - 5000          # every game crosses the tick wrap
def at(ms):
    return (T + ms) & ((1 << 30) - 1)
def ms_of(tick):              # a tick back to ms since T
    return (tick - T) & ((1 << 30) - 1)
S = 1000
M = 60000
def play(c, t, n, red, black):  # n moves each, Red thinking red ms, Black black ms, from t
    for _ in range(n):
        t += red
        r = c.press(RED, at(t))
        t += black
        c.press(BLACK, at(t))
    return t, r                   # the time of Black's last press, what Red's last press said
"""


def run(mp, body):
    """Runs PRELUDE + body in the unix port; returns the printed lines."""
    return mp.run(PRELUDE + body).split("\n")[:-1]


# -- 6.1 base time plus increment (Fischer) --------------------------------

def test_6_1_fischer_increment_from_move_one(mp):
    out = run(mp, """
c = Clock(parse("60m+30s"))
c.start(at(0))
print(c.press(RED, at(10 * S)))           # Red's first move earns the increment
print(c.remaining(RED, at(10 * S)), c.display(RED, at(10 * S)))
print(c.press(BLACK, at(70 * S)), c.remaining(BLACK, at(70 * S)))
""")
    assert out == ["1", "3620000 1:00:20", "1 3570000"]


def test_6_1_increment_exactly_once_per_press(mp):
    out = run(mp, """
c = Clock(parse("5m+5s"))
c.start(at(0))
print(c.press(BLACK, at(1 * S)))          # wrong side: no increment
print(c.press(RED, at(2 * S)), c.press(RED, at(3 * S)))   # the second is not Red's turn
print(c.remaining(RED, at(3 * S)), c.remaining(BLACK, at(3 * S)))
""")
    assert out == ["4", "1 4", "303000 299000"]


# -- 6.2 time and move quota ------------------------------------------------

def test_6_2_quota_completed_adds_next_stage_carry_over(mp):
    out = run(mp, """
c = Clock(parse("60m/30,10m/10*"))
c.start(at(0))
t, r = play(c, 0, 30, 60 * S, 1 * S)
print(r, c.moves(RED), c.stage(RED))      # the 30th press: DONE | STAGE
# 30 moves in 30 min: 30 min left carried over, plus 10 min (6.2)
print(c.remaining(RED, at(t)), c.display(RED, at(t)), c.moves_left(RED))
print(c.remaining(BLACK, at(t)), c.moves_left(BLACK))
""")
    # Black's 30th press came after: its 10 minutes too, 30 s used
    assert out == ["3 30 1", "2400000 40:00 /10 10", "4170000 10"]


def test_6_2_star_repeats_the_last_stage(mp):
    out = run(mp, """
c = Clock(parse("60m/2,10m/1*"))
c.start(at(0))
t = 0
for n in range(5):
    t, r = play(c, t, 1, 1 * S, 1 * S)
    print(r, c.remaining(RED, at(t)), c.stage(RED), c.moves_left(RED))  # (Red's clock just started)
""")
    assert out == ["1 3599000 0 1", "3 4198000 1 1", "3 4797000 2 1",
                   "3 5396000 3 1", "3 5995000 4 1"]


def test_6_2_quota_missed_flags(mp):
    out = run(mp, """
c = Clock(parse("2m/3,1m/3*"))
c.start(at(0))
c.press(RED, at(30 * S)); c.press(BLACK, at(31 * S))
c.press(RED, at(61 * S)); c.press(BLACK, at(62 * S))
# Red owes one more move of the quota and has 60 s left from 62 s on
print(c.moves_left(RED), c.remaining(RED, at(62 * S)))
print(c.update(at(122 * S - 1)))
print(c.update(at(122 * S + 37)), ms_of(c.flag_at(RED)))   # noticed late, exact instant
print(c.display(RED, at(123 * S)), c.press(RED, at(123 * S)), c.state == FLAGGED)
""")
    assert out == ["1 60000", "-1", "0 122000", "0.0 F 16 True"]


def test_6_2_board_counts_real_moves_not_presses(mp):
    # 21.5: a missed press cannot lose the quota when the board sees moves.
    out = run(mp, """
c = Clock(parse("1m/2,1m/2*"), quota_by=BOARD)
c.start(at(0))
print(c.move_made(RED, at(5 * S)), c.press(RED, at(6 * S)), c.moves(RED))
c.move_made(BLACK, at(7 * S)); c.press(BLACK, at(8 * S))
print(c.move_made(RED, at(20 * S)))      # the quota's last move: next stage at once
print(c.remaining(RED, at(20 * S)), c.moves_left(RED))
# Red forgets to press: its clock runs on, but the quota was met in time
print(c.update(at(80 * S)), c.remaining(RED, at(80 * S)))
print(c.press(RED, at(81 * S)), c.moves(RED))          # a press counts no move here
""")
    assert out == ["1 1 1", "3", "102000 2", "-1 42000", "1 2"]


def test_6_2_quota_move_one_ms_before_flag_counts(mp):
    out = run(mp, """
for when in (60 * S - 1, 60 * S):
    c = Clock(parse("1m/1,1m/1*"), quota_by=BOARD)
    c.start(at(0))
    r = c.move_made(RED, at(when))
    print(r, c.flag_at(RED) == NONE, c.remaining(RED, at(when)))
""")
    # one ms before: the quota is met and the stage added; on the instant: flag
    assert out == ["3 True 60001", "17 False 0"]


def test_6_2_quota_and_increment_combined(mp):
    out = run(mp, """
c = Clock(parse("90m/2,30m+30s"))
c.start(at(0))
c.press(RED, at(10 * S)); c.press(BLACK, at(11 * S))
print(c.remaining(RED, at(11 * S)))           # stage 1: no increment
print(c.press(RED, at(21 * S)), c.remaining(RED, at(21 * S)), c.moves_left(RED))
c.press(BLACK, at(22 * S))
print(c.press(RED, at(32 * S)), c.remaining(RED, at(32 * S)))   # +30 s from move 3
""")
    assert out == ["5390000", "3 7180000 0", "1 7200000"]


# -- 6.3 sudden death, 6.4 rapid, 6.5 time odds --------------------------------

def test_6_3_sudden_death_flags_at_the_exact_ms(mp):
    out = run(mp, """
c = Clock(parse("90m"))
c.start(at(0))
c.press(RED, at(40 * M))
print(c.remaining(RED, at(40 * M)), c.display(RED, at(40 * M)))
print(c.update(at(130 * M - 1)), c.update(at(130 * M)), ms_of(c.flag_at(BLACK)))
print(c.display(BLACK, at(131 * M)))
""")
    assert out == ["3000000 50:00", "-1 8 7800000", "0.0 F"]


def test_6_4_rapid_appendix_3_final_10m_10s(mp):
    out = run(mp, """
c = Clock(parse("10m+10s"))
c.start(at(0))
t, _ = play(c, 0, 10, 5 * S, 5 * S)
print(c.remaining(RED, at(t)), c.remaining(BLACK, at(t)), c.display(RED, at(t)))
print(parse("15m"), parse("10m+10s"))
""")
    assert out == ["650000 650000 10:50", "15m 10m+10s"]


def test_6_5_time_odds_per_side(mp):
    out = run(mp, """
c = Clock(parse("red=60m+30s;black=50m+30s"))
print(c.display(RED, at(0)), c.display(BLACK, at(0)))
c = Clock(parse("red=60m/30,10m/10*;black=50m+30s"))
c.start(at(0))
c.press(RED, at(10 * S)); c.press(BLACK, at(20 * S))
print(c.display(RED, at(20 * S)), c.display(BLACK, at(20 * S)))
print(parse("black=50m+30s; red=60m+30s"))
""")
    assert out == ["1:00:00 50:00", "59:50 /29 50:20", "red=60m+30s;black=50m+30s"]


# -- beyond the rules: delay, Bronstein, byo-yomi ----------------------------

def test_delay_waits_before_the_time_runs(mp):
    out = run(mp, """
c = Clock(parse("5m d3s"))
c.start(at(0))
print(c.remaining(RED, at(2 * S)), c.press(RED, at(2 * S)), c.remaining(RED, at(2 * S)))
c.press(BLACK, at(10 * S))            # 8 s: 5 s charged
print(c.remaining(BLACK, at(10 * S)))
# Red's budget: 300 s + 3 s of delay
print(c.update(at(313 * S - 1)), c.update(at(313 * S)), ms_of(c.flag_at(RED)))
""")
    assert out == ["300000 1 300000", "295000", "-1 0 313000"]


def test_bronstein_refunds_up_to_the_delay(mp):
    out = run(mp, """
c = Clock(parse("5m b3s"))
c.start(at(0))
print(c.remaining(RED, at(2 * S)), c.press(RED, at(2 * S)), c.remaining(RED, at(2 * S)))
c.press(BLACK, at(10 * S))            # 8 s used, 3 s refunded
print(c.remaining(BLACK, at(10 * S)))
print(c.update(at(310 * S - 1)), c.update(at(310 * S)))   # the refund comes at the press
""")
    assert out == ["298000 1 300000", "295000", "-1 0"]


def test_byoyomi_periods_after_the_main_time(mp):
    out = run(mp, """
c = Clock(parse("1m byo3x30s"))
c.start(at(0))
print(c.display(RED, at(50 * S)), c.display(RED, at(70 * S)))
print(c.press(RED, at(70 * S)), c.periods(RED, at(70 * S)), c.display(RED, at(70 * S)))
c.press(BLACK, at(71 * S))
# 45 s: one period used up, one lost
print(c.press(RED, at(116 * S)), c.periods(RED, at(116 * S)), c.display(RED, at(116 * S)))
c.press(BLACK, at(117 * S))
print(c.update(at(177 * S - 1)), c.display(RED, at(177 * S - 1)))
print(c.update(at(177 * S)), ms_of(c.flag_at(RED)), c.display(RED, at(178 * S)))
""")
    assert out == ["10.0 0:20 (3)", "1 3 0:30 (3)", "1 2 0:30 (2)",
                   "-1 0.0 (1)", "0 177000 0.0 F"]


# -- 20 lateness -------------------------------------------------------------

def test_20_1_clock_runs_from_the_rounds_start_for_an_absent_player(mp):
    out = run(mp, """
c = Clock(parse("60m+30s"))
c.start(at(0))
print(c.remaining(RED, at(10 * M)), c.used(RED, at(10 * M)), c.remaining(BLACK, at(10 * M)))
c = Clock(parse("60m+30s"))
c.start(at(0), BLACK)                 # a set-up position with Black to move
print(c.remaining(RED, at(1 * M)), c.remaining(BLACK, at(1 * M)))
""")
    assert out == ["3000000 600000 3600000", "3600000 3540000"]


def test_20_1_late_reported_after_15_minutes(mp):
    out = run(mp, """
c = Clock(parse("60m+30s"))
print(c.late(at(0)))                  # not started
c.start(at(0))
print(c.late(at(15 * M - 1)), c.late(at(15 * M)))
c.press(RED, at(16 * M))
print(c.late(at(16 * M)))
c.press(BLACK, at(17 * M))
print(c.late(at(17 * M)))
c = Clock(parse("60m+30s"), late_ms=30 * M)   # configurable
c.start(at(0))
c.press(RED, at(1 * M))
print(c.late(at(29 * M)), c.late(at(30 * M)))
c = Clock(parse("60m+30s"), late_ms=None)
c.start(at(0))
print(c.late(at(100 * M)))
""")
    assert out == ["()", "() (0, 8)", "(8,)", "()", "() (8,)", "()"]


def test_20_2_both_sides_late(mp):
    out = run(mp, """
c = Clock(parse("90m"), quota_by=BOARD)
c.start(at(0))
print(c.late(at(20 * M)))
c.move_made(RED, at(21 * M))          # the board counts real moves
print(c.late(at(21 * M)))
""")
    assert out == ["(0, 8)", "(8,)"]


# -- 8.1.2 only the side to move hands over; only the arbiter stops ---------

def test_8_1_2_wrong_side_press_reported_not_obeyed(mp):
    out = run(mp, """
c = Clock(parse("10m"))
print(c.press(RED, at(0)))            # not started: IDLE
c.start(at(0))
print(c.press(BLACK, at(1 * S)) == WRONG_SIDE, c.running)
print(c.remaining(RED, at(2 * S)), c.remaining(BLACK, at(2 * S)))
""")
    assert out == ["8", "True 0", "598000 600000"]


def test_8_1_2_pause_and_resume_by_the_arbiter(mp):
    out = run(mp, """
c = Clock(parse("10m+5s"))
c.start(at(0))
print(c.pause(at(10 * S)), c.state == PAUSED)
print(c.press(RED, at(20 * S)), c.remaining(RED, at(50 * S)))   # a press is not obeyed
print(c.resume(at(60 * S)), c.remaining(RED, at(70 * S)))
print(c.used(RED, at(70 * S)), c.stopped(at(70 * S)), c.elapsed(at(70 * S)))
print(c.pause(at(80 * S)), c.pause(at(81 * S)), c.resume(at(90 * S)), c.resume(at(91 * S)))
# 30 s used of 600: the flag falls 570 s after the last resume
print(c.update(at(660 * S - 1)), c.update(at(660 * S)))
""")
    assert out == ["1 True", "8 590000", "1 580000", "20000 50000 70000",
                   "1 8 1 8", "-1 0"]


# -- 21 flags ----------------------------------------------------------------

def test_21_3_flag_instant_is_when_the_time_ran_out(mp):
    out = run(mp, """
c = Clock(parse("1m"))
c.start(at(0))
print(c.update(at(59999)), c.remaining(RED, at(59999)))
print(c.update(at(75000)), ms_of(c.flag_at(RED)), c.used(RED, at(75000)), c.stopped(at(75000)))
print(c.update(at(76000)))            # reported once
""")
    assert out == ["-1 1", "0 60000 60000 15000", "-1"]


def test_21_3_press_on_the_deadline_is_too_late(mp):
    out = run(mp, """
for when in (60 * S - 1, 60 * S, 61 * S):
    c = Clock(parse("1m"))
    c.start(at(0))
    print(c.press(RED, at(when)), c.flag_at(RED) == NONE or ms_of(c.flag_at(RED)))
""")
    assert out == ["1 True", "16 60000", "16 60000"]


def test_21_6_move_before_or_after_the_flag(mp):
    # The game layer needs to know whether a mating move came before the
    # flag instant (the mate stands) or after it (the flag does, 4.1.6).
    out = run(mp, """
c = Clock(parse("1m"), quota_by=BOARD)
c.start(at(0))
print(c.move_made(RED, at(59999)), c.flag_at(RED) == NONE)
print(c.update(at(60050)), ms_of(c.flag_at(RED)))    # then the flag, before the press
c = Clock(parse("1m"), quota_by=BOARD)
c.start(at(0))
print(c.move_made(RED, at(60000)), ms_of(c.flag_at(RED)))   # on the instant: after
c = Clock(parse("1m"))                # plain clock: moves are not counted, flag told
c.start(at(0))
print(c.move_made(RED, at(59000)), c.move_made(RED, at(61000)))
""")
    assert out == ["1 True", "0 60000", "17 60000", "0 16"]


def test_4_1_1_stop_at_mate_freezes_both_faces(mp):
    out = run(mp, """
c = Clock(parse("1m"))
c.start(at(0))
print(c.stop(at(30 * S)), c.update(at(90 * S)), c.remaining(RED, at(90 * S)))
c = Clock(parse("1m"))
c.start(at(0))
print(c.stop(at(61 * S)), ms_of(c.flag_at(RED)))   # the flag fell first
""")
    assert out == ["1 -1 30000", "17 60000"]


def test_21_4_adjust_time_and_move_count(mp):
    out = run(mp, """
c = Clock(parse("60m/30,10m/10*"))
c.start(at(0))
c.pause(at(5 * M))
print(c.adjust(RED, at(6 * M), 50 * M, 12), c.remaining(RED, at(6 * M)), c.moves_left(RED))
print(c.adjust(BLACK, at(6 * M), 20 * M, 35), c.stage(BLACK), c.moves_left(BLACK))
c.resume(at(7 * M))
print(c.remaining(RED, at(8 * M)), c.display(BLACK, at(8 * M)))
# the running side, mid-turn: its face shows exactly what the arbiter set
print(c.adjust(RED, at(9 * M), 90 * S), c.remaining(RED, at(9 * M)), c.remaining(RED, at(10 * M)))
""")
    assert out == ["1 3000000 18", "1 1 5", "2940000 20:00 /5", "1 90000 30000"]


def test_5_8_2_adjust_without_a_time_sets_the_count_and_the_byo_yomi_period_runs_on(mp):
    # adjust(side, now, None, moves): the move count only; in byo-yomi the
    # period running mid-turn runs on (what the clock ran stays run)
    out = run(mp, """
c = Clock(parse("60m/30,10m/10*"))
c.start(at(0))
print(c.adjust(RED, at(5 * M), None, 12), c.remaining(RED, at(5 * M)), c.moves_left(RED))
c = Clock(parse("2s byo3x10s"))
c.start(at(0))
print(c.in_byoyomi(RED, at(7 * S)), c.remaining(RED, at(7 * S)), c.periods(RED, at(7 * S)))
print(c.adjust(RED, at(7 * S), None, 0), c.remaining(RED, at(7 * S)), c.periods(RED, at(7 * S)))
print(c.update(at(32 * S - 1)), c.update(at(32 * S)), ms_of(c.flag_at(RED)))
""")
    assert out == ["1 3300000 18", "True 5000 3", "1 5000 3", "-1 0 32000"]


def test_21_5_arbiter_lifts_a_flag(mp):
    out = run(mp, """
c = Clock(parse("1m"))
c.start(at(0))
print(c.update(at(61 * S)), c.resume(at(62 * S)))   # a flagged clock does not resume
print(c.adjust(RED, at(70 * S), 30 * S), c.flag_at(RED), c.state == PAUSED)
print(c.resume(at(75 * S)), c.remaining(RED, at(80 * S)))
print(c.used(RED, at(80 * S)), c.stopped(at(80 * S)), c.elapsed(at(80 * S)))
c2 = Clock(parse("1m"))
c2.start(at(0))
print(c2.adjust(BLACK, at(1 * S), 0), ms_of(c2.flag_at(BLACK)))  # set to zero: flagged now
""")
    assert out == ["0 8", "1 -1 True", "1 25000", "65000 15000 80000", "17 1000"]


# -- 22.2 penalty --------------------------------------------------------------

def test_22_2_penalty_five_minutes_by_default(mp):
    out = run(mp, """
c = Clock(parse("60m+30s"))
c.start(at(0))
c.pause(at(1 * M))                    # 22.2: the arbiter stops the clock to check
print(c.penalty(RED, at(2 * M)), c.remaining(RED, at(2 * M)))
print(c.penalty(BLACK, at(2 * M), 60 * S), c.remaining(BLACK, at(2 * M)))
c.resume(at(3 * M))
print(c.remaining(RED, at(4 * M)))
c = Clock(parse("60m"), penalty_ms=2 * M)
c.start(at(0))
print(c.penalty(BLACK, at(0)), c.remaining(BLACK, at(0)))
""")
    assert out == ["1 3240000", "1 3540000", "3180000", "1 3480000"]


def test_22_2_penalty_that_uses_the_time_up_flags_at_once(mp):
    out = run(mp, """
c = Clock(parse("10m"))
c.start(at(0))
print(c.penalty(RED, at(6 * M)), ms_of(c.flag_at(RED)), c.remaining(RED, at(6 * M)))
print(c.used(RED, at(7 * M)), c.stopped(at(7 * M)), c.display(RED, at(7 * M)))
c = Clock(parse("10m"))
c.start(at(0))
c.press(RED, at(6 * M))               # the side not to move loses its time too
print(c.penalty(RED, at(7 * M)), ms_of(c.flag_at(RED)), c.state == FLAGGED)
""")
    assert out == ["17 360000 0", "360000 60000 0.0 F", "17 420000 True"]


# -- faces ---------------------------------------------------------------------

def test_display_faces(mp):
    out = run(mp, """
from clock.display import time_text
for ms in (2 * 3600000, 7199999, 3600000, 3599999, 600000, 60000, 20000, 19999, 10050, 99, 0, -5):
    print(time_text(ms))
""")
    assert out == ["2:00:00", "1:59:59", "1:00:00", "59:59", "10:00", "1:00", "0:20",
                   "19.9", "10.0", "0.0", "0.0", "0.0"]


# -- wrap, save, cost ----------------------------------------------------------

SCRIPT = """
c = Clock(parse("%s"), quota_by=%d)
c.start(at(0))
out = []
t = 0
for n in range(200):
    t += (n * 7919) %% 23000
    s = c.running
    r = (n %% 5 == 0) and c.move_made(s, at(t)) or c.press(s, at(t))
    out.append((r, c.update(at(t)), c.remaining(RED, at(t)), c.remaining(BLACK, at(t)),
                c.display(RED, at(t)), c.moves_left(BLACK)))
print(hash(str(out)), out[-1])
"""


@pytest.mark.parametrize("control,quota_by", [
    ("60m/30,10m/10*", 1), ("10m+10s", 0), ("5m d3s", 0), ("5m b3s", 1), ("3m byo5x20s", 0)])
def test_wrap_2_30_same_game_anywhere_in_the_tick_range(mp, control, quota_by):
    outs = []
    for base in ("0", "(1 << 30) - 70000", "(1 << 30) - 1", "(1 << 29)", "12345"):
        body = SCRIPT % (control, quota_by)
        outs.append(mp.run(PRELUDE.replace("(1 << 30) - 5000", base) + body))
    assert len(set(outs)) == 1, outs


def test_save_restore_exact(mp):
    out = run(mp, """
def same(c, t):
    d = Clock.restore(c.save())
    a = [c.save(), c.display(RED, t), c.display(BLACK, t), c.update(t)]
    b = [d.save(), d.display(RED, t), d.display(BLACK, t), d.update(t)]
    return a == b
c = Clock(parse("red=60m/2,10m/1*;black=1m byo2x5s"), quota_by=BOARD, late_ms=None)
print(same(c, at(0)))                 # ready
c.start(at(0))
c.move_made(RED, at(1 * S)); c.press(RED, at(2 * S))
print(same(c, at(3 * S)))             # running
c.pause(at(4 * S))
print(same(c, at(9 * S)))             # paused
c.resume(at(10 * S))
print(same(c, at(80 * S)))            # Black in byo-yomi
print(same(c, at(90 * S)))            # Black's flag falls at 80 s
c.update(at(90 * S))
print(same(c, at(95 * S)), len(c.save()))
# a shift carries the state into another tick base (e.g. after a reboot)
d = Clock.restore(c.save(), 1000)
print(ms_of(d.flag_at(BLACK)) - ms_of(c.flag_at(BLACK)), d.stopped(at(96 * S)) == c.stopped(at(95 * S)))
for bad in ("", "2|10m|1", "1|10m|1,2", "1|10x|" + ",".join(["0"] * 26), "1|10m|" + ",".join(["x"] * 26)):
    try:
        Clock.restore(bad)
        print("accepted", bad)
    except ValueError as e:
        print("refused")
""")
    assert out[:6] == ["True"] * 5 + [out[5]]
    assert out[5].startswith("True ")
    assert out[6] == "1000 True"
    assert out[7:] == ["refused"] * 5


def test_update_allocates_nothing(mp):
    out = run(mp, """
import micropython
c = Clock(parse("90m/40,30m+30s"), quota_by=BOARD)
c.start(at(0))
c.press(RED, at(1))
n = i = r = r2 = r3 = 0                # (a new global would allocate)
micropython.heap_lock()
while i < 20000:                      # (range() would allocate)
    if c.update(at(i)) != NONE:
        n += 1
    i += 1
r = c.press(BLACK, at(20001))
r2 = c.move_made(RED, at(20002))
r3 = c.remaining(RED, at(20003))
micropython.heap_unlock()
print(n, r, r2, r3)
""")
    assert out == ["0 1 1 5399997"]


def test_sides_are_0_and_8(mp):
    out = run(mp, """
c = Clock(parse("10m"))
for bad in (1, 2, -1, "red"):
    try:
        c.remaining(bad, 0)
    except ValueError as e:
        print("refused")
try:
    c.penalty(RED, at(0))
except ValueError as e:
    print("refused: %s" % e)
c.start(at(0))
try:
    c.start(at(1))
except ValueError as e:
    print("refused: %s" % e)
""")
    assert out == ["refused"] * 4 + ["refused: no penalty before the clock starts",
                                     "refused: the clock has already started"]


def test_time_to_flag_for_the_main_loop(mp):
    out = run(mp, """
c = Clock(parse("1m d2s"))
print(c.time_to_flag(at(0)))          # not started
c.start(at(0))
print(c.time_to_flag(at(10 * S)))     # 60 s + the 2 s delay, 10 s gone
c.pause(at(20 * S))
print(c.time_to_flag(at(30 * S)))
c.resume(at(30 * S))
print(c.time_to_flag(at(72 * S)), c.update(at(72 * S)), ms_of(c.flag_at(RED)))
""")
    assert out == ["-1", "52000", "-1", "0 0 72000"]


def test_6_2_quota_source_switched_mid_game(mp):
    # Sensing fails: the game layer turns the board into a plain clock, and
    # the quota goes on counting from presses where the moves left off.
    out = run(mp, """
c = Clock(parse("10m/3,5m/3*"), quota_by=BOARD)
c.start(at(0))
c.move_made(RED, at(1 * S)); c.press(RED, at(1 * S))
c.move_made(BLACK, at(2 * S)); c.press(BLACK, at(2 * S))
c.quota_by = PRESSES
c.press(RED, at(3 * S)); c.press(BLACK, at(4 * S))
print(c.moves(RED), c.moves_left(RED), c.press(RED, at(5 * S)), c.remaining(RED, at(5 * S)))
d = Clock.restore(c.save())
print(d.quota_by == PRESSES, d.moves(RED))
""")
    assert out == ["2 1 3 897000", "True 3"]  # 3 s used, 5 min added
