"""Art. 14 tie-breaks (and 18.5) on hand-made records."""
from xqboard.tournament.standings import Record, rank
from xqboard.tournament import tiebreaks


def game(rnd, a, b, res, win=2, draw=1):
    """Records of one game a (Red) - b (Black): res 'W', 'D', 'L' for a."""
    pa = {"W": win, "D": draw, "L": 0}[res]
    pb = {"W": 0, "D": draw, "L": win}[res]
    ob = {"W": "L", "D": "D", "L": "W"}[res]
    return (Record(rnd, a, b, "R", pa, outcome=res, black_games=0),
            Record(rnd, b, a, "B", pb, outcome=ob, black_games=1, black_wins=int(ob == "W")))


def build(games):
    recs = {}
    for g in games:
        for r in game(*g):
            recs.setdefault(r.entrant, []).append(r)
    return recs


def test_14_1_small_points_sonneborn_berger_on_event_points():
    # 1 beats 3, draws 2; 2 beats 4; 3 beats 2 and 4; 4 beats 1.
    recs = build([(1, 1, 3, "W"), (1, 2, 4, "W"), (2, 1, 2, "D"), (2, 3, 4, "W"), (3, 4, 1, "W"), (3, 3, 2, "W")])
    rows = rank(recs, ["sb"])
    scores = {r.entrant: r.score for r in rows}
    assert scores == {1: 3, 2: 3, 3: 4, 4: 2}
    sb = {r.entrant: r.values["sb"] for r in rows}
    # 小分 = opponents beaten (full) + opponents drawn (half)
    assert sb[1] == scores[3] + scores[2] / 2
    assert sb[2] == scores[4] + scores[1] / 2
    assert [r.entrant for r in rows] == [3, 1, 2, 4]


def test_14_1_small_points_differ_from_chess_sb_under_3_1_0():
    # With 3/1/0 the 2011 definition uses the event's points directly.
    recs = build([(1, 1, 2, "W", 3, 1), (1, 3, 4, "D", 3, 1), (2, 1, 3, "D", 3, 1), (2, 2, 4, "W", 3, 1)])
    v = tiebreaks.absolute("sb", recs, {1: 4, 2: 3, 3: 2, 4: 1}, 2)
    assert v[1] == 3 + 2 / 2


def test_14_1_direct_encounter_among_the_tied():
    # 1 and 2 end on 3 points; 1 beat 2.
    recs = build([(1, 1, 2, "W"), (1, 3, 4, "W"), (2, 3, 1, "W"), (2, 4, 2, "D"), (3, 2, 3, "W"), (3, 4, 1, "D")])
    rows = rank(recs, ["direct"])
    assert [r.entrant for r in rows] == [3, 1, 2, 4]
    assert rows[1].values["direct"] == 2 and rows[2].values["direct"] == 0


def test_14_1_last_black_between_the_tied():
    recs = build([(1, 1, 2, "D")])
    rows = rank(recs, ["last_black"])
    assert [r.entrant for r in rows] == [2, 1]  # 2 had Black in their game


def test_14_1_wins_fouls_black_games():
    recs = build([(1, 1, 2, "W"), (1, 3, 4, "D"), (2, 3, 1, "D"), (2, 4, 2, "D")])
    recs[3][0].fouls = 2
    rows = rank(recs, ["wins", "fouls", "black_games"])
    v = {r.entrant: r.values for r in rows}
    assert v[1]["wins"] == 1 and v[3]["fouls"] == -2
    assert v[2]["black_games"] == 2


def test_14_3_1_opponents_score_and_the_bye():
    recs = build([(1, 1, 2, "W"), (2, 1, 3, "D"), (2, 2, 4, "L")])
    recs[3].insert(0, Record(1, 3, None, None, 2, outcome="W", bye=True, played=False))
    scores = {1: 3, 2: 2, 3: 3, 4: 0}
    v = tiebreaks.absolute("buchholz", recs, scores, 2)
    assert v[1] == scores[2] + scores[3]
    # 14.4: the bye counts the lowest score among those who scored (2)
    assert v[3] == 2 + scores[1]


def test_14_3_2_progressive_and_cut_rounds():
    # scores by round: 2, 0, 2 -> running 2, 2, 4 -> 8; without round 1: 0, 2 -> 2
    recs = {1: [Record(1, 1, 5, "R", 2, outcome="W"), Record(2, 1, 6, "B", 0, outcome="L"),
                Record(3, 1, 7, "R", 2, outcome="W")]}
    assert tiebreaks.absolute("progressive", recs, {1: 4, 5: 0, 6: 0, 7: 0}, 3)[1] == 8
    assert tiebreaks.absolute("progressive_cut", recs, {1: 4, 5: 0, 6: 0, 7: 0}, 3)[1] == (2, 2)


def test_14_3_1_previous_round_scores():
    recs = {1: [Record(1, 1, 5, "R", 2, outcome="W"), Record(2, 1, 6, "B", 0, outcome="L"),
                Record(3, 1, 7, "R", 1, outcome="D")]}
    assert tiebreaks.absolute("previous", recs, {}, 3)[1] == (2, 2)


def test_18_5_penalised_go_last_among_equal_scores():
    recs = build([(1, 1, 2, "D"), (1, 3, 4, "D")])
    rows = rank(recs, ["wins"], penalties={1: (0, 1), 3: (1, 0)})
    # equal scores: unpenalised 2 and 4 first, then the warning (1), then
    # the disqualification (3)
    assert [r.entrant for r in rows] == [2, 4, 1, 3]


def test_14_shared_rank_when_everything_is_equal():
    recs = build([(1, 1, 2, "D")])
    rows = rank(recs, ["sb", "wins"])
    assert all(r.shared and r.rank == 1 for r in rows)


def test_art14_default_orders():
    assert tiebreaks.default_order("roundrobin", "individual") == ["sb", "wins", "direct", "fouls", "black_games", "last_black"]
    assert tiebreaks.default_order("roundrobin", "individual", 2)[0] == "game_points"
    assert tiebreaks.default_order("swiss", "individual")[0] == "buchholz"
    assert tiebreaks.default_order("swiss", "team")[:2] == ["buchholz", "game_points"]
    assert tiebreaks.default_order("groups", "team")[:2] == ["game_points", "match_wins"]
