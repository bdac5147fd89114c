"""A master game played as a board would report it: its event lines, with
board times, encoded by the board's own schema (firmware/game/events.py).

The demo page (`python -m xqboard.hall.web --demo`) and the tests of the
pages feed the Hub with these: real games from data/master-games.pgn, with
the clock run down by a think time per move, and a few incidents on the
way (an alert and its restoration, a foul, a draw offer) so the arbiter's
page has something to list.

    >>> from xqboard.record import GameRecord
    >>> g = GameRecord(); _ = g.push("h2e2"); _ = g.push("h9g7")
    >>> for t, line in game_lines(g, "3", think_ms=lambda ply: 2000, tc="10m+5s")[2:7]:
    ...     print(t, line)
    1000 E 3 1000 SETUP confirmed by=host
    2000 E 4 2000 START red 20.1
    4000 E 5 4000 MOVE 1 h2e2 red at=4000
    4200 E 6 4200 PRESS red 602800 600000
    6200 E 7 6200 MOVE 2 h9g7 black at=6200
"""
import copy
import functools
import time

from ..core import FIRMWARE  # noqa: F401  (puts firmware/ on sys.path)
from ..core import MATED, STALEMATED, move_name, pieces, squares
from ..paths import DATA
from ..record import LazyGames
from .boardview import start_times

from clock import control  # noqa: E402
from game import events as ev  # noqa: E402

RED = pieces.RED
PRESS_MS = 200  # from the placement to the press


@functools.lru_cache(maxsize=1)
def master_games():
    """The games of data/master-games.pgn (xqboard.record.GameRecord), each
    read once, when first asked for (LazyGames): shared, so read them, do
    not change them (a game cut short is a copy: cut_short)."""
    return LazyGames((DATA / "master-games.pgn").read_text(encoding="utf-8"))


def cut_short(record, plies=None):
    """The record, or (`plies`) a copy of it cut to its first `plies`: a
    short game for a replay board. Never cut in place: master_games are
    shared."""
    if not plies:
        return record
    short = copy.copy(record)
    short.plies = record.plies[:plies]
    return short


def increment(tc):
    """The first stage's increment (ms) of a time control."""
    try:
        return control.parse(tc).red.stage(0)[2]
    except control.ControlError:
        return 0


class EventLines:
    """Numbers and encodes a board's events as the board does: seq from 1;
    counts each side's fouls (art. 8) for FOUL's `fouls=` and CONFIRM."""

    def __init__(self):
        self.out = []
        self.fouls = [0, 0]

    def add(self, t, kind, *fields):
        self.out.append((t, ev.encode(len(self.out) + 1, t, kind, fields)))

    def foul(self, t, side, article):
        self.fouls[pieces.index(side)] += 1
        self.add(t, ev.FOUL, side, article, self.fouls[pieces.index(side)], None)


def ending(pos):
    """RESULT fields for the end of a game: mate (4.1.1) or stalemate
    (4.1.2) when the position is so, else the side to move resigns (4.1.12;
    the file does not record results)."""
    loser = pos.side
    score = "0-1" if loser == RED else "1-0"
    status = pos.status()
    if status == MATED:
        return score, "4.1.1", "mate"
    if status == STALEMATED:
        return score, "4.1.2", "stalemate"
    return score, "4.1.12", "resigned %s" % pieces.side_name(loser)


def game_lines(game, board, think_ms, tc="15m+10s", event="Hall Demo", round_="1",
               incidents=None, plies=None, confirm=False):
    """[(board time ms, event line)] of `game` played on board `board`:
    the GAME event, the set-up, START, each move and its press after
    think_ms(ply) ms, then the result (and CONFIRM when `confirm`: art. 9).
    `plies` stops the game after that many moves, still running;
    `incidents` {ply: 'alert' | 'foul' | 'offer'} adds one after that move."""
    lines = EventLines()
    times = start_times(tc)
    used = [0, 0]  # board time each side spent thinking (art. 9's times used)
    inc = increment(tc)
    lines.add(0, ev.GAME, "new", event, round_, board, game.headers.get("Red"), game.headers.get("Black"),
              tc, None, "auto", "startpos", None, None, None, None)
    lines.add(500, ev.SETUP, "ready")
    lines.add(1000, ev.SETUP, "confirmed", "host")
    t = 2000
    lines.add(t, ev.START, RED, "20.1")
    pos = game.position(0)
    last = len(game.plies) if plies is None else min(plies, len(game.plies))
    for ply in game.plies[:last]:
        side = pos.side
        think = think_ms(ply.number)
        t += think
        capture = "capture" if pos.piece_at(squares.move_to(ply.move)) else None
        pos.push(ply.move)
        check = "check" if pos.in_check() else None
        lines.add(t, ev.MOVE, ply.number, move_name(ply.move), side, t, capture, check, None)
        t += PRESS_MS
        times[pieces.index(side)] += inc - think - PRESS_MS
        used[pieces.index(side)] += think + PRESS_MS
        lines.add(t, ev.PRESS, side, times[0], times[1], None, None)
        t = add_incident(lines, (incidents or {}).get(ply.number), t, pos)
    if plies is None:
        score, article, reason = ending(pos)
        t += 3000
        lines.add(t, ev.RESULT, score, article, reason)
        if confirm:
            fouls = "%d/%d" % tuple(lines.fouls)
            lines.add(t + 5000, ev.CONFIRM, score, article, used[0], used[1], fouls, "9")
    return lines.out


def a_piece_of(pos, side):
    """The point name of one of `side`'s pieces in `pos`."""
    for sq in range(256):
        p = pos.piece_at(sq)
        if p and p != pieces.OFF and pieces.colour(p) == side:
            return squares.name(sq)
    raise ValueError("no piece of that side")


def add_incident(lines, what, t, pos):
    """Adds the incident `what` after a move, `pos` the position after it
    (the side to move is the waiting one); the board time after it."""
    waiting = pos.side
    mover = pieces.other(waiting)
    if what == "alert":
        # a waiting piece displaced (5.8.2), then put back
        lines.add(t + 300, ev.ALERT, "displaced", a_piece_of(pos, waiting), "-", "5.8.2")
        lines.add(t + 1500, ev.RESTORED)
        return t + 1500
    if what == "foul":
        lines.foul(t + 300, waiting, "8.1.7")  # pressed the clock without having moved
        return t + 300
    if what == "offer":
        lines.add(t + 300, ev.OFFER, mover, 1, "22.1")
        return t + 300
    return t


def think_of(board_no, spread_ms=8000, least_ms=2000):
    """A think time per ply for a board: steady, different on each board."""
    return lambda ply: least_ms + (board_no * 7919 + ply * 104729) % spread_ms


# The incidents of the demo hall, by board number: {ply: what}.
DEMO_INCIDENTS = {2: {6: "alert"}, 3: {9: "foul"}, 5: {12: "offer"}, 7: {4: "alert", 15: "foul"}}


def hall_lines(boards=8, first_game=0, **options):
    """{board name: [(t, line)]} of a hall of `boards` boards, each playing
    the next master game of the file, a CONFIRM on every other board."""
    games = master_games()
    out = {}
    for n in range(1, boards + 1):
        game = games[(first_game + n - 1) % len(games)]
        out[str(n)] = game_lines(game, str(n), think_of(n), incidents=DEMO_INCIDENTS.get(n),
                                 confirm=n % 2 == 0, **options)
    return out


def merged(hall):
    """[(t, board, seq, line)] of a hall's lines in board-time order (all
    boards started together, as the host starts a round: 20.1)."""
    out = []
    for board, lines in hall.items():
        out += [(t, board, seq, line) for seq, (t, line) in enumerate(lines, 1)]
    out.sort(key=lambda x: (x[0], x[1], x[2]))
    return out


def play(hub, hall, stop, speed=1.0, device_prefix="demo-"):
    """Pushes a hall's lines into `hub` as their board times come (board
    time runs `speed` times faster than the wall clock) until they are all
    in or `stop` (a threading.Event) is set."""
    start = time.monotonic()
    for t, board, seq, line in merged(hall):
        wait = start + t / 1000.0 / speed - time.monotonic()
        if wait > 0 and stop.wait(wait):
            return
        hub.push(board, device_prefix + board, 1, seq, line)
