"""Host side (CPython) of the sensing property tests and benchmark: turns
games into physical action scripts for tests/mp/sense_run.py.

A game (moves from a FEN) becomes what hands do on a real board: lifts and
placements at millisecond times, captures in either lift order or with the
captured piece leaving only briefly, slides across empty points, touches,
adjustments, clock presses or not, pauses of any length between moves and
shorter than the settle time within one, fast replies 20-100 ms after the
placement. Then what the sensors make of it, in two models:
  - the old noise (noise_rate a second): bounce on every transition, one-scan
    flickers and dropouts of 2-3 scans (shorter than the debounce) on random
    points;
  - weak magnets (dropout_s: one every that many seconds on average, per
    board): a still piece (no hand on its point for STILL_MS around it)
    vanishes for 20-40 ms, longer than the debounce, with bounce at both
    edges (docs/SENSING.md, "Weak magnets").
The script lists the raw frame changes scan by scan.
"""
import bisect
import random
import re
from pathlib import Path

from xqboard.core import Position, START_FEN, squares
from xqboard.core import BREACH

SCAN_MS = 5
STABLE_MS = 15
SETTLE_MS = 2000
BOUNCE_MS = 10  # longest contact bounce after a transition
DROPOUT_MS = (20, 40)  # a weak magnet's dropout: shortest and longest (issue 14)
STILL_MS = 100  # a dropout's piece has had no hand on its point this long before and after
HOLD_MS = 60  # firmware/sense/holds.py: a still piece's lift counts after this long
# The shortest time a captured piece is off its point that the board reads as
# a capture: the hold, bounce at both edges, a scan. A quicker swap is the
# same signal as a dropout while a piece is in the hand (docs/SENSING.md).
CAPTURE_AWAY_MS = HOLD_MS + BOUNCE_MS + SCAN_MS + 5
REPO = Path(__file__).resolve().parents[2]


def pt(sq):
    return squares.point(sq)


def master_games():
    text = (REPO / "data" / "master-games.pgn").read_text()
    out = []
    for block in text.split("[Game ")[1:]:
        body = block.split("]\n\n", 1)[-1]
        out.append([squares.parse_move(m) for m in re.findall(r"\b([a-i][0-9][a-i][0-9])\b", body)])
    return out


def random_game(rng, plies, fen=START_FEN):
    pos = Position(fen)
    moves = []
    for _ in range(plies):
        legal = pos.legal_moves()
        if not legal:
            break
        m = rng.choice(legal)
        moves.append(m)
        pos.push(m)
    return moves


class Actions:
    """True physical changes (t, point, value) and presses (t, side)."""

    def __init__(self):
        self.changes = []
        self.presses = []

    def lift(self, t, p):
        self.changes.append((t, p, 0))

    def place(self, t, p):
        self.changes.append((t, p, 1))


def _line_between(a, b):
    """Points strictly between a and b on a file or rank, or None."""
    fa, ra, fb, rb = a % 9, a // 9, b % 9, b // 9
    if fa == fb:
        step = 9 if rb > ra else -9
    elif ra == rb:
        step = 1 if fb > fa else -1
    else:
        return None
    return list(range(a + step, b, step))


def gap(rng, lo=40, hi=1500):
    """A pause within a move: always well under the settle time."""
    return rng.randint(lo, hi)


SQUARE_OF = [squares.from_point(p) for p in range(90)]  # point -> square, looked up per move


def play_move(rng, acts, pos, m, t, touches=True, avoid=-1):
    """Appends the actions of move m (made in pos) from time t; returns the
    time of its last action. `avoid`: a point not to touch first (a piece
    placed there a moment ago, too briefly for the sensor to see it)."""
    a, b = pt(m >> 8), pt(m & 255)
    capture = pos.piece_at(m & 255) != 0
    occupied = [p for p in range(90) if pos.piece_at(SQUARE_OF[p])]
    between = _line_between(a, b)
    slide_ok = between is not None and len(between) >= 1 and all(
        not pos.piece_at(SQUARE_OF[p]) for p in between)
    # A touch before the move: a piece lifted and put back.
    if touches and rng.random() < 0.15:
        p = rng.choice([q for q in occupied if q != b and q != avoid] or [a])
        acts.lift(t, p)
        t += gap(rng, 60, 600)
        acts.place(t, p)
        t += gap(rng)
    # Adjusting the piece to move (lifted and put back) counts as a touch
    # of it too, which the move then keeps.
    if touches and rng.random() < 0.05:
        acts.lift(t, a)
        t += gap(rng, 60, 400)
        acts.place(t, a)
        t += gap(rng)
    if not capture:
        if slide_ok and rng.random() < 0.5:
            t = _slide(rng, acts, a, between, b, t)
        else:
            acts.lift(t, a)
            t += gap(rng, 80, 1200)
            acts.place(t, b)
    else:
        style = rng.randrange(4)
        if style == 0:  # capturing piece first
            acts.lift(t, a)
            t += gap(rng, 60, 800)
            acts.lift(t, b)
            t += gap(rng, CAPTURE_AWAY_MS, 800)
            acts.place(t, b)
        elif style == 1:  # captured piece first
            acts.lift(t, b)
            t += gap(rng, 60, 800)
            if slide_ok and rng.random() < 0.5:
                t = _slide(rng, acts, a, between, b, t)
            else:
                acts.lift(t, a)
                t += gap(rng, 60, 800)
                acts.place(t, b)
        elif style == 2:  # the captured piece leaves only briefly
            acts.lift(t, a)
            t += gap(rng, 80, 800)
            acts.lift(t, b)
            t += rng.randint(CAPTURE_AWAY_MS, 160)
            acts.place(t, b)
        else:  # capturing piece first, a touch of another piece while in hand
            acts.lift(t, a)
            t += gap(rng, 60, 500)
            # (Not an opposing piece it could take: put back, that would
            # read as its capture, and the board cannot know better.)
            others = [q for q in occupied if q not in (a, b)
                      and pos.classify((m >> 8) << 8 | squares.from_point(q)) == BREACH]
            q = rng.choice(others)
            acts.lift(t, q)
            t += gap(rng, 60, 400)
            acts.place(t, q)
            t += gap(rng, 60, 500)
            acts.lift(t, b)
            t += gap(rng, CAPTURE_AWAY_MS, 500)
            acts.place(t, b)
    # An adjustment after placing: lifted and put down again.
    if touches and rng.random() < 0.1:
        t += gap(rng, 60, 600)
        acts.lift(t, b)
        t += gap(rng, 40, 400)
        acts.place(t, b)
    return t


def _slide(rng, acts, a, between, b, t):
    # The piece slides from a over the empty points between to b; each
    # point it passes may be sensed (or not), sometimes two at once.
    acts.lift(t, a)
    prev = None
    for p in between:
        if rng.random() < 0.6:
            t += rng.randint(25, 200)
            acts.place(t, p)
            t += rng.randint(20, 600)
            acts.lift(t, p)
    t += rng.randint(25, 300)
    acts.place(t, b)
    return t


def game_actions(rng, moves, fen=START_FEN, fast=0.25, press=0.6):
    """Actions for a whole game; returns (Actions, expected moves, end time)."""
    acts = Actions()
    pos = Position(fen)
    t = 1000
    done = []
    starts = []
    ends = []
    presses = []
    avoid = -1
    for i, m in enumerate(moves):
        side = pos.side
        starts.append(t)
        t_end = play_move(rng, acts, pos, m, t, avoid=avoid)
        ends.append(t_end)
        pos.push(m)
        done.append(m)
        r = rng.random()
        if r < fast:
            # A fast reply. One that takes the piece just placed lifts it
            # after the sensor could see it stand (stable time + bounce).
            lo = 20
            if i + 1 < len(moves) and (moves[i + 1] & 255) == (m & 255):
                lo = STABLE_MS + 2 * BOUNCE_MS + 10
            nxt = t_end + rng.randint(lo, 100)
            avoid = pt(m & 255) if nxt - t_end < STABLE_MS + 2 * BOUNCE_MS + 10 else -1
        elif r < 0.85:
            nxt = t_end + rng.randint(150, 2500)
        else:
            nxt = t_end + rng.randint(2500, 120000)  # a long think
        if r >= fast:
            avoid = -1
        if rng.random() < press:
            presses.append((t_end + rng.randint(120, 900), side, i))
        t = nxt
    # A player presses his clock before he starts his next move.
    for tp, side, i in presses:
        if i + 2 < len(starts) and tp > starts[i + 2] - 30:
            tp = starts[i + 2] - 30
            if tp < ends[i] + 60:
                continue
        acts.presses.append((tp, side))
    return acts, done, t + SETTLE_MS + 1000


def render(rng, acts, t_end, noise_rate=1.0, bounce=True, dropout_s=0):
    """Raw frame changes by scan: a list of (scan, [points toggled]) plus
    presses (scan, side). noise_rate: flickers and short dropouts a second;
    dropout_s: a weak magnet's dropout every that many seconds on average
    (0: none)."""
    sets = {}  # scan -> {point: raw value}
    by_point = {}
    for t, p, v in sorted(acts.changes):
        by_point.setdefault(p, []).append((t, v))
    for p, evs in by_point.items():
        for t, v in evs:
            _edge(rng, sets, p, t, v, bounce)
    busy = {p: [t for t, _ in evs] for p, evs in by_point.items()}
    if dropout_s:
        _dropouts(rng, sets, busy, by_point, acts, t_end, dropout_s)
    _noise(rng, sets, busy, by_point, acts, t_end, noise_rate)
    raw = {}
    out = []
    for k in sorted(sets):
        tog = []
        for p, v in sets[k].items():
            if raw.get(p, _initial(p, acts)) != v:
                tog.append(p)
                raw[p] = v
        if tog:
            out.append((k, tog))
    presses = [(-(-t // SCAN_MS), side) for t, side in acts.presses]
    return out, presses


def _edge(rng, sets, p, t, v, bounce):
    # A transition of point p to v at t: the raw bit chatters for up to
    # BOUNCE_MS, then holds v.
    k0 = -(-t // SCAN_MS)
    b = rng.randint(0, BOUNCE_MS) if bounce else 0
    k1 = -(-(t + b) // SCAN_MS)
    for k in range(k0, k1):
        sets.setdefault(k, {})[p] = rng.randint(0, 1)
    sets.setdefault(k1, {})[p] = v


def _dropouts(rng, sets, busy, by_point, acts, t_end, dropout_s):
    # Weak magnets: at random instants (a Poisson process, one every
    # dropout_s on average) a still piece vanishes for 20-40 ms, with
    # bounce at both edges like a real lift and placement.
    t = rng.expovariate(1.0 / (1000 * dropout_s))
    while t < t_end - 200:
        length = rng.randint(*DROPOUT_MS)
        for _ in range(20):  # a piece that stands still there and then
            p = rng.randrange(90)
            ti = int(t)
            if (_value_at(by_point.get(p, ()), ti, p, acts)
                    and not any(ti - STILL_MS < x < ti + length + STILL_MS for x in busy.get(p, ()))):
                _edge(rng, sets, p, ti, 0, True)
                _edge(rng, sets, p, ti + length, 1, True)
                busy.setdefault(p, []).extend((ti, ti + length))
                break
        t += rng.expovariate(1.0 / (1000 * dropout_s))


def _noise(rng, sets, busy, by_point, acts, t_end, noise_rate):
    # The old model: one-scan flickers and 2-3-scan dropouts on random
    # points, away from real transitions (and from other noise) on their
    # point; all shorter than the debounce.
    n_noise = int(noise_rate * t_end / 1000)
    # (each point's busy instants kept sorted, so that "none within 40 ms"
    # is a bisection, not a pass over a game's worth of instants: the same
    # answers, so the same random draws and the same scripts)
    near = {q: sorted(ts) for q, ts in busy.items()}
    for _ in range(n_noise):
        p = rng.randrange(90)
        t = rng.randint(0, t_end - 100)
        ts = near.setdefault(p, [])
        i = bisect.bisect_right(ts, t - 40)
        if i < len(ts) and ts[i] < t + 40:
            continue
        ts.insert(i, t)
        busy.setdefault(p, []).append(t)
        length = 1 if rng.random() < 0.6 else rng.randint(2, 3)  # flicker or dropout
        k0 = -(-t // SCAN_MS)
        true = _value_at(by_point.get(p, ()), t, p, acts)
        for k in range(k0, k0 + length):
            sets.setdefault(k, {})[p] = 1 - true
        sets.setdefault(k0 + length, {})[p] = true


def _initial(p, acts):
    return acts.initial[p]


def _value_at(evs, t, p, acts):
    v = acts.initial[p]
    for x, nv in evs:
        if x <= t:
            v = nv
    return v


def script(rng, games, fen=START_FEN, noise_rate=1.0, dropout_s=0, **kw):
    """The stdin text for sense_run.py for a list of games (lists of
    moves); returns (text, expected move lists)."""
    text, plays = script_games(rng, games, fen, noise_rate, dropout_s, **kw)
    return text, [p["moves"] for p in plays]


def script_games(rng, games, fen=START_FEN, noise_rate=1.0, dropout_s=0, **kw):
    """As script(), but returns (text, plays): per game a dict of the
    expected moves ("moves"), its first tick ("t0") and the instants of the
    real lifts by point ("lifts": {point: [ms from t0]})."""
    lines = []
    plays = []
    for moves in games:
        acts, done, t_end = game_actions(rng, moves, fen, **kw)
        pos = Position(fen)
        occ = pos.occupancy()
        acts.initial = [occ[p] for p in range(90)]
        frames, presses = render(rng, acts, t_end, noise_rate, dropout_s=dropout_s)
        t0 = (1 << 30) - rng.randint(0, 300000)  # games cross the tick wrap
        lines.append("G %d %d %d %d %s" % (t0, SCAN_MS, STABLE_MS, SETTLE_MS, fen))
        items = [(k, 0, "R %d %s" % (k, " ".join(map(str, tog)))) for k, tog in frames]
        items += [(k, 1, "P %d %d" % (k, side)) for k, side in presses]
        items.sort(key=lambda x: (x[0], x[1]))
        lines.extend(x[2] for x in items)
        lines.append("E %d" % (-(-t_end // SCAN_MS)))
        lifts = {}
        for t, p, v in acts.changes:
            if not v:
                lifts.setdefault(p, []).append(t)
        plays.append({"moves": [squares.move_name(m) for m in done], "t0": t0, "lifts": lifts})
    return "\n".join(lines) + "\n", plays


def false_touches(play, events):
    """The TOUCH events of a game (parse_output()'s lines) that no hand
    made: no real lift of the point in the 40 ms before the touch's instant
    (a lift is dated where the sensor first showed it, after its bounce)."""
    names = {"abcdefghi"[p % 9] + str(p // 9): p for p in range(90)}
    out = []
    for line in events:
        f = line.split()
        if f[0] != "touch":
            continue
        at = (int(f[1]) - play["t0"]) % (1 << 30)
        p = names[f[4].strip("[]")]
        if not any(0 <= at - t <= 40 for t in play["lifts"].get(p, ())):
            out.append(line)
    return out


def parse_output(text):
    """Per game: (moves, other events as text lines, scans, final fen)."""
    games = []
    cur = None
    for line in text.splitlines():
        if line == "game":
            cur = {"moves": [], "events": [], "flags": []}
            games.append(cur)
        elif line.startswith("end "):
            f = line.split(" ", 2)
            cur["scans"] = int(f[1])
            cur["fen"] = f[2]
        else:
            f = line.split()
            if f[0] == "move":
                cur["moves"].append(f[2])
                cur["flags"].append(int(f[-1]))
            cur["events"].append(line)
    return games
