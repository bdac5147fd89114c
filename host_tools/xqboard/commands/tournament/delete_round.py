"""`xqboard tournament delete-round FILE`: delete the last round with its
results (a backup is made first; `restore` brings it back)."""
from .common import open_event


def register(actions):
    a = actions.add_parser("delete-round", help="delete the last round, results included")
    a.add_argument("file")
    a.set_defaults(func=run)


def run(args):
    from ...tournament.corrections import delete_last_round

    ev = open_event(args)
    rnd = ev.current_round
    gone = delete_last_round(ev)
    print("round %d deleted with %d result(s); `restore %s 1` brings it back" % (rnd, gone, args.file))
