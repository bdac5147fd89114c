# Rulings on a classified cycle (art. 25, 26.8, 23.5).
#
# Each side's moves in the cycle make a pattern (24.9-24.14): all checks is
# perpetual check (长将); all checks, mate threats and chases is a forbidden
# pattern (禁止著法, 24.13: 长杀, 长捉, 一将一杀, 一将一捉, 一杀一捉); any other
# move makes it allowed (允许著法, 24.14). Then:
#   25.1 / 23.5.1  one-sided perpetual check loses at once (4.1.4)
#   25.2           both allowed: draw if neither varies (23.5.2.1, 4.2.3)
#   25.3           one forbidden: that side must vary (23.5.2.2, else 4.1.5)
#   25.4 -> 26.8   both forbidden: 26.8.1 perpetual mate threat, check and
#                  mate threat, chasing a chariot or an unprotected piece
#                  (alone or mixed with checks or mate threats) must vary;
#                  26.8.2 / 26.8.3 against a joint chase of a chariot / an
#                  unprotected piece, the single chaser varies; 26.8.4
#                  otherwise a draw.
#   23.5.2         two rounds to vary before a ruling other than 23.5.1
#                  takes effect.
from xq.pieces import BLACK, CHARIOT, RED, side_name, type_of
from xq.rulings import exchange as ex
from xq.rulings.classify import CHASE, CHECK, MATE, classify_cycle


PERPETUAL_CHECK = "perpetual check"  # 长将 24.9
ALLOWED = "allowed"  # 24.14
GRACE_ROUNDS = 2  # 23.5.2

_PATTERNS = {
    (MATE,): ("perpetual mate threat", "24.10"),  # 长杀
    (CHASE,): ("perpetual chase", "24.11"),  # 长捉
    (CHECK, MATE): ("check and mate threat", "24.13"),  # 一将一杀
    (CHECK, CHASE): ("check and chase", "24.13"),  # 一将一捉
    (MATE, CHASE): ("mate threat and chase", "24.13"),  # 一杀一捉
    (CHECK, MATE, CHASE): ("check, mate threat and chase", "24.13"),
}


class SidePattern:
    """One side's moves in the cycle: `name`, `article`, `forbidden`, and
    what its chases aim at (for 26.8)."""

    __slots__ = ("side", "name", "article", "forbidden", "must_vary_26_8_1", "joint", "chariot")

    def __init__(self, side, classes):
        self.side = side
        kinds = [c.kind for c in classes if c.side == side]
        self.forbidden = bool(kinds) and all(k <= CHASE for k in kinds)
        self.must_vary_26_8_1 = False
        self.joint = False
        self.chariot = False
        if self.forbidden and all(k == CHECK for k in kinds):
            self.name, self.article = PERPETUAL_CHECK, "24.9"
            return
        if not self.forbidden:
            self.name, self.article = ALLOWED, "24.14"
            return
        key = tuple(sorted(set(kinds)))
        self.name, self.article = _PATTERNS[key]
        chases = [c for c in classes if c.side == side and c.kind == CHASE]
        # 26.8.1: every chase is of a chariot or an unprotected piece (a
        # falsely protected one counts as unprotected, 24.16; an under-
        # protected one too); with no chase (长杀, 一将一杀) it applies as is.
        self.must_vary_26_8_1 = all(_grave(c) for c in chases)
        self.chariot = bool(chases) and all(any(type_of(t.piece) == CHARIOT for t in c.targets) for c in chases)
        self.joint = bool(chases) and all(all(t.how == "joint" for t in c.targets) for c in chases)


def _grave(c):
    for t in c.targets:
        if type_of(t.piece) == CHARIOT or t.protection != ex.PROTECTED:
            return True
    return False


class Ruling:
    """The ruling on a cycle.

    verdict   'red loses', 'black loses', 'red must vary', 'black must vary'
              or 'draw'
    side      the side that loses or must vary (0 red, 8 black), None for a draw
    articles  the articles that decide it, in order
    effect    what happens: '4.1.4' (loss at once), '4.1.5' (loss if the
              side does not vary), '4.2.3' (draw if neither varies)
    grace     rounds allowed to vary before the effect (23.5.2): 0 or 2
    moves     [MoveClass] of the cycle; patterns {RED: SidePattern, BLACK: ...}
    """

    __slots__ = ("verdict", "side", "articles", "effect", "grace", "moves", "patterns", "cycle")

    def __init__(self, verdict, side, articles, effect, grace, moves, patterns, cycle):
        self.verdict = verdict
        self.side = side
        self.articles = articles
        self.effect = effect
        self.grace = grace
        self.moves = moves
        self.patterns = patterns
        self.cycle = cycle


def rule(pos, cycle):
    """Classifies the cycle's moves and rules (pos: the game's position when
    the cycle completed; it is left as it was)."""
    if cycle.article == "23.4":
        popped = [pos.pop() for _ in range(cycle.length)]
        classes = classify_cycle(pos, cycle.moves)
        while popped:
            pos.push(popped.pop())
    else:
        # The position now is the one the cycle started from (23.1).
        classes = classify_cycle(pos, cycle.moves)
    return decide(classes, cycle)


def decide(classes, cycle=None):
    red = SidePattern(RED, classes)
    black = SidePattern(BLACK, classes)
    pats = {RED: red, BLACK: black}
    head = [cycle.article] if cycle is not None else []
    head += [red.article, black.article]

    def out(verdict, side, arts, effect, grace):
        return Ruling(verdict, side, _uniq(head + arts), effect, grace, classes, pats, cycle)

    rc = red.name == PERPETUAL_CHECK
    bc = black.name == PERPETUAL_CHECK
    if rc != bc:
        loser = RED if rc else BLACK
        return out("%s loses" % side_name(loser), loser, ["25.1", "23.5.1", "4.1.4"], "4.1.4", 0)
    if not red.forbidden and not black.forbidden:
        return out("draw", None, ["25.2", "23.5.2", "23.5.2.1", "4.2.3"], "4.2.3", GRACE_ROUNDS)
    if red.forbidden != black.forbidden:
        side = RED if red.forbidden else BLACK
        return _vary(out, side, ["25.3"])
    # 25.4: both forbidden.
    r1 = red.must_vary_26_8_1 and red.name != PERPETUAL_CHECK
    b1 = black.must_vary_26_8_1 and black.name != PERPETUAL_CHECK
    if r1 != b1:
        return _vary(out, RED if r1 else BLACK, ["25.4", "26.8.1"])
    if r1 and b1 and red.joint != black.joint and _chases_only(red) and _chases_only(black):
        single = black if red.joint else red
        art = "26.8.2" if single.chariot else "26.8.3"
        return _vary(out, single.side, ["25.4", "26.8.1", art])
    return out("draw", None, ["25.4", "26.8.4", "23.5.2", "23.5.2.1", "4.2.3"], "4.2.3", GRACE_ROUNDS)


def _chases_only(p):
    return p.name == "perpetual chase"


def _vary(out, side, arts):
    return out("%s must vary" % side_name(side), side, arts + ["23.5.2", "23.5.2.2", "4.1.5"], "4.1.5", GRACE_ROUNDS)


def _uniq(xs):
    seen = []
    for x in xs:
        if x not in seen:
            seen.append(x)
    return seen


def after_grace(pos, ruling):
    """23.5.2: call once 2 * ruling.grace plies have been played after the
    cycle completed. Returns ruling.effect ('4.1.5' loss of ruling.side, or
    '4.2.3' draw) if every one of those moves repeated the cycle, None if a
    move varied (the ruling lapses) or the plies are not played yet. A
    ruling with grace 0 (23.5.1) takes effect at once: use ruling.effect."""
    c = ruling.cycle
    if ruling.grace == 0:
        return ruling.effect
    end = c.start_ply + c.length
    n = 2 * ruling.grace
    if pos.ply < end + n:
        return None
    for i in range(n):
        if pos.move_at(end + i) != c.moves[i % c.length]:
            return None
    return ruling.effect
