"""What the sensors show, read against a position: the recogniser's eyes.

An Explainer reads the position P after the last final move (`pos`, the
recogniser's, which is the game's on the board), its occupancy (`expected`), the stable occupancy the
sensors show (`observed`), and the changes of it since P (`records`, each
[seq, at, point, up]: seq counts the changes, the changes of one scan in
one direction share it; at is its instant; up is 1 for a placement).

    kind, candidate = explainer.explain(expected, start)

tells what the sensors show relative to P (whose occupancy is `expected`),
reading the records from index `start`:
  BASE         exactly P (pieces lifted and put back are touches);
  MOVE         one legal move of the side to move: a plain move (its origin
               empty, its destination filled), or a capture (origin empty,
               the captured piece's point lifted and filled again after the
               origin was lifted, in either lift order, however briefly); a
               suicide (3.4) counts. `candidate` is the move;
  HAND         pieces in the hand and nothing misplaced (one own piece, one
               opposing piece, or one of each): a move may be under way.
               `candidate`, if not None, is a capture against the movement
               rules the board seems to show (an own piece gone, an opposing
               point refilled after it: the clock press will tell whether
               it is a breach, 4.1.8, or a touch while a piece is in hand);
  UNEXPLAINED  nothing explains it: a piece on its way (a slide, a drag) or
               an error.
A candidate is the tuple (move, cls, seq, at): the move (from << 8 | to,
xq/squares.py), its class (Position.classify: LEGAL, SUICIDE or BREACH),
and the seq and instant of the placement that completed it.

Failing a MOVE, the recogniser looks for two plies: candidates() lists the
legal moves of the mover that an earlier placement completed, and after()
explains the board under P + that move (the opponent's move, complete or
begun). nearest() picks the move that leaves the fewest points to restore.

Explanations only run when the stable occupancy changes (a few times a
move); what is not found costs no allocation (shared result tuples).
"""
from micropython import const

import ticks
from sense import presence as fr
from xq.pieces import colour
from xq.position import BREACH
from xq.squares import from_point, move, point

# What the sensors show relative to a position.
BASE = const(0)
MOVE = const(1)
HAND = const(2)
UNEXPLAINED = const(3)

# Fields of a record of a change: [seq, at, point, up].
SEQ = const(0)
AT = const(1)
POINT = const(2)
UP = const(3)

_MAX_RECORDS = const(48)  # a turn fiddled with longer than this forgets its oldest changes
_TWO_PLY_SCAN = const(24)  # how many recent records the two-ply search looks at
_STILL_MS = const(100)  # a piece placed this long ago stands still (holds.py)

# explain()'s results when it finds no candidate: shared, so that they cost
# no allocation.
_AS_BASE = (BASE, None)
_AS_HAND = (HAND, None)
_AS_UNEXPLAINED = (UNEXPLAINED, None)


class Explainer:
    def __init__(self, pos, jitter_ms=10):
        self.pos = pos
        self.jitter_ms = jitter_ms  # changes this close may be seen in either order
        self.observed = bytearray(90)  # stable occupancy seen
        self.expected = bytearray(90)  # occupancy of pos
        self.records = []  # changes since pos: [seq, at, point, up]
        self.seen = []  # moves that stood as the explanation this turn
        self.seq = 0  # count of changes
        self._after = bytearray(90)  # scratch: occupancy after a candidate move
        self._diff = bytearray(90)  # scratch: fr.diff()
        pos.occupancy(self.expected)

    # -- the position followed ------------------------------------------------

    def restart(self):
        """Forgets the changes: the position (just set, or corrected) is
        followed afresh."""
        self.pos.occupancy(self.expected)
        self.records = []
        self.seen = []

    def advance(self, m):
        """Move m is made on the position: its occupancy follows."""
        self.expected[point(m >> 8)] = 0
        self.expected[point(m & 255)] = 1

    def forget_oldest(self):
        # A turn fiddled with for long: its oldest changes go.
        if len(self.records) > _MAX_RECORDS:
            del self.records[: _MAX_RECORDS // 2]

    def split(self, seq, origin, dest):
        """For a move origin -> dest completed by the placement `seq`:
        (unfinished, later). unfinished: the last change of each point other
        than origin and dest, up to that placement, that leaves the point
        off its expected state (in order: they pass to the next turn);
        later: the changes after the placement."""
        records = self.records
        k = len(records)
        while k > 0 and records[k - 1][SEQ] > seq:
            k -= 1
        unfinished = []
        for i in range(k):
            r = records[i]
            p = r[POINT]
            if p == origin or p == dest or r[UP] == self.expected[p]:
                continue
            for j in range(i + 1, k):
                if records[j][POINT] == p:
                    break  # not its last change
            else:
                unfinished.append(r)
        return unfinished, records[k:]

    def is_movers(self, p):
        """True if point p of the position holds a piece of the side to move."""
        return colour(self.pos.piece_at(from_point(p))) == self.pos.side

    def quiet(self, p, t):
        """True if the piece just lifted from point p had stood quiet: a
        piece of the position not moved this turn, or one placed there at
        least _STILL_MS before `t` (holds.py: its lift is held)."""
        records = self.records
        for i in range(len(records) - 1, -1, -1):
            r = records[i]
            if r[POINT] == p:
                return r[UP] == 1 and ticks.diff(t, r[AT]) >= _STILL_MS
        return self.expected[p] == 1

    def differing(self):
        """(points, missing): the points where the board differs from the
        position (sorted), and those of them that must hold a piece."""
        r = int(fr.diff(self.expected, self.observed, self._diff))
        d = self._diff
        missing = tuple(d[: r & 255])  # (fr.diff() puts the missing first,
        pts = list(missing) + list(d[90 - (r >> 8):])  # the extra last)
        pts.sort()
        return tuple(pts), missing

    # -- explaining ---------------------------------------------------------

    def explain(self, expected, start):
        """(kind, candidate): what the sensors show relative to the position
        whose occupancy is `expected`, with the records from index `start`
        (see the module's docstring)."""
        r = int(fr.diff(expected, self.observed, self._diff))
        n_missing = r & 255
        n_extra = r >> 8
        if n_missing == 0 and n_extra == 0:
            return _AS_BASE
        d = self._diff
        if n_missing == 1:
            origin = d[0]
            own = self.is_movers(origin)
            if n_extra == 1:
                if own:
                    dest = d[89]
                    m = move(from_point(origin), from_point(dest))
                    cls = self.pos.classify(m)
                    if cls != BREACH:
                        return MOVE, self._placed(m, cls, dest, start)
                return _AS_UNEXPLAINED
            if n_extra:
                return _AS_UNEXPLAINED
            if own:
                capture = self._capture(expected, origin, start)
                if capture is not None:
                    m, cls, seq, at = capture
                    return (HAND if cls == BREACH else MOVE), capture
            return _AS_HAND
        if n_missing == 2 and n_extra == 0 and self.is_movers(d[0]) != self.is_movers(d[1]):
            return _AS_HAND
        return _AS_UNEXPLAINED

    def _capture(self, expected, origin, start):
        # A capture by the piece lifted from `origin`: the latest placement,
        # after origin was last lifted, on a point that held an opposing
        # piece. A legal one if any, else the latest against the movement
        # rules, else None.
        records = self.records
        lifted_seq = 0
        for i in range(len(records) - 1, start - 1, -1):
            r = records[i]
            if r[POINT] == origin and not r[UP]:
                lifted_seq = r[SEQ]
                break
        breach = None
        pos = self.pos
        side = pos.side
        for i in range(len(records) - 1, start - 1, -1):
            r = records[i]
            if r[SEQ] < lifted_seq:
                break
            p = r[POINT]
            if (r[UP] and p != origin and expected[p] and self.observed[p]
                    and colour(pos.piece_at(from_point(p))) != side):
                m = move(from_point(origin), from_point(p))
                cls = pos.classify(m)
                if cls != BREACH:
                    return (m, cls, r[SEQ], r[AT])
                if breach is None:
                    # Taken against the movement rules, or touched while
                    # the piece is in the hand: which, the press will tell.
                    breach = (m, cls, r[SEQ], r[AT])
        return breach

    def _placed(self, m, cls, dest, start):
        # The candidate m, dated by the placement on dest that completed it.
        records = self.records
        for i in range(len(records) - 1, start - 1, -1):
            r = records[i]
            if r[POINT] == dest and r[UP]:
                return (m, cls, r[SEQ], r[AT])
        return (m, cls, self.seq, records[-1][AT] if records else 0)

    # -- two plies ----------------------------------------------------------

    def candidates(self, lifted=False):
        """Moves of the mover that an earlier placement completed, oldest
        first (a move completed twice: the later first), except the stops a
        slide passed (lifted again and the next change a placement elsewhere:
        the piece moved on). The destination must be occupied now, unless
        `lifted` (the opponent may have lifted the piece to take it)."""
        records = self.records
        n = len(records)
        lo = n - _TWO_PLY_SCAN if n > _TWO_PLY_SCAN else 0
        expected = self.expected
        observed = self.observed
        pos = self.pos
        side = pos.side
        out = []
        for i in range(lo, n):
            ri = records[i]
            origin = ri[POINT]
            if ri[UP] or not expected[origin] or colour(pos.piece_at(from_point(origin))) != side:
                continue
            for j in range(i + 1, n):
                rj = records[j]
                dest = rj[POINT]
                if dest == origin:
                    break
                if not rj[UP] or not (observed[dest] or lifted):
                    continue
                if expected[dest] and colour(pos.piece_at(from_point(dest))) == side:
                    continue
                k = j + 1
                while k < n and records[k][POINT] != dest:
                    k += 1
                if k + 1 < n and not records[k][UP] and records[k + 1][UP] and records[k + 1][POINT] != dest:
                    continue  # a stop the slide passed
                m = move(from_point(origin), from_point(dest))
                cls = pos.classify(m)
                if cls != BREACH:
                    # the same move completed again by a later placement
                    # (the piece adjusted, 5.7) goes before the earlier one
                    k = 0
                    while k < len(out) and out[k][0] != m:
                        k += 1
                    out.insert(k, (m, cls, rj[SEQ], rj[AT]))
        return out

    def after(self, candidate):
        """What the board shows under the position + the candidate's move,
        with the records after its completing placement. HAND only if the
        side then to move lifted one of its pieces after that placement
        (the opponent's first lift, 5.7); MOVE only if the opponent's move
        was completed after it (pieces knocked before it, in whatever order
        would spell two moves, are no reply: 5.9); otherwise UNEXPLAINED."""
        m, cls, seq, at = candidate
        # (its completing placement: the change of the destination counted
        # seq; a point changes at most once in a scan)
        records = self.records
        dest = point(m & 255)
        j = len(records) - 1
        while j > 0 and not (records[j][SEQ] == seq and records[j][POINT] == dest):
            j -= 1
        self._occupancy_after(m)
        self.pos.push(m)
        kind, found = self.explain(self._after, j + 1)
        if kind == HAND and not self._next_lifted(j):
            kind = UNEXPLAINED
        elif kind == MOVE:
            # the reply's destination filled by the placement j's scan or later?
            to = point(found[0] & 255)
            since = records[j][SEQ]
            k = len(records) - 1
            while k >= 0 and records[k][SEQ] >= since and not (records[k][POINT] == to and records[k][UP]):
                k -= 1
            if k < 0 or records[k][SEQ] < since:
                kind = UNEXPLAINED
        self.pos.pop()
        return kind

    def _occupancy_after(self, m):
        # self._after = the occupancy of the position after move m.
        fr.copy(self.expected, self._after)
        self._after[point(m >> 8)] = 0
        self._after[point(m & 255)] = 1

    def _next_lifted(self, j):
        # In a HAND state under the position + a move (self._after): has the
        # side now to move lifted one of its pieces after the placement j
        # (or as good as at once)?
        n_missing = int(fr.diff(self._after, self.observed, self._diff)) & 255
        records = self.records
        placed_seq = records[j][SEQ]
        placed_at = records[j][AT]
        pos = self.pos
        side = pos.side
        for i in range(n_missing):
            p = self._diff[i]
            if colour(pos.piece_at(from_point(p))) != side:
                continue
            for k in range(len(records) - 1, -1, -1):
                r = records[k]
                if r[POINT] == p and not r[UP]:
                    if r[SEQ] > placed_seq or ticks.diff(placed_at, r[AT]) <= self.jitter_ms:
                        return True
                    break
        return False

    def nearest(self, pressed):
        """The legal move of the mover seen completed after which the board
        differs on fewer points than from the position, or None. After a
        press (the mover says he has moved) a tie goes to the most recent
        such move, even if its piece has been lifted since."""
        best = None
        r = int(fr.diff(self.expected, self.observed, self._diff))
        fewest = (r & 255) + (r >> 8)
        for candidate in self.candidates(pressed):
            m = candidate[0]
            if m not in self.seen:
                # Only a move the board once showed as such: pieces knocked
                # about must not combine into a ghost move.
                continue
            self._occupancy_after(m)
            r = int(fr.diff(self._after, self.observed, self._diff))
            n = (r & 255) + (r >> 8)
            if n < fewest or (pressed and n == fewest):
                fewest = n
                best = candidate
        return best

