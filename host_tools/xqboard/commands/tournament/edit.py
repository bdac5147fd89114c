"""`xqboard tournament edit FILE WHO [--name --rating --club ...]`: change a
player's registration (WHO: a number or an unambiguous name)."""
from .add import add_field_options, given_fields
from .common import open_event
from .players import describe


def register(actions):
    a = actions.add_parser("edit", help="change a player's name, pinyin, rating, club, ...")
    a.add_argument("file")
    a.add_argument("who", help="the player's number, or a name only one player has")
    a.add_argument("--name")
    add_field_options(a)
    a.set_defaults(func=run)


def run(args):
    fields = given_fields(args)
    if args.name is not None:
        fields["name"] = args.name
    ev = open_event(args)
    print(describe(ev.edit(args.who, **fields)))
