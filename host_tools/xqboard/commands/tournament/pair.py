"""`xqboard tournament pair FILE [--provisional]`: pair the next round and
print its pairings (and the pairing's note, if any)."""
from .common import open_event


def register(actions):
    a = actions.add_parser("pair", help="pair the next round")
    a.add_argument("file")
    a.add_argument("--provisional", action="store_true",
                   help="Swiss: count unfinished games as draws for this pairing (appendix 2, principle 8)")
    a.set_defaults(func=run)


def run(args):
    from ...tournament import views

    ev = open_event(args)
    r = ev.pair(allow_unfinished=args.provisional)
    print(views.text(views.pairing_table(ev, r.no)))
    if r.note:
        print("note: %s" % r.note)
