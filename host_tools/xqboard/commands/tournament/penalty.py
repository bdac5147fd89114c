"""`xqboard tournament penalty FILE NAME ARTICLE`: 18.1 warning, 18.2 game
disqualification, 18.3 expulsion."""
from .common import open_event


def register(actions):
    a = actions.add_parser("penalty", help="record a penalty: 18.1 warning, 18.2 game disqualification, 18.3 expulsion")
    a.add_argument("file")
    a.add_argument("name")
    a.add_argument("article", choices=("18.1", "18.2", "18.3"))
    a.add_argument("--round", type=int)
    a.add_argument("--note")
    a.set_defaults(func=run)


def run(args):
    open_event(args).penalize(args.name, args.article, args.round, args.note)
    print("%s: %s penalised, %s%s" % (args.file, args.name, args.article, " (round %d)" % args.round if args.round else ""))
