"""`xqboard tournament ACTION EVENT.db ...`: run an event from the command
line (issue 8). One SQLite file per event; every action is one transaction.

    xqboard tournament new open.db --name "Open 2026" --system swiss --rounds 7
    xqboard tournament add open.db "Wang Tianyi" --rating 2650 --club Hangzhou --seed 1
    xqboard tournament pair open.db
    xqboard tournament result open.db 1 3 1-0         # round 1, board 3
    xqboard tournament import open.db records/         # the boards' PGN files
    xqboard tournament standings open.db
    xqboard tournament export open.db pdf standings.pdf --what standings
"""
import sys

from ..errors import UsageError


def register(sub):
    p = sub.add_parser("tournament", help="pair, score and rank an event (round robin, Swiss, knockout)")
    acts = p.add_subparsers(dest="action", metavar="ACTION")
    p.set_defaults(func=lambda a: (p.print_help(), 2)[1])

    a = acts.add_parser("new", help="create an event file")
    a.add_argument("file")
    a.add_argument("--name", required=True)
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
    a.add_argument("--date", default="")
    a.add_argument("--city", default="")
    a.add_argument("--arbiter", default="")
    a.set_defaults(func=cmd_new)

    a = acts.add_parser("add", help="enter a player")
    a.add_argument("file")
    a.add_argument("name")
    a.add_argument("--rating", type=int)
    a.add_argument("--club")
    a.add_argument("--seed", type=int, help="seeding place, 1 = top seed")
    a.add_argument("--team", help="the player's team (team events), in board order")
    a.set_defaults(func=cmd_add)

    a = acts.add_parser("team", help="enter a team (team events)")
    a.add_argument("file")
    a.add_argument("name")
    a.add_argument("--club")
    a.add_argument("--rating", type=int)
    a.add_argument("--seed", type=int)
    a.set_defaults(func=cmd_team)

    a = acts.add_parser("remove", help="take an entrant out before round 1 (14.4)")
    a.add_argument("file")
    a.add_argument("name")
    a.set_defaults(func=cmd_remove)

    a = acts.add_parser("players", help="list the entrants")
    a.add_argument("file")
    a.set_defaults(func=cmd_players)

    a = acts.add_parser("draw", help="draw the pairing numbers (done by the first pair otherwise)")
    a.add_argument("file")
    a.add_argument("--seed", type=int)
    a.add_argument("--no-lot", action="store_true", help="numbers by seed and rating, no lot")
    a.set_defaults(func=cmd_draw)

    a = acts.add_parser("pair", help="pair the next round")
    a.add_argument("file")
    a.add_argument("--provisional", action="store_true",
                   help="Swiss: count unfinished games as draws for this pairing (appendix 2, principle 8)")
    a.set_defaults(func=cmd_pair)

    a = acts.add_parser("pairings", help="print a round's pairings")
    a.add_argument("file")
    a.add_argument("--round", type=int)
    a.set_defaults(func=cmd_pairings)

    a = acts.add_parser("lineup", help="a team's players for a round, in board order (11.1-11.3)")
    a.add_argument("file")
    a.add_argument("round", type=int)
    a.add_argument("team")
    a.add_argument("players", nargs="+")
    a.set_defaults(func=cmd_lineup)

    a = acts.add_parser("result", help="enter a result by round and board number")
    a.add_argument("file")
    a.add_argument("round", type=int)
    a.add_argument("board", type=int, help="board number in the hall (the record's [Board])")
    a.add_argument("result", help="1-0, 0-1, 1/2-1/2 (=), +- / -+ forfeit (20.3), -- both forfeit (20.2)")
    a.add_argument("--fouls-red", type=int)
    a.add_argument("--fouls-black", type=int)
    a.add_argument("--termination", help="how it ended, with its article (e.g. '4.1.6 flag')")
    a.add_argument("--force", action="store_true", help="replace a result entered before")
    a.set_defaults(func=cmd_result)

    a = acts.add_parser("winner", help="knockout: the arbiter's decision of a tied match")
    a.add_argument("file")
    a.add_argument("round", type=int)
    a.add_argument("table", type=int)
    a.add_argument("name")
    a.set_defaults(func=cmd_winner)

    a = acts.add_parser("import", help="results from the boards' PGN records (files or directories)")
    a.add_argument("file")
    a.add_argument("paths", nargs="+")
    a.add_argument("--partial", action="store_true", help="apply the matching records even if some are refused")
    a.add_argument("--force", action="store_true", help="replace results entered before")
    a.set_defaults(func=cmd_import)

    a = acts.add_parser("withdraw", help="an entrant leaves (19.1-19.3)")
    a.add_argument("file")
    a.add_argument("name")
    a.add_argument("--round", type=int, help="first round not played (default: the next)")
    a.set_defaults(func=cmd_withdraw)

    a = acts.add_parser("penalty", help="record a penalty: 18.1 warning, 18.2 game disqualification, 18.3 expulsion")
    a.add_argument("file")
    a.add_argument("name")
    a.add_argument("article", choices=("18.1", "18.2", "18.3"))
    a.add_argument("--round", type=int)
    a.add_argument("--note")
    a.set_defaults(func=cmd_penalty)

    a = acts.add_parser("standings", help="print the standings with the tie-breaks of art. 14")
    a.add_argument("file")
    a.add_argument("--round", type=int, help="after this round (default: the last)")
    a.add_argument("--teams", action="store_true", help="team totals and placings sum (11.5, 14.8) by club")
    a.set_defaults(func=cmd_standings)

    a = acts.add_parser("bracket", help="knockout: the matches and who goes through")
    a.add_argument("file")
    a.set_defaults(func=cmd_bracket)

    a = acts.add_parser("export", help="write html, pdf, csv or trf")
    a.add_argument("file")
    a.add_argument("format", choices=("html", "pdf", "png", "csv", "trf"))
    a.add_argument("out")
    a.add_argument("--what", default="standings", choices=("standings", "pairings", "all"))
    a.add_argument("--round", type=int)
    a.set_defaults(func=cmd_export)


def _open(args):
    from ..tournament.event import Event

    return Event.open(args.file)


def cmd_new(args):
    from ..tournament.event import Event

    tbs = [t.strip() for t in args.tiebreaks.split(",")] if args.tiebreaks else None
    ev = Event.create(args.file, args.name, system=args.system, kind=args.kind, rounds=args.rounds,
                      scoring=args.scoring, tiebreaks=tbs, level=args.level, boards=args.boards,
                      lineup=args.lineup, games=args.games, cycles=args.cycles, groups=args.groups,
                      qualifiers=args.qualifiers, elim_from=args.eliminate_from,
                      elim_per_round=args.eliminate_per_round, elim_keep=args.eliminate_keep,
                      first=args.first, seed=args.seed, date=args.date, city=args.city, arbiter=args.arbiter,
                      rank_by=args.rank_by)
    print("%s: %s, %s, %s, tie-breaks %s" % (args.file, ev.get("name"), ev.system, ev.kind, ",".join(ev.get("tiebreaks"))))


def cmd_add(args):
    ev = _open(args)
    ev.add_player(args.name, rating=args.rating, club=args.club, seed=args.seed, team=args.team)


def cmd_team(args):
    _open(args).add_team(args.name, club=args.club, rating=args.rating, seed=args.seed)


def cmd_remove(args):
    _open(args).remove(args.name)


def cmd_players(args):
    ev = _open(args)
    for e in ev.entrants():
        extra = ""
        if ev.kind == "team":
            extra = "  [" + ", ".join(m.name for m in ev.members(e.id)) + "]"
        print("%4s  %-24s %6s  %-16s seed %s%s" % (e.number or "-", e.name, e.rating or "", e.club or "",
                                                   e.seed or "-", extra))


def cmd_draw(args):
    ev = _open(args)
    ev.draw(seed=args.seed, lot=not args.no_lot)
    cmd_players(args)


def cmd_pair(args):
    from ..tournament import views

    ev = _open(args)
    r = ev.pair(allow_unfinished=args.provisional)
    print(views.text(views.pairing_table(ev, r.no)))
    if r.note:
        print("note: %s" % r.note)


def cmd_pairings(args):
    from ..tournament import views

    ev = _open(args)
    if not ev.current_round:
        raise UsageError("no round is paired yet")
    if args.round and not 1 <= args.round <= ev.current_round:
        raise UsageError("round %d is not paired" % args.round)
    print(views.text(views.pairing_table(ev, args.round)))


def cmd_lineup(args):
    _open(args).set_lineup(args.round, args.team, args.players)


def cmd_result(args):
    ev = _open(args)
    ev.set_result(args.round, args.board, args.result, fouls_red=args.fouls_red, fouls_black=args.fouls_black,
                  termination=args.termination, force=args.force)


def cmd_winner(args):
    _open(args).set_winner(args.round, args.table, args.name)


def cmd_import(args):
    from ..tournament.pgn import import_records

    ev = _open(args)
    rep = import_records(ev, args.paths, partial=args.partial, force=args.force)
    for where, rnd, board, res in rep.applied:
        print("imported  %s: round %d board %d %s" % (where, rnd, board, res))
    for where, rnd, board, res in rep.unchanged:
        print("unchanged %s: round %d board %d %s" % (where, rnd, board, res))
    for where, why in rep.refused:
        print("refused   %s: %s" % (where, why), file=sys.stderr)
    if rep.refused:
        raise UsageError("%d record(s) refused%s" % (
            len(rep.refused), "" if args.partial else "; nothing imported (--partial imports the others)"))


def cmd_withdraw(args):
    ev = _open(args)
    annulled = ev.withdraw(args.name, args.round)
    if annulled:
        print("fewer than half the games played: all results of %s are cancelled (19.2)" % args.name)


def cmd_penalty(args):
    _open(args).penalize(args.name, args.article, args.round, args.note)


def cmd_standings(args):
    from ..tournament import views

    ev = _open(args)
    if args.round is not None and not 0 <= args.round <= ev.current_round:
        raise UsageError("round %d is not paired" % args.round)
    print(views.text(views.standings_table(ev, args.round)))
    if args.teams:
        print()
        print("Team    Points  Places (14.8)  Best")
        for team, pts, places, best in ev.team_totals(args.round):
            print("%-8s%6s  %13d  %4d" % (team, views.num(pts), places, best))


def cmd_bracket(args):
    ev = _open(args)
    if not ev.get("slots"):
        raise UsageError("no knockout bracket yet")
    es = ev.by_id()
    for p in ev._ko_pairings():
        w = ev._ko_winner(p) if not p.bracket.startswith("F") else None
        res = " ".join(g["result"] or "?" for g in p.games)
        print("%-6s round %-2d %s - %s  %s%s" % (p.bracket, p.round, es[p.red].name,
                                                es[p.black].name if p.black else "bye", res,
                                                ("  -> " + es[w].name) if w else ""))
    champ = ev.champion()
    if champ:
        print("champion: %s" % es[champ].name)


def cmd_export(args):
    from ..tournament import export_csv, export_html, export_pdf, export_trf, views

    ev = _open(args)
    if args.format == "trf":
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(export_trf.write(ev))
        return
    if not ev.current_round and args.what != "standings":
        raise UsageError("no round is paired yet")
    tables = []
    if args.what in ("pairings", "all"):
        tables.append(views.pairing_table(ev, args.round))
    if args.what in ("standings", "all"):
        tables.append(views.standings_table(ev, args.round))
    if args.format == "csv":
        if len(tables) != 1:
            raise UsageError("csv holds one table: --what standings or pairings")
        export_csv.write(tables[0], args.out)
        return
    page = export_html.page(tables, ev.get("name"), export_html.event_meta(ev))
    if args.format == "html":
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(page)
    else:
        export_pdf.render(page, args.out, png=args.format == "png")
