"""Players from a file: a CSV or XLSX player list, or a previous event's file.

The CSV (or the XLSX's first sheet) has a header line naming its
columns, in any order; only `name` is needed. English or Chinese headers:

    name,pinyin,rating,club,seed,birth,sex,federation,player_id,team
    王天一,WANG Tianyi,2650,杭州,1,1988-05-02,m,CHN,1000123,
    王伟,,2300,北京,,1990,m,,,

(姓名 拼音 等级分 单位 种子 出生 性别 协会 编号 队 are the same columns.)
UTF-8, with or without a BOM as spreadsheets write it; a file that is not
UTF-8 is read as GB18030 (older Chinese spreadsheets). An empty pinyin is
made from the name (pinyin.surname_style). Every faulty line is named
with its faults; nothing is entered until the whole file is right.

>>> rows = parse_csv('name,rating\\n王伟,2300\\n王伟,x\\n', 'p.csv')
Traceback (most recent call last):
...
xqboard.tournament.refusal.TournamentError: p.csv line 3: rating 'x': a whole number from 0 to 3500
"""
import csv
import io
import sqlite3

from .refusal import TournamentError
from .registration import FIELDS, check_fields
from .sheetfile import read_bytes, rows

HEADER_ALIASES = {"姓名": "name", "拼音": "pinyin", "等级分": "rating", "单位": "club", "种子": "seed",
                  "出生": "birth", "性别": "sex", "协会": "federation", "编号": "player_id", "队": "team",
                  "id": "player_id", "fide_id": "player_id"}
FROM_EVENT = ("name", "pinyin", "rating", "club", "seed", "birth", "sex", "federation", "player_id")


def read_players(path):
    """[registration fields] of every player in `path` (CSV, XLSX or event file)."""
    data = read_bytes(path)
    if data.startswith(b"SQLite format 3\x00"):
        return from_event(path)
    return parse_rows(rows(path, data), path)


def parse_csv(text, where):
    return parse_rows(csv.reader(io.StringIO(text)), where)


def parse_rows(rows, where):
    """Players from rows of text (a header row first)."""
    reader = iter(rows)
    try:
        header = next(reader)
    except StopIteration:
        raise TournamentError("%s: empty file (a header line is needed: %s)" % (where, ",".join(FIELDS)))
    columns = [HEADER_ALIASES.get(h.strip().lower(), h.strip().lower()) for h in header]
    unknown = [h for h, c in zip(header, columns) if c not in FIELDS]
    if unknown or "name" not in columns:
        raise TournamentError("%s line 1: the header needs 'name' and only these columns: %s (not %s)" % (
            where, ",".join(FIELDS), ",".join(unknown) or "-"))
    players, faults = [], []
    for line_no, row in enumerate(reader, 2):
        if not any(c.strip() for c in row):
            continue
        if len(row) > len(columns):
            faults.append("%s line %d: %d values for %d columns" % (where, line_no, len(row), len(columns)))
            continue
        fields, bad = check_fields(dict(zip(columns, row)))
        faults += ["%s line %d: %s" % (where, line_no, b) for b in bad]
        players.append(fields)
    if faults:
        raise TournamentError("; ".join(faults[:20]) + ("; ... %d faults in all" % len(faults) if len(faults) > 20 else ""))
    if not players:
        raise TournamentError("%s: no players" % where)
    return players


def from_event(path):
    """The players of a previous event's file (numbers, results left behind)."""
    try:
        db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
        cols = [r[1] for r in db.execute("pragma table_info(entrants)")]
        rows = db.execute("select %s from entrants where kind = 'player' order by coalesce(number, id)"
                          % ", ".join(c for c in FROM_EVENT if c in cols)).fetchall()
        db.close()
    except sqlite3.DatabaseError as e:
        raise TournamentError("%s: not an event file (%s)" % (path, e))
    if not cols:
        raise TournamentError("%s: not an event file (no players table)" % path)
    names = [c for c in FROM_EVENT if c in cols]
    return [{k: v for k, v in zip(names, r) if v is not None} for r in rows]
