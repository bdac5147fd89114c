"""Result slips: a round's results on one sheet (CSV or XLSX), read as
entry.Entry lines for `results`, and the blank slip of a round to print
(PDF) or to fill in on a PC (CSV, XLSX) with the same columns.

The slip has a header row naming its columns in any order; `board` (the
hall board number, as `result` takes it) and `result` are needed:

    table,board,red_no,red,black_no,black,result,fouls_red,fouls_black,termination
    1,1,1,王天一,2,郑惟桐,1-0,,,4.1.1 mate
    2,2,4,赵鑫鑫,3,许银川,=,1,,

Chinese headers 桌次 台号 红方编号 红方 黑方编号 黑方 结果 红方犯规 黑方犯规 终局 (and
对阵, a team match's line) are the same columns; a header written as on the
printed slip ('Result 结果') is read by either word. A line with an empty
result is a game not in yet and is skipped. When a line names the players
(red_no/black_no, or red/black), they must be the board's: a board number
typed wrong is caught. Team events: one line per board, the boards of a
match one after the other under its table number.

>>> entries, blank, faults = parse_rows([['board', 'result', 'fouls_red'], ['1', '1-0', ''], ['2', '', ''],
...                                      ['x', 'won', '-1']], 'slip.csv')
>>> entries, blank
([Entry(board 1: 1-0)], 1)
>>> faults
["slip.csv line 4: board 'x': a board number", "slip.csv line 4: result 'won': use 1-0, 0-1, 1/2-1/2 (or =), +- / -+ for a forfeit (20.3), -- for both", "slip.csv line 4: fouls_red '-1': a count from 0 to 99"]
"""
from . import sheetfile
from .entry import Entry
from .refusal import TournamentError
from .scoring import MAX_FOULS, parse_result

COLUMNS = ("table", "board", "red_no", "red", "black_no", "black", "result", "fouls_red", "fouls_black",
           "termination", "match")
ALIASES = {"桌次": "table", "台号": "board", "红方编号": "red_no", "红方": "red", "黑方编号": "black_no", "黑方": "black",
           "结果": "result", "红方犯规": "fouls_red", "黑方犯规": "fouls_black", "终局": "termination", "对阵": "match"}
HEADER = ["table", "board", "red_no", "red", "black_no", "black", "result", "fouls_red", "fouls_black", "termination"]


def column(title):
    """The column a header cell names: 'board', '台号' or 'Board 台号'."""
    words = title.strip().lower().split()
    for w in words + [title.strip().lower()]:
        c = ALIASES.get(w, w)
        if c in COLUMNS:
            return c
    return None


def read_slip(path):
    """(entries, blank lines, faults) of a CSV or XLSX slip."""
    return parse_rows(sheetfile.rows(path, sheetfile.read_bytes(path)), path)


def _count(v):
    if not v.isdigit() or int(v) > MAX_FOULS:
        raise ValueError("a count from 0 to %d" % MAX_FOULS)
    return int(v)


def parse_rows(rows, where):
    """(entries, blank lines, faults) from rows of text, a header row first."""
    rows = list(rows)
    if not rows:
        raise TournamentError("%s: empty slip (a header line is needed: %s)" % (where, ",".join(HEADER)))
    columns = [column(h) for h in rows[0]]
    unknown = [h for h, c in zip(rows[0], columns) if c is None and h.strip()]
    if unknown or "board" not in columns or "result" not in columns:
        raise TournamentError("%s line 1: the header needs board and result, and only these columns: %s (not %s)"
                              % (where, ",".join(COLUMNS), ",".join(unknown) or "-"))
    entries, blank, faults = [], 0, []
    for n, row in enumerate(rows[1:], 2):
        cells = {c: v.strip() for c, v in zip(columns, row) if c}
        if not any(cells.values()):
            continue
        if not cells.get("result"):
            blank += bool(cells.get("board"))   # a game not in yet; a team match's own line is none
            continue
        here = "%s line %d" % (where, n)
        bad = []
        board = cells.get("board", "")
        if not board.isdigit():
            bad.append("board %r: a board number" % board)
        try:
            parse_result(cells["result"])
        except TournamentError as e:
            bad.append(str(e))
        fouls = {}
        for k in ("fouls_red", "fouls_black"):
            try:
                fouls[k] = _count(cells[k]) if cells.get(k) else None
            except ValueError as e:
                bad.append("%s %r: %s" % (k, cells[k], e))
        faults += ["%s: %s" % (here, b) for b in bad]
        if not bad:
            entries.append(Entry(int(board), cells["result"], fouls["fouls_red"], fouls["fouls_black"],
                                 cells.get("termination") or None, where=here,
                                 players=tuple(cells.get(k) or None for k in ("red_no", "red", "black_no", "black"))))
    return entries, blank, faults


def wrong_players(event, rnd, entries):
    """Faults of the entries whose players (when the slip names them) are
    not the board's."""
    shown, by_id = event.display_names(), event.by_id()
    faults = []
    for e in entries:
        red_no, red, black_no, black = e.players
        if not any((red_no, red, black_no, black)):
            continue
        try:
            g = event.game_at(rnd, e.board)
        except TournamentError:
            continue                       # said by enter()
        want = [by_id[g["red_player"]], by_id[g["black_player"]]]
        ok = True
        for p, no, name in ((want[0], red_no, red), (want[1], black_no, black)):
            number = str(p.number or p.id)
            if no and no != number or name and name not in (shown[p.id], p.name, p.pinyin):
                ok = False
        if not ok:
            faults.append("%s: round %d board %d is %s - %s, the slip says %s - %s" % (
                e.where, rnd, e.board, shown[want[0].id], shown[want[1].id], red or red_no, black or black_no))
    return faults


def blank_slip(event, rnd):
    """(title, header, rows) of round `rnd`'s blank result slip: a line per
    board (a team match: its line, then its boards), the result, fouls and
    termination left to fill in. The same columns `results` reads."""
    shown, by_id = event.display_names(), event.by_id()
    rows = []
    for p in event.pairings(rnd):
        if p.black is None:
            continue
        if event.kind == "team":
            rows.append([str(p.table_no), "", "", shown[p.red], "", shown[p.black], "", "", "", ""])
        for g in p.games:
            red, black = by_id[g["red_player"]], by_id[g["black_player"]]
            rows.append([str(p.table_no), str(g["board"]), str(red.number or red.id), shown[red.id],
                         str(black.number or black.id), shown[black.id], g["result"] or "", "", "", ""])
    title = "%s — round %d result slip 第%d轮成绩登记" % (event.get("name"), rnd, rnd)
    return title, list(HEADER), rows


def printed_slip(event, rnd):
    """The blank slip as printed: the same lines, headers for people."""
    title, _, rows = blank_slip(event, rnd)
    header = ["Table 桌次", "Board 台号", "No.", "Red 红方", "No.", "Black 黑方", "Result 结果", "Fouls R 红方犯规",
              "Fouls B 黑方犯规", "Termination 终局"]
    return title, header, [r[:6] + ["", "", "", ""] if r[1] else r for r in rows]
