# The players' offers and claims, made through the arbiter's host
# (docs/PROTOCOL.md, "Host to board"): a draw offered (22.1, 8.1.3) and
# accepted (4.2.1), the natural limit claimed (4.2.4 counted per 22.2; a
# false claim 8.1.4, 4.1.11) and a repetition claimed (23.1, 23.5). Loaded
# for one command and dropped after (game/cold.py): a claim of repetition
# then needs the heap only for itself and the rulings.
from game import events as ev
from game import repetition
from game.phases import DRAW, PLAYING, CommandError, need, side_arg, win_for
from xq.pieces import index, other


def run(game, now, name, args):
    """Runs the command `name` (offer, accept or claim); returns the reply
    words (Game.command has checked the key)."""
    return _COMMANDS[name](game, now, args)


def _c_offer(g, now, args):
    # 22.1: a draw is offered on one's own time and cannot be withdrawn;
    # the offer that puts a side two ahead of the other is a foul (8.1.3).
    need(g.phase == PLAYING, "no game in progress")
    side = side_arg(args)
    if g.clock.running != side:
        raise CommandError("22.1: a draw is offered on one's own time")
    i = index(side)
    g.emit(now, ev.OFFER, side, g.offers[i] + 1, "22.1")
    if g.offers[i] - g.offers[1 - i] >= 2:
        g.foul(now, side, "8.1.3")


def _c_accept(g, now, args):
    # 4.2.1: a draw agreed.
    need(g.phase == PLAYING, "no game in progress")
    side = side_arg(args)
    if g.open_offer != other(side):
        raise CommandError("no draw offer of the opponent stands")
    g.emit(now, ev.RESULT, DRAW, "4.2.1", "agreed")


def _c_claim(g, now, args):
    need(g.phase == PLAYING, "no game in progress")
    side = side_arg(args)
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
    # false claim within the same capture-free run (「同一个"自然限著"阶段」)
    # loses (4.1.11), whatever the clock's period. FOUL's period= names the run.
    run = g.quiet_run
    n = g.false_claims.get((index(side), run), 0)
    g.foul(now, side, "8.1.4", run)
    if g.phase != PLAYING:
        return
    if n >= 1:
        return g.decide(now, win_for(other(side)), "4.1.11", "second false claim")
    g.penalty(now, side, g.clock.penalty_ms)


def _claim_repetition(g, now, side):
    # 23.1: ruled on a claim; a perpetual check loses at once (23.5.1),
    # other rulings give two rounds to vary first (23.5.2).
    r = repetition.rule(g.position)
    if r is None:
        raise CommandError("no repetition to rule: fewer than three (23.3)")
    ruling, article = repetition.words(r)
    g.emit(now, ev.CLAIM, side, "repetition", ruling, article)
    if r.grace == 0:
        return g.repetition_result(now, r, r.effect)  # 4.1.4
    g.ruling = r


# name: handler
_COMMANDS = {
    "offer": _c_offer,
    "accept": _c_accept,
    "claim": _c_claim,
}
