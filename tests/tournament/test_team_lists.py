"""Team events' printed lists (issue 25, item 1): a match's score on the
pairing list is the standings' own count, with the colours swapped on even
boards (12.2, 12.3; appendix 1's note on team events)."""
import random

from xqboard.tournament import views

TEAMS = ("北京", "上海", "广东", "四川", "浙江", "湖北")


def six_teams(new_event, **kw):
    ev = new_event(0, kind="team", system="roundrobin", boards=3, **kw)
    for t in TEAMS:
        ev.add_team(t)
        for k in (1, 2, 3):
            ev.add_player("%s%d" % (t, k), team=t)
    return ev


def match_rows(ev, rnd):
    """table -> the match row of the pairing list (the one with a table
    number), its result column first."""
    title, header, rows = views.pairing_table(ev, rnd)
    at = header.index("Result 结果")
    return {int(r[0].split()[0]): [r[at]] + r for r in rows if r[0]}


def test_12_2_team_match_score_counts_even_boards_for_the_team(new_event):
    ev = six_teams(new_event)
    ev.pair()
    first = ev.pairings(1)[0]
    boards = [g["board"] for g in first.games]
    # board 1: the first team's player has Red and wins; board 2: the second
    # team's player has Red (colours swap) and wins; board 3: the first
    # team's player has Red and loses. The first team 2, the second 4.
    for b, res in zip(boards, ("1-0", "1-0", "0-1")):
        ev.set_result(1, b, res)
    assert [ev.by_id()[g["red_player"]].team_id for g in first.games] == [first.red, first.black, first.red]
    row = match_rows(ev, 1)[first.table_no]
    assert row[0] == "2 : 4"                     # by colour alone it would read 4 : 2


def test_team_pairing_list_scores_equal_the_standings(new_event):
    rng = random.Random(25)
    ev = six_teams(new_event)
    for rnd in range(1, 6):
        ev.pair()
        for p in ev.pairings(rnd):
            for g in p.games:
                ev.set_result(rnd, g["board"], rng.choice(["1-0", "0-1", "1/2-1/2"]))
        recs = ev.records(rnd)
        rows = match_rows(ev, rnd)
        for p in ev.pairings(rnd):
            if p.black is None:
                continue
            mine = {r.entrant: r.game_points for rs in recs.values() for r in rs if r.round == rnd}
            assert rows[p.table_no][0] == "%s : %s" % (views.num(mine[p.red]), views.num(mine[p.black])), (rnd, p)
    # and the match points the standings give follow from those scores (13.2)
    total = {r.entrant: r.score for r in ev.standings(5)}
    assert sum(total.values()) == 2 * 15           # 15 matches, 2 points each
