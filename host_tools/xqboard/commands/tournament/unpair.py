"""`xqboard tournament unpair FILE`: take back the last round, before any
result of it is in."""
from .common import open_event


def register(actions):
    a = actions.add_parser("unpair", help="take back the last round (no result in yet)")
    a.add_argument("file")
    a.set_defaults(func=run)


def run(args):
    from ...tournament.corrections import unpair

    ev = open_event(args)
    rnd = ev.current_round
    unpair(ev)
    print("round %d taken back; `pair` pairs it again" % rnd)
