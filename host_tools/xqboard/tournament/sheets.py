"""The sheets an organiser hangs on the wall, as (title, header, rows)
tables like views: the crosstable (a grid for a round robin, one column a
round for a Swiss), a player's card, and the pairings alphabetically.

A game's mark: 1, ½, 0; + and - for a forfeit won or lost (20.3); the
colour R (红, Red) or B (黑, Black) and the opponent's number before it in
a Swiss column (`12R1`); `bye` (14.4), `late` for a round a late entry
missed, blank for no game.

>>> from .event import Event
>>> ev = Event.create(':memory:', 'Club', system='roundrobin', seed=1)
>>> for n in 'ABC':
...     _ = ev.add_player(n)
>>> for rnd in (1, 2, 3):
...     r = ev.pair(); ev.set_result(rnd, 1, '1-0')
>>> title, header, rows = crosstable(ev)
>>> header[:6], [r[:6] for r in rows]
(['Rank', 'No.', 'Name 姓名', '1', '2', '3'], [['=1', '1', 'B', '×', '1', '0'], ['=1', '2', 'C', '0', '×', '1'], ['=1', '3', 'A', '1', '0', '×']])
"""
from .views import num


def game_mark(record):
    """1 / ½ / 0, + / - for a forfeit, 'bye', 'late' (see the module)."""
    if record.bye:
        return "bye"
    if record.opponent is None:
        return "late"
    if record.pending or record.outcome is None:
        return "…"
    if record.forfeit:
        return "+" if record.outcome == "W" else "-"
    return {"W": "1", "D": "½", "L": "0"}[record.outcome]


def crosstable(event, upto=None):
    """(title, header, rows) of the crosstable after round `upto` (default:
    the last complete round), rows in standings order."""
    upto = upto if upto is not None else event.last_complete_round()
    recs = event.records(upto)
    standings = event.standings(upto)
    es, shown = event.by_id(), event.display_names()
    grid = event.pairing_system.all_play_all and not event.pairing_system.grouped and event.kind != "team"
    numbers = sorted(e.number or 0 for e in event.entrants())
    header = ["Rank", "No.", "Name 姓名"] + ([str(n) for n in numbers] if grid else
                                              ["R%d" % r for r in range(1, upto + 1)]) + ["Score 积分"]
    rows = []
    for row in standings:
        e = es[row.entrant]
        mine = recs.get(row.entrant, [])
        cells = _grid_cells(e, mine, es, numbers) if grid else _round_cells(mine, es, upto, event.kind == "team")
        rows.append([("=" if row.shared else "") + str(row.rank), str(e.number or ""), shown[e.id]] + cells +
                    [num(row.score)])
    title = "%s — crosstable after round %d 第%d轮后成绩交叉表" % (event.get("name"), upto, upto)
    return title, header, rows


def _grid_cells(e, records, es, numbers):
    by_opp = {}
    for r in records:
        if r.opponent is not None:
            by_opp.setdefault(es[r.opponent].number, []).append(game_mark(r))
    return ["×" if n == e.number else "".join(by_opp.get(n, [])) for n in numbers]


def _round_cells(records, es, upto, team):
    by_round = {r.round: r for r in records}
    cells = []
    for rnd in range(1, upto + 1):
        r = by_round.get(rnd)
        if r is None:
            cells.append("")
        elif r.opponent is None:
            cells.append(game_mark(r))
        else:
            mark = num(r.game_points) if team else game_mark(r)
            cells.append("%s%s%s" % (es[r.opponent].number or "", r.colour or "", mark))
    return cells


def player_card(event, who, upto=None):
    """(title, header, rows) of one entrant's card: each round's colour,
    opponent, the opponent's score now, the result and the running score."""
    e = event.entrant(who)
    upto = upto if upto is not None else event.current_round
    recs = sorted(event.records(upto).get(e.id, []), key=lambda r: r.round)
    totals = {row.entrant: row.score for row in event.standings(upto)} if event.pairing_system.has_score_table else {}
    es, shown = event.by_id(), event.display_names()
    header = ["Round 轮", "Colour 先后", "No.", "Opponent 对手", "Opp pts", "Result 结果", "Points 得分", "Total 累计"]
    rows, total = [], 0
    for r in recs:
        total += 0 if r.pending else r.score
        opp = es.get(r.opponent)
        rows.append([str(r.round), {"R": "Red 红", "B": "Black 黑"}.get(r.colour, ""),
                     str(opp.number or "") if opp else "", shown[opp.id] if opp else "",
                     num(totals.get(opp.id, "")) if opp else "", game_mark(r), num(r.score), num(total)])
    bits = [x for x in (e.pinyin, e.club, e.rating and "rating %s" % e.rating, e.federation) if x]
    title = "No. %s %s%s" % (e.number or e.id, shown[e.id], (" — " + ", ".join(map(str, bits))) if bits else "")
    return title, header, rows


def alphabetical_pairings(event, rnd=None):
    """(title, header, rows): every player of round `rnd` in name order (by
    pinyin, then name), with his table, board, colour and opponent."""
    rnd = rnd or event.current_round
    es, shown = event.by_id(), event.display_names()
    lines = []
    for p in event.pairings(rnd):
        if p.black is None:
            lines.append((p.red, p.table_no, "", "", None))
            continue
        for g in p.games:
            lines.append((g["red_player"], p.table_no, g["board"], "Red 红", g["black_player"]))
            lines.append((g["black_player"], p.table_no, g["board"], "Black 黑", g["red_player"]))
    lines.sort(key=lambda x: ((es[x[0]].pinyin or es[x[0]].name).upper(), es[x[0]].name, es[x[0]].number or 0))
    header = ["Name 姓名", "Pinyin", "No.", "Table", "Board", "Colour 先后", "Opponent 对手", "No."]
    rows = [[shown[e], es[e].pinyin or "", str(es[e].number or ""), str(t), str(b), colour,
             shown[o] if o else "bye 轮空", str(es[o].number or "") if o else ""] for e, t, b, colour, o in lines]
    title = "%s — round %d pairings by name 第%d轮对阵（按姓名）" % (event.get("name"), rnd, rnd)
    return title, header, rows
