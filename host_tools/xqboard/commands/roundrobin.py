"""`xqboard roundrobin N`: the older name of `xqboard tournament table N`
(the appendix 1 table for N players); same arguments, same output.

    $ xqboard roundrobin 3
    1: 1-(4), 2-3
    2: (4)-3, 1-2
    3: 2-(4), 3-1
"""
from .tournament.table import add_arguments


def register(sub):
    add_arguments(sub.add_parser("roundrobin", help="print the round-robin table of appendix 1 (Berger tables)"))
