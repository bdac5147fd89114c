"""A player's registration fields, checked one by one: every fault gets its
own message, so an organiser can mend a whole file in one go.

>>> check_fields({'name': '王天一', 'rating': '2650', 'birth': '1988-05-02', 'sex': 'M'})
({'name': '王天一', 'rating': 2650, 'birth': '1988-05-02', 'sex': 'm'}, [])
>>> check_fields({'name': '王伟', 'birth': '32265'})[0]          # Excel's date serial
{'name': '王伟', 'birth': '1988-05-02'}
>>> check_fields({'name': ' ', 'rating': '-5', 'birth': '1988-13-02'})[1]
['name: empty', "rating '-5': a whole number from 0 to 3500", "birth '1988-13-02': YYYY or YYYY-MM-DD (a real date)"]
"""
import datetime

MAX_RATING = 3500
FIELDS = ("name", "pinyin", "rating", "club", "seed", "birth", "sex", "federation", "player_id", "team")
TEXT_LIMIT = 80          # characters of a name, club, ...


def _text(v):
    return " ".join(str(v).split())


def _rating(v):
    if not v.lstrip("-").isdigit() or not 0 <= int(v) <= MAX_RATING:
        raise ValueError("a whole number from 0 to %d" % MAX_RATING)
    return int(v)


def _seed(v):
    if not v.isdigit() or int(v) < 1:
        raise ValueError("a seeding place 1, 2, 3...")
    return int(v)


EXCEL_EPOCH = datetime.date(1899, 12, 30)   # day 0 of Excel's date serials (1900 system, its leap-day bug included)
SERIALS = range(10000, 80000)               # 1927-05-18 to 2119: five digits, never a year


def _birth(v):
    if v.isdigit() and int(v) in SERIALS:
        # a date cell a spreadsheet wrote as its serial number (a CSV saved
        # from Excel, or a cell typed as a number): 32265 is 1988-05-02
        v = (EXCEL_EPOCH + datetime.timedelta(days=int(v))).isoformat()
    v = v.replace("/", "-").replace(".", "-")
    try:
        if len(v) == 4 and v.isdigit():
            year = int(v)
        else:
            year = datetime.date.fromisoformat("-".join(p.zfill(2) for p in v.split("-"))).year
    except ValueError:
        raise ValueError("YYYY or YYYY-MM-DD (a real date)")
    if not 1900 <= year <= datetime.date.today().year:
        raise ValueError("a year from 1900 to this year")
    return v if len(v) == 4 else "-".join(p.zfill(2) for p in v.split("-"))


def _sex(v):
    s = {"m": "m", "male": "m", "男": "m", "f": "f", "w": "f", "female": "f", "女": "f"}.get(v.lower())
    if s is None:
        raise ValueError("m or f (男/女)")
    return s


def _federation(v):
    if not (len(v) == 3 and v.isalpha() and v.isascii()):
        raise ValueError("three letters, e.g. CHN")
    return v.upper()


def _player_id(v):
    if not v.isdigit() or len(v) > 11:
        raise ValueError("digits only, at most 11")
    return v


def _pinyin(v):
    if not v.isascii():
        raise ValueError("Latin letters only (e.g. WANG Tianyi)")
    return v


CHECKS = {"rating": _rating, "seed": _seed, "birth": _birth, "sex": _sex, "federation": _federation,
          "player_id": _player_id, "pinyin": _pinyin}


def check_fields(raw, need_name=True):
    """(fields, faults): the given fields in their stored form, and one
    message per field that is wrong. Empty values are left out."""
    out, faults = {}, []
    for key, value in raw.items():
        if key not in FIELDS:
            faults.append("%s: not a player field (%s)" % (key, ", ".join(FIELDS)))
            continue
        v = _text(value if value is not None else "")
        if key == "name":
            if not v:
                if need_name:
                    faults.append("name: empty")
                continue
        elif not v:
            continue
        if len(v) > TEXT_LIMIT:
            faults.append("%s: longer than %d characters" % (key, TEXT_LIMIT))
            continue
        try:
            out[key] = CHECKS[key](v) if key in CHECKS else v
        except ValueError as e:
            faults.append("%s %r: %s" % (key, v, e))
    return out, faults
