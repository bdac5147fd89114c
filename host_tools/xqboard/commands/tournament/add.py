"""`xqboard tournament add FILE NAME [--rating --club --seed --team]`: enter a player."""
from .common import open_event


def register(actions):
    a = actions.add_parser("add", help="enter a player")
    a.add_argument("file")
    a.add_argument("name")
    a.add_argument("--rating", type=int)
    a.add_argument("--club")
    a.add_argument("--seed", type=int, help="seeding place, 1 = top seed")
    a.add_argument("--team", help="the player's team (team events), in board order")
    a.set_defaults(func=run)


def run(args):
    open_event(args).add_player(args.name, rating=args.rating, club=args.club, seed=args.seed, team=args.team)
