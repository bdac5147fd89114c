"""`xqboard tournament unpair FILE`: take back the last round, before any
result of it is in."""
from .common import file_action, open_event


def register(actions):
    file_action(actions, "unpair", "take back the last round (no result in yet)", run)


def run(args):
    from ...tournament.corrections import unpair

    ev = open_event(args)
    rnd = ev.current_round
    unpair(ev)
    print("round %d taken back; `pair` pairs it again" % rnd)
