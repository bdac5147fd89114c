"""What the tournament actions share: opening the event file, and the
registration of an action whose one argument is that file."""


def open_event(args):
    """The Event of `args.file`."""
    from ...tournament.event import Event

    return Event.open(args.file)


def file_action(actions, name, summary, run):
    """Registers `xqboard tournament NAME FILE`, run by run(args); summary: its line in the help."""
    a = actions.add_parser(name, help=summary)
    a.add_argument("file")
    a.set_defaults(func=run)
