# Detecting a position to adjudicate (待判局面, art. 23).
#
# 23.1: the moves of both sides cycle until the position has come back
# three times. 23.2: the cycle's first move (the move from "outside" into
# the cycle) counts, unless it is a capture; so the position after a capture
# does not count as an occurrence. 23.3: fewer than three: nothing to rule.
# Only positions since the last capture can repeat.
#
# 23.4 (an option, claimed by a player): a side that keeps making forbidden
# or pointless moves over three or more points for nine rounds can be ruled
# as if the position had repeated.


class Cycle:
    """A repetition to rule: the last `length` plies of the game (`moves`,
    oldest first) bring the position back; `count` occurrences (3 or more);
    `article` '23.1', or '23.4' for the nine-round rule (then the moves are
    the last 18 plies and nothing repeats)."""

    __slots__ = ("moves", "length", "count", "start_ply", "article")

    def __init__(self, moves, count, start_ply, article="23.1"):
        self.moves = moves
        self.length = len(moves)
        self.count = count
        self.start_ply = start_ply
        self.article = article

    def __repr__(self):
        return "Cycle(%s, %d plies, x%d, from ply %d)" % (self.article, self.length, self.count, self.start_ply)


def hashes_since_capture(pos):
    """(hashes, captured_first): the hash of each position since the last
    capture, oldest first, the current one last; captured_first is True if
    the oldest was reached by a capture (23.2). Replays the history with
    pop()/push(); the position ends as it was."""
    popped = []
    hs = [pos.hash]
    captured = False
    while pos.ply > 0:
        i = pos.ply - 1
        if pos.captured_at(i):
            captured = True
            break
        popped.append(pos.pop())
        hs.append(pos.hash)
    while popped:
        pos.push(popped.pop())
    hs.reverse()
    return hs, captured


class Trail:
    """The hashes since the last capture, kept move by move so that
    detect() need not replay the history: call moved(pos, captured) after
    each push() and back() after each pop(). Holds at most the plies since
    the last capture (the natural limit, 4.2.4, keeps that below ~120)."""

    def __init__(self, pos):
        self.hashes, self.captured = hashes_since_capture(pos)

    def moved(self, pos, captured):
        if captured:
            self.hashes = [pos.hash]
            self.captured = True
        else:
            self.hashes.append(pos.hash)

    def back(self, pos):
        if len(self.hashes) > 1:
            self.hashes.pop()
        else:
            self.hashes, self.captured = hashes_since_capture(pos)


def detect(pos, nine_rounds=False, trail=None):
    """The Cycle that the last move completed, or None (23.3). The current
    position must have occurred three times since the last capture, the
    first occurrence not being the one a capture produced (23.2). With a
    Trail, its hashes are used instead of replaying the history."""
    if trail is not None:
        hs, captured = trail.hashes, trail.captured
    else:
        hs, captured = hashes_since_capture(pos)
    now = len(hs) - 1
    h = hs[now]
    occ = [i for i in range(now + 1) if hs[i] == h]
    if captured and occ and occ[0] == 0:
        occ = occ[1:]  # 23.2: the capture that began it is deducted
    if len(occ) >= 3:
        length = now - occ[-2]
        moves = [pos.move_at(pos.ply - length + i) for i in range(length)]
        return Cycle(moves, len(occ), pos.ply - length)
    if nine_rounds:
        return _nine_rounds(pos, now)
    return None


def _nine_rounds(pos, quiet):
    # 23.4: the last nine rounds (18 plies) without a capture, one side's
    # pieces moving over three or more points.
    if quiet < 18:
        return None
    moves = [pos.move_at(pos.ply - 18 + i) for i in range(18)]
    for first in (0, 1):
        points = set()
        for m in moves[first::2]:
            points.add(m & 255)
        if len(points) >= 3:
            return Cycle(moves, 0, pos.ply - 18, "23.4")
    return None
