"""The sheets an organiser hangs on the wall, as (title, header, rows)
tables like views: the crosstable (a grid for a round robin, one column a
round for a Swiss), a player's card, and the pairings alphabetically.

A game's mark: its points in the event's scoring (2, 1, 0 by default, as
the score column adds them up); + and - for a forfeit won or lost (20.3);
the colour R (红, Red) or B (黑, Black) and the opponent's number before it
in a Swiss column (`12R2`); `bye` (14.4), `late` for a round a late entry
missed, blank for no game (lists.cell_mark).

>>> from .event import Tournament
>>> ev = Tournament.create(':memory:', 'Club', system='roundrobin', seed=1)
>>> for n in 'ABC':
...     _ = ev.add_player(n)
>>> for rnd in (1, 2, 3):
...     r = ev.pair(); ev.set_result(rnd, 1, '1-0')
>>> title, header, rows = crosstable(ev)
>>> header[5:9], [r[1:2] + r[5:9] for r in rows]
(['1', '2', '3', 'Score 积分 (2/1/0)'], [['1', '×', '2', '0', '2'], ['2', '0', '×', '2', '2'], ['3', '2', '0', '×', '2']])
"""
from .lists import cell_mark, crosstable_list, num
from .views import score_title


def crosstable_rows(ct):
    """(title, header, rows) of a lists.Crosstable: rank, number, name,
    club, rating, the cells (a round robin's columns in the rows' order,
    × on the diagonal), the score and the tie-breaks of art. 14."""
    header = ["Rank", "No.", "Name 姓名", "Club 单位", "Rating"] + ct.columns + [score_title(ct.scoring)] + \
        [t.title for t in ct.tiebreaks]
    rows = [[("=" if r.shared else "") + str(r.rank), str(r.number or ""), r.name + (" (%s)" % r.note if r.note else ""),
             r.club or "", str(r.rating or "")] + r.cells + [num(r.score)] + [r.tiebreaks[t.name] for t in ct.tiebreaks]
            for r in ct.rows]
    title = "%s — crosstable after round %d 第%d轮后成绩交叉表" % (ct.event, ct.after, ct.after)
    return title, header, rows


def crosstable(event, upto=None):
    """(title, header, rows) of the crosstable after round `upto` (default:
    the last complete round), rows in standings order (lists.crosstable_list)."""
    return crosstable_rows(crosstable_list(event, upto))


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
                     num(totals.get(opp.id, "")) if opp else "", cell_mark(r), num(r.score), num(total)])
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
