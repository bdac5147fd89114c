# Sensing events (firmware/sense/events.py) as one line of text, for the
# tests and logs in the unix port: 'move 1234 h2e2 3.4 [h2 e2] 1'. Kept out
# of the firmware, which never formats them (the heap it would hold).
from sense import events as ev
from xq.squares import move_name

NAMES = ("", "move", "touch", "duty", "alert", "restored", "nomove", "setup", "setup_ok")


def point_name(pt):
    return "abcdefghi"[pt % 9] + str(pt // 9)


def text(e):
    """kind, instant, move, article, [points], info."""
    kind = e[ev.KIND]
    mv = move_name(e[ev.WHAT]) if kind == ev.MOVE or kind == ev.DUTY else "-"
    pts = " ".join(point_name(p) for p in e[ev.PTS])
    info = e[ev.INFO]
    if isinstance(info, tuple):
        info = ",".join(point_name(p) for p in info)
    return "%s %d %s %s [%s] %s" % (NAMES[kind], e[ev.T], mv, e[ev.ART] or "-", pts, info)
