"""Knockout brackets of appendix 3 (10.4, 10.5, 12.4).

The 32-player single elimination: positions 1-32, seeds 1-8 on positions
1-8, lines 1-32, 16-17, 8-25, 9-24, ... (the usual seeding, FIELD-NOTES);
byes, when the field is short, go to the seeds (position k faces 33-k).

>>> seed_order(8)
[1, 8, 4, 5, 2, 7, 3, 6]
>>> pairs = first_lines(32); pairs[:3]
[(1, 32), (16, 17), (8, 25)]

The 16-player double elimination: a winners' bracket W1-W4, a losers'
bracket L1-L6 (each losers' round takes the losers of a winners' round in
reverse order, so that two players do not meet again at once), and the final
F between the unbeaten player and the losers' bracket winner, with the final
rules of appendix 3, notes (2)-(5) (see final_state).
"""


def seed_order(size):
    """Positions in bracket line order: rank k meets rank size+1-k first and
    the top two can meet only in the final."""
    if size < 2 or size & (size - 1):
        raise ValueError("bracket size must be a power of two, not %d" % size)
    order = [1]
    while len(order) < size:
        m = 2 * len(order)
        order = [x for k in order for x in (k, m + 1 - k)]
    return order


def first_lines(size):
    o = seed_order(size)
    return [(o[2 * i], o[2 * i + 1]) for i in range(size // 2)]


def bracket_size(n):
    size = 2
    while size < n:
        size *= 2
    return size


def single_structure(size):
    """label -> (source_a, source_b); a source is ('slot', i), ('win', label).
    Labels 'R<round>-<k>', k from 1 in line order. Also the schedule round."""
    out = {}
    rounds = size.bit_length() - 1
    for k in range(1, size // 2 + 1):
        out["R1-%d" % k] = (("slot", 2 * k - 2), ("slot", 2 * k - 1), 1)
    for r in range(2, rounds + 1):
        for k in range(1, (size >> r) + 1):
            out["R%d-%d" % (r, k)] = (("win", "R%d-%d" % (r - 1, 2 * k - 1)), ("win", "R%d-%d" % (r - 1, 2 * k)), r)
    return out


def double_structure():
    """The 16-player double elimination (appendix 3), with schedule rounds."""
    out = {}
    for k in range(1, 9):
        out["W1-%d" % k] = (("slot", 2 * k - 2), ("slot", 2 * k - 1), 1)
    for r, n in ((2, 4), (3, 2), (4, 1)):
        for k in range(1, n + 1):
            out["W%d-%d" % (r, k)] = (("win", "W%d-%d" % (r - 1, 2 * k - 1)), ("win", "W%d-%d" % (r - 1, 2 * k)), r)
    for k in range(1, 5):
        out["L1-%d" % k] = (("lose", "W1-%d" % (2 * k - 1)), ("lose", "W1-%d" % (2 * k)), 2)
        out["L2-%d" % k] = (("win", "L1-%d" % k), ("lose", "W2-%d" % (5 - k)), 3)
    for k in range(1, 3):
        out["L3-%d" % k] = (("win", "L2-%d" % (2 * k - 1)), ("win", "L2-%d" % (2 * k)), 4)
        out["L4-%d" % k] = (("win", "L3-%d" % k), ("lose", "W3-%d" % (3 - k)), 5)
    out["L5-1"] = (("win", "L4-1"), ("win", "L4-2"), 6)
    out["L6-1"] = (("win", "L5-1"), ("lose", "W4-1"), 7)
    out["F"] = (("win", "W4-1"), ("win", "L6-1"), 8)
    return out


_EMPTY = object()


class Bracket:
    """Resolves who plays each match from the slots and the decided matches.

    slots: entrant ids in line order, None for an empty position (a bye).
    decided: label -> winner id for the matches played.

    >>> b = Bracket(single_structure(4), [1, None, 2, 3], {})
    >>> b.ready()
    [('R1-2', 2, 3, 1)]
    >>> b.winner('R1-1')
    1
    """

    def __init__(self, structure, slots, decided):
        self.structure = structure
        self.slots = slots
        self.decided = decided

    def _source(self, src):
        kind, x = src
        if kind == "slot":
            return self.slots[x]
        if kind == "win":
            return self.winner(x)
        return self.loser(x)

    def sides(self, label):
        a, b, _ = self.structure[label]
        return self._source(a), self._source(b)

    def winner(self, label):
        """The winner's id, None when the match is empty on both sides, or
        _EMPTY while it is undecided."""
        a, b = self.sides(label)
        if a is _EMPTY or b is _EMPTY:
            return _EMPTY
        if a is None or b is None:
            return b if a is None else a  # a bye: the other goes through
        return self.decided.get(label, _EMPTY)

    def loser(self, label):
        a, b = self.sides(label)
        w = self.winner(label)
        if w is _EMPTY:
            return _EMPTY
        if a is None or b is None:
            return None
        return b if w == a else a

    def ready(self):
        """(label, a, b, schedule round) of the matches with both players
        known and no result yet, in schedule then label order."""
        out = []
        for label, (sa, sb, rnd) in self.structure.items():
            if label in self.decided:
                continue
            a, b = self.sides(label)
            if a is _EMPTY or b is _EMPTY or a is None or b is None:
                continue
            out.append((label, a, b, rnd))
        return sorted(out, key=_label_key)

    def champion(self, final_label):
        w = self.winner(final_label)
        return None if w is _EMPTY else w

    def byes(self, rnd=1):
        """(label, player) of the first-round matches with one side empty."""
        out = []
        for label, (sa, sb, r) in self.structure.items():
            if r != rnd or sa[0] != "slot":
                continue
            a, b = self.sides(label)
            if (a is None) != (b is None):
                out.append((label, a if b is None else b))
        return sorted(out, key=lambda m: _label_key((m[0], 0, 0, rnd)))


def _label_key(m):
    label, rnd = m[0], m[3]
    head, _, k = label.partition("-")
    return (rnd, head[0] != "W", head, int(k) if k.isdigit() else 0)


def final_state(games):
    """The double-elimination final by appendix 3, notes (2)-(5).

    games: results seen by the unbeaten player A (winners' bracket), each
    'W', 'D' or 'L', in order. Returns ('A' | 'B' | None, next game number
    or None). A wins the title by winning any game before B has won two;
    B, beaten once already, must win twice; at most four games: four draws
    give A the title, one win and three draws give B the title (note (3)).

    >>> final_state(['W'])
    ('A', None)
    >>> final_state(['L', 'L'])
    ('B', None)
    >>> final_state(['D', 'L', 'D', 'D'])
    ('B', None)
    >>> final_state(['D', 'D', 'D', 'D'])
    ('A', None)
    >>> final_state(['D', 'L'])
    (None, 3)
    """
    b_wins = 0
    for i, g in enumerate(games):
        if g == "W":
            return "A", None
        if g == "L":
            b_wins += 1
            if b_wins == 2:
                return "B", None
        if i == 3:
            return ("B" if b_wins else "A"), None
    return None, len(games) + 1


def final_game_rules(game_no):
    """(rapid?, time control) of final game n: games 1-2 at the event's slow
    control, then rapid 10 min + 10 s a move (appendix 3, note (5))."""
    return (False, "event") if game_no <= 2 else (True, "10m+10s")


def rapid_draw_with_foul(result, fouls_red, fouls_black, rapid):
    """Appendix 3 (5): in a rapid game, a draw by a player with a foul on
    record counts as his loss (both with fouls: it stays a draw).

    >>> rapid_draw_with_foul('1/2-1/2', 1, 0, True)
    '0-1'
    """
    if rapid and result == "1/2-1/2" and bool(fouls_red) != bool(fouls_black):
        return "0-1" if fouls_red else "1-0"
    return result
