"""`xqboard tournament import-players FILE PLAYERS [--merge]`: enter the
players of a CSV or XLSX list or of a previous event's file (format:
docs/TOURNAMENT.md and tournament/player_file.py). All or nothing; each
fault is named. A list whose players are entered already (by ID, or name and
birth: tournament/relisting.py) is refused, with who matched; --merge
updates those and enters the others."""
from ...errors import UsageError
from .common import open_event


def register(actions):
    a = actions.add_parser("import-players", help="enter players from a CSV/XLSX list or a previous event's file")
    a.add_argument("file")
    a.add_argument("players", help="CSV or XLSX (header: name,pinyin,rating,club,seed,birth,sex,federation,"
                                   "player_id,team) or an event file")
    a.add_argument("--merge", action="store_true",
                   help="players entered already (same ID, or same name and birth) are updated, not entered twice")
    a.set_defaults(func=run)


def run(args):
    from ...tournament import relisting
    from ...tournament.player_file import read_players

    ev = open_event(args)
    players = read_players(args.players)
    plan = relisting.plan(ev, players)
    shown = ev.display_names()
    if plan.matched and not args.merge:
        names = ", ".join("%s %s" % (e.number or "(%d)" % e.id, shown[e.id]) for e in plan.matched[:5])
        raise UsageError("%s: %d of its %d players are entered already (same ID, or same name and birth: %s%s); "
                         "nothing entered; --merge updates them and enters the %d others"
                         % (args.players, len(plan.matched), len(players), names,
                            ", ..." if len(plan.matched) > 5 else "", len(plan.new)))
    ids = set(relisting.apply(ev, plan))
    late = [e for e in ev.entrants("player") if e.id in ids and e.joined_round > 1]
    for e, changes in plan.updated:
        print("updated %s %s: %s" % (e.number or "(%d)" % e.id, shown[e.id],
                                     ", ".join("%s %s -> %s" % (k, getattr(e, k) or "-", v) for k, v in changes.items())))
    print("%s: %d players entered, %d updated, %d unchanged, %d in all" % (
        args.file, len(plan.new), len(plan.updated), len(plan.unchanged), len(ev.entrants("player"))))
    if late:
        from .add import late_rule

        print("late entries: %d-%d from round %d; %s" % (late[0].number, late[-1].number, late[0].joined_round,
                                                          late_rule(ev.settings)))
