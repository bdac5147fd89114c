"""Swiss with elimination (10.6): from round `elim_from` on, the lowest
`elim_per_round` players leave before each round until `elim_keep` remain;
the players left may meet again.

>>> from ..event import Settings
>>> SwissWithElimination().planned_rounds(Settings('Open', system='swiss-elim', rounds=6), 20)
6
"""
from .base import rounds_left
from .positional_swiss import PositionalSwiss, active_entrants, pair_swiss_round


class SwissWithElimination(PositionalSwiss):
    name = "swiss-elim"
    title = "Swiss with elimination (10.6)"

    def pair(self, event, rnd):
        rounds_left(event.settings, rnd)
        eliminate(event, rnd)
        return pair_swiss_round(event, rnd, rematch_ok=True)


def eliminate(event, rnd):
    """10.6: the lowest of the standings after round rnd - 1 leave before
    round rnd (once: a pairing that failed after it does not repeat it)."""
    settings = event.settings
    start = settings.elim_from
    if not start or rnd < int(start):
        return
    if event.eliminated_before(rnd):
        return
    active = active_entrants(event, rnd)
    keep = int(settings.elim_keep or 2)
    k = min(int(settings.elim_per_round or 1), max(0, len(active) - keep))
    if k <= 0:
        return
    playing = {e.id for e in active}
    rows = [r for r in event.standings(rnd - 1) if r.entrant in playing]
    event.eliminate([r.entrant for r in rows[-k:]], rnd)
