"""`xqboard tournament remove FILE NAME`: take an entrant out before round 1 (14.4)."""
from .common import open_event


def register(actions):
    a = actions.add_parser("remove", help="take an entrant out before round 1 (14.4)")
    a.add_argument("file")
    a.add_argument("name")
    a.set_defaults(func=run)


def run(args):
    ev = open_event(args)
    name = ev.entrant(args.name).name
    ev.remove(args.name)
    print("%s: %s removed, %d left; the numbers are drawn again" % (args.file, name, len(ev.entrants())))
