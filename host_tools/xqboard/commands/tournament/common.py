"""What the tournament actions share: opening the event file, and the
registration of an action whose one argument is that file."""


def open_event(args):
    """The Tournament of `args.file`."""
    from ...tournament.event import Tournament

    return Tournament.open(args.file)


def file_action(actions, name, summary, run):
    """Registers `xqboard tournament NAME FILE`, run by run(args); summary: its line in the help."""
    a = actions.add_parser(name, help=summary)
    a.add_argument("file")
    a.set_defaults(func=run)


def print_correction(ev, correction):
    """The late-correction report (corrections.LateCorrection): the table of
    the pairings that would now differ, then what the arbiter can do."""
    from ...tournament import views

    if correction.rows or correction.error:
        print(views.text(correction.table(ev.display_names())))
    for what, how in correction.options(ev.path):
        print("  %-8s %s" % (what + ":", how))


def game_line(ev, rnd, board):
    """'round 3 board 12 (王天一 - 郑惟桐)': a game as a confirmation names it."""
    g = ev.game_at(rnd, board)
    shown = ev.display_names()
    return "round %d board %d (%s - %s)" % (rnd, board, shown[g["red_player"]], shown[g["black_player"]])
