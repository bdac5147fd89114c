"""FIDE Tournament Report File, TRF16, of an individual round robin or
Swiss, in the byte columns the format defines.

Header lines `012` name, `022` city, `042`/`052` first and last round's
date (YYYY/MM/DD), `062` players, `072` rated players, `092` the system,
`102` arbiter, `132` the round dates (YY/MM/DD at bytes 92-99, 102-109,
..., the date each round was paired), `XXR` the rounds in the file (the
JaVaFo / bbpPairings extension), and a `###` comment saying how the points were
written.

Points. TRF counts 1/½/0; this event may score 2/1/0 (13.1) or 3/1/0, or
a Black draw apart (13.3). The file converts: a game is written with its
FIDE code (1 = 0, + - for forfeits 20.3) and bytes 81-84 hold the
player's points in 1/½/0 (a win or forfeit win 1, a draw ½, the Swiss bye
1 as 14.4 scores it a win); the rank at bytes 86-89 is the event's own,
by its points and art. 14 tie-breaks.

Player line `001` (byte positions, 1-based): 5-8 number, 10 sex (m/w),
15-47 name (UTF-8, padded and cut by bytes at a character boundary: 33
bytes hold 11 Chinese characters; `latin=True`, `export --latin`, writes
the pinyin form `Wang, Tianyi` FIDE's files want instead), 49-52 rating, 54-56 federation, 58-68 ID, 70-79
birth (YYYY/MM/DD or YYYY), 81-84 points, 86-89 rank, then ten bytes a
round from 92: opponent 92-95 (0000 none), colour 97 (w = Red, who moves
first; b = Black; - none), result 99.

Codes without a game: U the Swiss bye (pairing-allocated, 14.4), Z a round
not played for no points (a round-robin rest, the rounds after a
withdrawal 19.1-19.3, a late entry's missed round scored a loss, a game
cancelled by 19.2), H a late entry's missed round scored a draw, F his round 1 scored as his bye (--late-points bye). A game
paired but not yet played has its opponent and colour and a blank result.
"""
import datetime

from .refusal import TournamentError
from .views import start_numbers

CODE = {("1-0", "R"): "1", ("1-0", "B"): "0", ("0-1", "R"): "0", ("0-1", "B"): "1",
        ("1/2-1/2", "R"): "=", ("1/2-1/2", "B"): "=", ("+-", "R"): "+", ("+-", "B"): "-",
        ("-+", "R"): "-", ("-+", "B"): "+", ("--", "R"): "-", ("--", "B"): "-"}
POINTS = {"1": 1.0, "=": 0.5, "+": 1.0, "U": 1.0, "F": 1.0, "H": 0.5}
FIRST_ROUND_BYTE = 92          # 1-based byte of round 1's opponent field


def fit(text, size):
    """`text` in UTF-8, cut at a character boundary and padded with spaces
    to exactly `size` bytes.

    >>> fit('王天一', 8), len(fit('王天一', 8).encode())
    ('王天  ', 8)
    """
    out = b""
    for ch in str(text):
        b = ch.encode("utf-8")
        if len(out) + len(b) > size:
            break
        out += b
    return out.decode("utf-8") + " " * (size - len(out))


def trf_name(e, latin=False):
    """The name; latin: 'Wang, Tianyi' from the pinyin 'WANG Tianyi'."""
    if not latin:
        return e.name
    if e.pinyin and " " in e.pinyin:
        surname, given = e.pinyin.split(" ", 1)
        return "%s, %s" % (surname.capitalize() if surname.isupper() else surname, given)
    return e.pinyin or e.name


def trf_birth(birth):
    return (birth or "").replace("-", "/")


class Line:
    """A TRF line built by byte columns (1-based, as the specification)."""

    def __init__(self, tag):
        self.data = bytearray(tag.encode("ascii"))

    def put(self, first, text, size):
        data = fit(text, size).encode("utf-8")
        if len(self.data) < first - 1:
            self.data += b" " * (first - 1 - len(self.data))
        self.data[first - 1:first - 1 + size] = data
        return self

    def text(self):
        return self.data.decode("utf-8").rstrip()


def round_cells(event, e, upto, num, by_round, late_points):
    """[(opponent field, colour, code)] of rounds 1..upto for entrant e."""
    cells = []
    for rnd in range(1, upto + 1):
        p, g = by_round.get((e.id, rnd), (None, None))
        if p is None:
            missed = rnd < (e.joined_round or 1)
            code = {"draw": "H", "bye": "F" if rnd == 1 else "Z"}.get(late_points, "Z") if missed else "Z"
            cells.append(("0000", "-", code))
        elif p.black is None:
            cells.append(("0000", "-", "Z" if p.bracket == "rest" else "U"))
        else:
            colour = "R" if g["red_player"] == e.id else "B"
            opp = g["black_player"] if colour == "R" else g["red_player"]
            res = g["result"]
            if res == "void":
                cells.append(("0000", "-", "Z"))
            else:
                cells.append(("%4d" % num[opp], "w" if colour == "R" else "b", CODE[(res, colour)] if res else " "))
    return cells


def write(event, upto=None, latin=False):
    """The TRF16 text of the event after round `upto` (default: the last
    complete round); latin: names in pinyin."""
    if event.kind == "team":
        raise TournamentError("TRF here is for individual events")
    if not event.pairing_system.has_score_table:
        raise TournamentError("TRF is for round robins and Swiss events (a knockout has no crosstable)")
    settings = event.settings
    rnd = upto or event.last_complete_round()
    es = event.entrants()
    num = start_numbers(event)
    ranks = {r.entrant: r.rank for r in event.standings(rnd)}
    by_round = {}
    for r in range(1, rnd + 1):
        for p in event.pairings(r):
            for who in (p.red, p.black):
                if who is not None:
                    by_round[(who, r)] = (p, p.games[0] if p.games else None)
    dates = [row[0][:10] for row in event.db.execute("select created from rounds where no <= ? order by no", (rnd,))]
    lines = [Line("012").put(5, settings.name, 200).text()]
    if settings.city:
        lines.append("022 %s" % settings.city)
    if dates:
        lines.append("042 %s" % (_date(settings.date) or dates[0].replace("-", "/")))
        lines.append("052 %s" % dates[-1].replace("-", "/"))
    lines += ["062 %d" % len(es), "072 %d" % sum(1 for e in es if e.rating),
              "092 %s, Xiangqi, 2011 CXA rules" % event.pairing_system.trf_title]
    if settings.arbiter:
        lines.append("102 %s" % settings.arbiter)
    if dates:
        line = Line("132")
        for k, d in enumerate(dates):
            line.put(FIRST_ROUND_BYTE + 10 * k, d[2:].replace("-", "/"), 8)
        lines.append(line.text())
    lines.append("XXR %d" % rnd)
    lines.append("### points: 1/0.5/0 (converted from the event's %s, 13.1-13.3); rank: the event's (art. 14)"
                 % settings.scoring)
    for e in sorted(es, key=lambda e: num[e.id]):
        cells = round_cells(event, e, rnd, num, by_round, settings.late_points)
        points = sum(POINTS.get(code, 0.0) for _, _, code in cells)
        line = (Line("001").put(5, "%4d" % num[e.id], 4).put(10, {"m": "m", "f": "w"}.get(e.sex or "", " "), 1)
                .put(15, trf_name(e, latin), 33).put(49, "%4s" % (e.rating or ""), 4).put(54, e.federation or "", 3)
                .put(58, "%11s" % (e.player_id or ""), 11).put(70, trf_birth(e.birth), 10)
                .put(81, "%4.1f" % points, 4).put(86, "%4s" % ranks.get(e.id, ""), 4))
        for k, (opp, colour, code) in enumerate(cells):
            first = FIRST_ROUND_BYTE + 10 * k
            line.put(first, opp, 4).put(first + 5, colour, 1).put(first + 7, code, 1)
        lines.append(line.text())
    return "\n".join(lines) + "\n"


def _date(text):
    """The event's --date as YYYY/MM/DD, or '' when it is not a date."""
    try:
        return datetime.date.fromisoformat(str(text).replace("/", "-")).strftime("%Y/%m/%d")
    except ValueError:
        return ""
