"""What the arbiter's audit found (issue 13, section 2), each case as a
scenario on the simulated board in the unix port, named by article."""
from . import scenarios as sc

START_10M = "0 new tc=10m\n0 setup\n100 start\n"


def test_4_1_11_a_second_false_claim_after_a_capture_is_only_a_foul():
    # The capture starts a new capture-free run (「同一个"自然限著"阶段」).
    body, t = sc.play(["h2h9", "i9h9"], t0=1000)
    lines = sc.run("0 new tc=30m\n0 setup\n100 start\n500 cmd claim red natural\n" + "\n".join(body) +
                   "\n%d cmd claim red natural\n" % t)
    assert [w[4:7] for w in sc.events(lines, "FOUL")] == [["red", "8.1.4", "fouls=1"], ["red", "8.1.4", "fouls=2"]]
    assert [w[7] for w in sc.events(lines, "FOUL")] == ["period=0", "period=2"]  # the runs: two captures since
    assert len(sc.events(lines, "PENALTY")) == 2 and sc.result(lines) is None


def test_4_1_11_a_second_false_claim_in_the_same_run_loses_whatever_the_clock_period():
    # Red's quota of 2 moves is met (6.2: the clock's next period) between the claims.
    body, t = sc.play(["h2e2", "h9g7", "h0g2", "i9h9"], t0=1000)
    lines = sc.run("0 new tc=10m/2,10m/2*\n0 setup\n100 start\n500 cmd claim red natural\n" + "\n".join(body) +
                   "\n%d cmd claim red natural\n" % t)
    assert int(sc.events(lines, "PRESS")[-1][5]) > 600000  # Red's next 10 minutes added (6.2)
    assert sc.result(lines)[:2] == ["0-1", "4.1.11"]


def test_5_8_2_a_correction_back_to_ply_k_cuts_the_moves_and_play_goes_on_from_there():
    # After h0g2 the arbiter returns the game to the position before it (ply 3).
    body, t = sc.play(["h2e2", "h9g7", "h0g2"], t0=1000)
    back = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR_w_-_-_0_1"
    lines = sc.run("0 new tc=30m\n0 setup\n100 start\n" + "\n".join(body) +
                   "\n%d cmd correct %s\n%d lift g2\n%d place h0\n" % (t, back, t + 500, t + 700) +
                   "\n".join(sc.play(["h0g2"], t0=t + 1500)[0]) + "\n")
    assert sc.events(lines, "CORRECT")[0][5] == "5.8"
    assert sc.events(lines, "RESTORED")
    assert [(w[4], w[5]) for w in sc.events(lines, "MOVE")] == [("1", "h2e2"), ("2", "h9g7"), ("3", "h0g2"),
                                                               ("3", "h0g2")]
    assert sc.result(lines) is None


def test_21_6_a_mate_placed_at_the_flags_millisecond_stands_and_is_recorded():
    from .test_scenarios import MATE_IN_1

    fen = MATE_IN_1.replace(" ", "_")
    lines = sc.run("0 new tc=1m fen=%s\n0 setup\n100 start\n59.8s lift a0\n60.1s place a9\n61s press red\n" % fen)
    assert sc.events(lines, "FLAG")[0][5] == "at=60100"
    move = sc.events(lines, "MOVE")[0]
    assert move[5] == "a0a9" and move[7] == "at=60100"  # in the record, dated at the flag's instant
    assert sc.result(lines)[:2] == ["1-0", "4.1.1"]


def quota_move_not_pressed(policy):
    # Red's second move meets the quota (2 moves in 1 minute) but Red never presses.
    return sc.run("0 new tc=1m/2,1m/2* policy=%s\n0 setup\n100 start\n1s lift h2\n1.2s place e2\n1.5s press red\n"
                  "2s lift h9\n2.2s place g7\n2.5s press black\n3s lift h0\n3.2s place g2\n90s end\n" % policy)


def test_6_2_21_5_a_quota_move_made_but_not_pressed_flags_citing_21_5_and_the_arbiter_rules():
    for policy in ("auto", "report"):
        lines = quota_move_not_pressed(policy)
        assert sc.moves(lines) == ["h2e2", "h9g7", "h0g2"]  # the move counts toward the quota
        # Red had 58.6 s at Black's press (2.5 s): the old stage's time ran out at 61.1 s
        assert [w[4:] for w in sc.events(lines, "FLAG")] == [["red", "at=61100", "21.5"]]
        assert sc.result(lines) is None and not sc.events(lines, "VERDICT")


def test_5_10_a_press_with_the_piece_in_hand_hands_over_when_it_lands():
    # Red presses with the cannon still in the hand (between points, 5.10:
    # presence cannot tell): a move was made, no foul (8.1.7); it lands on
    # e2: the move stands, the alert clears and the press made hands the
    # clock over; Red's press after that finds Black's clock running.
    lines = sc.run(START_10M + "1s lift h2\n1.5s press red\n2s place e2\n3s press red\n"
                   "4s lift h9\n4.2s place g7\n4.5s press black\n")
    assert sc.events(lines, "ALERT")[0][4:] == ["between", "put=h2", "clear=-", "5.10"]
    assert not sc.events(lines, "FOUL")
    assert sc.events(lines, "RESTORED")
    assert sc.moves(lines) == ["h2e2", "h9g7"]
    presses = sc.events(lines, "PRESS")
    assert [w[4] for w in presses] == ["red", "black"]
    assert [w[4:6] for w in sc.events(lines, "NOPRESS")] == [["red", "piece-between"], ["red", "not-running"]]
    assert sc.result(lines) is None


def test_5_7_after_a_power_cut_a_move_placed_but_not_pressed_is_the_pending_move():
    # Red's cannon is on e2, not pressed, when the power goes: back on, the
    # sensors differ from the journal's position by exactly h2e2: no piece
    # to put back; the press (after the arbiter's resume) makes it final.
    lines = sc.run(START_10M + "1s lift h2\n1.2s place e2\n1.5s power off\n3s power on\n4s cmd resume\n5s press red\n"
                   "6s lift h9\n6.2s place g7\n6.5s press black\n")
    assert sc.events(lines, "POWER") and sc.events(lines, "RESTORED")
    assert not [w for w in sc.events(lines, "ALERT") if "clear=e2" in w]  # never asked to take it back
    assert sc.moves(lines) == ["h2e2", "h9g7"]
    assert [w[4] for w in sc.events(lines, "PRESS")] == ["red", "black"] and not sc.events(lines, "NOPRESS")


def test_22_2_each_check_beyond_the_10th_removes_a_whole_round():
    # 12 rounds without a capture in which Red checks 12 times: 2 checks
    # beyond the 10th remove 2 rounds, so Red's claim counts 10 (not 11).
    fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"
    mv = ["a0a9", "d9d8", "a9a8", "d8d9", "a8a9", "d9d8"] + ["a9a8", "d8d9", "a8a9", "d9d8"] * 4 + ["a9a8", "d8d9"]
    assert len(mv) == 24
    script, t = sc.game(fen, extra=" limit=11", moves_iccs=mv)
    lines = sc.run(script + "%d cmd claim red natural\n" % t)
    assert sc.moves(lines) == mv
    assert sc.events(lines, "CLAIM")[0][4:7] == ["red", "natural", "rounds=10"]
    assert sc.events(lines, "FOUL")[0][4:6] == ["red", "8.1.4"] and sc.result(lines) is None
