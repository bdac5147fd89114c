# The host's commands to the game (docs/PROTOCOL.md, "Host to board"): the
# arbiter's decisions (8.1.2, 21.4, 22.1, 4.1.12...) and the players' claims.
# Each checks what it may, then emits its event; a refusal raises
# CommandError with the reason sent back to the host.
#
# Commands are seldom: Game.command() loads this module for one command and
# drops it after (game/cold.py), so its ~7 KB of code is not in the heap
# while a game is played.
import gc

from clock import clock as _clock
from clock.control import parse as parse_control
from game import events as ev
from game import repetition
from game.config import ConfigError, parse as parse_config
from game.phases import DRAW, OVER, PLAYING, SCORES, SETUP, CommandError, win_for
from link.frame import MAX_LINE
from xq.pieces import BLACK, RED, index, other, side_name, side_of
from xq.position import Position


def run(game, now, words, arbiter):
    """Runs a host command (a list of words). Returns the reply words for
    an acknowledgement; raises CommandError with the reason to refuse."""
    game.advance(now)
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
        return handler(game, now, words[1:]) or []
    except MemoryError:
        gc.collect()
        raise CommandError("out of memory for that now: send it again")
    except (ValueError, ConfigError) as e:
        if isinstance(e, CommandError):
            raise
        raise CommandError(str(e))


def _need(phase_ok, what):
    if not phase_ok:
        raise CommandError(what)


def _fits(g, kind, fields):
    # An event must fit one frame of the link (docs/PROTOCOL.md): refuse
    # a command whose event would not.
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
    _fits(g, ev.GAME, fields)
    g.begin(now)
    g.emit(now, ev.GAME, *fields)
    return ["game"]


def _c_setup(g, now, args):
    _need(g.phase == SETUP, "no game waiting for its set-up")
    g.emit(now, ev.SETUP, "confirmed", args[0] if args else "arbiter")


def _c_start(g, now, args):
    # 20.1: the clock of the side to move runs from the round's start.
    _need(g.phase == SETUP, "no game waiting to start")
    g.emit(now, ev.START, g.position.side, "20.1")


def _c_pause(g, now, args):
    # 8.1.2: only the arbiter stops the clock.
    _need(g.phase == PLAYING and g.clock.state == _clock.RUNNING, "the clock is not running")
    g.emit(now, ev.PAUSE, "arbiter", "8.1.2")


def _c_resume(g, now, args):
    _need(g.phase == PLAYING and g.clock.state == _clock.PAUSED, "the clock is not paused")
    g.emit(now, ev.RESUME, "arbiter")


def _c_adjust(g, now, args):
    # 21.4, 21.5: the arbiter sets a side's time (and move count).
    _need(g.clock is not None and g.phase in (SETUP, PLAYING), "no clock to adjust")
    side = side_of(args[0])
    ms = int(args[1])
    moves = int(args[2][6:]) if len(args) > 2 and args[2].startswith("moves=") else None
    g.clock.adjust(side, now, ms, moves)
    g.emit(now, ev.ADJUST, side, ms, moves, "21.4")


def _c_penalty(g, now, args):
    # 22.2: 5 minutes unless the arbiter says otherwise.
    _need(g.phase == PLAYING, "no game in progress")
    side = side_of(args[0])
    ms = int(args[1]) if len(args) > 1 else g.clock.penalty_ms
    _penalty(g, now, side, ms)


def _penalty(g, now, side, ms):
    r = g.clock.penalty(side, now, ms)
    g.emit(now, ev.PENALTY, side, ms, "22.2")
    if r & _clock.FLAG:
        g.flag_result(now, side)


def _c_result(g, now, args):
    # The arbiter's result (also confirms a verdict under `report`).
    _need(g.phase in (SETUP, PLAYING), "no game in progress")
    if not args:
        if not g.verdict:
            raise CommandError("no verdict to confirm: give the score and article")
        args = [g.verdict[0], g.verdict[1], ev.escape(g.verdict[2])]
    if args[0] not in SCORES:
        raise CommandError("score %r: 1-0, 0-1, 1/2-1/2 or 0-0" % args[0])
    if len(args) < 2:
        raise CommandError("give the article the result applies")
    reason = " ".join(ev.unescape(w) for w in args[2:] + ["arbiter"])
    fields = (args[0], args[1], reason)
    _fits(g, ev.RESULT, fields)
    g.emit(now, ev.RESULT, *fields)


def _c_resign(g, now, args):
    # 4.1.12
    _need(g.phase == PLAYING, "no game in progress")
    side = side_of(args[0])
    g.emit(now, ev.RESULT, win_for(other(side)), "4.1.12", "resigned " + side_name(side))


def _c_forfeit(g, now, args):
    # 4.1.7 and 20.2: the arbiter confirms a late side's forfeit.
    _need(g.phase in (SETUP, PLAYING), "no game in progress")
    if args == ["both"]:
        g.emit(now, ev.RESULT, "0-0", "20.2", "both late")
        return
    side = side_of(args[0])
    g.emit(now, ev.RESULT, win_for(other(side)), "4.1.7", "late " + side_name(side))


def _c_offer(g, now, args):
    # 22.1: a draw is offered on one's own time and cannot be withdrawn;
    # the offer that puts a side two ahead of the other is a foul (8.1.3).
    _need(g.phase == PLAYING, "no game in progress")
    side = side_of(args[0])
    if g.clock.running != side:
        raise CommandError("22.1: a draw is offered on one's own time")
    i = index(side)
    g.emit(now, ev.OFFER, side, g.offers[i] + 1, "22.1")
    if g.offers[i] - g.offers[1 - i] >= 2:
        g.foul(now, side, "8.1.3")


def _c_accept(g, now, args):
    # 4.2.1: a draw agreed.
    _need(g.phase == PLAYING, "no game in progress")
    side = side_of(args[0])
    if g.open_offer != other(side):
        raise CommandError("no draw offer of the opponent stands")
    g.emit(now, ev.RESULT, DRAW, "4.2.1", "agreed")


def _c_claim(g, now, args):
    _need(g.phase == PLAYING, "no game in progress")
    side = side_of(args[0])
    what = args[1] if len(args) > 1 else ""
    if what == "natural":
        return _claim_natural(g, now, side)
    if what == "repetition":
        return _claim_repetition(g, now, side)
    raise CommandError("claim what? natural or repetition")


def _claim_natural(g, now, side):
    # 4.2.4 with the counting of 22.2.
    rounds = g.natural_rounds(side)
    g.emit(now, ev.CLAIM, side, "natural", rounds, "4.2.4")
    if rounds >= g.config.limit:
        return g.decide(now, DRAW, "4.2.4", "natural limit")
    # A false claim: a foul that costs 5 minutes (22.2, 8.1.4); the second
    # false claim in the same period loses (4.1.11).
    period = g.clock.stage(side)
    n = g.false_claims.get((index(side), period), 0)
    g.foul(now, side, "8.1.4", period)
    if g.phase != PLAYING:
        return
    if n >= 1:
        return g.decide(now, win_for(other(side)), "4.1.11", "second false claim")
    _penalty(g, now, side, g.clock.penalty_ms)


def _claim_repetition(g, now, side):
    # 23.1: ruled on a claim; a perpetual check loses at once (23.5.1),
    # other rulings give two rounds to vary first (23.5.2).
    try:
        r = repetition.rule(g.position)
        if r is None:
            raise CommandError("no repetition to rule: fewer than three (23.3)")
        ruling, article = repetition.words(r)
        g.emit(now, ev.CLAIM, side, "repetition", ruling, article)
        if r.grace == 0:
            return g.repetition_result(now, r, r.effect)  # 4.1.4
        g.ruling = r
    finally:
        g.release_rulings()


def _c_correct(g, now, args):
    # 5.8: the arbiter restores the position (as a FEN, `_` for spaces).
    _need(g.phase in (SETUP, PLAYING), "no game in progress")
    fen = ev.unescape("_".join(args))
    Position(fen)
    g.emit(now, ev.CORRECT, fen, "5.8")


def _c_confirm(g, now, args):
    # Art. 9: the result, the time used by each side and the fouls.
    _need(g.phase == OVER, "no result to confirm")
    g.emit(now, ev.CONFIRM, g.result[0], g.result[1], g.clock.used(RED, now),
              g.clock.used(BLACK, now), "%d/%d" % (g.fouls[0], g.fouls[1]), "9")



# name: (needs the arbiter's key, handler)
_COMMANDS = {
    "new": (True, _c_new),
    "setup": (True, _c_setup),
    "start": (True, _c_start),
    "pause": (True, _c_pause),
    "resume": (True, _c_resume),
    "adjust": (True, _c_adjust),
    "penalty": (True, _c_penalty),
    "result": (True, _c_result),
    "resign": (True, _c_resign),
    "forfeit": (True, _c_forfeit),
    "offer": (True, _c_offer),
    "accept": (True, _c_accept),
    "claim": (True, _c_claim),
    "correct": (True, _c_correct),
    "confirm": (True, _c_confirm),
}
