"""`xqboard tournament import-players FILE PLAYERS`: enter the players of a
CSV list or of a previous event's file (format: docs/TOURNAMENT.md and
tournament/player_file.py). All or nothing; each fault is named."""
from .common import open_event


def register(actions):
    a = actions.add_parser("import-players", help="enter players from a CSV list or a previous event's file")
    a.add_argument("file")
    a.add_argument("players", help="CSV (header: name,pinyin,rating,club,seed,birth,sex,federation,player_id,team) "
                                   "or an event file")
    a.set_defaults(func=run)


def run(args):
    from ...tournament.player_file import read_players

    ev = open_event(args)
    ids = ev.add_players(read_players(args.players))
    print("%s: %d players entered, %d in all" % (args.file, len(ids), len(ev.entrants("player"))))
