# Repetition on the board (art. 23-26): what a repeated position means,
# returned as a decision for the game to emit. The third occurrence is
# announced with the ruling the board would give (23.1), a player's claim is
# ruled, a claimed ruling has its grace (23.5.2). The rulings themselves are
# in xq/rulings/: they are imported only when a position repeats (~20 KB),
# to spare the heap. This module imports nothing from the game.
from micropython import const

from xq.pieces import index
from xq.squares import move_name

# Decisions of after_move(): (decision, ruling, effect).
ANNOUNCE = const(1)  # the third occurrence (23.1): announce the ruling
VARIED = const(2)  # the grace of 23.5.2 is over and the cycle was varied: the ruling lapses
IN_FORCE = const(3)  # nobody varied: the ruling's effect (its article) applies


def occurrences(hashes, h):
    """How often the position of hash `h` occurred in `hashes` (23.3)."""
    n = 0
    for x in hashes:
        if x == h:
            n += 1
    return n


def rule(position):
    """The Ruling on the position's repetition, or None (fewer than three
    occurrences, 23.3)."""
    from xq.rulings.detect import detect
    from xq.rulings.ruling import rule as rule_cycle

    cycle = detect(position)
    if cycle is None:
        return None
    return rule_cycle(position, cycle)


def after_move(position, ruling, claimed=None):
    """What the move just made means: (decision, ruling, effect) or None.
    `ruling` is the claimed ruling still in its grace, or None; `claimed`
    the ply of its claim (after a power cut the ruling is not in the heap
    any more: it is ruled again at that ply, 23.5.2, 4.1.5)."""
    if ruling is None and claimed is not None:
        ruling = ruling_at(position, claimed)
    if ruling is not None:
        from xq.rulings.ruling import after_grace

        effect = after_grace(position, ruling)
        if effect is not None:
            return IN_FORCE, ruling, effect
        c = ruling.cycle
        if position.ply >= c.start_ply + c.length + 2 * ruling.grace:
            return VARIED, ruling, None
        return None
    r = rule(position)
    if r is not None:
        return ANNOUNCE, r, None
    return None


def ruling_at(position, ply):
    """The Ruling on the repetition of the position at `ply` of the game
    (position is left as it was), or None."""
    undone = []
    while position.ply > ply:
        undone.append(position.move_at(position.ply - 1))
        position.pop()
    try:
        return rule(position)
    finally:
        while undone:
            position.push(undone.pop())


def words(r):
    """(ruling, article) of a ruling for the event: the ruling as words
    (docs/RULINGS.md: the cycle's count, each move with its class, the
    verdict and the articles that lead to it) and its deciding article."""
    from xq.rulings.classify import NAMES

    out = ["x%d" % r.cycle.count] if r.cycle is not None else []
    for mc in r.moves:
        out.append("%s:%s:%s" % ("RB"[index(mc.side)], move_name(mc.move), NAMES[mc.kind].replace(" ", "-")))
    out.append("verdict=" + r.verdict.replace(" ", "-"))
    return " ".join(out + r.articles[:-1]), r.articles[-1]
