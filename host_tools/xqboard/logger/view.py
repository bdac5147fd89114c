"""The live view of the boards a logger follows.

On a terminal every board gets a panel (its link, the players and their
clocks, the board diagram with the last move marked, the last moves, the
last foul or alert, the result), redrawn in place with ANSI sequences at
most ten times a second. Elsewhere (a pipe, a file, a CI log) one plain
line is printed per move, note and result, never redrawn.

    >>> from xqboard.record import GameRecord
    >>> g = GameRecord(Red="A", Black="B"); _ = g.push("h2e2", clock=598_000)
    >>> print(plain_line("b1", g, "E 3 1200 MOVE 1 h2e2 red at=1100"))
    b1     1. 炮二平五 (h2e2)
"""
import time

from ..record import diagram as _diagram
from ..record import move_text
from ..record.pgn import display_width, format_time, note_text
from ..record.scoresheet import result_line
from .builder import event_of
from game import events as schema
from xq.pieces import BLACK, RED

CLEAR, HOME, EOL, EOS = "\x1b[2J", "\x1b[H", "\x1b[K", "\x1b[J"


def clock_text(ms):
    return "-:--:--" if ms is None else format_time(max(0, int(ms)) // 1000 * 1000)


def last_moves(game, count=6, fmt="Chinese"):
    """'12. 炮二平五 马８进７ 13. 车一平二' for the last `count` plies."""
    n = len(game.plies)
    first = max(0, n - count)
    pos = game.position(first)
    parts = []
    for ply in game.plies[first:]:
        num = _move_number(game, ply.number)
        text = move_text(pos, ply.move, fmt)
        if game.side_of(ply.number) == 0:
            parts.append("%d. %s" % (num, text))
        elif not parts:
            parts.append("%d... %s" % (num, text))
        else:
            parts.append(text)
        pos.push(ply.move)
    return " ".join(parts)


def _move_number(game, ply_number):
    from ..record.scoresheet import move_of_ply

    return move_of_ply(game, ply_number)[0]


def panel(state, color=False):
    """The lines of one board's panel. `state` has: port, board_id,
    connected, game (a record.GameRecord or None), clocks ({0: ms, 8: ms} or
    None), running (0, 8 or None), files (a stem or None); and faces
    ({display: 1024-byte frame}) where the board's displays can be seen
    (a simulated board in the same process: Logger(faces=...))."""
    g = state.get("game")
    head = "%s  %s  %s" % (state.get("board_id") or "?", state.get("port"),
                           "connected" if state.get("connected") else "LINK DOWN: waiting for the port")
    lines = [head]
    if g is None:
        lines.append("(no game yet)")
        return lines
    h = g.headers
    where = ", ".join(x for x in (h.get("Event"), h.get("Round") and "round " + h["Round"],
                                  h.get("Board") and "board " + h["Board"]) if x)
    if where:
        lines.append(where)
    clocks = state.get("clocks") or {}
    running = state.get("running")
    red = "Red 红方 %s  %s%s" % (h.get("Red", "?"), clock_text(clocks.get(RED)), " <" if running == RED else "")
    black = "Black 黑方 %s  %s%s" % (h.get("Black", "?"), clock_text(clocks.get(BLACK)), " <" if running == BLACK else "")
    lines.append(red + " " * max(2, 40 - display_width(red)) + black)
    pos = g.position()
    last = g.plies[-1].move if g.plies else None
    lines += _diagram(pos, last, color=color).split("\n")
    moves = last_moves(g)
    lines.append("Moves: " + (moves or "-"))
    notes = [n for n in g.notes if n.kind in ("foul", "alert")]
    if notes:
        lines.append("Last note: " + note_text(notes[-1]))
    if g.result != "*" or g.article:
        lines.append(result_line(g))
    if state.get("files"):
        lines.append("Files: %s.*" % state["files"])
    lines += faces_lines(state.get("faces"))
    return lines


def faces_lines(frames):
    """The displays' faces side by side, 2 x 2 pixels a character."""
    if not frames:
        return []
    from ..faces_png import compact_art

    names = sorted(frames)
    arts = [compact_art(frames[n]) for n in names]
    lines = ["   ".join("Display %-56s" % n for n in names)]
    for row in zip(*arts):
        lines.append("   ".join(row))
    return lines


def plain_line(board, game, event, notes=()):
    """One line for a plain log of an event (an Event or its payload;
    `notes`: those the event added to the record), or None for the events a
    plain log leaves out (the set-up, clock presses)."""
    e = event_of(event)
    tag = "%-4s" % board
    line = schema.dispatch(_PLAIN, e.kind, e.fields, tag, game)
    if line is not None:
        return line
    if notes:
        return "\n".join("%s      %s" % (tag, note_text(n)) for n in notes)
    return None


def _plain_move(tag, game, ply, move, side, at, capture, check, suicide):
    if not game.plies:
        return None
    made = game.plies[-1]
    before = game.position(made.number - 1)
    n = _move_number(game, made.number)
    dots = "." if game.side_of(made.number) == 0 else "..."
    return "%s %3d%s %s (%s)" % (tag, n, dots, move_text(before, made.move, "Chinese"), move)


def _plain_result(tag, game, score, article, reason):
    return "%s      %s" % (tag, result_line(game))


def _plain_game(tag, game, what, *settings):
    h = game.headers
    return "%s      new game: %s - %s %s" % (tag, h.get("Red", "?"), h.get("Black", "?"), h.get("TimeControl", ""))


def _plain_start(tag, game, side, article):
    return "%s      clock started (20.1)" % tag


def _plain_restored(tag, game):
    return "%s      position restored" % tag


def _plain_confirm(tag, game, score, result_article, red_used, black_used, fouls, article, seal):
    return "%s      score sheet confirmed (art. 9)" % tag


_PLAIN = {schema.MOVE: _plain_move, schema.RESULT: _plain_result, schema.GAME: _plain_game,
          schema.START: _plain_start, schema.RESTORED: _plain_restored, schema.CONFIRM: _plain_confirm}


class Screen:
    """Draws panels in place on an ANSI terminal, at most `fps` times a
    second (the last call is drawn by flush())."""

    def __init__(self, stream, fps=10.0):
        self.stream = stream
        self.gap = 1.0 / fps
        self.drawn_at = 0.0
        self.pending = None
        self.started = False

    def show(self, blocks, force=False):
        """blocks: a list of panels (lists of lines), or a function that
        makes them (called only when a frame is drawn)."""
        self.pending = blocks
        now = time.monotonic()
        if force or now - self.drawn_at >= self.gap:
            self.flush()

    def flush(self):
        if self.pending is None:
            return
        blocks = self.pending() if callable(self.pending) else self.pending
        out = [CLEAR if not self.started else "", HOME]
        self.started = True
        for i, block in enumerate(blocks):
            if i:
                out.append(EOL + "\n")
            out.append((EOL + "\n").join(block))
        out.append(EOL + "\n" + EOS)
        self.stream.write("".join(out))
        self.stream.flush()
        self.drawn_at = time.monotonic()
        self.pending = None
