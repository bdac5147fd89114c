# Repetition on the board (art. 23-26): the third occurrence announced with
# the ruling the board would give (23.1), a player's claim ruled, the grace
# of 23.5.2. The rulings themselves are in xq/rulings/; this module and
# they are imported only when a position repeats, to spare the heap.
from game.game import CommandError, side_name


def rule(game):
    from xq.rulings.detect import detect
    from xq.rulings.ruling import rule as _rule

    cycle = detect(game.position)
    if cycle is None:
        return None
    return _rule(game.position, cycle)


def words(r):
    """A ruling in ASCII words for the link: each move of the cycle with its
    class, then the verdict and its articles (docs/RULINGS.md)."""
    from xq.rulings.classify import NAMES
    from xq.squares import move_name

    out = ["x%d" % r.cycle.count] if r.cycle is not None else []
    for mc in r.moves:
        out.append("%s:%s:%s" % ("RB"[mc.side >> 3], move_name(mc.move), NAMES[mc.kind].replace(" ", "-")))
    out.append("verdict=" + r.verdict.replace(" ", "-"))
    return out + r.articles


def after_move(game, now):
    r = game.ruling
    if r is not None:
        # A claimed ruling in its grace (23.5.2): in force if nobody varied.
        from xq.rulings.ruling import after_grace

        effect = after_grace(game.position, r)
        if effect is not None:
            game.ruling = None
            return game._repetition_result(now, r, effect)
        c = r.cycle
        if game.position.ply >= c.start_ply + c.length + 2 * r.grace:
            game.ruling = None
            game.emit(now, "REPETITION", "varied", "23.5.2")
        return
    # The third occurrence (23.1): announced; ruled when a player claims.
    r = rule(game)
    if r is not None:
        game.emit(now, "REPETITION", "third", *words(r))


def claim(game, now, side):
    r = rule(game)
    if r is None:
        raise CommandError("no repetition to rule: fewer than three (23.3)")
    game.emit(now, "CLAIM", side_name(side), "repetition", *words(r))
    if r.grace == 0:
        # 23.5.1: one-sided perpetual check loses at once (4.1.4).
        return game._repetition_result(now, r, r.effect)
    game.ruling = r  # 23.5.2: two rounds to vary first
