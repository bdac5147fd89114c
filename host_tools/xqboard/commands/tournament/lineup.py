"""`xqboard tournament lineup FILE ROUND TEAM PLAYER...`: a team's players
for a round, in board order (11.1-11.3)."""
from .common import open_event


def register(actions):
    a = actions.add_parser("lineup", help="a team's players for a round, in board order (11.1-11.3)")
    a.add_argument("file")
    a.add_argument("round", type=int)
    a.add_argument("team")
    a.add_argument("players", nargs="+")
    a.set_defaults(func=run)


def run(args):
    open_event(args).set_lineup(args.round, args.team, args.players)
    print("%s: round %d lineup of %s: %s" % (args.file, args.round, args.team, ", ".join(args.players)))
