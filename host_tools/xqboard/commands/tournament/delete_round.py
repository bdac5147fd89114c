"""`xqboard tournament delete-round FILE`: delete the last round with its
results (a backup is made first; `restore` brings it back)."""
from .common import file_action, open_event


def register(actions):
    file_action(actions, "delete-round", "delete the last round, results included", run)


def run(args):
    from ...tournament.corrections import delete_last_round

    ev = open_event(args)
    rnd = ev.current_round
    gone = delete_last_round(ev)
    print("round %d deleted with %d result(s); `restore %s 1` brings it back" % (rnd, gone, args.file))
