# Sensing events (firmware/sense/report.py) as one line of text, for the
# tests and logs in the unix port: 'move 1234 h2e2 3.4 [h2 e2] 1'. Kept out
# of the firmware, which never formats them (the heap it would hold).
from sense import report
from xq.squares import move_name

NAMES = ("", "move", "touch", "duty", "alert", "restored", "nomove", "setup", "setup_ok")


def point_name(pt):
    return "abcdefghi"[pt % 9] + str(pt // 9)


def text(e):
    """kind, instant, move, article, [points], info."""
    kind = e[report.KIND]
    mv = move_name(e[report.WHAT]) if kind == report.MOVE or kind == report.DUTY else "-"
    pts = " ".join(point_name(p) for p in e[report.PTS])
    info = e[report.INFO]
    if isinstance(info, tuple):
        info = ",".join(point_name(p) for p in info)
    return "%s %d %s %s [%s] %s" % (NAMES[kind], e[report.T], mv, e[report.ART] or "-", pts, info)
