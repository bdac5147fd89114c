"""Tables for people: the pairing list and the standings of lists.py (typed
rows) rendered as (title, header, rows) of strings, the same for the
terminal (text), CSV and the printed page (export_html, export_pdf)."""
import unicodedata

from .lists import num, pairing_list, standings_list


def show_result(res):
    """20.3: forfeits as '+' / '-' marks."""
    if res is None:
        return ""
    return {"+-": "+ : -", "-+": "- : +", "--": "- : -", "void": "void"}.get(res, res)


def match_score(event, p, by_id=None):
    """A match's game points so far, first-listed side first, 'a : b'
    (13.2), '' before any result: records.match_game_points, the standings'
    own count.

    >>> from .event import Tournament
    >>> ev = Tournament.create(':memory:', 'Cup', system='roundrobin', kind='team', boards=2, seed=1)
    >>> for t in 'AB':
    ...     _ = ev.add_team(t); _ = [ev.add_player(t + str(k), team=t) for k in (1, 2)]
    >>> p = ev.pair().pairs[0]
    >>> ev.set_result(1, 1, '1-0'); ev.set_result(1, 2, '1-0')     # board 2: the second team has Red
    >>> match_score(ev, ev.pairings(1)[0])
    '2 : 2'
    """
    from .records import match_game_points

    return score_text(match_game_points(event, p, by_id))


def score_text(points):
    return "%s : %s" % (num(points[0]), num(points[1])) if points else ""


def _side(side):
    if side is None:
        return ["", "", "", ""]
    return [str(side.number or ""), side.name, side.club or "", str(side.rating or "")]


PAIRING_HEADER = ["No.", "Red 红方", "Club 单位", "Rating", "Pts", "Result 结果", "Pts", "No.", "Black 黑方",
                  "Club 单位", "Rating"]


def pairing_rows(plist):
    """(title, header, rows) of a lists.PairingList: an individual event by
    board (the number `result` takes, one numbering column), a team event
    (or matches of several games) by match, then its boards."""
    matches = plist.team or any(r.match for r in plist.rows)
    first = ["Match 场次", "Board 台号"] if matches else ["Board 台号"]
    rows = []
    for r in plist.rows:
        label = (" " + r.label) if r.label else ""
        pts_red = num(r.red.points)
        if r.black is None:
            lead = [str(r.table) + label, ""] if matches else [label.strip()]
            rows.append(lead + _side(r.red) + [pts_red, "rest" if r.rest else "bye 轮空", "", "", "", "", ""])
            continue
        a, b = _side(r.red), _side(r.black)
        if matches:
            rows.append([str(r.table) + label, ""] + a + [pts_red, score_text(r.score), num(r.black.points)] + b)
            for g in r.games:
                rows.append(["", str(g.board)] + [""] + _side(g.red)[1:] + ["", show_result(g.result), "", ""] +
                            _side(g.black)[1:])
        else:
            g = r.games[0]
            rows.append([str(g.board) + label] + a + [pts_red, show_result(g.result), num(r.black.points)] + b)
    title = "%s — round %d pairings 第%d轮对阵" % (plist.event, plist.round, plist.round)
    return title, first + PAIRING_HEADER, rows


def pairing_table(event, rnd=None):
    """(title, header, rows) of a round's pairings (lists.pairing_list)."""
    return pairing_rows(pairing_list(event, rnd))


def score_title(scoring):
    return "Score 积分 (%s)" % scoring


def standings_rows(st):
    """(title, header, rows) of a lists.Standings."""
    header = ["Rank", "No.", "Name 姓名"] + (["Group"] if st.grouped else []) + \
             ["Club 单位", "Rating", score_title(st.scoring)] + [t.title for t in st.tiebreaks]
    rows = []
    for r in st.rows:
        rows.append([("=" if r.shared else "") + str(r.rank), str(r.number or ""),
                     r.name + (" (%s)" % r.note if r.note else "")] +
                    ([str(r.group or "")] if st.grouped else []) +
                    [r.club or "", str(r.rating or ""), num(r.score)] + [r.tiebreaks[t.name] for t in st.tiebreaks])
    after = st.after
    chinese = "第%d轮后名次" % after if after else "第1轮前名次"
    return "%s — standings %s %s" % (st.event, st.when(), chinese), header, rows


def standings_table(event, upto=None):
    """(title, header, rows) of the standings (lists.standings_list)."""
    return standings_rows(standings_list(event, upto))


def start_numbers(event):
    """entrant -> a number unique in the event: the pairing number, or for a
    group round robin the place in (group, number) order."""
    es = event.entrants()
    if not event.pairing_system.grouped:
        return {e.id: e.number or 0 for e in es}
    return {e.id: i for i, e in enumerate(sorted(es, key=lambda e: (e.grp or 0, e.number or 0)), 1)}


def crosstable_marks(event, upto=None):
    """entrant -> [(round, opponent number, colour, mark)] for TRF and print."""
    upto = upto if upto is not None else event.current_round
    num = start_numbers(event)
    out = {}
    for rnd in range(1, upto + 1):
        for p in event.pairings(rnd):
            if p.black is None:
                out.setdefault(p.red, []).append((rnd, None, None, "U" if p.bracket == "rest" else "+bye"))
                continue
            g = p.games[0]
            for e, opp, colour in ((p.red, p.black, "R"), (p.black, p.red, "B")):
                out.setdefault(e, []).append((rnd, num[opp], colour, g["result"]))
    return out


def width(s):
    """Columns on a terminal: Chinese characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in str(s))


def _pad(s, w):
    return str(s) + " " * (w - width(s))


def text(table):
    title, header, rows = table
    widths = [max(width(x) for x in col) for col in zip(header, *rows)] if rows else [width(h) for h in header]
    lines = [title, "  ".join(_pad(h, w) for h, w in zip(header, widths)).rstrip()]
    for r in rows:
        lines.append("  ".join(_pad(c, w) for c, w in zip(r, widths)).rstrip())
    return "\n".join(lines)
