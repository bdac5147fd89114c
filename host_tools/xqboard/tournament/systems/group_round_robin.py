"""Group round robin (10.2): snake groups by seeding, numbers by lot in each
group, then the round-robin table of each group; standings by group.

>>> from ..event import Settings
>>> g = GroupRoundRobin()
>>> [g.planned_rounds(Settings('Cup', system='groups', groups=2), n) for n in (4, 7, 8, 12)]
[1, 3, 3, 5]
"""
from ..refusal import TournamentError
from ..roundrobin import largest_number, snake_groups
from .base import Draw
from .round_robin import RoundRobin


class GroupRoundRobin(RoundRobin):
    name = "groups"
    title = trf_title = "Group round robin (10.2)"
    grouped = True

    def draw(self, ranked, settings, rng, lot=True):
        g = int(settings.groups)
        if g < 2 or len(ranked) < 2 * g:
            raise TournamentError("groups: at least 2 groups of 2")
        numbers, groups = {}, {}
        for gi, members in enumerate(snake_groups(ranked, g), 1):
            if lot:
                rng.shuffle(members)
            for i, e in enumerate(members, 1):
                numbers[e.id] = i
                groups[e.id] = gi
        return Draw(numbers, groups)

    def planned_rounds(self, settings, entrants):
        """The rounds of the largest group of the snake (10.2), drawn or not yet."""
        sizes = [len(g) for g in snake_groups(list(range(entrants)), int(settings.groups))]
        rounds = [largest_number(k) - 1 for k in sizes if k >= 2]
        return max(rounds, default=0) * int(settings.cycles)
