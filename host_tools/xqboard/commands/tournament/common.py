"""What the tournament actions share: opening the event file."""


def open_event(args):
    """The Event of `args.file`."""
    from ...tournament.event import Event

    return Event.open(args.file)
