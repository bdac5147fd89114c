"""Each entrant's Records (standings.Record), read from the games of an
event: the bye (14.4), forfeits (20.2, 20.3), void games (19.2), match
points of team events and multi-game matches (13.2, 14.2), and provisional
draws for unfinished games (appendix 2, principle 8).

>>> from .event import Tournament
>>> ev = Tournament.create(':memory:', 'Demo', system='roundrobin', seed=1)
>>> for name in 'AB':
...     _ = ev.add_player(name)
>>> r = ev.pair(); ev.set_result(1, 1, '1-0')
>>> sorted((rec.entrant, rec.score) for recs in ev.records().values() for rec in recs)
[(1, 0), (2, 2)]
"""
from .scoring import FORFEITS, PLAYED, outcome
from .standings import Record


def event_records(event, upto, provisional, stage):
    """entrant id -> [Record] for the rounds up to `upto` of the stage."""
    settings = event.settings
    sc = event.scoring
    multi = settings.kind == "team" or int(settings.games or 1) > 1
    by_id = event.by_id()
    recs = {e.id: [] for e in event.entrants()}
    for p in event.stage_pairings(upto, stage):
        if p.bracket == "rest":
            continue
        if p.black is None:
            # 14.4: the bye scores as a win; a team's bye as won on every board
            boards = int(settings.boards) if settings.kind == "team" else 1
            recs.setdefault(p.red, []).append(Record(
                p.round, p.red, None, None, sc.win, game_points=sc.win * boards, wins=boards,
                outcome="W", bye=True, played=False))
            continue
        if any(g["result"] == "void" for g in p.games):
            continue
        side = _sides(p, p.games, sc, _team_of(settings, by_id), multi, provisional)
        for e, opp, colour in ((p.red, p.black, "R"), (p.black, p.red, "B")):
            recs.setdefault(e, []).append(_match_record(p.round, e, opp, colour, side[e], side[opp], sc, multi))
    if stage == "main":
        _missed_rounds(recs, by_id, upto, sc, settings.late_points)
    # 19.2: an entrant whose results are annulled is out of the table
    for e in list(recs):
        if by_id[e].annulled:
            del recs[e]
    return recs


def _team_of(settings, by_id):
    """player id -> the entrant whose points a game of his counts for: his
    team in a team event, himself otherwise."""
    if settings.kind == "team":
        return lambda player: by_id[player].team_id
    return lambda player: player


def match_game_points(event, p, by_id=None):
    """(game points of p.red, game points of p.black) over the games of the
    pairing entered so far, counted as the standings count them: by the
    entrant each game's player plays for, so a team's player on an even
    board, who has Black (12.2, 12.3; appendix 1's note on team events),
    scores for his team and not for the side listed as Red. None before
    any result."""
    done = [g for g in p.games if g["result"] not in (None, "void")]
    if not done or p.black is None:
        return None
    settings = event.settings
    side = _sides(p, done, event.scoring, _team_of(settings, by_id or event.by_id()), True, False)
    return side[p.red]["gp"], side[p.black]["gp"]


def _missed_rounds(recs, by_id, upto, sc, late_points):
    """A late entry's rounds before it joined: no opponent, no colour, the
    event's late points (Settings.late_points: a loss or a draw each, or
    'bye': the first scored as his bye, 14.4, which is then his one bye of
    principle 5, and the others no points)."""
    points = sc.draw if late_points == "draw" else sc.loss
    for e, rs in recs.items():
        for rnd in range(1, min(by_id[e].joined_round or 1, upto + 1)):
            if late_points == "bye" and rnd == 1:
                rs.append(Record(rnd, e, None, None, sc.win, outcome="W", bye=True, played=False))
            else:
                rs.append(Record(rnd, e, None, None, points, wins=0, outcome=None, played=False))
        rs.sort(key=lambda r: r.round)


def _sides(p, games, sc, team_of, multi, provisional):
    """Per side of the match: game points, wins, Black games and wins,
    fouls, and whether a game is pending, played or forfeited."""
    side = {}
    for e in (p.red, p.black):
        side[e] = dict(gp=0, wins=0, bg=0, bw=0, fouls=0, pending=False, played=False, forfeit=False, out=None)
    for g in games:
        res = g["result"]
        for player, colour, fouls in ((g["red_player"], "R", g["fouls_red"]), (g["black_player"], "B", g["fouls_black"])):
            d = side[team_of(player)]
            d["fouls"] += fouls
            if res is None:
                if provisional:
                    d["gp"] += sc.points("1/2-1/2", colour)
                    d["played"] = True
                else:
                    d["pending"] = True
                continue
            o = outcome(res, colour)
            d["gp"] += sc.points(res, colour)
            d["wins"] += o == "W"
            d["played"] |= res in PLAYED
            d["forfeit"] |= res in FORFEITS
            if res in PLAYED and colour == "B":
                d["bg"] += 1
                d["bw"] += o == "W"
            if not multi:
                d["out"] = o
    return side


def _match_record(rnd, e, opp, colour, d, o, sc, multi):
    if multi:
        score = sc.match_points(d["gp"], o["gp"])
        out = "W" if d["gp"] > o["gp"] else "L" if d["gp"] < o["gp"] else "D"
    else:
        score, out = d["gp"], d["out"]
    pending = d["pending"] or o["pending"]
    if pending:
        score, out = 0, None
    return Record(rnd, e, opp, colour, score, game_points=d["gp"], wins=d["wins"], black_games=d["bg"],
                  black_wins=d["bw"], fouls=d["fouls"], match_won=(out == "W"), pending=pending,
                  played=d["played"], outcome=out, forfeit=d["forfeit"] and not d["played"])


def by_game_points(r):
    """A copy of Record r scored by its game points (14.7)."""
    c = Record(r.round, r.entrant, r.opponent, r.colour, r.game_points)
    for k in Record.__slots__:
        if k != "score":
            setattr(c, k, getattr(r, k))
    return c
