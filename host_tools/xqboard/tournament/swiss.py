"""The positional Swiss (定位编排) of appendix 2 (10.3, 12.3).

The appendix pairs by hand with cards; this module follows its steps:

* round 1 by near numbers (appendix 2, method 1): 1-2, 4-3, 5-6, 8-7...,
  seeds on the odd numbers, the smaller number has Red on odd tables and the
  larger on even tables; fold and slide first rounds are offered too;
* from round 2, score groups from the top (principle 4); each group is laid
  out in two rows, "wants Red" (要先: fewer Reds, or even with Black last)
  and "wants Black" (要后), each ordered by imbalance, then run length, then
  number (small first in odd rounds, large first in even rounds, method 2);
* one picker at a time (method 2 (1)-(5)): higher score (floaters from
  above first), larger imbalance, a run of one colour, then number;
* the picker's partner is taken from the other row, same position first
  (同位), then further along it (错位), then in its own row (通行) (method 3
  (1)-(3)); when the group cannot be completed the last choices are undone
  and retried (拆对, method 3 (4), method 5 (1)); whoever is left floats down
  (下调, method 3 (5)); a lowest group that cannot be paired is merged with
  the group above it (method 5 (2)); as a last resort the hardest players
  are paired first (method 5 (3));
* no rematch (principle 6), at most two floats down and two up a player,
  a float forced by a one-player score group not counted (principle 9);
* colours by method 4 (1)-(10); three Reds ahead, or three in a row, are
  avoided except in the last round (indicator 11 (3), method 4 (10)), and
  being three ahead is avoided in the last round too (indicator 11 (4));
* with an odd number of players the bye goes to the lowest score group, at
  most once a player (principle 5); it scores as a win (14.4).

>>> ps = [SwissPlayer(i, i) for i in range(1, 7)]
>>> pair_round(ps, 1, 5).pairs
[(1, 2), (4, 3), (5, 6)]

Players are plain objects with an id, a number, a score and their history;
the pairing returns ids. Nothing here reads a database or the clock.
"""
import itertools

RED, BLACK = "R", "B"
MAX_FLOATS = 2  # principle 9


class PairingError(Exception):
    """No pairing exists without a rematch (principle 6)."""


class SwissPlayer:
    """One entrant as the pairing sees it.

    colours: 'R'/'B' of the games actually played, in round order (a bye or
    a forfeit is no game, so it changes no colour count).
    """

    def __init__(self, id, number, score=0, colours=(), opponents=(), byes=0,
                 down=0, up=0):
        self.id = id
        self.number = number
        self.score = score
        self.colours = list(colours)
        self.opponents = set(opponents)
        self.byes = byes
        self.down = down  # floats down counted by principle 9
        self.up = up
        self.down_all = down  # every float down, counted or not (for balance)

    def __repr__(self):
        return "SwissPlayer(%r, number=%d, score=%s, colours=%r)" % (
            self.id, self.number, self.score, "".join(self.colours))

    @property
    def diff(self):
        """Reds minus Blacks: < 0 is 少先, > 0 is 多先, 0 is 平先."""
        return self.colours.count(RED) - self.colours.count(BLACK)

    @property
    def streak(self):
        """+k after k Reds in a row (连先 when k >= 2, 上先 when k == 1),
        -k after k Blacks."""
        if not self.colours:
            return 0
        last = self.colours[-1]
        k = 0
        for c in reversed(self.colours):
            if c != last:
                break
            k += 1
        return k if last == RED else -k

    def wants(self):
        """RED (要先), BLACK (要后) or None (no history)."""
        d, s = self.diff, self.streak
        if d or s:
            return RED if (d < 0 or (d == 0 and s < 0)) else BLACK
        return None


class SwissRound:
    """A paired round: pairs of ids (red, black), the bye, the floats, and
    which safeguards had to be relaxed (empty when none)."""

    def __init__(self, pairs, bye=None, floats=None, relaxed=()):
        self.pairs = pairs
        self.bye = bye
        self.floats = floats or {}  # id -> ('down'|'up', forced)
        self.relaxed = list(relaxed)
        self.colour_exceptions = []  # ids given a third Red (Black) ahead or in a row

    def __repr__(self):
        return "SwissRound(%d pairs, bye=%r, relaxed=%r)" % (len(self.pairs), self.bye, self.relaxed)


# -- first round ----------------------------------------------------------

def first_round(players, method="near"):
    """Pairs for round 1 by number (appendix 2, method 1).

    near:  1-2, 4-3, 5-6, 8-7 ... (近号配对, the default)
    fold:  1-n, 2-(n-1) ... (首尾配对)
    slide: 1-(n/2+1), 2-(n/2+2) ... (对半交叉配对)
    Odd tables give Red to the first-listed smaller number, even tables to
    the larger. With an odd count the largest number has the bye.
    """
    ps = sorted(players, key=lambda p: p.number)
    bye = None
    if len(ps) % 2:
        bye = ps.pop().id
    n = len(ps)
    if method == "near":
        raw = [(ps[2 * k], ps[2 * k + 1]) for k in range(n // 2)]
    elif method == "fold":
        raw = [(ps[k], ps[n - 1 - k]) for k in range(n // 2)]
    elif method == "slide":
        raw = [(ps[k], ps[n // 2 + k]) for k in range(n // 2)]
    else:
        raise ValueError("first-round method: near, fold or slide, not %r" % method)
    pairs = []
    for t, (a, b) in enumerate(raw, 1):
        # "单号台次小号先走、双号台次大号先走"
        pairs.append((a.id, b.id) if t % 2 else (b.id, a.id))
    return SwissRound(pairs, bye)


# -- colours (method 4) ---------------------------------------------------

def allocate(a, b, round_no, total_rounds):
    """(red, black) for two paired players by method 4 (1)-(9).

    >>> a = SwissPlayer(1, 1, colours='BR B'.split())   # 少先
    >>> b = SwissPlayer(2, 2, colours=['R'])
    >>> [p.id for p in allocate(a, b, 4, 7)]
    [1, 2]
    """
    # (9) from the third round before the end, the lower score yields to
    # the higher one's need.
    if total_rounds and round_no >= total_rounds - 2 and a.score != b.score:
        hi, lo = (a, b) if a.score > b.score else (b, a)
        w = hi.wants()
        if w == RED:
            return hi, lo
        if w == BLACK:
            return lo, hi
    da, db = a.diff, b.diff
    if da != db:  # (1) fewer Reds has Red
        return (a, b) if da < db else (b, a)
    sa, sb = a.streak, b.streak
    if sa != sb:  # (2)-(7): the more recent Blacks has Red
        return (a, b) if sa < sb else (b, a)
    # (8) all equal: odd sum of numbers, the smaller has Red; even, the larger.
    lo, hi = (a, b) if a.number < b.number else (b, a)
    return (lo, hi) if (a.number + b.number) % 2 else (hi, lo)


def _after(p, colour):
    d = p.diff + (1 if colour == RED else -1)
    s = p.streak
    if colour == RED:
        s = s + 1 if s > 0 else 1
    else:
        s = s - 1 if s < 0 else -1
    return d, s


def colour_tier(red, black, last_round):
    """0: both get their wish; 1: someone gets the other colour; 2: someone
    ends three ahead or (before the last round) three in a row (11 (3)/(4),
    method 4 (10))."""
    tier = 0
    for p, c in ((red, RED), (black, BLACK)):
        d, s = _after(p, c)
        if abs(d) >= 3 or (abs(s) >= 3 and not last_round):
            return 2
        w = p.wants()
        if w is not None and w != c:
            tier = 1
    return tier


# -- the pairing of a round -------------------------------------------------

class _Opts:
    def __init__(self, round_no, total_rounds, float_limit=MAX_FLOATS, max_tier=1, mrv=False, budget=1500):
        self.round_no = round_no
        self.total_rounds = total_rounds
        self.last_round = bool(total_rounds) and round_no >= total_rounds
        self.float_limit = float_limit
        self.max_tier = max_tier
        self.mrv = mrv
        self.budget = budget


def _numkey(p, round_no):
    # small numbers first in odd rounds, large first in even rounds
    return p.number if round_no % 2 else -p.number


def _priority(p, round_no):
    """Method 2 (1)-(5): score, imbalance, run (among the balanced), number."""
    d = p.diff
    return (-p.score, -abs(d), -abs(p.streak) if d == 0 else 0, _numkey(p, round_no))


def pair_round(players, round_no, total_rounds=None, first="near", rematch_ok=False):
    """Pairs one round. `players`: the SwissPlayers still in the event (not
    withdrawn or eliminated), scores as they stand (unfinished games
    provisionally drawn, principle 8). Returns a SwissRound with ids.
    Raises PairingError when no pairing avoids a rematch (unless
    rematch_ok, for the last rounds of a 10.6 event)."""
    players = list(players)
    if len({p.id for p in players}) != len(players):
        raise ValueError("duplicate player ids")
    if len(players) < 2:
        raise PairingError("fewer than two players to pair")
    if all(not p.colours and not p.opponents and not p.byes for p in players):
        return first_round(players, first)
    # Principle 5: the bye to the lowest score group, once a player at most.
    byes = [None]
    if len(players) % 2:
        byes = sorted((p for p in players if not p.byes), key=lambda p: (p.score, -p.number))
        if not byes:
            raise PairingError("every player has had the bye already")
    # Each step gives up one safeguard, the least important first; the
    # round says which it gave up (SwissRound.relaxed). Rematches never.
    # (Inside a score group a third colour ahead is accepted before an
    # extra float, principle 10; such pairs are named in colour_exceptions.)
    ladders = [([], dict())]
    for lim in range(MAX_FLOATS + 1, MAX_FLOATS + 4):
        ladders.append((["floats>%d" % (lim - 1)], dict(float_limit=lim)))
    ladders.append((["floats", "order"], dict(float_limit=None, max_tier=2, mrv=True, budget=400000)))
    for relaxed, kw in ladders:
        opts = _Opts(round_no, total_rounds, **kw)
        for bye in byes[:3 if relaxed else 2]:
            rest = [p for p in players if p is not bye]
            got = _pair_all(rest, opts)
            if got is not None:
                return _finish(got[0], bye, opts, relaxed, got[1])
    if rematch_ok:
        # 10.6: the few players left for the last rounds may have all met
        # already; they meet again rather than not play.
        clones = [SwissPlayer(p.id, p.number, p.score, p.colours, (), p.byes, p.down, p.up) for p in players]
        rd = pair_round(clones, round_no, total_rounds, first)
        rd.relaxed.append("rematch")
        return rd
    raise PairingError("no pairing of round %d avoids a rematch" % round_no)


def _groups(players):
    out = []
    for _, g in itertools.groupby(sorted(players, key=lambda p: -p.score), key=lambda p: p.score):
        out.append(list(g))
    return out


def _pair_all(players, opts):
    """Score groups from the top (principle 4); floaters carried down."""
    segments = _groups(players)
    # Principle 9 does not count "本积分段只有一人必然下调或上调": the one
    # float an odd group cannot avoid (and the float up it causes). Those
    # players are `exempt` from the limit while this round is paired.
    singles = {p.id for g in segments if len(g) == 1 for p in g}
    exempt = set(singles)
    done = []     # (floaters in, pairs, the group's necessary floater) per segment
    floaters = []
    i = 0
    while i < len(segments):
        last = i == len(segments) - 1
        got = _pair_group(floaters + segments[i], last, singles, exempt, opts)
        if got is None:
            if last:
                if i == 0:
                    return None
                # method 5 (2): the group above and this one become one group
                i -= 1
                floaters, _, fid = done.pop()
                exempt.discard(fid)
                exempt |= singles
                segments[i:i + 2] = [segments[i] + segments[i + 1]]
            else:
                # the group cannot even float its rest: take the next with it
                segments[i:i + 2] = [segments[i] + segments[i + 1]]
            continue
        pairs, left, fid = got
        if fid is not None:
            exempt.add(fid)
        done.append((floaters, pairs, fid))
        floaters = left
        i += 1
    return [pr for _, prs, _ in done for pr in prs], exempt


def _pair_group(group, must_all, singles, exempt, opts):
    """Pairs one score group (with the floaters from above) by the picker
    order and the rows; returns (pairs, floaters down, the one necessary
    floater of an odd group or None), or None."""
    rn = opts.round_no
    order = sorted(group, key=lambda p: _priority(p, rn))
    k = len(order)
    # The two rows: wants Red (0) and wants Black (1). Players with no
    # history yet fill the shorter row.
    rows = ([], [])
    loose = []
    for idx, p in enumerate(order):
        w = p.wants()
        if w is None:
            loose.append(idx)
        else:
            rows[0 if w == RED else 1].append(idx)
    for idx in loose:
        rows[0 if len(rows[0]) <= len(rows[1]) else 1].append(idx)
    row_of = [0] * k
    for r in (0, 1):
        for idx in rows[r]:
            row_of[idx] = r
    cand = (rows[1] + rows[0], rows[0] + rows[1])  # other row first (同位/错位), then own (通行)
    # Principle 9 balances the floats: a floater from above takes, in the
    # row order, first those who have floated up least.
    base = min(p.score for p in order)
    up_cand = tuple(sorted(c, key=lambda j: order[j].up) for c in cand)
    cands = [up_cand[row_of[i]] if order[i].score > base else cand[row_of[i]] for i in range(k)]
    cache = {}

    def compat(i, j, max_tier):
        key = (i, j) if i < j else (j, i)
        v = cache.get(key)
        if v is None:
            v = _compatible(order[i], order[j], singles, exempt, opts)
            cache[key] = v
        return v <= max_tier

    def compat_t(tier):
        return lambda i, j: compat(i, j, tier)

    def can_float(i):
        p = order[i]
        return opts.float_limit is None or p.down < opts.float_limit or p.id in exempt

    floats_min = k % 2
    if must_all and floats_min:
        return None
    tries = [0] if must_all else list(range(floats_min, k + 1, 2))
    tries = tries[:4] + ([k] if not must_all and k not in tries[:4] else [])
    # Principle 10, indicators 11 (1)-(2): the fullest pairing of the group
    # comes first, the colour balance second: a third Red ahead or in a row
    # is accepted before one more player floats down.
    # In the last round indicator 11 (4) (at most one Red ahead at the end)
    # weighs more: there, one more float comes before a third Red ahead.
    tiers = sorted({opts.max_tier, 2})
    plan = [(f, t) for t in tiers for f in tries] if opts.last_round else [(f, t) for f in tries for t in tiers]
    # ...and the one who floats down from an odd group is, among those who
    # may, the one who has floated least, the last in the order first.
    # The necessary float of an odd group is not limited (see _pair_all);
    # it goes, for balance, to a player of the group's own score who has
    # floated least, the last in the order first.
    floaters = sorted(range(k), key=lambda i: (order[i].score > base, order[i].down_all, order[i].down, -i))
    for f, tier in plan:
        pre = [[]]
        if f % 2 == 1 and not must_all:
            pre = [[i] for i in floaters[:8]]
        for pf in pre:
            got = _search(k, cands, compat_t(tier), can_float, f - len(pf), opts, pf)
            if got is not None:
                got = got + [(i, -1) for i in pf]
                pairs = [(order[i], order[j]) for i, j in got if j >= 0]
                left = [order[i] for i, j in got if j < 0]
                return pairs, left, (order[pf[0]].id if pf else None)
    return None


_NEVER = 99


def _compatible(a, b, singles, exempt, opts):
    """The colour tier of the pair (0-2), or _NEVER if it may not be made."""
    if b.id in a.opponents:
        return _NEVER  # principle 6
    lim = opts.float_limit
    if a.score != b.score and lim is not None:
        hi, lo = (a, b) if a.score > b.score else (b, a)
        if hi.down >= lim and hi.id not in exempt:
            return _NEVER
        if lo.up >= lim and lo.id not in singles and hi.id not in exempt:
            return _NEVER
    red, black = allocate(a, b, opts.round_no, opts.total_rounds)
    return colour_tier(red, black, opts.last_round)


_FLOAT_DONE = 1 << 30


def _search(k, cands, compat, can_float, floats, opts, pre=()):
    """Depth-first: the picker takes the first fitting partner; a dead end
    undoes the latest pair first (拆对, method 5 (1)). Returns [(i, j)] with
    j == -1 for a floater, or None when the budget runs out."""
    used = [False] * k
    for i in pre:
        used[i] = True
    stack = []
    steps = 0
    left = floats

    def next_picker():
        if opts.mrv:
            # method 5 (3): the player with the fewest partners first
            best, bn = None, None
            for i in range(k):
                if not used[i]:
                    n = sum(1 for j in range(k) if j != i and not used[j] and compat(i, j))
                    if bn is None or n < bn:
                        best, bn = i, n
                        if n <= 1:
                            break
            return best
        for i in range(k):
            if not used[i]:
                return i
        return None

    i = next_picker()
    ptr = 0
    while True:
        if i is None:
            return [(a, b) for a, b, _ in stack]
        lst = cands[i]
        found = False
        while ptr < len(lst):
            j = lst[ptr]
            ptr += 1
            if j == i or used[j]:
                continue
            steps += 1
            if compat(i, j):
                used[i] = used[j] = True
                stack.append((i, j, ptr))
                found = True
                break
        if not found and ptr == len(lst) and left > 0 and can_float(i):
            used[i] = True
            left -= 1
            stack.append((i, -1, _FLOAT_DONE))
            found = True
        if found:
            i = next_picker()
            ptr = 0
            continue
        if not stack or steps > opts.budget:
            return None
        i, j, ptr = stack.pop()
        used[i] = False
        if j >= 0:
            used[j] = False
        else:
            left += 1


def _finish(pairs, bye, opts, relaxed, exempt):
    out = []
    floats = {}
    exceptions = []
    for a, b in pairs:
        red, black = allocate(a, b, opts.round_no, opts.total_rounds)
        out.append((red, black))
        if colour_tier(red, black, opts.last_round) >= 2:
            # indicator 11 (3)/(4) could not be kept: say so, name them
            for p, c in ((red, RED), (black, BLACK)):
                d, st = _after(p, c)
                if abs(d) >= 3 or (abs(st) >= 3 and not opts.last_round):
                    exceptions.append(p.id)
        if a.score != b.score:
            hi, lo = (a, b) if a.score > b.score else (b, a)
            # principle 9: the float an odd or one-player group cannot
            # avoid, and the float up it causes, are not counted
            floats[hi.id] = ("down", hi.id in exempt)
            floats[lo.id] = ("up", lo.id in exempt or hi.id in exempt)
    # Tables: the highest scores first, then the smaller numbers.
    out.sort(key=lambda rb: (-max(rb[0].score, rb[1].score), -(rb[0].score + rb[1].score),
                             min(rb[0].number, rb[1].number)))
    if exceptions:
        relaxed = list(relaxed) + ["colours"]
    rd = SwissRound([(r.id, b.id) for r, b in out], bye.id if bye else None, floats, relaxed)
    rd.colour_exceptions = exceptions
    return rd
