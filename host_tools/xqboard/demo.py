"""`xqboard demo`: the whole job on the simulated board, in under 30 s.

1. A simulated board starts (the firmware in the MicroPython unix port, its
   link a pseudo-terminal, board time running `speed` times faster).
2. A logger opens the port with pyserial, as it would /dev/ttyACM0, and
   starts the round (20.1): a signed `new` with the event, the round, the
   board number and the players; the pieces are set up and both players
   press their levers to confirm it; then `start`.
3. A real master game from data/master-games.pgn (by default Liu Dahua -
   Zhao Guorong, 1978, which ends in mate) is played by hand: lifts,
   placements and clock presses, with a capture taken captured-piece first
   and one mover first, a touch (a piece lifted and put back, then moved:
   5.1), and a piece of the waiting side knocked onto its neighbour point
   and put back (an alert, 5.8.2, and its restoration). Halfway the USB
   cable is pulled and plugged back: the logger reconnects and asks for
   what it missed.
4. The board rules the result itself (4.1.1 mate; a game of the file that
   does not end in mate ends with the side to move resigning, 4.1.12) and
   confirms the score sheet (art. 9).
5. The record is printed: the PGN in Chinese notation with the result and
   its article, and the final position.
"""
import sys
import tempfile
import time
from pathlib import Path

from .core import MATED, STALEMATED
from game.events import CONFIRM
from .logger import Logger
from .logger.round import BoardStart, start_round
from .hall.masters import master_games
from .record import game_diagram, score_sheet, write_pgn
from .simboard import DEFAULT_KEY, SimulatedBoard
from .simplay import knock_actions, move_actions, point

DEMO_GAME = 171  # Chinese National Champion 1978: LIU DaHua - ZHAO GuoRong, 90 plies, ends in mate
SPEED = 25.0
TC = "15m+10s"


def master_game(index):
    games = master_games()  # (the one game read)
    if not 0 <= index < len(games):
        raise IndexError("game %d: the file has games 0 to %d" % (index, len(games) - 1))
    return games[index]


def script(game):
    """The physical actions that play `game` (see the module docstring),
    and what they show: {'captured-first': ply, 'mover-first': ply,
    'touch': ply, 'knock': (ply, from, to)}."""
    pos = game.position(0)
    lines, shown = [], {}
    for ply in game.plies:
        move = ply.move
        capture = bool(pos.piece_at(move & 255))
        mover_first = False
        if capture and "captured-first" in shown and "mover-first" not in shown:
            mover_first = True
            shown["mover-first"] = ply.number
        elif capture and "captured-first" not in shown:
            shown["captured-first"] = ply.number
        touch = not capture and ply.number >= 6 and "touch" not in shown
        if touch:
            shown["touch"] = ply.number
        if ply.number >= 20 and "knock" not in shown:
            k = knock_actions(pos, avoid=(point(move >> 8), point(move & 255)))
            if k:
                lines += k[0]
                shown["knock"] = (ply.number, k[1], k[2])
        lines += move_actions(pos, move, mover_first=mover_first, touch=touch)
        pos.push(move)
    return lines, shown


def run(out=None, speed=SPEED, game_index=DEMO_GAME, stream=None, cut=True, timeout=60.0):
    """Runs the demo; returns (GameFiles of the game, seconds taken)."""
    stream = stream or sys.stdout
    t0 = time.monotonic()
    game = master_game(game_index)
    red, black = game.headers.get("Red", "Red"), game.headers.get("Black", "Black")
    # (the board keeps an event's name to 40 bytes: firmware/link/bounds.py)
    event = ("demo: " + game.headers.get("Event", "master game"))[:40]
    lines, shown = script(game)
    final = game.position()
    ends_in_mate = final.status() in (MATED, STALEMATED)
    tmp = tempfile.TemporaryDirectory(prefix="xqboard-demo-")
    link = str(Path(tmp.name) / "port")
    out = Path(out) if out else Path(tempfile.mkdtemp(prefix="xqboard-demo-games-"))
    say = _Say(stream)
    say("xqboard demo: a simulated board (the firmware in the MicroPython unix port) at %gx speed" % speed)
    with SimulatedBoard(speed=speed, key=DEFAULT_KEY, board_id="demo-1", link=link,
                        store=str(Path(tmp.name) / "journal"),
                        log=lambda line: stream.write("board says: %s\n" % line)) as sim:
        say("board demo-1 on %s (pseudo-terminal %s); logging to %s" % (sim.port, sim.tty, out))
        logger = Logger([sim.port], out, key=DEFAULT_KEY, stream=stream, every=1.0)
        logger.start()
        board = logger.boards[0]
        try:
            say("%s: %s - %s, %d plies from data/master-games.pgn, played by hand" % (
                game.headers.get("Event", "?"), red, black, len(game.plies)))
            say("shown on the way: capture captured-first (ply %s) and mover-first (ply %s), touch (ply %s), "
                "piece knocked %s->%s and put back (before ply %s)" % (
                    shown.get("captured-first"), shown.get("mover-first"), shown.get("touch"),
                    shown["knock"][1], shown["knock"][2], shown["knock"][0]) if "knock" in shown else "")

            def setup_by_hand(ports):
                sim.act("+100 setup", "+300 press red", "+200 press black")

            # 20.1: new game bound to event, round, board and players; set-up; start.
            start_round(logger, {sim.port: BoardStart(1, red, black)}, event=event, round_no=1, tc=TC,
                        confirm="players", wait=15, on_waiting=setup_by_hand)
            sim.act(*lines)
            half = len(game.plies) // 2
            cut_done = not cut
            deadline = time.monotonic() + timeout
            while True:
                logger.step(0.05)
                g = board.game
                if not cut_done and g is not None and len(g.plies) >= half:
                    say("-- the USB cable is pulled (ply %d) and plugged back in --" % len(g.plies))
                    sim.cable(False)
                    for _ in range(4):
                        logger.step(0.05)
                    sim.cable(True)
                    cut_done = True
                if g is not None and len(g.plies) == len(game.plies) and not ends_in_mate and g.result == "*":
                    side = "black" if final.side else "red"
                    say("-- the source records no result: %s resigns (4.1.12) --" % side)
                    board.session.command(["resign", side], on_events=lambda evs: logger.on_events(board.session, evs))
                if board.files and board.files.ended and not board.files.has(CONFIRM):
                    say("-- the arbiter confirms the result and the score sheet (art. 9) --")
                    logger.arbiter(board, ["confirm"])
                if board.files and board.files.has(CONFIRM):
                    break
                if time.monotonic() > deadline:
                    raise TimeoutError("the demo game did not end within %gs" % timeout)
        finally:
            logger.close()
    tmp.cleanup()
    files = board.files
    g = files.game
    say("")
    say("=" * 78)
    say("The record in Chinese notation (clock times per move: %s)" % (files.out / (files.stem + ".chinese.pgn")))
    say("=" * 78)
    say(write_pgn(g, "Chinese", clocks=False).rstrip())
    say("")
    say("Final position:")
    say(game_diagram(g))
    say("")
    say(score_sheet(g, moves=False).rstrip())
    say("")
    same = g.moves == game.moves
    say("moves recorded: %d, identical to the master game: %s; link reconnections: %d" % (
        len(g.plies), "yes" if same else "NO", board.session.connects - 1))
    say("files in %s: %s" % (out, ", ".join(p.name for p in files.paths())))
    took = time.monotonic() - t0
    say("demo done in %.1f s" % took)
    return files, took


class _Say:
    def __init__(self, stream):
        self.stream = stream

    def __call__(self, text):
        self.stream.write(text + "\n")
        self.stream.flush()
