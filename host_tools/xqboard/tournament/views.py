"""Tables for people: pairing lists and standings as rows of strings, the
same for the terminal, CSV and the printable pages."""
import unicodedata

TB_TITLES = {
    "sb": "SB 小分", "wins": "Wins 胜局", "direct": "Direct 直胜", "fouls": "Fouls 犯规",
    "black_games": "Black 后走局数", "black_wins": "Black wins 后走胜局", "last_black": "Black vs 对局后走",
    "buchholz": "Opp 对手分", "previous": "Prev 前轮", "progressive": "Prog 累进分",
    "progressive_cut": "Prog cut 去轮累进", "game_points": "Games 局分", "match_wins": "Matches 胜场",
}


def num(v):
    if isinstance(v, tuple):
        return "/".join(num(x) for x in v)
    if isinstance(v, float):
        return ("%d" % v) if v == int(v) else ("%.1f" % v)
    return str(v)


def show_result(res):
    """20.3: forfeits as '+' / '-' marks."""
    if res is None:
        return ""
    return {"+-": "+ : -", "-+": "- : +", "--": "- : -", "void": "void"}.get(res, res)


def match_score(scoring, games):
    """A match's game points so far, 'red : black' (13.2), '' before any result.

    >>> from .scoring import Scoring
    >>> match_score(Scoring.parse('2/1/0'), [{'result': '1-0'}, {'result': '1/2-1/2'}, {'result': None}])
    '3 : 1'
    """
    done = [g["result"] for g in games if g["result"] not in (None, "void")]
    if not done:
        return ""
    red = sum(scoring.points(r, "R") for r in done)
    black = sum(scoring.points(r, "B") for r in done)
    return "%s : %s" % (num(red), num(black))


def pairing_table(event, rnd=None):
    """(title, header, rows) of a round's pairings."""
    rnd = rnd or event.current_round
    es = event.by_id()
    shown = event.display_names()
    before = {}
    if rnd > 1:
        from .standings import scores_of
        before = scores_of(event.records(rnd - 1, stage=event.stage_of(rnd) or "main"))
    team = event.kind == "team"
    header = ["Table", "Board", "No.", "Red 红方", "Pts", "Result", "Pts", "No.", "Black 黑方"]
    rows = []
    for p in event.pairings(rnd):
        red = es[p.red]
        if p.black is None:
            rows.append([str(p.table_no), "", str(red.number or ""), shown[red.id], num(before.get(p.red, 0)),
                         "rest" if p.bracket == "rest" else "bye 轮空", "", "", ""])
            continue
        black = es[p.black]
        label = (" " + p.bracket) if p.bracket and not p.bracket.startswith("G") else ""
        if team or len(p.games) > 1:
            rows.append([str(p.table_no) + label, "", str(red.number or ""), shown[red.id], num(before.get(p.red, 0)),
                         match_score(event.scoring, p.games), num(before.get(p.black, 0)), str(black.number or ""),
                         shown[black.id]])
            for g in p.games:
                rows.append(["", str(g["board"]), "", shown[g["red_player"]], "", show_result(g["result"]), "", "",
                             shown[g["black_player"]]])
        else:
            g = p.games[0]
            rows.append([str(p.table_no) + label, str(g["board"]), str(red.number or ""), shown[red.id],
                         num(before.get(p.red, 0)), show_result(g["result"]), num(before.get(p.black, 0)),
                         str(black.number or ""), shown[black.id]])
    title = "%s — round %d pairings 第%d轮对阵" % (event.get("name"), rnd, rnd)
    return title, header, rows


def standings_table(event, upto=None):
    upto = upto if upto is not None else event.last_complete_round()
    es = event.by_id()
    shown = event.display_names()
    order = event.get("tiebreaks")
    rows = event.standings(upto)
    header = ["Rank", "No.", "Name 姓名"] + (["Group"] if event.pairing_system.grouped else []) + \
             ["Club 单位", "Rating", "Score 积分"] + [TB_TITLES[t] for t in order]
    out = []
    for r in rows:
        e = es[r.entrant]
        mark = ""
        if e.withdrawn_round:
            mark = " (withdrew r%d)" % e.withdrawn_round
        elif e.eliminated_round:
            mark = " (out r%d)" % e.eliminated_round
        out.append([("=" if r.shared else "") + str(r.rank), str(e.number or ""), shown[e.id] + mark] +
                   ([str(e.grp or "")] if event.pairing_system.grouped else []) +
                   [e.club or "", str(e.rating or ""), num(r.score)] +
                   [num(r.values.get(t, "")) for t in order])
    title = "%s — standings after round %d 第%d轮后名次" % (event.get("name"), upto, upto)
    return title, header, out


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
