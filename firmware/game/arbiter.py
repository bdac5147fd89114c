# The arbiter's commands to the game (docs/PROTOCOL.md, "Host to board"):
# new game, set-up, clock (8.1.2, 21.4, 22.2), results (4.1.7, 4.1.12, 20.2),
# corrections (5.8) and the score sheet (art. 9); the players' offers and
# claims are in claims.py. Each checks what it may, then emits its event; a
# refusal raises CommandError with the reason sent back to the host.
# Loaded for one command and dropped after (game/cold.py).
from micropython import const

from clock import clock as _clock
from clock.control import parse as parse_control
from game import applying, cold
from game import events as ev
from game.config import parse as parse_config
from game.refusals import check_result, fits
from game.sealed import emit_sealed
from game.phases import OVER, PLAYING, SETUP, CommandError, by_arg, need, number_arg, side_arg, win_for
from xq.pieces import BLACK, RED, index, other, side_name
from xq.position import Position


MAX_MS = const(10 * 3600000)  # an adjust or a penalty: at most 10 hours
MAX_MOVES = const(9999)  # the clock's own bound on a move count

def run(game, now, name, args):
    """Runs the arbiter's command `name` (Game.command has checked the key
    and turns errors into refusals); returns the reply words."""
    return _COMMANDS[name](game, now, args)


def _c_new(g, now, args):
    cfg = parse_config(args)
    Position(cfg.fen)  # refuse a bad FEN before anything changes
    parse_control(cfg.tc)
    if g.phase == PLAYING:
        raise CommandError("a game is in progress: end it first (result)")
    fields = ("new",) + cfg.values()
    fits(g, ev.GAME, fields)
    g.begin(now)
    g.emit(now, ev.GAME, *fields)
    return ["game"]


def _c_setup(g, now, args):
    need(g.phase == SETUP, "no game waiting for its set-up")
    g.emit(now, ev.SETUP, "confirmed", args[0] if args else "arbiter")


def _c_start(g, now, args):
    # 20.1: the clock of the side to move runs from the round's start.
    need(g.phase == SETUP, "no game waiting to start")
    g.emit(now, ev.START, g.position.side, "20.1")


def _c_pause(g, now, args):
    # 8.1.2: only the arbiter stops the clock.
    need(g.phase == PLAYING and g.clock.state == _clock.RUNNING, "the clock is not running")
    g.emit(now, ev.PAUSE, "arbiter", "8.1.2")


def _c_resume(g, now, args):
    # After a flag not yet confirmed (21.5), `resume by=<name>` annuls it
    # and restarts the clock: how the arbiter lifts a faulty flag. Any
    # other end (a mate, a ruling, an agreed result) is no clock's to lift:
    # only a correction (5.8) or a replaced result reopens it, named so.
    by, args = by_arg(args)
    if g.phase == OVER:
        cold_overrule(g, now, "resume", by, args)  # a flag only (game/overrule.py)
    need(g.phase == PLAYING and g.clock.state == _clock.PAUSED, "the clock is not paused")
    g.emit(now, ev.RESUME, "arbiter")


def _c_overrule(name):
    # annul, foul and unfoul: the arbiter's overrules (game/overrule.py)
    def handler(g, now, args):
        by, args = by_arg(args)
        return cold_overrule(g, now, name, by, args)
    return handler


def _c_adjust(g, now, args):
    # 21.4, 21.5: the arbiter sets a side's time (and move count).
    # After a result, until it is confirmed (art. 9), the arbiter may set
    # the clocks to resume play with (annul, or resume after a flag, 21.5).
    need(g.clock is not None and (g.phase in (SETUP, PLAYING) or (g.phase == OVER and not g.confirmed)),
         "no clock to adjust")
    side = side_arg(args)
    if len(args) < 2:
        raise CommandError("adjust <side> <ms> [moves=<n>]")
    ms = number_arg(args[1], "ms", 0, MAX_MS)
    moves = None
    for w in args[2:]:
        if not w.startswith("moves="):
            raise CommandError("adjust <side> <ms> [moves=<n>]: %r?" % w)
        moves = number_arg(w[6:], "moves", 0, MAX_MOVES)
    r = g.clock.adjust(side, now, ms, moves)
    g.emit(now, ev.ADJUST, side, ms, moves, "21.4")
    if r & _clock.FLAG and g.phase == PLAYING:
        # 21.3: the time set leaves the side none: its flag falls now, and
        # the board rules it as any flag (4.1.6); the arbiter sees it and
        # may annul or adjust again (21.5)
        g.flag_result(now, side)


def _c_penalty(g, now, args):
    # 22.2: 5 minutes unless the arbiter says otherwise.
    need(g.phase == PLAYING, "no game in progress")
    side = side_arg(args)
    ms = number_arg(args[1], "ms", 1, MAX_MS) if len(args) > 1 else g.clock.penalty_ms
    g.penalty(now, side, ms)


def _c_result(g, now, args):
    # The arbiter's result (also confirms a verdict under `report`). Once
    # the board has a result, the arbiter's replaces it (before CONFIRM) or
    # amends it (after): an overrule, game/overrule.py.
    by, args = by_arg(args)
    if g.phase == OVER:
        return cold_overrule(g, now, "result", by, args)
    need(g.phase in (SETUP, PLAYING), "no game in progress")
    if not args:
        if not g.verdict:
            raise CommandError("no verdict to confirm: give the score and article")
        args = [g.verdict[0], g.verdict[1], ev.escape(g.verdict[2])]
    if len(args) < 2:
        raise CommandError("result <score> <article> [reason]: give the article the result applies")
    check_result(args[0], args[1])
    reason = " ".join(ev.unescape(w) for w in args[2:] + [ev.unescape(by) if by else "arbiter"])
    fields = (args[0], args[1], reason)
    fits(g, ev.RESULT, fields)
    g.emit(now, ev.RESULT, *fields)


def cold_overrule(g, now, name, by, args):
    """The overrule `name` (game/overrule.py, loaded for the call)."""
    return cold.call(cold.OVERRULE, "run", g, now, name, by, args)


def _c_resign(g, now, args):
    # 4.1.12
    need(g.phase == PLAYING, "no game in progress")
    side = side_arg(args)
    g.emit(now, ev.RESULT, win_for(other(side)), "4.1.12", "resigned " + side_name(side))


def _c_forfeit(g, now, args):
    # 4.1.7 and 20.2: the arbiter confirms a late side's forfeit.
    need(g.phase in (SETUP, PLAYING), "no game in progress")
    side = side_arg(args, 0, True)
    if side == "both":
        g.emit(now, ev.RESULT, "0-0", "20.2", "both late")
        return
    g.emit(now, ev.RESULT, win_for(other(side)), "4.1.7", "late " + side_name(side))


def _c_correct(g, now, args):
    # 5.8: the arbiter restores the position (as a FEN, `_` for spaces).
    need(g.phase in (SETUP, PLAYING), "no game in progress")
    count = None
    words = []
    for w in args:
        if w.startswith("count="):
            count = number_arg(w[6:], "count", 0, MAX_MOVES)
        else:
            words.append(w)
    need(words, "correct <fen> [count=<plies>]: give the position (spaces as _)")
    fen = ev.unescape("_".join(words))
    target = Position(fen)
    k = applying.ply_of(g, fen)
    # refused only when the side to move fits neither the current position
    # nor the ply the correction returns to
    if target.side != g.position.side and k is None:
        raise CommandError("5.8: %s to move fits neither the position nor an earlier one of the game"
                           % side_name(target.side))
    if k is None:
        # 4.2.4 after 5.8: a position new to the game keeps the natural-limit
        # count the arbiter sets (count=, or the FEN's half-move field);
        # neither given, the capture-free run actually played goes on. The
        # CORRECT's FEN carries the count, so a replay counts the same.
        if count is None and target.quiet == 0:
            count = len(g.checks)
        if count is not None:
            target.quiet = count
            fen = target.fen()
    else:
        need(count is None, "count= sets the count of a position new to the game; back to ply %d it is the game's" % k)
    flagged = []
    if k is not None and g.clock is not None and g.started:
        # 5.8.2: back to the position before ply k + 1, whose side to move
        # has not moved yet: its clock runs (an odd number of plies undone
        # or a move made and not pressed left the other one's running)
        if g.clock.hand(target.side, now) & _clock.FLAG:
            flagged.append(other(target.side))  # its flag fell before the correction
        flagged += _take_back(g, now, g.position.ply - k)
    g.emit(now, ev.CORRECT, fen, "5.8")  # (a clock event: the clock taken back rides in its record)
    for side in flagged:
        g.flag_result(now, side)  # 21.3: the stage's time taken back left none


def _take_back(g, now, plies):
    # 6.2, 6.1 after 5.8.2: the clock counts only the moves that stand. The
    # plies undone are taken off each side's count; a stage one of them
    # completed gives back its time and each one pressed gives back the
    # increment its press earned, as the arbiter would set it (21.5). What
    # the clock ran stays run (the time spent, byo-yomi periods used up).
    # Returns the sides that leaves no time.
    mover = other(g.position.side)  # the last ply's
    g.quota_unpressed = None  # (a quota an undone move met)
    undone = [0, 0]
    flagged = []
    for j in range(plies):
        undone[index(mover if j % 2 == 0 else other(mover))] += 1
    for side in (RED, BLACK):
        n = undone[index(side)]
        if not n:
            continue
        c = g.clock
        scheme = c.control.scheme(side)
        have = c.moves(side)
        moves = have - n if have > n else 0
        back = scheme.stage_after(moves)[0]
        ms = c.remaining(side, now)
        for k in range(back + 1, c.stage(side) + 1):
            ms -= scheme.stage(k)[0]
        # 6.1: move m's press earned its stage's increment (a move made and
        # not pressed, the side's latest, earned none)
        for m in range(moves + 1, have if g.moved[index(side)] else have + 1):
            ms -= scheme.stage(scheme.stage_after(m)[2])[2]
        if c.in_byoyomi(side, now):
            # no main time left: the periods stand as they ran (the current
            # one too), or, back in a quota's stage, none count: no time
            ms = 0 if back < c.stage(side) else None
        elif ms < 0:
            ms = 0
        if c.adjust(side, now, ms, moves) & _clock.FLAG:
            flagged.append(side)
    return flagged


def _c_confirm(g, now, args):
    # Art. 9: the result, the time used by each side and the fouls.
    need(g.phase == OVER, "no result to confirm")
    need(not g.confirmed, "already confirmed (art. 9): amend the result with result ... by=<name>")
    # The arbiter's confirmation seals the game: the seal is the key's HMAC
    # over the chain's head and the CONFIRM's own text (game/chain.py).
    fields = (g.result[0], g.result[1], g.clock.used(RED, now), g.clock.used(BLACK, now),
              "%d/%d" % (g.fouls[0], g.fouls[1]), "9")
    emit_sealed(g, now, ev.CONFIRM, fields)



# name: handler
_COMMANDS = {
    "new": _c_new,
    "setup": _c_setup,
    "start": _c_start,
    "pause": _c_pause,
    "resume": _c_resume,
    "adjust": _c_adjust,
    "penalty": _c_penalty,
    "result": _c_result,
    "resign": _c_resign,
    "forfeit": _c_forfeit,
    "correct": _c_correct,
    "confirm": _c_confirm,
    "annul": _c_overrule("annul"),
    "foul": _c_overrule("foul"),
    "unfoul": _c_overrule("unfoul"),
}
