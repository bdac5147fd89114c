"""Round-robin tables by the rotation method of appendix 1 (10.1, 10.2, 12.1).

The appendix builds the table from its "largest number" N: the player count
itself when even, plus one when odd (the extra number is the bye). Round 1
pairs the ends towards the middle (1-N, 2-(N-1), ...). From round 2 on, N
meets the number that stood last in the previous round's table, N has Red
in even rounds, and the other pairs are the previous round's numbers, N
taken out, paired from the back (appendix 1, method 1-4). The result is the
FIDE Berger table, colours and order of the pairs included.

>>> table(4)
[[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
>>> format_table(3)
['1-(4), 2-3', '(4)-3, 1-2', '2-(4), 3-1']

A pair is (red, black) (12.1: the number written first has Red).
"""


def largest_number(n):
    """N of appendix 1, method 1: n when even, n + 1 when odd."""
    if n < 2:
        raise ValueError("a round robin needs at least 2 players, not %d" % n)
    return n if n % 2 == 0 else n + 1


def table(n):
    """The rounds of a single round robin for n players: a list of rounds,
    each a list of (red, black) pairs in the appendix's order. With an odd n,
    the pair holding n + 1 is the bye of the other number."""
    big = largest_number(n)
    # Method 2: round 1 pairs the ends inwards, the smaller number first.
    rnd = [(i, big + 1 - i) for i in range(1, big // 2 + 1)]
    rounds = [rnd]
    for r in range(2, big):
        seq = [x for pair in rnd for x in pair if x != big]
        # Method 4: N meets the number standing last in the previous table...
        last = seq.pop()
        # ...and method 3: N has Red in even rounds, Black in odd ones.
        first = (big, last) if r % 2 == 0 else (last, big)
        # The others meet their neighbour-but-N of the previous round, in
        # their old order, paired from the back of the sequence.
        others = [(seq[k], seq[k + 1]) for k in range(len(seq) - 2, -1, -2)]
        rnd = [first] + others
        rounds.append(rnd)
    return rounds


def double_table(n):
    """Two cycles: the second repeats the first with colours swapped
    (appendix 1, usage notes: the player who had Red has Black next)."""
    first = table(n)
    return first + [[(b, a) for a, b in rnd] for rnd in first]


def bye_of(rnd, n):
    """The number with the bye in this round (odd n), else None."""
    big = largest_number(n)
    if big == n:
        return None
    for a, b in rnd:
        if big in (a, b):
            return a if b == big else b
    return None


def format_round(rnd, n):
    """One round as the appendix writes it: `1-(4), 2-3`. The missing number
    (odd counts only) is in parentheses: the player facing it has the bye."""
    big = largest_number(n)

    def num(x):
        return "(%d)" % x if x == big and big != n else str(x)

    return ", ".join("%s-%s" % (num(a), num(b)) for a, b in rnd)


def format_table(n, double=False):
    rounds = double_table(n) if double else table(n)
    return [format_round(r, n) for r in rounds]


def snake_groups(entrants, groups):
    """Seeded groups for a group round robin (10.2): entrants in seeding order
    (best first) dealt in a snake, 1..g then g..1, so that every group gets
    one of each seeding band.

    >>> snake_groups(list('ABCDEFGH'), 2)
    [['A', 'D', 'E', 'H'], ['B', 'C', 'F', 'G']]
    """
    if groups < 1:
        raise ValueError("at least one group")
    out = [[] for _ in range(groups)]
    for i, e in enumerate(entrants):
        band, k = divmod(i, groups)
        out[k if band % 2 == 0 else groups - 1 - k].append(e)
    return out
