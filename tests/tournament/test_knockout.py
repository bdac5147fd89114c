"""Appendix 3: the 32-player single elimination, the 16-player double
elimination and its final rules."""
import pytest

from xqboard.tournament.refusal import TournamentError
from xqboard.tournament import knockout

FIELD_NOTES_32 = [(1, 32), (16, 17), (8, 25), (9, 24), (4, 29), (13, 20), (5, 28), (12, 21),
                  (2, 31), (15, 18), (7, 26), (10, 23), (3, 30), (14, 19), (6, 27), (11, 22)]


def test_appendix3_32_player_table_lines():
    assert knockout.first_lines(32) == FIELD_NOTES_32


def test_appendix3_seeds_meet_as_late_as_possible():
    order = knockout.seed_order(32)
    halves = order[:16], order[16:]
    assert 1 in halves[0] and 2 in halves[1]          # 1 and 2 only in the final
    quarters = [set(order[i:i + 8]) for i in range(0, 32, 8)]
    assert all(len(q & {1, 2, 3, 4}) == 1 for q in quarters)
    eighths = [set(order[i:i + 4]) for i in range(0, 32, 4)]
    assert all(len(e & set(range(1, 9))) == 1 for e in eighths)


def _fill(ev, pick="red"):
    rnd = ev.current_round
    for p in ev.pairings(rnd) if rnd else []:
        for g in p.games:
            if g["result"] is None:
                ev.set_result(rnd, g["board"], "1-0" if pick == "red" else "0-1")


def _play_all(ev, pick="red", max_rounds=12):
    """Plays the event out: the Red side wins every game (or Black)."""
    for _ in range(max_rounds):
        _fill(ev, pick)
        try:
            ev.pair()
        except TournamentError:
            break
    return ev


def test_appendix3_single_elimination_32_with_8_seeds(new_event):
    ev = new_event(0, system="knockout")
    for i in range(1, 33):
        ev.add_player("K%02d" % i, rating=2600 - i, seed=i if i <= 8 else None)
    ev.draw()
    num = {e.name: e.number for e in ev.entrants()}
    assert [num["K%02d" % i] for i in range(1, 9)] == list(range(1, 9))  # seeds on 1-8
    r1 = ev.pair()
    assert len(r1.pairs) == 16
    lines = {frozenset((ev.by_id()[p.red].number, ev.by_id()[p.black].number)) for p in r1.pairs}
    assert lines == {frozenset(x) for x in FIELD_NOTES_32}
    _play_all(ev)
    assert ev.current_round == 5
    assert ev.champion() is not None


def test_appendix3_byes_go_to_the_seeds(new_event):
    ev = new_event(0, system="knockout")
    for i in range(1, 28):
        ev.add_player("K%02d" % i, rating=2600 - i, seed=i if i <= 8 else None)
    r1 = ev.pair()
    byes = [ev.by_id()[p.red].name for p in r1.pairs if p.black is None]
    assert sorted(byes) == ["K01", "K02", "K03", "K04", "K05"]
    r2 = _play_all(ev) and ev.pairings(2)
    assert len(r2) == 8


def test_knockout_tied_match_needs_the_arbiter(new_event):
    ev = new_event(4, system="knockout")
    r1 = ev.pair()
    p = r1.pairs[0]
    ev.set_result(1, p.games[0]["board"], "1/2-1/2")
    ev.set_result(1, r1.pairs[1].games[0]["board"], "1-0")
    with pytest.raises(TournamentError):
        ev.pair()
    ev.set_winner(1, p.table_no, ev.by_id()[p.black].name)
    r2 = ev.pair()
    assert p.black in (r2.pairs[0].red, r2.pairs[0].black)


def _double(new_event, n=16):
    ev = new_event(0, system="double")
    for i in range(1, n + 1):
        ev.add_player("D%02d" % i, rating=2600 - i, seed=i if i <= 4 else None)
    return ev


def test_appendix3_double_elimination_structure(new_event):
    ev = _double(new_event)
    sizes = []
    labels = []
    for _ in range(7):
        rd = ev.pair()
        sizes.append(len(rd.pairs))
        labels.append(sorted({p.bracket.split("-")[0] for p in rd.pairs}))
        for p in rd.pairs:
            ev.set_result(rd.no, p.games[0]["board"], "1-0")
    assert sizes == [8, 8, 6, 3, 2, 1, 1]
    assert labels == [["W1"], ["L1", "W2"], ["L2", "W3"], ["L3", "W4"], ["L4"], ["L5"], ["L6"]]
    # everyone but the two finalists has lost twice, and nobody else is left
    losses = {}
    for r in range(1, 8):
        for p in ev.pairings(r):
            w = ev.match_winner(p)
            loser = p.black if w == p.red else p.red
            losses[loser] = losses.get(loser, 0) + 1
    assert sorted(losses.values()) == [1] + [2] * 14
    # the winners' round-2 losers drop in reverse order: no L2 match can
    # repeat a meeting (a 16-player table cannot promise that for L4)
    met = set()
    for r in range(1, 8):
        for p in ev.pairings(r):
            key = frozenset((p.red, p.black))
            if p.bracket.startswith("L2"):
                assert key not in met
            met.add(key)


def _to_final(ev):
    for _ in range(7):
        rd = ev.pair()
        for p in rd.pairs:
            ev.set_result(rd.no, p.games[0]["board"], "1-0")
    champ, nxt, a, b = ev.final_state()
    assert (champ, nxt) == (None, 1)
    return a, b


def _final_game(ev, winner_side):
    """Plays the next final game: 'A', 'B' or 'D' (draw); returns the game."""
    rd = ev.pair()
    p = rd.pairs[0]
    g = p.games[0]
    a = ev.final_state()[2]
    if winner_side == "D":
        res = "1/2-1/2"
    else:
        a_red = g["red_player"] == a
        res = "1-0" if (winner_side == "A") == a_red else "0-1"
    ev.set_result(rd.no, g["board"], res)
    return rd, g


def test_appendix3_2_unbeaten_finalist_wins_with_the_first_game(new_event):
    ev = _double(new_event)
    a, b = _to_final(ev)
    _final_game(ev, "A")
    assert ev.champion() == a


def test_appendix3_2_losers_bracket_finalist_must_win_twice(new_event):
    ev = _double(new_event)
    a, b = _to_final(ev)
    _final_game(ev, "B")
    assert ev.champion() is None
    _final_game(ev, "B")
    assert ev.champion() == b


def test_appendix3_3_four_draws_and_one_win_three_draws(new_event):
    assert knockout.final_state(["D", "D", "D", "D"]) == ("A", None)
    assert knockout.final_state(["L", "D", "D", "D"]) == ("B", None)
    assert knockout.final_state(["D", "D", "L", "D"]) == ("B", None)
    assert knockout.final_state(["D", "D", "D"]) == (None, 4)
    ev = _double(new_event)
    a, b = _to_final(ev)
    for _ in range(4):
        _final_game(ev, "D")
    assert ev.champion() == a
    with pytest.raises(TournamentError):
        ev.pair()


def test_appendix3_4_colours_alternate_in_the_final(new_event):
    ev = _double(new_event)
    _to_final(ev)
    reds = []
    for _ in range(3):
        rd, g = _final_game(ev, "D")
        reds.append(g["red_player"])
    assert reds[0] != reds[1] and reds[0] == reds[2]


def test_appendix3_5_rapid_from_game_three_and_draw_with_foul_loses(new_event):
    assert knockout.final_game_rules(2) == (False, "event")
    assert knockout.final_game_rules(3) == (True, "10m+10s")
    ev = _double(new_event)
    a, b = _to_final(ev)
    _final_game(ev, "D")
    _final_game(ev, "D")
    rd = ev.pair()
    g = rd.pairs[0].games[0]
    assert g["rapid"] == 1 and "rapid" in rd.note
    # a draw, and B (the losers' bracket side) has a foul on record: B loses
    b_red = g["red_player"] == b
    ev.set_result(rd.no, g["board"], "1/2-1/2", fouls_red=1 if b_red else 0, fouls_black=0 if b_red else 1)
    assert ev.champion() == a
    assert knockout.rapid_draw_with_foul("1/2-1/2", 1, 1, True) == "1/2-1/2"
    assert knockout.rapid_draw_with_foul("1/2-1/2", 1, 0, False) == "1/2-1/2"


def test_appendix3_double_elimination_short_field_byes_to_seeds(new_event):
    ev = _double(new_event, 13)
    rd = ev.pair()
    byes = sorted(ev.by_id()[p.red].name for p in rd.pairs if p.black is None)
    assert byes == ["D01", "D02", "D03"]
    _play_all(ev)
    assert ev.final_state()[2] is not None


def test_12_4_two_game_knockout_matches_swap_colours(new_event):
    ev = new_event(4, system="knockout", games=2)
    r1 = ev.pair()
    for p in r1.pairs:
        g1, g2 = p.games
        assert (g1["red_player"], g2["red_player"]) == (p.red, p.black)
        ev.set_result(1, g1["board"], "1-0")
        ev.set_result(1, g2["board"], "1-0")  # one game each: a tie
    with pytest.raises(TournamentError):
        ev.pair()
    for p in r1.pairs:
        ev.set_winner(1, p.table_no, ev.by_id()[p.red].name)
    assert len(ev.pair().pairs) == 1
