"""Single-elimination knockout (10.4, appendix 3): up to 32 players, a
quarter of the bracket seeded, byes to the seeds, colours by lot (12.4).

>>> from ..event import Settings
>>> ko, s = Knockout(), Settings('Cup', system='knockout')
>>> [ko.planned_rounds(s, n) for n in (2, 3, 4, 5, 8, 9, 16, 32)]
[1, 2, 2, 3, 3, 4, 4, 5]
"""
from ..refusal import TournamentError
from ..knockout import bracket_size
from .base import System
from .bracket_play import bracket_draw, knockout_match_decided, pair_ready, pairings_with_bracket, single_bracket, single_champion

MAX_PLAYERS = 32


class Knockout(System):
    name = "knockout"
    title = "Knockout (10.4, appendix 3)"
    individual_only = True
    has_score_table = False

    def draw(self, ranked, settings, rng, lot=True):
        if len(ranked) > MAX_PLAYERS:
            raise TournamentError("knockout: at most %d players" % MAX_PLAYERS)
        size = max(4, bracket_size(len(ranked)))
        return bracket_draw(ranked, size, size // 4, rng, lot)

    def planned_rounds(self, settings, entrants):
        """log2 of the bracket: the rounds until one player is left."""
        return bracket_size(entrants).bit_length() - 1 if entrants >= 2 else 0

    def pair(self, event, rnd):
        return pair_ready(event, rnd, single_bracket(event, self.knockout_pairings(event)), "ko")

    def match_decided(self, event, pairing):
        return knockout_match_decided(event, pairing)

    def champion(self, event):
        return single_champion(event, self.knockout_pairings(event))

    def knockout_pairings(self, event):
        return pairings_with_bracket(event, [no for no, _ in event.rounds()])
