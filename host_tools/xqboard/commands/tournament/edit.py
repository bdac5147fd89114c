"""`xqboard tournament edit FILE WHO [--name --rating --club ...]`: change a
player's registration (WHO: a number or an unambiguous name).
`xqboard tournament edit FILE --short NAME`: the event's short name, the
one `round start` gives the boards ('' : made from the full name again).
`xqboard tournament edit FILE --tz ZONE`: the event's time zone (IANA, e.g.
Asia/Shanghai; '' : this computer's), the clock of its pages and printouts."""
from .add import add_field_options, given_fields
from .common import open_event
from .players import describe


def register(actions):
    a = actions.add_parser("edit", help="change a player's name, pinyin, rating, club, ...")
    a.add_argument("file")
    a.add_argument("who", nargs="?", help="the player's number, or a name only one player has")
    a.add_argument("--short", help="the event's short name on the boards (without WHO)")
    a.add_argument("--tz", help="the event's time zone, e.g. Asia/Shanghai (without WHO)")
    a.add_argument("--name")
    add_field_options(a)
    a.set_defaults(func=run)


def run(args):
    from ...errors import UsageError

    fields = given_fields(args)
    if args.name is not None:
        fields["name"] = args.name
    if args.who is None and (fields or (args.short is None and args.tz is None)):
        raise UsageError("give the player (WHO) whose registration to change, or only --short / --tz")
    ev = open_event(args)
    if args.tz is not None:
        ev.set_tz(args.tz.strip())
        print("time zone: %s" % (ev.tz or "this computer's"))
    if args.short is not None:
        ev.set_short(args.short.strip())
        print("on the boards: %s" % ev.short_name)
    if args.who is not None:
        print(describe(ev.edit(args.who, **fields)))
