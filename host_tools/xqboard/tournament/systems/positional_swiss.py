"""The positional Swiss (10.3, appendix 2): seeds on the odd numbers, the
others on the even ones, then swiss.pair_round each round.

>>> from ..event import Settings
>>> PositionalSwiss().planned_rounds(Settings('Open', rounds=7), 40)
7
"""
from ..refusal import TournamentError
from ..swiss import PairingError, SwissPlayer, pair_round
from .base import Draw, System, rounds_left, withdrawal_result


class PositionalSwiss(System):
    name = "swiss"
    title = trf_title = "Positional Swiss 定位编排 (appendix 2)"
    needs_rounds = True
    provisional_pairing = True
    late_entry = True

    def draw(self, ranked, settings, rng, lot=True):
        return swiss_draw(ranked, rng, lot)

    def planned_rounds(self, settings, entrants):
        """The rounds fixed at the start (appendix 2, principle 2)."""
        return settings.rounds

    def pair(self, event, rnd):
        rounds_left(event.settings, rnd)
        return pair_swiss_round(event, rnd)


def swiss_draw(ranked, rng, lot=True):
    """Appendix 2, method 1: the upper half (the seeds) on odd numbers, the
    others on even numbers, each half by lot.

    >>> import random
    >>> class E:
    ...     def __init__(self, id): self.id = id
    >>> swiss_draw([E(i) for i in range(1, 6)], random.Random(1), lot=False).numbers
    {1: 1, 2: 3, 3: 5, 4: 2, 5: 4}
    """
    half = (len(ranked) + 1) // 2
    top, bottom = ranked[:half], ranked[half:]
    if lot:
        rng.shuffle(top)
        rng.shuffle(bottom)
    numbers = {e.id: 2 * i + 1 for i, e in enumerate(top)}
    numbers.update({e.id: 2 * i + 2 for i, e in enumerate(bottom)})
    return Draw(numbers)


def active_entrants(event, rnd):
    """The entrants still playing in round `rnd` (not withdrawn 19.1, not eliminated 10.6)."""
    return [e for e in event.entrants()
            if (e.withdrawn_round is None or e.withdrawn_round > rnd)
            and (e.eliminated_round is None or e.eliminated_round > rnd)]


def swiss_players(event, upto, provisional=True):
    """entrant id -> SwissPlayer: the pairing's view of every entrant after
    round `upto` (score, colours, opponents, byes, floats of principle 9)."""
    recs = event.records(upto, provisional=provisional)
    floats, down_all = {}, {}
    for row in event.float_history(upto):
        for e, f in ((row["red"], row["float_red"]), (row["black"], row["float_black"])):
            if e is not None and f and f.startswith("down"):
                down_all[e] = down_all.get(e, 0) + 1
            if e is not None and f and not f.endswith("!"):
                d = floats.setdefault(e, [0, 0])
                d[0 if f == "down" else 1] += 1
    out = {}
    for e in event.entrants():
        rs = sorted(recs.get(e.id, []), key=lambda r: r.round)
        sp = SwissPlayer(e.id, e.number or 0, score=sum(r.score for r in rs),
                         colours=[r.colour for r in rs if r.colour and r.played],
                         opponents=[r.opponent for r in rs if r.opponent is not None],
                         byes=sum(1 for r in rs if r.bye))
        sp.down, sp.up = floats.get(e.id, (0, 0))
        sp.down_all = down_all.get(e.id, 0)
        out[e.id] = sp
    return out


def pair_swiss_round(event, rnd, rematch_ok=False):
    """Pairs and stores Swiss round `rnd` of the active entrants; the note
    names the criteria relaxed to find a pairing."""
    settings = event.settings
    active = active_entrants(event, rnd)
    players = swiss_players(event, rnd - 1)
    try:
        sr = pair_round([players[e.id] for e in active], rnd, int(settings.rounds), first=settings.first,
                        rematch_ok=rematch_ok)
    except PairingError as e:
        raise TournamentError(str(e))
    pairs = []
    by_id = event.by_id()
    for red, black in sr.pairs:
        fl = tuple(_float_tag(sr.floats.get(x)) for x in (red, black))
        pairs.append((red, black, None, fl, withdrawal_result(by_id[red], by_id[black], rnd)))
    if sr.bye is not None:
        pairs.append((sr.bye, None, None, (None, None), None))
    r = event.new_round(rnd, "main", pairs)
    r.note = ("relaxed: " + ", ".join(sr.relaxed)) if sr.relaxed else ""
    return r


def _float_tag(f):
    """'down'/'up', with '!' when forced by a one-player score group (principle 9)."""
    if not f:
        return None
    d, forced = f
    return d + ("!" if forced else "")
