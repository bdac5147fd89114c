"""Who plays which game of a match: individual repeat games (appendix 1
notes) and team line-ups by board (11.1-11.4, 12.2, 12.3).

>>> board_games_individual(7, 8, games=2)
[(7, 8), (8, 7)]
>>> board_games_team([1, 2], [5, 6], allplay=False)
[(1, 5), (6, 2)]
"""
from .refusal import TournamentError


def board_games_individual(red, black, games=1):
    """One game, or `games` games with colours alternating."""
    return [(red, black) if g % 2 == 0 else (black, red) for g in range(games)]


def board_games_team(a, b, allplay):
    """Board by board, the first-listed team Red on odd boards (12.2, 12.3);
    all-play-all (11.4): every member against every member."""
    if allplay:
        out = []
        for i, pa in enumerate(a):
            for j, pb in enumerate(b):
                out.append((pa, pb) if (i + j) % 2 == 0 else (pb, pa))
        return out
    return [(pa, pb) if k % 2 == 0 else (pb, pa) for k, (pa, pb) in enumerate(zip(a, b))]


def check_lineup(team, roster, chosen, mode, boards):
    """11.1 fixed boards, 11.2 substitutes in roster order, 11.3 any order,
    11.4 all play: raises TournamentError when `chosen` breaks the mode."""
    ids = [m.id for m in chosen]
    if len(set(ids)) != len(ids):
        raise TournamentError("a player twice in the lineup of %s" % team.name)
    if mode == "allplay":
        return
    if len(chosen) != boards:
        raise TournamentError("%s: %d players for %d boards" % (team.name, len(chosen), boards))
    if mode == "fixed" and ids != [m.id for m in roster[:boards]]:
        raise TournamentError("11.1 fixed boards: %s plays %s" % (team.name, ", ".join(m.name for m in roster[:boards])))
    if mode == "substitutes":
        order = [m.roster for m in chosen]
        if order != sorted(order):
            raise TournamentError("11.2: the boards keep the roster order (%s)" % ", ".join(m.name for m in chosen))


def default_lineup(team, roster, mode, boards):
    """The players of a team that gave no line-up: everyone (11.4) or the
    first `boards` of its roster."""
    if mode == "allplay":
        return [m.id for m in roster]
    if len(roster) < boards:
        raise TournamentError("team %s has %d players for %d boards" % (team.name, len(roster), boards))
    return [m.id for m in roster[:boards]]
