"""Round robin (10.1, appendix 1): numbers by lot, the appendix's rotation
table, `cycles` 2 for a second cycle with colours swapped.

>>> from ..event import Settings
>>> rr = RoundRobin()
>>> [rr.planned_rounds(Settings('Club', system='roundrobin'), n) for n in (2, 3, 4, 5, 10)]
[1, 3, 3, 5, 9]
>>> rr.planned_rounds(Settings('Club', system='roundrobin', cycles=2), 6)
10
"""
from ..refusal import TournamentError
from ..roundrobin import largest_number, table
from .base import Draw, System, withdrawal_result


class RoundRobin(System):
    name = "roundrobin"
    title = trf_title = "Round robin (appendix 1)"
    all_play_all = True

    def draw(self, ranked, settings, rng, lot=True):
        """Numbers by lot (appendix 1); without the lot, in seeding order."""
        order = list(ranked)
        if lot:
            rng.shuffle(order)
        return Draw({e.id: i for i, e in enumerate(order, 1)})

    def planned_rounds(self, settings, entrants):
        """n - 1 rounds for an even n, n for an odd n (one rest each), per cycle."""
        if entrants < 2:
            return 0
        return (largest_number(entrants) - 1) * int(settings.cycles)

    def pair(self, event, rnd):
        planned = event.planned_rounds()
        if rnd > planned:
            raise TournamentError("all %d rounds are paired" % planned)
        by_group = {}
        for e in event.entrants():
            by_group.setdefault(e.grp or 0, []).append(e)
        cycles = int(event.settings.cycles)
        pairs = []
        for g in sorted(by_group):
            pairs.extend(_group_round(by_group[g], g, rnd, cycles))
        return event.new_round(rnd, "main", pairs)


def _group_round(es, group, rnd, cycles):
    """The pairs of round `rnd` among `es` (one group, or the whole event)."""
    per = largest_number(len(es)) - 1
    if rnd > per * cycles:
        return []
    cycle, idx = divmod(rnd - 1, per)
    num = {e.number: e for e in es}
    pairs = []
    for a, b in table(len(es))[idx]:
        if cycle % 2:
            a, b = b, a  # the second cycle swaps colours
        ea, eb = num.get(a), num.get(b)
        if ea is None or eb is None:
            pairs.append(((ea or eb).id, None, "rest", (None, None), None))
            continue
        pairs.append((ea.id, eb.id, "G%d" % group if group else None, (None, None), withdrawal_result(ea, eb, rnd)))
    return pairs
