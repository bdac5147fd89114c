"""`xqboard tournament table N [--double]`: the appendix 1 table for N
players (also `xqboard roundrobin N`, the older name).

One round per line, `<round>: <pairs>`, each pair `red-black` (12.1: the
number written first has Red), pairs separated by `, ` in the appendix's
order; with an odd N the missing number N+1 is written in parentheses and
the player facing it has the bye:

    $ xqboard tournament table 3
    1: 1-(4), 2-3
    2: (4)-3, 1-2
    3: 2-(4), 3-1
"""
from ...errors import UsageError


def register(actions):
    add_arguments(actions.add_parser(
        "table", help="print the round-robin table of appendix 1 (Berger tables); `xqboard roundrobin` is the same"))


def add_arguments(p):
    """The arguments of the table, shared with the `roundrobin` alias."""
    p.add_argument("n", metavar="N", help="number of players (2 or more)")
    p.add_argument("--double", action="store_true", help="two cycles, colours swapped in the second")
    p.set_defaults(func=run)


def run(args):
    from ...tournament.roundrobin import format_table

    try:
        n = int(args.n)
    except ValueError:
        raise UsageError("N must be a whole number, not %r" % args.n)
    if n < 2 or n > 1000:
        raise UsageError("N must be 2 to 1000, not %d" % n)
    for i, line in enumerate(format_table(n, double=args.double), 1):
        print("%d: %s" % (i, line))
    return 0
