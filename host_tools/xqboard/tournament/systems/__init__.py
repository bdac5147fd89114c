"""The pairing systems of chapter 3, one module each, by the name
`xqboard tournament new --system` takes.

>>> list(SYSTEMS)
['roundrobin', 'groups', 'swiss', 'swiss-ko', 'swiss-elim', 'knockout', 'double']
>>> SYSTEMS['knockout']
<Knockout 'knockout': Knockout (10.4, appendix 3)>
>>> from ..event import Settings
>>> SYSTEMS['roundrobin'].planned_rounds(Settings('Club', system='roundrobin'), 8)
7

Each system draws the numbers (`draw`), pairs a round (`pair`) and counts
its rounds (`planned_rounds`); see base.System.
"""
from .double_elimination import DoubleElimination
from .group_round_robin import GroupRoundRobin
from .positional_swiss import PositionalSwiss
from .round_robin import RoundRobin
from .single_knockout import Knockout
from .swiss_elimination import SwissWithElimination
from .swiss_then_knockout import SwissThenKnockout

SYSTEMS = {s.name: s for s in (
    RoundRobin(),            # 10.1, appendix 1
    GroupRoundRobin(),       # 10.2
    PositionalSwiss(),       # 10.3, appendix 2
    SwissThenKnockout(),     # 10.5
    SwissWithElimination(),  # 10.6
    Knockout(),              # 10.4, appendix 3
    DoubleElimination(),     # appendix 3
)}
