"""Playing a knockout bracket stored in an event (10.4, 10.5, appendix 3):
the seeded draw, who won a match, the matches ready to pair, the champion.
knockout.py holds the brackets themselves; the three knockout systems share
this module.

>>> import random
>>> class E:
...     def __init__(self, id, seed): self.id, self.seed = id, seed
>>> d = bracket_draw([E(1, 1), E(2, 2), E(3, None)], 4, 1, random.Random(0), lot=False)
>>> d.slots    # line order 1, 4, 2, 3: the top seed faces the empty position
[1, None, 2, 3]
"""
import random

from ..refusal import TournamentError
from ..knockout import Bracket, rapid_draw_with_foul, seed_order, single_structure
from .base import Draw


def bracket_draw(ranked, size, seeds, rng, lot=True):
    """Appendix 3: the first `seeds` seeded entrants on positions 1..seeds,
    the others drawn onto the free positions; the empty positions (byes)
    face the seeds (position k against size + 1 - k)."""
    seeded = [e for e in ranked if e.seed is not None][:seeds]
    rest = [e for e in ranked if e not in seeded]
    if lot:
        rng.shuffle(rest)
    empty = {size + 1 - k for k in range(1, size - len(ranked) + 1)}
    free = [p for p in range(len(seeded) + 1, size + 1) if p not in empty]
    numbers = {e.id: i for i, e in enumerate(seeded, 1)}
    numbers.update({e.id: p for e, p in zip(rest, free)})
    at = {p: eid for eid, p in numbers.items()}
    return Draw(numbers, slots=[at.get(p) for p in seed_order(size)])


def pairings_with_bracket(event, rounds):
    """The pairings with a bracket label of these round numbers."""
    return [p for no in rounds for p in event.pairings(no) if p.bracket]


def match_winner(event, p):
    """The winner of a knockout match: the player with the bye, the arbiter's
    decision, or the more points over its games (a rapid draw with a foul
    is a loss, appendix 3 (5)); None while a game is missing or when tied
    (play-off games or the arbiter's decision, 10.4)."""
    if p.black is None:
        return p.red
    if p.winner is not None:
        return p.winner
    if any(g["result"] is None for g in p.games):
        return None
    sc = event.scoring
    pts = {p.red: 0, p.black: 0}
    for g in p.games:
        res = rapid_draw_with_foul(g["result"], g["fouls_red"], g["fouls_black"], g["rapid"])
        pts[g["red_player"]] += sc.points(res, "R")
        pts[g["black_player"]] += sc.points(res, "B")
    if pts[p.red] == pts[p.black]:
        return None
    return p.red if pts[p.red] > pts[p.black] else p.black


def knockout_match_decided(event, p):
    """A bye, or every game in and a winner."""
    if p.black is None or p.bracket == "rest":
        return True
    return all(g["result"] is not None for g in p.games) and match_winner(event, p) is not None


def decided_matches(event, pairings):
    """label -> winner of the matches decided, the final's games left out."""
    out = {}
    for p in pairings:
        if p.bracket.startswith("F"):
            continue
        w = match_winner(event, p)
        if w is not None:
            out[p.bracket] = w
    return out


def single_bracket(event, pairings):
    """The single-elimination Bracket of the event's slots and results."""
    slots = event.get("slots")
    return Bracket(single_structure(len(slots)), slots, decided_matches(event, pairings))


def single_champion(event, pairings):
    slots = event.get("slots")
    if not slots:
        return None
    return single_bracket(event, pairings).champion("R%d-1" % (len(slots).bit_length() - 1))


def pair_ready(event, rnd, bracket, stage):
    """Stores as round `rnd` the matches ready in the earliest schedule round
    of the bracket, colours by lot (12.4); the seeds' first-round byes are
    listed for the record (appendix 3)."""
    ready = bracket.ready()
    if not ready:
        raise TournamentError("no match is ready: the knockout is over or results are missing")
    first_sched = ready[0][3]
    seed = event.get("seed")
    pairs = []
    for label, a, b, sched in ready:
        if sched != first_sched:
            continue
        if random.Random("%s:%s" % (seed, label)).random() < 0.5:
            a, b = b, a
        pairs.append((a, b, label, (None, None), None))
    if first_sched == 1:
        pairs.extend((p, None, label, (None, None), None) for label, p in bracket.byes(1))
    return event.new_round(rnd, stage, pairs)
