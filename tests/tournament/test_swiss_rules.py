"""Appendix 2, the positional Swiss (定位编排): one named test per rule."""
import random

import pytest

from xqboard.tournament.refusal import TournamentError
from xqboard.tournament import swiss
from xqboard.tournament.swiss import SwissPlayer as P, allocate, colour_tier, pair_round




def ids(pairs):
    return [tuple(p) for p in pairs]


def reds(rd, *who):
    """The colour each of `who` got: 'R' or 'B'."""
    out = []
    for w in who:
        for r, b in rd.pairs:
            if w in (r, b):
                out.append("R" if w == r else "B")
    return out


# -- method 1: the first round ------------------------------------------------

def test_appendix2_method1_near_numbers_round1():
    # "近号配对原则——1-2、4-3、5-6……号码在前者执红棋先走"
    rd = pair_round([P(i, i) for i in range(1, 9)], 1, 7)
    assert rd.pairs == [(1, 2), (4, 3), (5, 6), (8, 7)]
    assert rd.bye is None


def test_appendix2_method1_odd_count_largest_number_bye():
    rd = pair_round([P(i, i) for i in range(1, 8)], 1, 7)
    assert rd.pairs == [(1, 2), (4, 3), (5, 6)]
    assert rd.bye == 7


def test_appendix2_method1_fold_and_slide_pairings():
    ps = [P(i, i) for i in range(1, 9)]
    assert pair_round(ps, 1, 7, first="fold").pairs == [(1, 8), (7, 2), (3, 6), (5, 4)]
    assert pair_round(ps, 1, 7, first="slide").pairs == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_appendix2_method1_seeds_draw_odd_numbers(new_event):
    ev = new_event(10, system="swiss", rounds=7)
    for name in ("P07", "P08"):  # seeds by seeding place, not rating
        e = ev.entrant(name)
        ev.db.execute("update entrants set seed = ? where id = ?", (1 if name == "P07" else 2, e.id))
    ev.db.commit()
    ev.draw(seed=5)
    num = {e.name: e.number for e in ev.entrants()}
    top = ["P07", "P08", "P01", "P02", "P03"]  # seeds first, then by rating: the upper half
    assert sorted(num[n] for n in top) == [1, 3, 5, 7, 9]
    assert sorted(v for k, v in num.items() if k not in top) == [2, 4, 6, 8, 10]


# -- principles -----------------------------------------------------------------

def test_appendix2_principle3_numbers_drawn_only_before_round_1(new_event):
    ev = new_event(6, system="swiss", rounds=5)
    ev.pair()
    with pytest.raises(TournamentError):
        ev.draw(seed=9)


def test_appendix2_principle7_same_club_not_avoided(new_event, rng, play):
    # "同一单位的运动员原则上不回避配对": everyone of one club still plays.
    ev = new_event(0, system="swiss", rounds=3)
    for i in range(6):
        ev.add_player("Q%d" % i, club="Same club")
    assert len(ev.pair().pairs) == 3

def test_appendix2_principle4_score_groups_from_the_top():
    # Four on 2 points, four on 0, nobody met: each group pairs inside itself.
    ps = [P(i, i, score=2 if i <= 4 else 0, colours=["R" if i % 2 else "B"], opponents=[100 + i]) for i in range(1, 9)]
    rd = pair_round(ps, 2, 7)
    for r, b in rd.pairs:
        assert (r <= 4) == (b <= 4)
    assert not rd.floats
    # the top group's tables come first
    assert all(x <= 4 for x in rd.pairs[0] + rd.pairs[1])


def test_appendix2_principle5_bye_to_the_lowest_group_once():
    ps = [P(1, 1, 4, "RB", [2, 3]), P(2, 2, 2, "BR", [1, 4]), P(3, 3, 2, "BR", [1, 5]),
          P(4, 4, 0, "RB", [5, 2]), P(5, 5, 2, "B", [4, 3], byes=1)]
    rd = pair_round(ps, 3, 5)
    assert rd.bye == 4  # the lowest score, who has had no bye yet
    ps[3].byes = 1
    ps[3].score = 2
    rd = pair_round(ps, 3, 5)
    # everyone on 2 points but 1: the bye goes to the lowest score without one
    assert rd.bye in (2, 3)


def test_14_4_bye_counts_as_a_win_and_lowest_opponent_score(new_event, rng, play):
    ev = new_event(5, system="swiss", rounds=3)
    r1 = ev.pair()
    bye = [p.red for p in r1.pairs if p.black is None][0]
    play(ev, rng)
    recs = ev.records(1)
    assert [r.score for r in recs[bye]] == [2]  # 14.4: a win
    rows = {r.entrant: r for r in ev.standings()}
    scored = [r.score for r in rows.values() if r.score > 0]
    assert rows[bye].values["buchholz"] == min(scored)  # 14.4: lowest score among those who scored


def test_appendix2_principle6_no_rematch():
    # 1 and 2 lead alone and have met: they do not meet again.
    ps = [P(1, 1, 4, "RB", [2, 3]), P(2, 2, 4, "BR", [1, 4]), P(3, 3, 2, "BR", [4, 1]),
          P(4, 4, 2, "RB", [3, 2]), P(5, 5, 0, "RB", [6, 7]), P(6, 6, 0, "BR", [5, 8]),
          P(7, 7, 2, "BR", [8, 5]), P(8, 8, 2, "RB", [7, 6])]
    rd = pair_round(ps, 3, 5)
    met = {frozenset((p.id, o)) for p in ps for o in p.opponents}
    assert not any(frozenset(pr) in met for pr in rd.pairs)
    assert len(rd.pairs) == 4


def test_appendix2_principle6_no_pairing_left_is_an_error():
    ps = [P(1, 1, 2, "R", [2]), P(2, 2, 0, "B", [1])]
    with pytest.raises(swiss.PairingError):
        pair_round(ps, 2, 3)


def test_appendix2_principle8_unfinished_games_count_as_draws(new_event, rng):
    ev = new_event(8, system="swiss", rounds=5)
    ev.pair()
    pr = ev.pairings(1)
    for p in pr[1:]:
        ev.set_result(1, p.games[0]["board"], "1-0")
    with pytest.raises(TournamentError):
        ev.pair()  # round 1 is not finished
    r2 = ev.pair(allow_unfinished=True)
    sp = ev.swiss_players(1)
    a, b = pr[0].red, pr[0].black
    assert sp[a].score == sp[b].score == 1  # provisionally drawn
    before = [(p.red, p.black) for p in r2.pairs]
    ev.set_result(1, pr[0].games[0]["board"], "1-0")
    # "本次编排内容均为有效": the pairing stands once the result comes in
    assert [(p.red, p.black) for p in ev.pairings(2)] == before
    assert ev.standings(1)[0].score == 2


def test_appendix2_principle9_at_most_two_floats_down():
    # 1 has met the rest of the 4-point group: two of the four must float.
    # 4, the natural second floater, has floated down twice already (not
    # counting necessary floats), so 3 goes down with 1 instead.
    ps = [P(1, 1, 4, "RB", [2, 3, 4]), P(2, 2, 4, "RB", [1, 14]), P(3, 3, 4, "RB", [1, 16]),
          P(4, 4, 4, "RB", [1, 18], down=2),
          P(5, 5, 2, "BR", [19, 20]), P(6, 6, 2, "BR", [21, 22]), P(7, 7, 2, "RB", [23, 24]),
          P(8, 8, 2, "BR", [25, 26])]
    rd = pair_round(ps, 3, 7)
    assert sorted(i for i, (d, _) in rd.floats.items() if d == "down") == [1, 3]
    assert rd.floats[1] == ("down", False)  # an even group: these floats count
    assert not rd.relaxed
    ps[3].down = 0
    assert sorted(i for i, (d, _) in pair_round(ps, 3, 7).floats.items() if d == "down") == [1, 4]


def test_appendix2_principle9_limit_relaxed_only_when_nothing_else_works():
    # 1 can meet nobody of his group and has floated down twice: no pairing
    # keeps the limit; the round says so.
    ps = [P(1, 1, 4, "RB", [2, 3, 4], down=2), P(2, 2, 4, "RB", [1, 14]), P(3, 3, 4, "RB", [1, 16]),
          P(4, 4, 4, "RB", [1, 18]), P(5, 5, 2, "BR", [19, 20]), P(6, 6, 2, "BR", [21, 22])]
    rd = pair_round(ps, 3, 7)
    assert rd.floats[1][0] == "down" and "floats>2" in rd.relaxed


def test_appendix2_principle9_the_necessary_float_of_an_odd_group_is_not_counted():
    # "不含本积分段只有一人必然下调或上调": three on 4 points, one must go down;
    # that float, and the float up it causes, are not counted.
    ps = [P(1, 1, 4, "RB", [11, 12], down=2), P(2, 2, 4, "RB", [13, 14], down=2), P(3, 3, 4, "RB", [15, 16], down=2),
          P(4, 4, 2, "BR", [17, 18]), P(5, 5, 2, "BR", [19, 20]), P(6, 6, 2, "BR", [21, 22])]
    rd = pair_round(ps, 3, 7)
    down = [i for i, (d, _) in rd.floats.items() if d == "down"]
    assert len(down) == 1 and rd.floats[down[0]] == ("down", True)
    up = [i for i, (d, _) in rd.floats.items() if d == "up"]
    assert rd.floats[up[0]] == ("up", True)
    assert not rd.relaxed


def test_appendix2_principle9_floats_balanced_by_count():
    # Of three equal players, the one who never floated goes down.
    ps = [P(1, 1, 4, "RB", [11, 12], down=1), P(2, 2, 4, "RB", [13, 14]), P(3, 3, 4, "RB", [15, 16], down=1),
          P(4, 4, 2, "BR", [17, 18]), P(5, 5, 2, "BR", [19, 20]), P(6, 6, 2, "BR", [21, 22])]
    rd = pair_round(ps, 3, 7)
    assert rd.floats[2][0] == "down"


def test_appendix2_principle9_single_player_group_float_is_forced():
    ps = [P(1, 1, 4, "RB", [11, 12], down=2), P(2, 2, 2, "BR", [13, 14]), P(3, 3, 2, "RB", [15, 16]),
          P(4, 4, 0, "BR", [17, 18])]
    rd = pair_round(ps, 3, 7)
    assert rd.floats[1] == ("down", True)  # alone on 4 points: not counted
    assert not rd.relaxed


# -- method 2: who picks first --------------------------------------------------

def test_appendix2_method2_picker_order():
    def order(ps, rnd):
        return [p.id for p in sorted(ps, key=lambda p: swiss._priority(p, rnd))]

    # (1) higher score first
    assert order([P(1, 1, 2), P(2, 2, 4)], 3) == [2, 1]
    # (2) the larger imbalance first
    assert order([P(1, 1, 2, "RB"), P(2, 2, 2, "RRRB")], 5) == [2, 1]
    # (3) balanced: a run of one colour first, the longer first
    assert order([P(1, 1, 2, "RB"), P(2, 2, 2, "RRBB"), P(3, 3, 2, "RRRBBB")], 7) == [3, 2, 1]
    # (4)/(5) all equal: small number first in odd rounds, large in even
    assert order([P(1, 1, 2, "RB"), P(2, 2, 2, "RB")], 3) == [1, 2]
    assert order([P(1, 1, 2, "RB"), P(2, 2, 2, "RB")], 4) == [2, 1]


# -- method 3: the pairing forms ------------------------------------------------

def _group(extra_met=()):
    # Round 2 (even: large numbers first). 1 and 3 had Black: they want Red;
    # 2 and 4 had Red: they want Black. All on 2 points.
    ps = [P(1, 1, 2, "B", [11]), P(2, 2, 2, "R", [12]), P(3, 3, 2, "B", [13]), P(4, 4, 2, "R", [14])]
    for a, b in extra_met:
        ps[a - 1].opponents.add(b)
        ps[b - 1].opponents.add(a)
    return ps


def test_appendix2_method3_1_same_position_pairing():
    # order 4, 3, 2, 1; rows: want Red [3, 1], want Black [4, 2].
    # 4 picks the front of the other row (3), then 2 takes 1.
    rd = pair_round(_group(), 2, 7)
    assert sorted(rd.pairs) == [(1, 2), (3, 4)]  # Red to those who want it


def test_appendix2_method3_2_shifted_pairing():
    # 4 and 3 have met: 4 takes the next one of the other row (1).
    rd = pair_round(_group([(4, 3)]), 2, 7)
    assert sorted(rd.pairs) == [(1, 4), (3, 2)]


def test_appendix2_method3_3_within_the_row():
    # Everyone wants Red (all had Black): pairs within the row, in order.
    ps = [P(i, i, 2, "B", [10 + i]) for i in range(1, 5)]
    rd = pair_round(ps, 2, 7)
    assert {frozenset(p) for p in rd.pairs} == {frozenset((4, 3)), frozenset((2, 1))}


def test_appendix2_method3_4_breaking_pairs():
    # One row 1, 2, 3, 4 (round 3: small first); 3 and 4 have met. The
    # first choice 1-2 leaves 3-4: it is broken and redone as 1-3, 2-4.
    ps = [P(i, i, 2, "RB", [10 + i]) for i in range(1, 5)]
    ps[2].opponents.add(4)
    ps[3].opponents.add(3)
    rd = pair_round(ps, 3, 7)
    assert {frozenset(p) for p in rd.pairs} == {frozenset((1, 3)), frozenset((2, 4))}
    assert not rd.floats


def test_appendix2_method3_5_float_down_and_picks_first():
    # Three on 4 points: the last (3) floats down and, as the higher score,
    # picks first in the group below (method 2 (1)), the front of the other row.
    ps = [P(1, 1, 4, "RB", [11, 12]), P(2, 2, 4, "RB", [13, 14]), P(3, 3, 4, "RB", [15, 16]),
          P(4, 4, 2, "BR", [17, 18]), P(5, 5, 2, "RB", [19, 20]), P(6, 6, 2, "BR", [21, 22])]
    rd = pair_round(ps, 3, 7)
    assert rd.floats[3] == ("down", True)  # the necessary float of an odd group
    partner = [b if a == 3 else a for a, b in rd.pairs if 3 in (a, b)][0]
    assert partner == 4  # 3 had Black last (wants Red); 4 heads the wants-Black row
    assert rd.floats[4] == ("up", True)


def test_appendix2_method5_2_lowest_group_merged_with_the_one_above():
    # 3 and 4 (0 points) have met: the lowest group cannot pair, so it is
    # joined to the group above and paired again as one group.
    ps = [P(1, 1, 2, "R", [11]), P(2, 2, 2, "B", [12]), P(3, 3, 0, "R", [4]), P(4, 4, 0, "B", [3])]
    rd = pair_round(ps, 2, 5)
    assert len(rd.pairs) == 2
    assert frozenset((3, 4)) not in {frozenset(p) for p in rd.pairs}


def test_appendix2_method5_3_hard_players_first_when_nothing_else_works():
    # A set where only the most constrained-first search can finish: player
    # 6 can only meet 1; the pairing must still be found.
    ps = [P(i, i, 0, "RB"[i % 2], []) for i in range(1, 7)]
    for j in (2, 3, 4, 5):
        ps[5].opponents.add(j)
        ps[j - 1].opponents.add(6)
    rd = pair_round(ps, 2, 5)
    assert frozenset((1, 6)) in {frozenset(p) for p in rd.pairs}


# -- method 4: colours ---------------------------------------------------------

@pytest.mark.parametrize("rule, a, b, red", [
    ("(1) fewer Reds has Red", "BRB", "RBR", "a"),
    ("(2) balanced, two Blacks in a row vs two Reds in a row", "RRBB", "BBRR", "a"),
    ("(3) balanced, Blacks in a row: the longer run has Red", "RRBB", "RRRBBB", "b"),
    ("(4) balanced, Reds in a row: the shorter run has Red", "BBRR", "BBBRRR", "a"),
    ("(5) Black last vs Blacks in a row: the run has Red", "RB", "RRBB", "b"),
    ("(6) Red last vs Reds in a row: Red last has Red", "BR", "BBRR", "a"),
    ("(7) Black last vs Reds in a row: Black last has Red", "RB", "BBRR", "a"),
])
def test_appendix2_method4_colour_rules(rule, a, b, red):
    pa, pb = P(1, 1, 2, a), P(2, 2, 2, b)
    got = allocate(pa, pb, 3, 9)[0]
    assert got is (pa if red == "a" else pb), rule
    got = allocate(pb, pa, 3, 9)[0]  # the order they come in does not matter
    assert got is (pa if red == "a" else pb), rule


def test_appendix2_method4_8_all_equal_sum_of_numbers():
    # odd sum: the smaller number has Red; even sum: the larger
    assert allocate(P(3, 3, 2, "RB"), P(6, 6, 2, "RB"), 3, 9)[0].id == 3
    assert allocate(P(3, 3, 2, "RB"), P(5, 5, 2, "RB"), 3, 9)[0].id == 5


def test_appendix2_method4_9_lower_score_yields_from_third_last_round():
    hi = P(1, 1, 6, "BR")       # Red last: wants Black
    lo = P(2, 2, 4, "BBRR")     # Reds in a row: by (6) hi would have Red
    assert allocate(hi, lo, 4, 9)[0] is hi          # round 4 of 9: rule (6)
    assert allocate(hi, lo, 7, 9)[0] is lo          # round 7 of 9: hi gets his wish (9)


def test_appendix2_method4_10_last_round_runs_of_three_stand():
    red = P(1, 1, 2, "BRR")    # a third Red in a row, but only one ahead
    black = P(2, 2, 2, "RBB")
    assert colour_tier(red, black, last_round=False) == 2
    assert colour_tier(red, black, last_round=True) < 2


def test_appendix2_indicator_11_3_avoids_a_third_red_in_a_row():
    # Round 3 (odd: small first). 1 and 2 had Red twice, 3 and 4 Black twice.
    # 1 has met 3: the same-position pairing 1-3 is out, and 1-2 would give
    # someone a third Red; 1-4 and 2-3 keep everyone at two.
    ps = [P(1, 1, 2, "RR", [3]), P(2, 2, 2, "RR", [12]), P(3, 3, 2, "BB", [1]), P(4, 4, 2, "BB", [14])]
    rd = pair_round(ps, 3, 7)
    assert sorted(rd.pairs) == [(3, 2), (4, 1)]
    assert not rd.colour_exceptions


def test_appendix2_principle10_fullest_pairing_before_colours():
    # 1 and 2 both had Red twice and must meet (everything else is a
    # rematch); a float would be worse than a third Red: they meet, and the
    # exception is named.
    ps = [P(1, 1, 4, "RR", [3, 4]), P(2, 2, 4, "RR", [3, 4]), P(3, 3, 0, "BB", [1, 2]), P(4, 4, 0, "BB", [1, 2])]
    rd = pair_round(ps, 3, 7)
    assert {frozenset(p) for p in rd.pairs} == {frozenset((1, 2)), frozenset((3, 4))}
    assert len(rd.colour_exceptions) == 2 and "colours" in rd.relaxed


def test_appendix2_principle2_odd_rounds_balance_colours(new_event, play):
    # A 7-round event: everyone who played all seven games ends with at most
    # one Red (or Black) more than the other colour.
    ev = new_event(16, system="swiss", rounds=7)
    r = random.Random(3)
    for _ in range(7):
        ev.pair()
        play(ev, r)
    sp = ev.swiss_players(7, provisional=False)
    assert all(abs(p.diff) <= 1 for p in sp.values() if len(p.colours) == 7)
