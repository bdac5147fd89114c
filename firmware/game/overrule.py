# The arbiter outranks the board (16.3 「发生争议时，应当服从裁判」, 17.1,
# 21.5; docs/RULES.md, "The arbiter decides"): the board witnesses and
# proposes, the arbiter overrules any automatic result, foul or clock state.
# Each overrule is an OVERRULE event naming the arbiter (by=), the event it
# replaces (replaces=<seq>) and the article:
#   annul [article] by=<name>              the result, before CONFIRM: play reopens,
#                                          the clocks paused as at the result (or as
#                                          adjusted since); `resume` runs them
#   result <score> <article> [reason] by=  replaces the result (before CONFIRM),
#                                          amends it (after)
#   foul <side> <article> by=<name>        a foul the arbiter declares (8.1.1-8.1.9;
#                                          it counts toward the three of 4.1.10)
#   unfoul <seq> by=<name>                 the foul of event <seq> removed
# Loaded only for the command (game/cold.py), by game/arbiter.py.
from game import applying
from game import events as ev
from game.phases import OVER, PLAYING, CommandError, need, side_arg, win_for
from game.refusals import check_result, fits
from game.sealed import emit_sealed
from xq.pieces import index, other

FOUL_ARTICLES = ("8.1.1", "8.1.2", "8.1.3", "8.1.4", "8.1.5", "8.1.6", "8.1.7", "8.1.8", "8.1.9")
ANNUL_ARTICLES = ("16.3", "17.1", "21.5")
FLAG_ARTICLE = "4.1.6"  # the one end `resume` lifts (21.5)
STRUCK_ARTICLE = "17.1"  # the arbiter rules on what arises: a struck foul's result annulled


def run(g, now, name, by, args):
    """Runs the overrule `name` for the arbiter `by` (required: the event
    names who overruled)."""
    if not by:
        raise CommandError("%s overrules the board: give the arbiter's name, by=<name>" % name)
    by = ev.unescape(by)
    return _OVERRULES[name](g, now, by, args)


def _annul(g, now, by, args):
    # Before the score sheet is confirmed (art. 9), the result is the
    # arbiter's to annul; after it, only to amend.
    need(g.phase == OVER and g.result_seq, "no result to annul")
    need(not g.confirmed, "the result is confirmed (art. 9): amend it with result ... by=<name>")
    article = args[0] if args else "17.1"
    if article not in ANNUL_ARTICLES:
        raise CommandError("annul [article]: one of %s" % ", ".join(ANNUL_ARTICLES))
    g.emit(now, ev.OVERRULE, "annul", g.result_seq, by, article)


def _lift(g, now, by, args):
    # `resume by=` after a result: lifts a flag (4.1.6, 21.5) and only a
    # flag; any other end (a mate, a ruling, an agreed result) reopens only
    # by a correction or a replaced result, each named as such.
    # (checked before the annulment, so that a refused resume changes nothing)
    need(g.started, "the clock never ran: annul the result to return to the set-up")
    need(g.phase == OVER and g.result_seq, "no result to annul")
    need(not g.confirmed, "the result is confirmed (art. 9): amend it with result ... by=<name>")
    if g.result[1] != FLAG_ARTICLE:
        raise CommandError("the game ended by %s (%s): resume lifts only a flag (4.1.6); reopen it by a "
                           "correction (correct <fen>) or a replaced result (annul or result ... by=<name>)"
                           % (g.result[1], g.result[2]))
    _annul(g, now, by, args)


def _result(g, now, by, args):
    need(g.phase == OVER and g.result_seq, "no result to replace")
    if len(args) < 2:
        raise CommandError("result <score> <article> [reason] by=<name>")
    check_result(args[0], args[1])
    reason = " ".join(ev.unescape(w) for w in args[2:]) or "arbiter"
    replaces = g.confirmed or g.result_seq  # after CONFIRM: an amendment of the sheet
    fields = ("result", args[0], replaces, by, args[1], reason)
    fits(g, ev.OVERRULE, fields + (None if not g.confirmed else "0" * 32,))
    if g.confirmed:  # an amendment of the confirmed sheet carries its own seal (art. 9)
        emit_sealed(g, now, ev.OVERRULE, fields)
    else:
        g.emit(now, ev.OVERRULE, *(fields + (None,)))


def _foul(g, now, by, args):
    # A declared foul counts as the board's own would: toward the three of
    # 4.1.10, and by its kind (the board's witnessed ones counted too):
    # a second press without a move loses (4.1.9); a breach of the
    # movement rules loses at once at national level, at the second at
    # provincial and junior level (4.1.8).
    need(g.phase == PLAYING, "no game in progress")
    side = side_arg(args)
    if len(args) < 2 or args[1] not in FOUL_ARTICLES:
        raise CommandError("foul <side> <article>: one of 8.1.1-8.1.9")
    g.emit(now, ev.OVERRULE, "foul", side, None, by, args[1])
    lost = _lost_by_fouls(g, side)
    if lost:
        g.decide(now, win_for(other(side)), lost[0], _REASONS[lost[0]])


_REASONS = {"4.1.8": "movement rules broken", "4.1.9": "second clock press without a move",
            "4.1.10": "three fouls", "4.1.11": "second false claim"}


def _lost_by_fouls(g, side):
    """The articles by which `side`'s fouls as counted now lose the game
    (4.1.8, 4.1.9, 4.1.10, 4.1.11), the most specific first."""
    i = index(side)
    out = []
    if g.breaches[i] >= (1 if g.config.level == "national" else 2):
        out.append("4.1.8")
    if g.empty_presses[i] >= 2:
        out.append("4.1.9")
    if g.fouls[i] >= 3:
        out.append("4.1.10")
    for (j, run), n in g.false_claims.items():
        if j == i and n >= 2:
            out.append("4.1.11")
    return out


def _unfoul(g, now, by, args):
    need(g.phase in (PLAYING, OVER), "no foul to remove")
    need(not g.confirmed, "the result is confirmed (art. 9): amend it with result ... by=<name>")
    seq = -1
    if args:
        try:
            seq = int(args[0])
        except ValueError:
            pass
    entry = applying.foul_entry(g, seq)
    if entry is None:
        raise CommandError("unfoul <seq>: the number of a FOUL event of this game")
    g.emit(now, ev.OVERRULE, "unfoul", entry[1], seq, by, entry[2])
    # A struck foul takes back the result it caused: the result of the
    # fouls (4.1.8-4.1.11) that they no longer give is annulled (replaces=
    # the result), play reopens with the clocks paused, and the CONFIRM
    # that follows carries what stands then.
    result = g.result
    if g.phase == OVER and result[1] in _REASONS and result[0] == win_for(other(entry[1])) \
            and result[1] not in _lost_by_fouls(g, entry[1]):
        g.emit(now, ev.OVERRULE, "annul", g.result_seq, by, STRUCK_ARTICLE)


_OVERRULES = {
    "annul": _annul,
    "resume": _lift,  # `resume by=` after a flag (game/arbiter.py)
    "result": _result,
    "foul": _foul,
    "unfoul": _unfoul,
}
