# What the game rules as time passes, with no move or press to start it: the flag (4.1.6, with
# 21.6's move placed in time), a quota met by a move never pressed (21.5), lateness (20.1), and
# the clock snapshots; and when the scan must next ask (due_in).
#
# Functions of a Game (game/game.py), which binds tick, due_in and flag_result as its methods:
# the scan's g.tick(now) and g.due_in(now) are one call each, as when they were written in the
# class (they run at every step of the scan that does anything). What they read and write is the
# Game's own state (game/journaled.py lists it).
from micropython import const

import ticks
from clock import clock as _clock
from game import events as ev
from game.phases import OVER, PLAYING, win_for
from xq.pieces import BLACK, RED, other, side_name

SNAPSHOT_MS = const(5000)  # clock snapshot period while a clock runs (store bound)


def tick(game, now):
    """~100 Hz: the clock's flag, lateness (20.1), clock snapshots."""
    game.advance(now)
    if game.phase != PLAYING or game.clock is None:
        return
    side = game.clock.update(now)
    if side != _clock.NONE:
        game.flag_result(now, side)
        return
    if game.quota_unpressed is not None:
        _quota_check(game, now)
    if not game.late_reported:
        _late_check(game, now)
    if game.clock.state == _clock.RUNNING and game.t - game.snap_at >= SNAPSHOT_MS:
        game.snapshot(now)


# (tick's rare cases, apart: tick's frame stays under 11 words, off the heap)

def _quota_check(game, now):
    q = game.quota_unpressed
    # 21.5 「因少按钟而导致限著不满的超时…应服从裁判员的裁决」: the quota's last move made, never
    # pressed, its time out: the flag, and no result: the arbiter rules
    if ticks.diff(now, q[1]) >= 0:
        game.quota_unpressed = None
        game.emit(now, ev.FLAG, q[0], game.t + ticks.diff(q[1], now), "21.5")


def _late_check(game, now):
    # 20.1: lateness reported; the arbiter rules the forfeit (4.1.7, 20.2)
    late = game.clock.late(now)
    if late:
        game.emit(now, ev.LATE, "red" if RED in late else None, "black" if BLACK in late else None,
                  "20.1")


def due_in(game, now):
    """ms until tick() may have work (flag, snapshot, 21.5; 20.1 within a
    second), at most SNAPSHOT_MS, or None."""
    if game.phase != PLAYING or game.clock is None:
        return None
    wait = SNAPSHOT_MS
    clock = game.clock
    if clock.state == _clock.RUNNING:
        wait = min(wait, clock.time_to_flag(now), max(SNAPSHOT_MS - (game.t - game.snap_at), 0))
    q = game.quota_unpressed
    return wait if q is None else min(wait, max(ticks.diff(q[1], now), 0))


def flag_result(game, now, side):
    """4.1.6: the side's flag fell (the exact instant reported)."""
    if game.phase != PLAYING:
        return
    flag = game.clock.flag_at(side)
    flag_t = game.t + ticks.diff(flag, now) if flag != _clock.NONE else game.t
    game.emit(now, ev.FLAG, side, flag_t, "4.1.6")
    p = game.provisional
    if p is not None and game.position.side == side and ticks.diff(p[1], flag) <= 0:
        # 21.6: a move placed before the flag that mates or stalemates stands: the move is made
        # final now and decides the game.
        game.provisional = None
        game.on_move(now, p[0], p[1])
        if game.phase == OVER or game.verdict:
            return
    if game.clock.moves_left(side) > 0:
        reason = "quota missed 6.2 " + side_name(side)
    else:
        reason = "time " + side_name(side)
    game.decide(now, win_for(other(side)), "4.1.6", reason)
    game.flagged = (side, flag, game.seq)


def in_time_for_the_flag(game, at):
    """21.6: a move placed at or before the flag's millisecond is in time,
    even when the sensors report it (debounced) just after the flag was
    ruled: it is recorded, and a mate or stalemate it makes stands in place
    of the flag's result (until CONFIRM)."""
    f = game.flagged
    return (f is not None and game.phase == OVER and game.result_seq == f[2] and not game.confirmed
            and game.position.side == f[0] and ticks.diff(at, f[1]) <= 0)
