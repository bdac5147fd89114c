"""`xqboard tournament repair FILE [--swap A B]... [--flip TABLE]...`: change
the last round's pairings by hand before its games start; every rule the
change bends is named (appendix 1, 2 or 3)."""
from ...errors import UsageError
from .common import open_event


def register(actions):
    a = actions.add_parser("repair", help="change the last round by hand: swap players, swap a table's colours")
    a.add_argument("file")
    a.add_argument("--swap", nargs=2, action="append", default=[], metavar=("A", "B"),
                   help="exchange two players (numbers or names)")
    a.add_argument("--flip", type=int, action="append", default=[], metavar="TABLE",
                   help="swap the colours of a table")
    a.set_defaults(func=run)


def run(args):
    from ...tournament import views
    from ...tournament.corrections import repair

    if not args.swap and not args.flip:
        raise UsageError("nothing to change: --swap A B or --flip TABLE")
    ev = open_event(args)
    bent = repair(ev, args.swap, args.flip)
    print(views.text(views.pairing_table(ev)))
    for line in bent:
        print("bends %s" % line)
    if not bent:
        print("no pairing rule is bent")
