"""A text diagram of a position for the terminal (the live view).

Red below, Black above, as printed diagrams are (art. 1.3). Red pieces in
round brackets, Black in square ones, so the sides stay apart without
colour; color=True adds ANSI colours (Red red, Black bold) for a terminal.
The last move is marked: `*` after the piece that moved, `o` on the point
it left. Files are numbered for Black above (1..9) and Red below (九..一,
art. 1.1), with ICCS letters and ranks for reference.

    >>> from xqboard.core import Position, parse_move
    >>> p = Position(); m = parse_move("h2e2"); _ = p.push(m)
    >>> print(diagram(p, last=m, style="letters"))
       1   2   3   4   5   6   7   8   9
    9 [r] [n] [b] [a] [k] [a] [b] [n] [r]
    8  +   +   +   +   +   +   +   +   +
    7  +  [c]  +   +   +   +   +  [c]  +
    6 [p]  +  [p]  +  [p]  +  [p]  +  [p]
    5  +   +   +   +   +   +   +   +   +
      ~~~~~~~~~~~~~~~ river ~~~~~~~~~~~~~~~
    4  +   +   +   +   +   +   +   +   +
    3 (P)  +  (P)  +  (P)  +  (P)  +  (P)
    2  +  (C)  +   +  (C)* +   +   o   +
    1  +   +   +   +   +   +   +   +   +
    0 (R) (N) (B) (A) (K) (A) (B) (N) (R)
       9   8   7   6   5   4   3   2   1
       a   b   c   d   e   f   g   h   i
"""
from ..core import pieces, squares
from .chinese import FULLWIDTH, RED_DIGITS, SIMPLIFIED, TRADITIONAL
from .text import side_title

RED_ANSI, BLACK_ANSI, RESET, MARK_ANSI = "\x1b[31;1m", "\x1b[1m", "\x1b[0m", "\x1b[7m"


def _glyph(piece, style, traditional):
    if style == "letters":
        return pieces.letter(piece)
    names = (TRADITIONAL if traditional else SIMPLIFIED)[pieces.index(pieces.colour(piece))]
    return names[pieces.type_of(piece)]


def _cell(piece, style, traditional, color, marked):
    if not piece:
        return " + " if style == "letters" else " +  "
    g = _glyph(piece, style, traditional)
    black = pieces.colour(piece) == pieces.BLACK
    if color:
        g = (MARK_ANSI if marked else "") + (BLACK_ANSI if black else RED_ANSI) + g + RESET
    return ("[%s]" if black else "(%s)") % g


def diagram(pos, last=None, style="chinese", color=False, traditional=False):
    """The position as text: style 'chinese' (帅, 车...) or 'letters'
    (FEN letters); `last` (a move int) is marked."""
    frm = to = -1
    if last is not None:
        frm, to = squares.move_from(last), squares.move_to(last)
    letters = style == "letters"
    pitch = 4 if letters else 5
    out = [_labels([str(n) for n in range(1, 10)] if letters else list(FULLWIDTH[1:]), pitch)]
    for r in range(9, -1, -1):
        row = "%d " % r
        for f in range(9):
            sq = squares.square(f, r)
            p = pos.piece_at(sq)
            if sq == frm and not p:
                cell = " o " if letters else " o  "
            else:
                cell = _cell(p, style, traditional, color, sq == to)
            row += cell + ("*" if sq == to else " ")
        out.append(row.rstrip())
        if r == 5:
            out.append(_river(letters, pitch))
    out.append(_labels([str(n) for n in range(9, 0, -1)] if letters else list(RED_DIGITS[9:0:-1]), pitch))
    out.append(_labels(list("abcdefghi"), pitch))
    return "\n".join(out)


def _labels(names, pitch):
    text = "  "
    for n in names:
        text += " " + n + " " * (pitch - 1 - (2 if ord(n[0]) > 127 else 1))
    return text.rstrip()


def _river(letters, pitch):
    if letters:
        return "  " + "~" * 15 + " river " + "~" * 15
    return "    楚 河" + " " * (9 * pitch - 22) + "汉 界"


def game_diagram(game, fmt="Chinese", **opts):
    """The diagram of a game's final position with a caption: the last move
    in fmt and ICCS, and the side to move."""
    from .notation import move_text
    pos = game.position()
    last = game.plies[-1].move if game.plies else None
    if last is not None:
        before = game.position(len(game.plies) - 1)
        caption = "Last move: %d. %s (%s)" % (len(game.plies), move_text(before, last, fmt),
                                               squares.move_name(last))
    else:
        caption = "Start position"
    return "%s, %s to move\n%s" % (caption, side_title(pos.side), diagram(pos, last, **opts))
