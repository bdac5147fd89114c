"""`xqboard tournament add FILE NAME [--rating --club --seed --team --pinyin
--birth --sex --federation --id]`: enter a player (after round 1: a late
entry of a Swiss)."""
from .common import open_event


def register(actions):
    a = actions.add_parser("add", help="enter a player (after round 1: a Swiss's late entry)")
    a.add_argument("file")
    a.add_argument("name")
    add_field_options(a)
    a.add_argument("--team", help="the player's team (team events), in board order")
    a.set_defaults(func=run)


def add_field_options(a):
    """The registration fields as options (add and edit)."""
    a.add_argument("--rating", help="0-3500")
    a.add_argument("--club")
    a.add_argument("--seed", help="seeding place, 1 = top seed")
    a.add_argument("--pinyin", help="the name in Latin letters (default: made from the name, 'WANG Tianyi')")
    a.add_argument("--birth", help="YYYY or YYYY-MM-DD")
    a.add_argument("--sex", help="m or f")
    a.add_argument("--federation", help="three letters, e.g. CHN")
    a.add_argument("--id", dest="player_id", help="national or FIDE ID (digits)")


FIELD_OPTIONS = ("rating", "club", "seed", "pinyin", "birth", "sex", "federation", "player_id")


def given_fields(args):
    return {k: getattr(args, k) for k in FIELD_OPTIONS if getattr(args, k) is not None}


def late_rule(settings):
    """What the rounds a late entry missed score, by the event's rule
    (new --late-points, docs/TOURNAMENT.md "Late entries")."""
    return {"loss": "each round missed scores no points",
            "draw": "each round missed scores a draw",
            "bye": "his first round missed scores as his bye (14.4; no other bye for him), any other no points"
            }[settings.late_points]


def run(args):
    ev = open_event(args)
    pid = ev.add_player(args.name, team=args.team, **given_fields(args))
    e = [x for x in ev.entrants() if x.id == pid]
    if e and e[0].joined_round > 1:
        print("late entry: %s is number %d from round %d; %s" % (e[0].name, e[0].number, e[0].joined_round,
                                                               late_rule(ev.settings)))
    else:
        print("%s: %s entered (%d, %d in all)" % (args.file, args.name, pid, len(ev.entrants("player"))))
