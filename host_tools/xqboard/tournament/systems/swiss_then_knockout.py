"""Swiss then knockout (10.5): `rounds` Swiss rounds, then the best
`qualifiers` of the Swiss standings play a knockout seeded by their ranks
(rank k meets rank size + 1 - k).

>>> from ..event import Settings
>>> s = Settings('Open', system='swiss-ko', rounds=5, qualifiers=8)
>>> [SwissThenKnockout().planned_rounds(s, n) for n in (6, 8, 30)]
[8, 8, 8]
>>> SwissThenKnockout().planned_rounds(Settings('Open', system='swiss-ko', rounds=5, qualifiers=4), 30)
7
"""
from ..knockout import bracket_size, seed_order
from .bracket_play import knockout_match_decided, pair_ready, pairings_with_bracket, single_bracket, single_champion
from .positional_swiss import PositionalSwiss, pair_swiss_round


class SwissThenKnockout(PositionalSwiss):
    name = "swiss-ko"
    title = "Swiss then knockout (10.5)"
    individual_only = True

    def planned_rounds(self, settings, entrants):
        """The Swiss rounds, then log2 of the knockout's bracket."""
        qualifiers = min(int(settings.qualifiers), entrants)
        knockout = bracket_size(qualifiers).bit_length() - 1 if qualifiers >= 2 else 0
        return int(settings.rounds) + knockout

    def pair(self, event, rnd):
        if rnd <= int(event.settings.rounds):
            return pair_swiss_round(event, rnd)
        if not event.get("slots"):
            seed_knockout(event, rnd)
        bracket = single_bracket(event, self.knockout_pairings(event))
        return pair_ready(event, rnd, bracket, "ko")

    def match_decided(self, event, pairing):
        if pairing.bracket and event.stage_of(pairing.round) != "main":
            return knockout_match_decided(event, pairing)
        return super().match_decided(event, pairing)

    def champion(self, event):
        return single_champion(event, self.knockout_pairings(event))

    def knockout_pairings(self, event):
        return pairings_with_bracket(event, [no for no, stage in event.rounds() if stage != "main"])


def seed_knockout(event, rnd):
    """10.5: the Swiss ranks after round rnd - 1 seed the knockout."""
    rows = event.standings(rnd - 1)[:int(event.settings.qualifiers)]
    size = bracket_size(len(rows))
    event.set("slots", [rows[k - 1].entrant if k <= len(rows) else None for k in seed_order(size)])
