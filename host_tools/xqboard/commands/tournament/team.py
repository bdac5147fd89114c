"""`xqboard tournament team FILE NAME [--club --rating --seed]`: enter a team (team events)."""
from .common import open_event


def register(actions):
    a = actions.add_parser("team", help="enter a team (team events)")
    a.add_argument("file")
    a.add_argument("name")
    a.add_argument("--club")
    a.add_argument("--rating", type=int)
    a.add_argument("--seed", type=int)
    a.set_defaults(func=run)


def run(args):
    ev = open_event(args)
    ev.add_team(args.name, club=args.club, rating=args.rating, seed=args.seed)
    print("%s: team %s entered, %d teams in all" % (args.file, args.name, len(ev.entrants("team"))))
