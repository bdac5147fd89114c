"""`xqboard tournament new FILE --name NAME [--system ...]`: create an event
file with its Settings; prints them back in one line."""


def register(actions):
    a = actions.add_parser("new", help="create an event file")
    a.add_argument("file")
    a.add_argument("--name", required=True)
    a.add_argument("--short", default="",
                   help="the name the boards get at `round start` (default: the name, cut to the board's 64 bytes)")
    a.add_argument("--system", default="swiss",
                   help="roundrobin, groups (10.2), swiss (10.3), swiss-ko (10.5), swiss-elim (10.6), knockout, double")
    a.add_argument("--kind", default="individual", help="individual or team")
    a.add_argument("--rounds", type=int, help="rounds of a Swiss (for swiss-ko: the Swiss part)")
    a.add_argument("--scoring", default="2/1/0", help="win/draw/loss (13.1, 13.3) or win/draw-Red/draw-Black/loss")
    a.add_argument("--tiebreaks", help="comma list in order (default: the order of art. 14 for the system)")
    a.add_argument("--level", default="national", help="national, provincial or junior (fouls rules)")
    a.add_argument("--boards", type=int, default=4, help="boards per team match")
    a.add_argument("--lineup", default="fixed", help="fixed (11.1), substitutes (11.2), adhoc (11.3), allplay (11.4)")
    a.add_argument("--games", type=int, default=1, help="games per match in an individual round robin (14.2)")
    a.add_argument("--cycles", type=int, default=1, help="1 or 2 (double round robin)")
    a.add_argument("--groups", type=int, default=2, help="groups of a group round robin")
    a.add_argument("--qualifiers", type=int, default=8, help="players into the knockout of swiss-ko")
    a.add_argument("--eliminate-from", type=int, help="swiss-elim: first round preceded by an elimination")
    a.add_argument("--eliminate-per-round", type=int, default=1)
    a.add_argument("--eliminate-keep", type=int, default=2, help="players left for the last round")
    a.add_argument("--first", default="near", help="round 1 of a Swiss: near (1-2, 4-3...), fold or slide")
    a.add_argument("--seed", type=int, help="random seed of the lots (kept in the file)")
    a.add_argument("--rank-by", default="match_points", choices=("match_points", "game_points"),
                   help="team events: rank by match points (14.5, 14.6) or total game points (14.7)")
    a.add_argument("--no-late-entries", dest="late_entries", action="store_false",
                   help="a Swiss takes no player after round 1 (the 2011 rules are silent; default: it does)")
    a.add_argument("--late-points", default="loss", choices=("loss", "draw", "bye"),
                   help="what the rounds a late entry missed score: loss (no points, the default), draw, "
                        "or bye (his first round missed is his bye, 14.4: no other bye for him)")
    a.add_argument("--tc", default="", help="time control the boards start with (`round start`), e.g. 90m, 60m+30s")
    a.add_argument("--date", default="")
    a.add_argument("--city", default="")
    a.add_argument("--arbiter", default="")
    a.add_argument("--tz", default="", help="the event's time zone (IANA, e.g. Asia/Shanghai): the times "
                   "its pages and printouts show, 24-hour (default: this computer's)")
    a.set_defaults(func=run)


def run(args):
    from ...tournament.event import Tournament

    tbs = [t.strip() for t in args.tiebreaks.split(",")] if args.tiebreaks else None
    ev = Tournament.create(args.file, args.name, system=args.system, kind=args.kind, rounds=args.rounds,
                      scoring=args.scoring, tiebreaks=tbs, level=args.level, boards=args.boards,
                      lineup=args.lineup, games=args.games, cycles=args.cycles, groups=args.groups,
                      qualifiers=args.qualifiers, elim_from=args.eliminate_from,
                      elim_per_round=args.eliminate_per_round, elim_keep=args.eliminate_keep,
                      first=args.first, seed=args.seed, date=args.date, city=args.city, arbiter=args.arbiter,
                      rank_by=args.rank_by, late_entries=args.late_entries, late_points=args.late_points, tc=args.tc,
                      short=args.short, tz=args.tz)
    s = ev.settings
    print("%s: %s, %s, %s, tie-breaks %s; on the boards: %s" % (args.file, s.name, s.system, s.kind,
                                                                ",".join(s.tiebreaks), ev.short_name)
          + ("; time zone %s" % s.tz if s.tz else ""))
