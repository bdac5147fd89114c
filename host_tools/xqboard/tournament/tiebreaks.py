"""The tie-breaks of art. 14 (and 18.5), each a function of the records.

A record is one entrant's match in one round (see standings.Record). Every
tie-break returns a value per entrant, higher ranks higher; the relative
ones (direct encounter, Black in the game between them) look only at the
entrants still tied.

Names, the article that uses them, and what they compute:

  sb            14.1 小分: the scores of the opponents beaten plus half the
                scores of those drawn (Sonneborn-Berger on this event's
                points, computed directly)
  wins          14.1-14.3 胜局: games won (forfeit wins and the bye count)
  direct        14.1, 14.2, 14.5 直胜: points in the games among the tied
  fouls         14.1-14.6 犯规: fewer fouls ranks higher
  black_games   14.1, 14.3 后走局数: more games played as Black
  black_wins    14.2, 14.5 后走胜局: more games won as Black
  last_black    14.1 对局时后走: had Black in the game between the tied
  buchholz      14.3.1, 14.6 对手分: sum of the opponents' scores; a bye
                counts the lowest score among players who have scored (14.4)
  previous      14.3.1, 14.6: the score after the round before, and so on
  progressive   14.3.2 累进分: the sum of the running score after each round
  progressive_cut 14.3.2: the same with round 1 removed, then rounds 1-2...
  game_points   14.2, 14.5, 14.6 局分: game points of the matches
  match_wins    14.5, 14.6 胜场: matches won
"""

NAMES = ("sb", "wins", "direct", "fouls", "black_games", "black_wins", "last_black", "buchholz",
         "previous", "progressive", "progressive_cut", "game_points", "match_wins")
RELATIVE = ("direct", "last_black")

# The orders of art. 14, by system and kind.
DEFAULTS = {
    ("roundrobin", "individual", 1): ["sb", "wins", "direct", "fouls", "black_games", "last_black"],   # 14.1
    ("roundrobin", "individual", 2): ["game_points", "wins", "direct", "fouls", "black_wins"],         # 14.2
    ("swiss", "individual", 1): ["buchholz", "wins", "fouls", "black_games", "previous"],             # 14.3.1
    ("roundrobin", "team", 1): ["game_points", "match_wins", "wins", "direct", "fouls", "black_wins",
                                "black_games"],                                                        # 14.5
    ("swiss", "team", 1): ["buchholz", "game_points", "match_wins", "wins", "fouls", "previous"],      # 14.6
}
ALTERNATIVE_14_3_2 = ["progressive", "wins", "fouls", "black_games", "progressive_cut"]
ARTICLES = {("roundrobin", "individual", 1): "14.1", ("roundrobin", "individual", 2): "14.2",
            ("swiss", "individual", 1): "14.3.1", ("roundrobin", "team", 1): "14.5", ("swiss", "team", 1): "14.6"}
FIRST_ARTICLE = {"sb": "14.1", "wins": "14.1", "direct": "14.1", "fouls": "14.1", "black_games": "14.1",
                 "black_wins": "14.2", "last_black": "14.1", "buchholz": "14.3.1", "previous": "14.3.1",
                 "progressive": "14.3.2", "progressive_cut": "14.3.2", "game_points": "14.2", "match_wins": "14.5"}


def default_order(system, kind, games=1):
    return list(DEFAULTS[_key(system, kind, games)])


def _key(system, kind, games):
    family = "roundrobin" if system in ("roundrobin", "groups") else "swiss"
    key = (family, kind, 1 if kind == "team" else min(games, 2))
    return key if key in DEFAULTS else (family, kind, 1)


def article(name, system, kind, games=1, order=None):
    """The article of art. 14 that names tie-break `name` for an event of
    this system and kind (and tie-break `order`): 14.3.2 for an event
    ordered by it, else the article whose order holds it, else 14.3.2 for
    the progressive score, else the first article that uses it.

    >>> article('buchholz', 'swiss', 'individual'), article('fouls', 'roundrobin', 'team')
    ('14.3.1', '14.5')
    >>> article('progressive', 'swiss', 'individual'), article('sb', 'swiss', 'team')
    ('14.3.2', '14.1')
    """
    key = _key(system, kind, games)
    if list(order or ()) == ALTERNATIVE_14_3_2:
        return "14.3.2"
    if name in DEFAULTS[key]:
        return ARTICLES[key]
    if name in ALTERNATIVE_14_3_2 and key[1] == "individual" and key[0] == "swiss":
        return "14.3.2"
    return FIRST_ARTICLE[name]


def check(names):
    for n in names:
        if n not in NAMES:
            raise ValueError("unknown tie-break %r (known: %s)" % (n, ", ".join(NAMES)))
    return names


def absolute(name, recs, scores, last_round):
    """Values for every entrant of an absolute tie-break."""
    fn = globals()["_" + name]
    return {e: fn(rs, scores, last_round) for e, rs in recs.items()}


def relative(name, group, recs):
    """Values for the entrants of a tied group."""
    members = set(group)
    out = {}
    for e in group:
        v = 0
        for r in recs.get(e, ()):
            if r.opponent in members and not r.pending:
                v += r.score if name == "direct" else (1 if r.colour == "B" and r.played else 0)
        out[e] = v
    return out


def _sb(rs, scores, _):
    v = 0
    for r in rs:
        if r.opponent is None or r.pending:
            continue
        if r.outcome == "W":
            v += scores[r.opponent]
        elif r.outcome == "D":
            v += scores[r.opponent] / 2
    return v


def _wins(rs, scores, _):
    return sum(r.wins for r in rs)


def _fouls(rs, scores, _):
    return -sum(r.fouls for r in rs)


def _black_games(rs, scores, _):
    return sum(r.black_games for r in rs)


def _black_wins(rs, scores, _):
    return sum(r.black_wins for r in rs)


def _buchholz(rs, scores, _):
    scored = [s for s in scores.values() if s > 0]
    low = min(scored) if scored else 0
    v = 0
    for r in rs:
        if r.bye:
            v += low  # 14.4
        elif r.opponent is not None:
            v += scores[r.opponent]
    return v


def _running(rs, last_round):
    by_round = {}
    for r in rs:
        by_round[r.round] = by_round.get(r.round, 0) + (0 if r.pending else r.score)
    return [by_round.get(k, 0) for k in range(1, last_round + 1)]


def _progressive_of(seq):
    total, run = 0, 0
    for s in seq:
        run += s
        total += run
    return total


def _progressive(rs, scores, last_round):
    return _progressive_of(_running(rs, last_round))


def _progressive_cut(rs, scores, last_round):
    seq = _running(rs, last_round)
    return tuple(_progressive_of(seq[k:]) for k in range(1, len(seq)))


def _previous(rs, scores, last_round):
    seq = _running(rs, last_round)
    cum, out = 0, []
    for s in seq:
        cum += s
        out.append(cum)
    return tuple(reversed(out[:-1]))


def _game_points(rs, scores, _):
    return sum(r.game_points for r in rs)


def _match_wins(rs, scores, _):
    return sum(1 for r in rs if r.match_won)
