# What refuses a command's event before it is emitted, shared by the
# arbiter's commands (game/arbiter.py) and overrules (game/overrule.py):
# a result the rules cannot give, an event too long for the link. (A module
# of its own: overrule.py, loaded by commands.py, importing commands.py
# back made a circle.)
from game import events as ev
from game.phases import DRAW, SCORES, CommandError
from link.frame import MAX_LINE

# The articles a result may cite (20.2, art. 4): each with the scores it
# can give. A result for anything else is the arbiter's to word as a reason.
_WINS = ("1-0", "0-1")
RESULT_ARTICLES = {
    "4.1.1": _WINS, "4.1.2": _WINS, "4.1.3": _WINS, "4.1.4": _WINS, "4.1.5": _WINS,
    "4.1.6": _WINS, "4.1.7": _WINS, "4.1.8": _WINS, "4.1.9": _WINS, "4.1.10": _WINS,
    "4.1.11": _WINS, "4.1.12": _WINS, "4.1.13": _WINS,
    "4.2.1": (DRAW,), "4.2.2": (DRAW,), "4.2.3": (DRAW,), "4.2.4": (DRAW,),
    "20.2": ("0-0", "1-0", "0-1"),
}


def check_result(score, article):
    """Refuses a score that is not one of 20.2's forms, or an article that
    is unknown or cannot give that score."""
    if score not in SCORES:
        raise CommandError("score %r: 1-0, 0-1, 1/2-1/2 or 0-0 (20.2)" % score)
    scores = RESULT_ARTICLES.get(article)
    if scores is None:
        raise CommandError("article %r: one of 4.1.1-4.1.13, 4.2.1-4.2.4, 20.2" % article)
    if score not in scores:
        raise CommandError("%s cannot give %s (it gives %s)" % (article, score, " or ".join(scores)))


def fits(g, kind, fields):
    """Refuses a command whose event would not fit one frame of the link
    (docs/PROTOCOL.md), its chain word included."""
    size = len(ev.encode(g.seq + 1, g.t, kind, fields).encode()) + ev.CHAIN_BYTES
    if size > MAX_LINE:
        raise CommandError("%s would be %d bytes, over the link's %d: shorten it" % (kind, size, MAX_LINE))
