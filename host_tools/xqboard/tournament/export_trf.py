"""FIDE Tournament Report File (TRF16) of an individual event.

TRF counts chess points, so the game results are written as FIDE codes
(1, =, 0, + and - for forfeits 20.3, U for the Swiss bye 14.4, Z for a
round-robin rest) and the points column in 1/0.5/0 game points; the
ranking column is the event's own (its points and art. 14 tie-breaks).
"""
from .errors import TournamentError
from .views import crosstable_marks, start_numbers

_CODE = {("1-0", "R"): "1", ("1-0", "B"): "0", ("0-1", "R"): "0", ("0-1", "B"): "1",
         ("1/2-1/2", "R"): "=", ("1/2-1/2", "B"): "=", ("+-", "R"): "+", ("+-", "B"): "-",
         ("-+", "R"): "-", ("-+", "B"): "+", ("--", "R"): "-", ("--", "B"): "-"}
_POINTS = {"1": 1, "=": 0.5, "+": 1, "U": 1}


def write(event, upto=None):
    if event.kind == "team":
        raise TournamentError("TRF here is for individual events")
    if not event.pairing_system.has_score_table:
        raise TournamentError("TRF is for round robins and Swiss events (a knockout has no crosstable)")
    es = [e for e in event.entrants()]
    rnd = upto or event.last_complete_round()
    ranks = {r.entrant: r.rank for r in event.standings(rnd)}
    marks = crosstable_marks(event, rnd)
    num = start_numbers(event)
    lines = ["012 %s" % event.get("name")]
    if event.get("city"):
        lines.append("022 %s" % event.get("city"))
    if event.get("date"):
        lines.append("042 %s" % event.get("date"))
    lines.append("062 %d" % len(es))
    lines.append("072 %d" % sum(1 for e in es if e.rating))
    lines.append("092 %s, Xiangqi, 2011 CXA rules" % event.pairing_system.trf_title)
    if event.get("arbiter"):
        lines.append("102 %s" % event.get("arbiter"))
    lines.append("XXR %d" % rnd)
    for e in sorted(es, key=lambda e: num[e.id]):
        pts = 0.0
        cells = []
        by_round = {m[0]: m for m in marks.get(e.id, [])}
        for r in range(1, rnd + 1):
            m = by_round.get(r)
            if m is None:
                cells.append("0000 - -" if e.withdrawn_round and r >= e.withdrawn_round else "0000 - Z")
                continue
            _, opp, colour, res = m
            if opp is None:
                code = "Z" if res == "U" else "U"
                cells.append("0000 - %s" % code)
            elif res is None or res == "void":
                cells.append("%4d %s  " % (opp, "w" if colour == "R" else "b"))
                code = None
            else:
                code = _CODE[(res, colour)]
                cells.append("%4d %s %s" % (opp, "w" if colour == "R" else "b", code))
            if opp is None:
                pass
            pts += _POINTS.get(code if opp is not None else ("U" if res != "U" else "Z"), 0)
        name = e.name[:33]
        head = "001 %4d %s%3s %-33s %4s %3s %11s %10s %4.1f %4s" % (
            num[e.id], " ", "", name, str(e.rating or "")[:4], "", "", "", pts, ranks.get(e.id, ""))
        lines.append(head + "  " + "  ".join(cells))
    return "\n".join(lines) + "\n"
