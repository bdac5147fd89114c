"""Double elimination (appendix 3): the 16-player table for 9-16 players,
four seeds, a winners' and a losers' bracket, and a final of up to four
games between the unbeaten player A and the losers' bracket winner B
(appendix 3 (2)-(5)).

>>> from ..event import Settings
>>> DoubleElimination().planned_rounds(Settings('Cup', system='double'), 12)
8
"""
import random

from ..refusal import TournamentError
from ..knockout import Bracket, double_structure, final_game_rules, final_state, rapid_draw_with_foul
from ..scoring import outcome
from .base import System
from .bracket_play import bracket_draw, decided_matches, knockout_match_decided, pair_ready, pairings_with_bracket

SIZE, SEEDS, FEWEST = 16, 4, 9


class DoubleElimination(System):
    name = "double"
    title = "Double elimination (appendix 3)"
    individual_only = True
    has_score_table = False

    def draw(self, ranked, settings, rng, lot=True):
        if len(ranked) > SIZE:
            raise TournamentError("double: at most %d players" % SIZE)
        if len(ranked) < FEWEST:
            raise TournamentError("the double elimination table is for %d-%d players" % (FEWEST, SIZE))
        return bracket_draw(ranked, SIZE, SEEDS, rng, lot)

    def planned_rounds(self, settings, entrants):
        """The table's schedule up to the final's first game; the final may
        need up to three more (appendix 3 (3))."""
        return max(schedule for _, _, schedule in double_structure().values())

    def pair(self, event, rnd):
        champion, next_game, a, b = self.final_state(event)
        if a is not None and b is not None:
            if champion is not None:
                raise TournamentError("the event is over: the final is decided (appendix 3)")
            return _pair_final_game(event, rnd, next_game, a, b)
        return pair_ready(event, rnd, self._bracket(event, champion), "W")

    def match_decided(self, event, pairing):
        if pairing.bracket and pairing.bracket.startswith("F") and pairing.black is not None:
            return all(g["result"] is not None for g in pairing.games)
        return knockout_match_decided(event, pairing)

    def champion(self, event):
        return self.final_state(event)[0]

    def final_state(self, event):
        """(champion id or None, next final game number or None, A, B)."""
        if not event.get("slots"):
            return None, None, None, None
        pairings = self.knockout_pairings(event)
        finalists = Bracket(double_structure(), event.get("slots"), decided_matches(event, pairings)).sides("F")
        a, b = (x if isinstance(x, int) else None for x in finalists)
        if a is None:
            return None, None, None, None
        games = []
        for p in pairings:
            if p.bracket.startswith("F"):
                for g in p.games:
                    if g["result"] is not None:
                        res = rapid_draw_with_foul(g["result"], g["fouls_red"], g["fouls_black"], g["rapid"])
                        games.append(outcome(res, "R" if g["red_player"] == a else "B"))
        who, next_game = final_state(games)
        return (a if who == "A" else b if who == "B" else None), next_game, a, b

    def knockout_pairings(self, event):
        return pairings_with_bracket(event, [no for no, _ in event.rounds()])

    def _bracket(self, event, champion):
        decided = decided_matches(event, self.knockout_pairings(event))
        if champion:
            decided["F"] = champion
        return Bracket(double_structure(), event.get("slots"), decided)


def _pair_final_game(event, rnd, game_no, a, b):
    """Final game `game_no`: colours of game 1 by lot, then alternating
    (appendix 3 (4)); games 3 and 4 are rapid (appendix 3 (5))."""
    a_red_first = random.Random("%s:F" % event.get("seed")).random() < 0.5
    red, black = (a, b) if a_red_first == (game_no % 2 == 1) else (b, a)
    r = event.new_round(rnd, "F", [(red, black, "F" if game_no == 1 else "F#%d" % game_no, (None, None), None)])
    rapid, _ = final_game_rules(game_no)
    if rapid:
        event.set_rapid(r.pairs[0])
        r.pairs = event.pairings(rnd)
    r.note = "final game %d%s" % (game_no, " (rapid 10m+10s, appendix 3 (5))" if rapid else "")
    return r
