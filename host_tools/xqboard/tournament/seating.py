"""A round's games as the hall's boards start them: board number, the
players' names (UTF-8, as registered), their numbers in the event and
their pinyin. `xqboard round start EVENT ROUND --boards MAP` sends these.

A player's number is his pairing number; a team player (teams are what a
team event numbers) uses his registration number. Records carry it back
(`RedNo`/`BlackNo`) and `tournament import` matches them by it.

>>> from .event import Tournament
>>> ev = Tournament.create(':memory:', 'Cup', system='roundrobin', seed=1)
>>> for n in ('程亮', '冯军'):
...     _ = ev.add_player(n)
>>> _ = ev.pair()
>>> [(g.board, g.red, g.black, g.red_pinyin) for g in round_games(ev, 1)]
[(1, '程亮', '冯军', 'CHENG Liang')]
"""
from .refusal import TournamentError


class BoardGame:
    """One game of a round at its board."""

    def __init__(self, board, red, black, red_no, black_no, red_pinyin, black_pinyin):
        self.board, self.red, self.black = board, red, black
        self.red_no, self.black_no = red_no, black_no
        self.red_pinyin, self.black_pinyin = red_pinyin, black_pinyin

    def __repr__(self):
        return "BoardGame(%d, %s #%s - %s #%s)" % (self.board, self.red, self.red_no, self.black, self.black_no)


def player_number(entrant):
    """The number a board and its record carry for a player."""
    return entrant.number if entrant.kind == "player" and entrant.team_id is None and entrant.number else entrant.id


def round_games(event, rnd):
    """The BoardGames of round `rnd`, by board; team matches give a game a board."""
    if not 1 <= rnd <= event.current_round:
        raise TournamentError("round %d is not paired (the last paired is %d)" % (rnd, event.current_round))
    es = event.by_id()
    out = []
    for p in event.pairings(rnd):
        for g in p.games:
            red, black = es[g["red_player"]], es[g["black_player"]]
            out.append(BoardGame(g["board"], red.name, black.name, player_number(red), player_number(black),
                                 red.pinyin, black.pinyin))
    return sorted(out, key=lambda g: g.board)


def hall_pairings(event, rnd, board_map, only=None, ports=None, key=None):
    """{port: logger.round.BoardStart} of round `rnd`'s boards that this PC
    starts: `board_map` is the text of a board map (BOARD=PORT or
    BOARD=DEVICE-ID, or a file of such lines), `only` a range of boards
    (`1-25`); device ids are looked for on `ports` (globs, logger/devices.py).
    What `round start EVENT ROUND --boards MAP [--only RANGE]` starts.
    ValueError or TournamentError naming the fault."""
    from ..logger.devices import DEFAULT_PORTS, resolve_board_map
    from ..logger.round import event_pairings, parse_board_map, parse_range

    games = round_games(event, rnd)
    mine = parse_range(only) if only else None
    wanted = {b: v for b, v in parse_board_map(board_map).items() if mine is None or b in mine}
    return event_pairings(games, resolve_board_map(wanted, ports or DEFAULT_PORTS, key), mine)


def entrant_by_player_number(event, number):
    """The player a record's RedNo/BlackNo names (see player_number)."""
    for e in event.by_id().values():
        if e.kind == "player" and player_number(e) == number:
            return e
    return None
