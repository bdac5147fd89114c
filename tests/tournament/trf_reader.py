"""A strict reader of FIDE TRF16, written from the specification (FIDE
Handbook, "Tournament Report File", 2016), for the tests: every field at
its byte columns, every code checked, the crosstable's two sides of a game
checked against each other and the points against the codes.

Any departure raises TrfError naming the line and the bytes.
"""
import re

TAGS = {"012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132"}
EXTENSIONS = {"XXR"}                       # JaVaFo / bbpPairings: rounds
RESULTS = set("-+WDL1=0HFUZ ")
NO_GAME = set("HFUZ")                      # with opponent 0000 and colour '-'
POINTS = {"1": 1.0, "=": 0.5, "+": 1.0, "W": 1.0, "D": 0.5, "H": 0.5, "F": 1.0, "U": 1.0}
MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", " ": " ", "W": "L", "L": "W", "D": "D"}


class TrfError(ValueError):
    pass


class Player:
    def __init__(self, **kw):
        self.__dict__.update(kw)


def _field(line, first, last):
    """Bytes first..last (1-based, inclusive) as text."""
    return line[first - 1:last].decode("utf-8")


def _blank(line, first, last, where):
    if line[first - 1:last].strip(b" "):
        raise TrfError("%s: bytes %d-%d must be blank, not %r" % (where, first, last, line[first - 1:last]))


def read(data):
    """(header {tag: [values]}, round dates [bytes], {number: Player})."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    header, players, dates = {}, {}, []
    for n, line in enumerate(data.split(b"\n"), 1):
        line = line.rstrip(b"\r")
        if not line:
            continue
        where = "line %d" % n
        tag = line[:3].decode("ascii")
        if tag == "###":
            continue
        if len(line) > 3 and line[3:4] != b" ":
            raise TrfError("%s: byte 4 must be a space" % where)
        if tag == "001":
            p = _player(line, where)
            if p.number in players:
                raise TrfError("%s: starting rank %d twice" % (where, p.number))
            players[p.number] = p
        elif tag == "132":
            _blank(line, 4, 91, where)
            for k in range(0, (len(line) - 91 + 9) // 10):
                d = line[91 + 10 * k:99 + 10 * k].decode("ascii")
                if not re.fullmatch(r"\d\d/\d\d/\d\d", d):
                    raise TrfError("%s: round %d's date %r is not YY/MM/DD at bytes %d-%d"
                                   % (where, k + 1, d, 92 + 10 * k, 99 + 10 * k))
                dates.append(d)
        elif tag in TAGS or tag in EXTENSIONS:
            header.setdefault(tag, []).append(line[4:].decode("utf-8"))
        else:
            raise TrfError("%s: unknown record %r" % (where, tag))
    for tag in ("042", "052"):
        for v in header.get(tag, []):
            if not re.fullmatch(r"\d{4}/\d\d/\d\d", v):
                raise TrfError("%s: date %r is not YYYY/MM/DD" % (tag, v))
    _check_games(players)
    if "062" in header and int(header["062"][0]) != len(players):
        raise TrfError("062 says %s players, the file has %d" % (header["062"][0], len(players)))
    return header, dates, players


def _player(line, where):
    for sep in (4, 9, 14, 48, 53, 57, 69, 80, 85, 90):
        if len(line) > sep - 1 and line[sep - 1:sep] != b" ":
            raise TrfError("%s: byte %d must be a space" % (where, sep))
    number = _field(line, 5, 8)
    if not number.strip().isdigit():
        raise TrfError("%s: starting rank %r at bytes 5-8" % (where, number))
    sex, rating, fed = _field(line, 10, 10), _field(line, 49, 52), _field(line, 54, 56)
    ident, birth, points, rank = _field(line, 58, 68), _field(line, 70, 79), _field(line, 81, 84), _field(line, 86, 89)
    if sex not in ("m", "w", " "):
        raise TrfError("%s: sex %r" % (where, sex))
    if rating.strip() and not rating.strip().isdigit():
        raise TrfError("%s: rating %r" % (where, rating))
    if fed.strip() and not re.fullmatch(r"[A-Z]{3}", fed):
        raise TrfError("%s: federation %r" % (where, fed))
    if ident.strip() and not ident.strip().isdigit():
        raise TrfError("%s: ID %r" % (where, ident))
    if birth.strip() and not re.fullmatch(r"\d{4}(/\d\d/\d\d)? *", birth):
        raise TrfError("%s: birth %r" % (where, birth))
    if not re.fullmatch(r"[ \d]\d\.\d", points):
        raise TrfError("%s: points %r at bytes 81-84" % (where, points))
    if rank.strip() and not rank.strip().isdigit():
        raise TrfError("%s: rank %r" % (where, rank))
    rounds = []
    k = 0
    while len(line) > 91 + 10 * k:
        cell = line[91 + 10 * k:101 + 10 * k].ljust(10, b" ").decode("ascii")
        opp, colour, code = cell[0:4], cell[5], cell[7]
        if cell[4] != " " or cell[6] != " " or cell[8:].strip():
            raise TrfError("%s: round %d's bytes %d-%d %r" % (where, k + 1, 92 + 10 * k, 101 + 10 * k, cell))
        if not (opp.strip().isdigit() or not opp.strip()) or colour not in "wb- " or code not in RESULTS:
            raise TrfError("%s: round %d %r" % (where, k + 1, cell))
        none = opp.strip() in ("", "0000")
        if none != (colour in "- ") or (none and code not in NO_GAME) or (not none and code in NO_GAME):
            raise TrfError("%s: round %d opponent %r colour %r code %r disagree" % (where, k + 1, opp, colour, code))
        rounds.append((0 if none else int(opp), colour, code))
        k += 1
    total = sum(POINTS.get(code, 0.0) for _, _, code in rounds)
    if abs(total - float(points)) > 1e-9:
        raise TrfError("%s: points %s, the codes add up to %s" % (where, points.strip(), total))
    return Player(number=int(number), sex=sex, name=_field(line, 15, 47).rstrip(), rating=rating.strip(),
                  federation=fed.strip(), id=ident.strip(), birth=birth.strip(), points=float(points),
                  rank=rank.strip(), rounds=rounds)


def _check_games(players):
    for p in players.values():
        for k, (opp, colour, code) in enumerate(p.rounds):
            if not opp:
                continue
            if opp not in players or len(players[opp].rounds) <= k:
                raise TrfError("player %d round %d: no opponent %d" % (p.number, k + 1, opp))
            o_opp, o_colour, o_code = players[opp].rounds[k]
            if o_opp != p.number or {colour, o_colour} != {"w", "b"}:
                raise TrfError("player %d round %d: %d does not have him with the other colour" % (p.number, k + 1, opp))
            if o_code != MIRROR[code] and not (code == "-" and o_code == "-"):
                raise TrfError("player %d round %d: results %r and %r" % (p.number, k + 1, code, o_code))
