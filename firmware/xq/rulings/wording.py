# Text forms of a ruling: one line per move for the CLI and the arbiter, and
# a compact one-line form for events and records.
from xq.pieces import BLACK, RED, colour, index, letter, side_name, type_of
from xq.rulings.classify import CHASE, CHINESE, NAMES
from xq.squares import move_name, name

_TYPES = ("", "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier")


def move_line(mc):
    """'b3a3 red chase 捉 [24.3]: black chariot a8 unprotected, direct'."""
    s = "%s %s %s %s [%s]" % (move_name(mc.move), side_name(mc.side), NAMES[mc.kind],
                              CHINESE[mc.kind], " ".join(mc.articles))
    if mc.kind == CHASE:
        s += ": " + "; ".join(_target(t) for t in mc.targets)
    if mc.self_inflicted:
        s += " (self-inflicted 自毙)"
    return s


def _target(t):
    return "%s %s %s %s, %s" % (side_name(colour(t.piece)), _TYPES[type_of(t.piece)], name(t.target),
                                t.protection, t.how)


def lines(ruling):
    """The CLI's output: the cycle, each move, the sides' patterns, and the
    verdict with its articles on the last line."""
    out = []
    c = ruling.cycle
    if c is not None:
        if c.article == "23.4":
            out.append("nine rounds without repetition, claimed (23.4): %d plies" % c.length)
        else:
            out.append("repetition (23.1): a cycle of %d plies, the position %d times" % (c.length, c.count))
    for mc in ruling.moves:
        out.append(move_line(mc))
    for side in (RED, BLACK):
        p = ruling.patterns[side]
        out.append("%s: %s [%s]" % (side_name(side), p.name, p.article))
    out.append(verdict_line(ruling))
    return out


def verdict_line(ruling):
    return "%s (%s)" % (ruling.verdict, " ".join(ruling.articles))


def compact(ruling):
    """One line for events: 'rep 23.1 x3 | h2e2 R 捉 ... | red must vary
    23.1 24.11 ...'. Targets are the chased piece's letter and point."""
    parts = []
    c = ruling.cycle
    if c is not None:
        parts.append("rep %s x%d" % (c.article, c.count))
    for mc in ruling.moves:
        s = "%s%s%s" % ("RB"[index(mc.side)], move_name(mc.move), CHINESE[mc.kind])
        if mc.kind == CHASE:
            s += ",".join(letter(t.piece) + name(t.target) for t in mc.targets)
        parts.append(s)
    parts.append("%s %s" % (ruling.verdict, " ".join(ruling.articles)))
    return " | ".join(parts)


def report(fen, move_texts, nine_rounds=False, one_line=False):
    """The lines `xqboard ruling FEN MOVE...` prints. ValueError (with the
    reason) for a bad FEN, a malformed or illegal move, or moves that do not
    end in a position to adjudicate (23.3)."""
    from xq.position import Position
    from xq.rulings.detect import detect
    from xq.rulings.ruling import rule
    from xq.squares import parse_move

    try:
        pos = Position(fen, history=len(move_texts) + 8)
    except ValueError as e:
        raise ValueError("bad FEN: %s" % e)
    for i, text in enumerate(move_texts):
        m = parse_move(text)
        if not pos.is_legal(m):
            raise ValueError("move %d (%s) is not legal in %s" % (i + 1, text, pos.fen()))
        pos.push(m)
    cycle = detect(pos, nine_rounds)
    if cycle is None:
        raise ValueError("the moves do not end in a position repeated three times (23.1, 23.3)"
                         + ("" if nine_rounds else "; --nine-rounds claims 23.4"))
    r = rule(pos, cycle)
    return [compact(r)] if one_line else lines(r)
