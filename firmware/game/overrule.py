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
# Loaded only for the command (game/cold.py), by game/commands.py.
from game import events as ev
from game.phases import OVER, PLAYING, CommandError, need, side_arg, win_for
from xq.pieces import index, other

FOUL_ARTICLES = ("8.1.1", "8.1.2", "8.1.3", "8.1.4", "8.1.5", "8.1.6", "8.1.7", "8.1.8", "8.1.9")
ANNUL_ARTICLES = ("16.3", "17.1", "21.5")


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


def _result(g, now, by, args):
    from game.commands import fits, check_result

    need(g.phase == OVER and g.result_seq, "no result to replace")
    if len(args) < 2:
        raise CommandError("result <score> <article> [reason] by=<name>")
    check_result(args[0], args[1])
    reason = " ".join(ev.unescape(w) for w in args[2:]) or "arbiter"
    replaces = g.confirmed or g.result_seq  # after CONFIRM: an amendment of the sheet
    fields = ("result", args[0], replaces, by, args[1], reason)
    fits(g, ev.OVERRULE, fields)
    g.emit(now, ev.OVERRULE, *fields)


def _foul(g, now, by, args):
    need(g.phase == PLAYING, "no game in progress")
    side = side_arg(args)
    if len(args) < 2 or args[1] not in FOUL_ARTICLES:
        raise CommandError("foul <side> <article>: one of 8.1.1-8.1.9")
    g.emit(now, ev.OVERRULE, "foul", side, None, by, args[1])
    if g.fouls[index(side)] >= 3:
        g.decide(now, win_for(other(side)), "4.1.10", "three fouls")


def _unfoul(g, now, by, args):
    need(g.phase in (PLAYING, OVER) and not g.confirmed, "no foul to remove")
    seq = -1
    if args:
        try:
            seq = int(args[0])
        except ValueError:
            pass
    entry = g.foul_entry(seq)
    if entry is None:
        raise CommandError("unfoul <seq>: the number of a FOUL event of this game")
    g.emit(now, ev.OVERRULE, "unfoul", entry[1], seq, by, entry[2])


_OVERRULES = {
    "annul": _annul,
    "result": _result,
    "foul": _foul,
    "unfoul": _unfoul,
}
