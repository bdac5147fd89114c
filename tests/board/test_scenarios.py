"""Scenario tests of the whole board (issue 5): the firmware in the unix
port on the simulated board, driven by physical actions and commands, named
by the article each applies."""
from . import scenarios as sc

MATE_IN_1 = "3k5/1R7/9/9/9/9/9/9/9/R3K4 w - - 0 1"  # a0a9 mates
STALEMATE_IN_1 = "3k5/9/4P4/9/9/9/9/9/9/4K4 w - - 0 1"  # e7e8 stalemates
SUICIDE = "4k4/9/9/9/9/9/9/9/4C4/4K4 w - - 0 1"  # e1d1: the generals face


def no_rule_words_in_move_lines(lines):
    for w in sc.events(lines, "MOVE"):
        assert not {"FOUL", "ALERT", "TOUCH", "FLAG"} & set(w), w


def test_moves_of_a_game_are_recorded_in_order():
    mv = ["h2e2", "h9g7", "h0g2", "i9h9", "e2e6", "g6g5"]
    script, _ = sc.game(moves_iccs=mv)
    lines = sc.run(script)
    assert sc.moves(lines) == mv
    assert "capture" in sc.events(lines, "MOVE")[4]  # e2e6 takes the soldier
    no_rule_words_in_move_lines(lines)
    assert sc.result(lines) is None


def test_4_1_1_mate_wins():
    script, _ = sc.game(MATE_IN_1, moves_iccs=["a0a9"])
    lines = sc.run(script)
    assert sc.result(lines)[:2] == ["1-0", "4.1.1"]


def test_4_1_2_stalemate_loses():
    script, _ = sc.game(STALEMATE_IN_1, moves_iccs=["e7e8"])
    lines = sc.run(script)
    assert sc.result(lines)[:2] == ["1-0", "4.1.2"]


def test_4_1_3_suicide_loses_once_final():
    script, _ = sc.game(SUICIDE, moves_iccs=["e1d1"])
    lines = sc.run(script)
    move = sc.events(lines, "MOVE")[0]
    assert move[5] == "e1d1" and "suicide" in move
    assert sc.result(lines)[:2] == ["0-1", "4.1.3"]


def test_4_1_6_flag_loses():
    lines = sc.run("0 new tc=1m\n0 setup\n100 start\n70s end\n")
    flag = sc.events(lines, "FLAG")[0]
    assert flag[4] == "red" and flag[5] == "at=60100" and flag[6] == "4.1.6"
    assert sc.result(lines)[:2] == ["0-1", "4.1.6"]


def test_21_6_mate_placed_before_the_flag_stands():
    # The mating move is placed 100 ms before Red's flag, the clock pressed after.
    fen = MATE_IN_1.replace(" ", "_")
    lines = sc.run("0 new tc=1m fen=%s\n0 setup\n100 start\n59.8s lift a0\n60s place a9\n61s press red\n" % fen)
    assert sc.events(lines, "FLAG")[0][5] == "at=60100"
    assert sc.moves(lines) == ["a0a9"]
    assert sc.result(lines)[:2] == ["1-0", "4.1.1"]


def test_21_6_mate_placed_after_the_flag_loses_on_time():
    fen = MATE_IN_1.replace(" ", "_")
    lines = sc.run("0 new tc=1m fen=%s\n0 setup\n100 start\n59.9s lift a0\n60.5s place a9\n61s press red\n" % fen)
    assert sc.result(lines)[:2] == ["0-1", "4.1.6"]
    assert sc.moves(lines) == []


def test_6_2_quota_missed_loses():
    # Two moves in the first minute: Red makes one and then thinks too long.
    script, t = sc.game(tc="1m/2,1m/2*", moves_iccs=["h2e2", "h9g7"])
    lines = sc.run(script + "70s end\n")
    result = sc.result(lines)
    assert result[:2] == ["0-1", "4.1.6"] and "6.2" in result


def test_6_2_quota_met_adds_the_next_stage():
    script, t = sc.game(tc="1m/2,1m/2*", moves_iccs=["h2e2", "h9g7", "h0g2", "i9h9"])
    lines = sc.run(script)
    presses = sc.events(lines, "PRESS")
    # Red's second move completes the quota: the next minute is added, the
    # unused time carrying over (58.6 s - 2.0 s + 60 s)
    assert presses[2][4] == "red" and int(presses[2][5]) == 117600
    assert sc.result(lines) is None


def test_8_1_7_press_without_moving_is_a_foul_then_4_1_9_loses():
    lines = sc.run("0 new\n0 setup\n100 start\n1s press red\n2s press red\n")
    fouls = sc.events(lines, "FOUL")
    assert fouls[0][4:6] == ["red", "8.1.7"]
    assert not sc.events(lines, "PRESS")  # the clock did not hand over
    assert sc.result(lines)[:2] == ["0-1", "4.1.9"]


def test_8_1_8_breach_is_a_foul_then_4_1_8_loses_at_provincial_level():
    # The chariot jumps its own soldier (a0-a4): a movement-rule breach.
    script = ("0 new level=provincial\n0 setup\n100 start\n"
              "1s lift a0\n1.2s place a4\n1.4s press red\n"   # breach 1
              "5s lift a4\n5.2s place a0\n"                  # restored
              "8s lift a0\n8.2s place a4\n8.4s press red\n")  # breach 2
    lines = sc.run(script)
    alerts = sc.events(lines, "ALERT")
    assert alerts and alerts[0][4:6] == ["breach", "red"]
    assert sc.events(lines, "FOUL")[0][4:6] == ["red", "8.1.8"]
    assert sc.events(lines, "RESTORED")
    assert sc.result(lines)[:2] == ["0-1", "4.1.8"]
    assert sc.moves(lines) == []


def test_4_1_8_breach_loses_at_once_at_national_level():
    lines = sc.run("0 new level=national\n0 setup\n100 start\n1s lift a0\n1.2s place a4\n1.4s press red\n")
    assert not sc.events(lines, "FOUL")
    assert sc.result(lines)[:2] == ["0-1", "4.1.8"]


def test_5_8_3_piece_moved_against_the_rules_counts_as_touched():
    script = ("0 new level=junior\n0 setup\n100 start\n"
              "1s lift a0\n1.2s place a4\n1.4s press red\n5s lift a4\n5.2s place a0\n"
              "7s lift h2\n7.2s place e2\n7.4s press red\n")
    lines = sc.run(script)
    touches = [w for w in sc.events(lines, "TOUCH") if "5.8.3" in w]
    assert touches, lines
    # the duty to move the touched chariot is broken by moving the cannon: witnessed
    assert any("duty-broken" in w for w in sc.events(lines, "TOUCH"))


def test_22_2_false_natural_limit_claim_is_a_foul_and_costs_5_minutes():
    lines = sc.run("0 new tc=30m\n0 setup\n100 start\n1s cmd claim red natural\n")
    claim = sc.events(lines, "CLAIM")[0]
    assert claim[4:6] == ["red", "natural"]
    assert sc.events(lines, "FOUL")[0][4:6] == ["red", "8.1.4"]
    pen = sc.events(lines, "PENALTY")[0]
    assert pen[4:7] == ["red", "300000", "22.2"]
    assert sc.result(lines) is None


def test_4_1_11_second_false_claim_in_the_period_loses():
    lines = sc.run("0 new tc=30m\n0 setup\n100 start\n1s cmd claim red natural\n2s cmd claim red natural\n")
    assert sc.result(lines)[:2] == ["0-1", "4.1.11"]


def test_4_2_4_natural_limit_announced_and_claimed():
    mv = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]
    script, t = sc.game(extra=" limit=2", moves_iccs=mv)
    lines = sc.run(script + "%d cmd claim black natural\n" % t)
    assert sc.events(lines, "LIMIT")[0][4:] == ["natural", "rounds=2", "4.2.4"]
    assert sc.result(lines)[:2] == ["1/2-1/2", "4.2.4"]


def test_8_1_3_draw_offers_two_ahead_is_a_foul():
    mv = ["h2e2", "h9g7", "h0g2"]
    lines = sc.run("0 new\n0 setup\n100 start\n500 cmd offer red\n"
                   "1s lift h2\n1.2s place e2\n1.4s press red\n"
                   "2s lift h9\n2.2s place g7\n2.4s press black\n"
                   "2.6s cmd offer red\n")
    offers = sc.events(lines, "OFFER")
    assert [o[5] for o in offers] == ["n=1", "n=2"]
    assert sc.events(lines, "FOUL")[0][4:6] == ["red", "8.1.3"]
    assert sc.moves(lines) == mv[:2]


def test_22_1_offer_only_on_ones_own_time():
    lines = sc.run("0 new\n0 setup\n100 start\n500 cmd offer black\n")
    assert any(line.startswith("A ") and "refused" in line and "22.1" in line for line in lines)


def test_4_2_1_agreed_draw_and_4_1_12_resignation():
    lines = sc.run("0 new\n0 setup\n100 start\n500 cmd offer red\n600 cmd accept black\n")
    assert sc.result(lines)[:2] == ["1/2-1/2", "4.2.1"]
    lines = sc.run("0 new\n0 setup\n100 start\n500 cmd resign red\n")
    assert sc.result(lines)[:2] == ["0-1", "4.1.12"]


def test_4_1_10_three_fouls_lose():
    lines = sc.run("0 new tc=60m\n0 setup\n100 start\n1s cmd claim red natural\n"
                   "1.5s lift h2\n1.6s place e2\n1.7s press red\n"
                   "2s lift h9\n2.2s place g7\n2.4s press black\n"
                   "3s cmd offer red\n"
                   "3.5s lift h0\n3.6s place g2\n3.7s press red\n"
                   "4s lift i9\n4.2s place h9\n4.4s press black\n"
                   "5s cmd offer red\n5.1s cmd offer red\n")
    # 8.1.4 (false claim), then two offers that put Red two and three ahead (8.1.3)
    assert [w[5] for w in sc.events(lines, "FOUL")] == ["8.1.4", "8.1.3", "8.1.3"]
    assert sc.result(lines)[:2] == ["0-1", "4.1.10"]


def test_20_1_lateness_reported_then_forfeit_confirmed_4_1_7():
    lines = sc.run("0 new tc=30m late=1\n0 setup\n100 start\n65s cmd forfeit red\n")
    late = sc.events(lines, "LATE")[0]
    # Neither side has moved: both are reported; the arbiter, who sees the
    # players, confirms the forfeit of the one who is absent.
    assert late[4:] == ["red", "black", "20.1"] and int(late[2]) >= 60100
    assert sc.result(lines)[:2] == ["0-1", "4.1.7"]


def test_policy_report_waits_for_the_arbiter():
    script, t = sc.game(MATE_IN_1, extra=" policy=report", moves_iccs=["a0a9"])
    lines = sc.run(script)
    assert sc.events(lines, "VERDICT")[0][4:6] == ["1-0", "4.1.1"] and sc.result(lines) is None
    lines = sc.run(script + "%d cmd result\n" % (t + 100))
    assert sc.result(lines)[:2] == ["1-0", "4.1.1"]


def test_art_9_confirmation_records_result_times_and_fouls():
    lines = sc.run("0 new tc=10m\n0 setup\n100 start\n1s press red\n5s cmd resign red\n6s cmd confirm\n")
    conf = sc.events(lines, "CONFIRM")[0]
    assert conf[4:6] == ["0-1", "4.1.12"] and "fouls=1/0" in conf and conf[-2] == "9"
    assert conf[-1].startswith("seal=") and len(conf[-1]) == 5 + 32  # the board has a key: sealed


def test_pause_and_resume_by_the_arbiter_8_1_2():
    lines = sc.run("0 new tc=10m\n0 setup\n100 start\n1s cmd pause\n61s start\n62s lift h2\n62.2s place e2\n62.4s press red\n")
    press = sc.events(lines, "PRESS")[0]
    # Red's clock ran 100..1000 and 61000..62400: 2.3 s used
    assert int(press[5]) == 600000 - 2300


def test_a_touch_is_witnessed_5_1():
    lines = sc.run("0 new\n0 setup\n100 start\n1s lift h2\n1.3s place h2\n3s lift b2\n3.2s place e2\n3.4s press red\n")
    t = sc.events(lines, "TOUCH")
    assert t[0][4:7] == ["red", "own", "h2"] and t[0][7] == "5.1"
    assert any("duty-broken" in w for w in t)


def test_fast_reply_within_100_ms_is_not_missed():
    lines = sc.run("0 new\n0 setup\n100 start\n1s lift h2\n1.2s place e2\n1.25s press red\n"
                   "1.28s lift h9\n1.32s place g7\n1.35s press black\n")
    assert sc.moves(lines) == ["h2e2", "h9g7"]


PERPETUAL_CHECK = "9/3kc4/3a5/3P5/9/4p4/9/4K4/9/3C5 w - - 0 1"  # black checks with the cannon forever
CYCLE = ["d6e6", "e4d4", "e6d6", "d4e4"]


def test_23_1_third_repetition_announced_25_1_perpetual_check_loses_4_1_4():
    script, t = sc.game(PERPETUAL_CHECK, moves_iccs=CYCLE * 2)
    lines = sc.run(script + "%d cmd claim red repetition\n" % t)
    rep = sc.events(lines, "REPETITION")[0]
    assert rep[4] == "third" and "verdict=black-loses" in rep and "25.1" in rep
    assert any(w.endswith(":check") for w in rep)
    assert sc.result(lines)[:2] == ["1-0", "4.1.4"]


def test_23_3_no_ruling_below_three_repetitions():
    script, t = sc.game(PERPETUAL_CHECK, moves_iccs=CYCLE)
    lines = sc.run(script + "%d cmd claim red repetition\n" % t)
    assert not sc.events(lines, "REPETITION") and sc.result(lines) is None
    assert any(x.startswith("A ") and "refused" in x and "23.3" in x for x in lines)


def test_23_5_2_draw_takes_effect_after_two_rounds_4_2_3():
    kings = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1"
    shuffle = ["d0d1", "e9e8", "d1d0", "e8e9"]
    script, t = sc.game(kings, moves_iccs=shuffle * 2)
    body, t2 = sc.play(shuffle, fen=kings, t0=t + 1000)
    lines = sc.run(script + "%d cmd claim red repetition\n" % (t + 500) + "\n".join(body) + "\n")
    assert sc.events(lines, "CLAIM")[0][4:6] == ["red", "repetition"]
    assert sc.result(lines)[:2] == ["1/2-1/2", "4.2.3"]


def test_5_8_arbiter_correction_shows_the_points_to_change():
    # The arbiter takes back Red's move on the board's record; the board
    # shows what to put where until the pieces match.
    fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR_w_-_-_0_1"
    lines = sc.run("0 new\n0 setup\n100 start\n1s lift h2\n1.2s place e2\n1.4s press red\n"
                   "3s cmd correct %s\n4s lift e2\n4.2s place h2\n" % fen)
    assert sc.events(lines, "CORRECT")
    alert = [w for w in sc.events(lines, "ALERT") if w[4] == "position"]
    assert alert and "put=h2" in alert[0] and "clear=e2" in alert[0]
    assert sc.events(lines, "RESTORED")


def test_pieces_handled_before_any_game_are_not_an_error():
    # A board switched on and set up before the arbiter sends `new`.
    lines = sc.run("0 place a0\n200 place b0\n1s lift b0\n2s new\n2s setup\n2.1s start\n3s lift h2\n3.2s place e2\n3.4s press red\n")
    assert sc.moves(lines) == ["h2e2"]
    assert [int(w[1]) for w in sc.events(lines)] == list(range(1, len(sc.events(lines)) + 1))
