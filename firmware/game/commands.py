# The arbiter's commands to the game (docs/PROTOCOL.md, "Host to board"):
# new game, set-up, clock (8.1.2, 21.4, 22.2), results (4.1.7, 4.1.12, 20.2),
# corrections (5.8) and the score sheet (art. 9); the players' offers and
# claims are in claims.py. Each checks what it may, then emits its event; a
# refusal raises CommandError with the reason sent back to the host.
# Loaded for one command and dropped after (game/cold.py).
from micropython import const

from clock import clock as _clock
from clock.control import parse as parse_control
from game import events as ev
from game.config import parse as parse_config
from game.phases import DRAW, OVER, PLAYING, SCORES, SETUP, CommandError, by_arg, need, number_arg, side_arg, win_for
from link.frame import MAX_LINE
from xq.pieces import BLACK, RED, other, side_name
from xq.position import Position


MAX_MS = const(10 * 3600000)  # an adjust or a penalty: at most 10 hours
MAX_MOVES = const(9999)  # the clock's own bound on a move count

# The articles a result may cite (20.2, art. 4): each with the scores it
# can give. A result for anything else is the arbiter's to word as a reason.
_WINS = ("1-0", "0-1")
RESULT_ARTICLES = {
    "4.1.1": _WINS, "4.1.2": _WINS, "4.1.3": _WINS, "4.1.4": _WINS, "4.1.5": _WINS,
    "4.1.6": _WINS, "4.1.7": _WINS, "4.1.8": _WINS, "4.1.9": _WINS, "4.1.10": _WINS,
    "4.1.11": _WINS, "4.1.12": _WINS, "4.1.13": _WINS,
    "4.2.1": (DRAW,), "4.2.2": (DRAW,), "4.2.3": (DRAW,), "4.2.4": (DRAW,),
    "20.2": ("0-0", "1-0", "0-1"),
}


def run(game, now, name, args):
    """Runs the arbiter's command `name` (Game.command has checked the key
    and turns errors into refusals); returns the reply words."""
    return _COMMANDS[name](game, now, args)


def check_result(score, article):
    """Refuses a score that is not one of 20.2's forms, or an article that
    is unknown or cannot give that score."""
    if score not in SCORES:
        raise CommandError("score %r: 1-0, 0-1, 1/2-1/2 or 0-0 (20.2)" % score)
    scores = RESULT_ARTICLES.get(article)
    if scores is None:
        raise CommandError("article %r: one of 4.1.1-4.1.13, 4.2.1-4.2.4, 20.2" % article)
    if score not in scores:
        raise CommandError("%s cannot give %s (it gives %s)" % (article, score, " or ".join(scores)))


def fits(g, kind, fields):
    """Refuses a command whose event would not fit one frame of the link
    (docs/PROTOCOL.md)."""
    size = len(ev.encode(g.seq + 1, g.t, kind, fields).encode())
    if size > MAX_LINE:
        raise CommandError("%s would be %d bytes, over the link's %d: shorten it" % (kind, size, MAX_LINE))


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
    # After a result not yet confirmed (a flag, 21.5), `resume by=<name>`
    # annuls it and restarts the clock: how the arbiter lifts a faulty flag.
    by, args = by_arg(args)
    if g.phase == OVER:
        # checked before the annulment, so that a refused resume changes nothing
        need(g.started, "the clock never ran: annul the result to return to the set-up")
        cold_overrule(g, now, "annul", by, args)
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
    g.clock.adjust(side, now, ms, moves)
    g.emit(now, ev.ADJUST, side, ms, moves, "21.4")


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
    from game import cold

    return cold.call("game.overrule", "run", g, now, name, by, args)


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
    need(args, "correct <fen>: give the position (spaces as _)")
    fen = ev.unescape("_".join(args))
    target = Position(fen)
    # refused only when the side to move fits neither the current position
    # nor the ply the correction returns to
    if target.side != g.position.side and g.ply_of(fen) is None:
        raise CommandError("5.8: %s to move fits neither the position nor an earlier one of the game"
                           % side_name(target.side))
    g.emit(now, ev.CORRECT, fen, "5.8")


def _c_confirm(g, now, args):
    # Art. 9: the result, the time used by each side and the fouls.
    need(g.phase == OVER, "no result to confirm")
    need(not g.confirmed, "already confirmed (art. 9): amend the result with result ... by=<name>")
    g.emit(now, ev.CONFIRM, g.result[0], g.result[1], g.clock.used(RED, now),
           g.clock.used(BLACK, now), "%d/%d" % (g.fouls[0], g.fouls[1]), "9")


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
