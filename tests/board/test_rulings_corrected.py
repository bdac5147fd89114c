"""The rulings the arbiter changes, counted right (issue 27, item 4): each
case played as a scenario on the simulated board (the firmware in the unix
port), named by its article, checking the events the board sends."""
from . import scenarios as sc
from .test_arbiter import refused, seq_of
from .test_scenarios import MATE_IN_1

START = "0 new tc=10m\n0 setup\n100 start\n"
H2E2 = "1s lift h2\n1.2s place e2\n1.5s press red\n"  # Red's first move, pressed


def overrules(lines, what=None):
    return [w[4:] for w in sc.events(lines, "OVERRULE") if what is None or w[4] == what]


# -- fouls the arbiter declares count by their kind --------------------------

def test_4_1_9_a_declared_second_press_without_a_move_loses():
    # the board's own 8.1.7 and the arbiter's declared one: the second loses
    lines = sc.run(START + "1s press red\n2s cmd foul red 8.1.7 by=Li\n")
    assert [w[4:6] for w in sc.events(lines, "FOUL")] == [["red", "8.1.7"]]
    assert overrules(lines, "foul") == [["foul", "red", "by=Li", "8.1.7"]]
    assert sc.result(lines)[:2] == ["0-1", "4.1.9"]
    # two declared ones alone lose too, before any third foul (4.1.10)
    lines = sc.run(START + "1s cmd foul red 8.1.7 by=Li\n2s cmd foul red 8.1.7 by=Li\n")
    assert sc.result(lines)[:2] == ["0-1", "4.1.9"]


def test_4_1_8_a_declared_breach_loses_at_once_at_national_level():
    lines = sc.run("0 new tc=10m level=national\n0 setup\n100 start\n" + H2E2 + "2s cmd foul black 8.1.8 by=Li\n")
    assert overrules(lines, "foul") == [["foul", "black", "by=Li", "8.1.8"]]
    assert sc.result(lines)[:2] == ["1-0", "4.1.8"]


def test_4_1_8_a_declared_breach_after_a_witnessed_one_loses_at_provincial_level():
    # the board witnesses Red's first breach (a chariot over its soldier,
    # 8.1.8, a foul); the arbiter declares a second: 4.1.8
    for level in ("provincial", "junior"):
        lines = sc.run("0 new level=%s\n0 setup\n100 start\n" % level +
                       "1s lift a0\n1.2s place a4\n1.4s press red\n5s lift a4\n5.2s place a0\n"
                       "6s cmd foul red 8.1.8 by=Li\n")
        assert [w[4:6] for w in sc.events(lines, "FOUL")] == [["red", "8.1.8"]]
        assert sc.result(lines)[:2] == ["0-1", "4.1.8"], level


def test_4_1_8_a_witnessed_breach_after_a_declared_one_loses_at_provincial_level():
    for level in ("provincial", "junior"):
        lines = sc.run("0 new level=%s\n0 setup\n100 start\n0.5s cmd foul red 8.1.8 by=Li\n" % level +
                       "1s lift a0\n1.2s place a4\n1.4s press red\n")
        assert sc.result(lines)[:2] == ["0-1", "4.1.8"], level
        # a single declared breach at provincial or junior level is a foul only
        lines = sc.run("0 new level=%s\n0 setup\n100 start\n1s cmd foul red 8.1.8 by=Li\n" % level)
        assert sc.result(lines) is None and overrules(lines, "foul"), level


def test_4_1_8_two_declared_breaches_lose_at_junior_level_and_the_other_fouls_do_not_count():
    # two declared 8.1.8: the second loses by 4.1.8 (not by three fouls);
    # another kind declared between them does not make a breach
    lines = sc.run("0 new level=junior\n0 setup\n100 start\n" + H2E2 + "2s cmd foul black 8.1.8 by=Li\n"
                   "3s cmd foul black 8.1.6 by=Li\n")
    assert sc.result(lines) is None
    lines = sc.run("0 new level=junior\n0 setup\n100 start\n" + H2E2 + "2s cmd foul black 8.1.8 by=Li\n"
                   "3s cmd foul black 8.1.8 by=Li\n")
    assert sc.result(lines)[:2] == ["1-0", "4.1.8"]


# -- a struck foul takes back the result it caused ---------------------------

def test_4_1_10_striking_the_third_foul_annuls_its_result_and_the_confirm_carries_none():
    lines = sc.run(START + "1s cmd foul red 8.1.6 by=Li\n2s cmd foul red 8.1.9 by=Li\n3s cmd foul red 8.1.1 by=Li\n"
                   "4s cmd unfoul 8 by=Li\n5s cmd resume\n" + H2E2.replace("1", "6") + "8s cmd resign black\n"
                   "9s cmd confirm\n")
    three = seq_of(lines, "RESULT", "0-1", "4.1.10")
    assert overrules(lines)[3] == ["unfoul", "red", "replaces=8", "by=Li", "8.1.1"]
    # the annulment names the result it replaces; play went on from there
    assert overrules(lines)[4] == ["annul", "replaces=%d" % three, "by=Li", "17.1"]
    assert sc.moves(lines) == ["h2e2"]
    confirm = sc.events(lines, "CONFIRM")[0]
    assert confirm[4:6] == ["1-0", "4.1.12"] and "fouls=2/0" in confirm and "4.1.10" not in confirm


def test_4_1_10_striking_a_foul_the_result_does_not_rest_on_leaves_it():
    # Black's foul struck after Red lost by three fouls: Red's result stands
    lines = sc.run(START + "0.5s cmd foul black 8.1.6 by=Li\n1s cmd foul red 8.1.6 by=Li\n2s cmd foul red 8.1.9 by=Li\n"
                   "3s cmd foul red 8.1.1 by=Li\n4s cmd unfoul 6 by=Li\n5s cmd confirm\n")
    assert overrules(lines, "annul") == []
    assert sc.events(lines, "CONFIRM")[0][4:6] == ["0-1", "4.1.10"]


def test_9_a_foul_is_struck_only_before_confirm():
    lines = sc.run(START + "1s cmd foul red 8.1.6 by=Li\n2s cmd resign red\n3s cmd confirm\n4s cmd unfoul 6 by=Li\n")
    assert any("confirmed (art. 9)" in x for x in refused(lines))
    assert overrules(lines, "unfoul") == []


# -- 5.10: a piece between points, then the clock pressed --------------------

def test_5_10_a_piece_between_points_then_the_press_is_a_move_not_a_foul():
    # Red's cannon is seen on no point when Red presses: by 5.10 a move was
    # made: no foul (8.1.7), ever a 4.1.9; when it lands on e2 the move is
    # recorded and the press made hands the clock over
    lines = sc.run(START + "1s lift h2\n1.5s press red\n2s place e2\n"
                   "4s lift h9\n4.2s place g7\n4.5s press black\n"
                   "5s lift h0\n5.5s press red\n6s place g2\n")
    assert [w[4:8] for w in sc.events(lines, "ALERT")][:1] == [["between", "put=h2", "clear=-", "5.10"]]
    assert not sc.events(lines, "FOUL") and sc.result(lines) is None
    assert [w[4:6] for w in sc.events(lines, "NOPRESS")] == [["red", "piece-between"]] * 2
    assert sc.moves(lines) == ["h2e2", "h9g7", "h0g2"]
    presses = sc.events(lines, "PRESS")
    assert [w[4] for w in presses] == ["red", "black", "red"]
    # Red's clock ran to the landing (2 s, and the sensors' settling), not to the press
    assert 600000 - 2000 < int(presses[0][5]) < 600000 - 1900


# -- 5.8: the arbiter's correction and what is counted after it --------------

CORRECTED = "4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - %d 1"  # a bare position no game above reaches
START_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def points(fen):
    """The occupied points of a FEN (presence: what the sensors see)."""
    held = set()
    for r, row in enumerate(fen.split()[0].split("/")):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                held.add("abcdefghi"[f] + str(9 - r))
                f += 1
    return held


def arrange(was, fen, t, gap=100):
    """Script lines that turn the pieces of position `was` into those of
    `fen` by hand from time t (the arbiter setting the corrected position
    on the board); returns them and the time after."""
    have, want = points(was), points(fen)
    spare, lines = sorted(have - want), []
    for p in sorted(want - have):
        lines += ["%d lift %s" % (t, spare.pop()), "%d place %s" % (t + gap, p)]
        t += 2 * gap
    for p in spare:
        lines.append("%d lift %s" % (t, p))
        t += gap
    return "\n".join(lines) + "\n", t + 500


def claim_after_correction(fen, extra=""):
    """From the start, `correct <fen>[ extra]`, the pieces set by hand, one
    quiet round (e0f0 e9d9), then Red's natural-limit claim: the lines."""
    script = START + "1s cmd correct %s%s\n" % (fen.replace(" ", "_"), extra)
    by_hand, t = arrange(START_FEN, fen, 1100)
    body, t = sc.play(["e0f0", "e9d9"], fen, t0=t)
    return sc.run(script + by_hand + "\n".join(body) + "\n%d cmd claim red natural\n" % t)


def test_4_2_4_after_a_correction_to_a_new_position_the_count_is_the_fens_and_a_true_claim_draws():
    # 59 rounds without a capture, as the arbiter states; one quiet round
    # more reaches the limit of 60: Red's claim draws (4.2.4)
    lines = claim_after_correction(CORRECTED % 118)
    assert sc.events(lines, "CORRECT")[0][4].endswith("_118_1")
    assert sc.events(lines, "CLAIM")[0][4:7] == ["red", "natural", "rounds=60"]
    assert sc.result(lines)[:2] == ["1/2-1/2", "4.2.4"] and not sc.events(lines, "FOUL")


def test_4_2_4_after_a_correction_count_sets_the_natural_limit_count():
    lines = claim_after_correction(CORRECTED % 0, " count=118")
    assert sc.events(lines, "CORRECT")[0][4].endswith("_118_1")
    assert sc.events(lines, "CLAIM")[0][4:7] == ["red", "natural", "rounds=60"]
    assert sc.result(lines)[:2] == ["1/2-1/2", "4.2.4"]


def test_4_2_4_after_a_correction_without_a_count_the_run_played_counts():
    # 4 quiet plies played, then a correction to a new position (halfmove 0,
    # no count=): the run played goes on, 4 plies + 2 = 3 rounds
    fen = "4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - 0 1"
    body, t = sc.play(["a0a1", "e9f9", "a1a0", "f9e9"], fen, t0=1000)
    moved = "4k4/9/9/9/9/9/9/9/R3A4/3AK4 w - - 0 1"
    script = "0 new tc=10m limit=3 fen=%s\n0 setup\n100 start\n" % fen.replace(" ", "_") + "\n".join(body) + \
        "\n%d cmd correct %s\n" % (t, moved.replace(" ", "_"))
    by_hand, t = arrange(fen, moved, t + 100)
    more, t2 = sc.play(["a1a2", "e9d9"], moved, t0=t)
    script += by_hand
    lines = sc.run(script + "\n".join(more) + "\n%d cmd claim red natural\n" % t2)
    assert sc.events(lines, "CORRECT")[0][4].endswith("_4_1")
    assert sc.events(lines, "CLAIM")[0][4:7] == ["red", "natural", "rounds=3"]
    assert sc.result(lines)[:2] == ["1/2-1/2", "4.2.4"]


def test_6_2_after_a_correction_back_the_quota_counts_only_the_moves_that_stand():
    # 1 minute for 2 moves, then 1 minute for 2 more. Red's h0g2 and Black's
    # i9h9 complete both quotas; the arbiter takes both back (5.8, to the
    # position before h0g2): each side's count is 1 again and the minute
    # those moves added is taken back, so Red's second move that stands
    # (i0i1) completes the quota and its press carries the stage (6.2).
    mv = ["h2e2", "h9g7", "h0g2", "i9h9"]
    script, t = sc.game(tc="1m/2,1m/2*", moves_iccs=mv)
    back = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
    lines = sc.run(script + "%d cmd correct %s\n" % (t, back.replace(" ", "_")) +
                   "%d lift g2\n%d place h0\n%d lift h9\n%d place i9\n" % (t + 200, t + 400, t + 600, t + 800) +
                   "%d lift i0\n%d place i1\n%d press red\n" % (t + 1500, t + 1700, t + 1900))
    assert sc.events(lines, "CORRECT") and sc.events(lines, "RESTORED")
    assert sc.moves(lines) == mv + ["i0i1"]
    presses = sc.events(lines, "PRESS")
    red = [w for w in presses if w[4] == "red"]
    assert ["stage" in w for w in red] == [False, True, True]
    # the minute i9h9 added is taken back from Black's clock (it stood still since)
    assert int(red[-1][6]) == int(presses[3][6]) - 60000
    # and Red's: one minute added in all, by i0i1, not two
    assert int(red[-1][5]) == int(presses[3][5]) - (int(red[-1][2]) - int(presses[3][2]))
    assert sc.result(lines) is None


BEFORE_H0G2 = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"  # after h2e2 h9g7


def back_one_ply(between="", tc="10m"):
    """h2e2 h9g7 h0g2 pressed (Black's clock runs), then at 4 s the arbiter
    corrects back to the position before h0g2 (Red to move), `between`
    (script lines) after it, g2 set back on h0 by hand, and Red's i0i1
    pressed at 9.4 s, Black's i9i8 at 12.4 s: the lines and the PRESSes."""
    script, t = sc.game(tc=tc, moves_iccs=["h2e2", "h9g7", "h0g2"])
    assert t == 4000
    lines = sc.run(script + "4000 cmd correct %s\n" % BEFORE_H0G2.replace(" ", "_") + between +
                   "6000 lift g2\n6200 place h0\n9000 lift i0\n9200 place i1\n9400 press red\n"
                   "12000 lift i9\n12200 place i8\n12400 press black\n")
    return lines, sc.events(lines, "PRESS")


def test_5_8_2_after_a_correction_back_by_one_ply_the_clock_runs_for_the_side_to_move():
    # Back one ply, Red is to move again: Red's clock runs from the
    # correction (the half second Black had spent stays Black's), Red's
    # press hands over and Black's clock runs from it; no NOPRESS, no foul.
    lines, presses = back_one_ply()
    assert sc.moves(lines) == ["h2e2", "h9g7", "h0g2", "i0i1", "i9i8"]
    assert [w[4] for w in presses] == ["red", "black", "red", "red", "black"]
    assert not sc.events(lines, "NOPRESS") and not sc.events(lines, "FOUL")
    red_at_h0g2, black_at_h0g2 = int(presses[2][5]), int(presses[2][6])
    # (the board's ms are its simulated time: exact, whatever the load)
    assert int(presses[3][5]) == red_at_h0g2 - (9400 - 4000)
    assert int(presses[3][6]) == black_at_h0g2 - (4000 - 3500)
    assert int(presses[4][6]) == black_at_h0g2 - 500 - (12400 - 9400)
    assert int(presses[4][5]) == int(presses[3][5])


def test_5_8_2_a_correction_back_by_one_ply_while_paused_survives_a_power_cut():
    # The arbiter pauses, corrects back one ply, the power goes and comes
    # back; resumed, it is Red's clock that runs (the CORRECT's clock
    # snapshot carries the side handed to), Black's stands still.
    lines, presses = back_one_ply("4100 cmd pause\n4500 power off\n5000 power on\n5500 cmd resume\n")
    assert sc.events(lines, "POWER")
    assert [w[4] for w in presses] == ["red", "black", "red", "red", "black"]
    assert not sc.events(lines, "NOPRESS") and not sc.events(lines, "FOUL")
    red_at_h0g2, black_at_h0g2 = int(presses[2][5]), int(presses[2][6])
    # Red's time ran from the correction to the pause and from the resume on
    assert int(presses[3][5]) == red_at_h0g2 - (4100 - 4000) - (9400 - 5500)
    assert int(presses[3][6]) == black_at_h0g2 - 500


def test_6_1_after_a_correction_back_the_undone_moves_increment_is_taken_back():
    # 10 s a move (6.1): h0g2's press earned Red 10 s; the arbiter takes
    # h0g2 back, so Red's clock loses those 10 s, and i0i1's press earns
    # them again: Red's time is as if h0g2 had never been made. Through a
    # power cut too (the CORRECT's record carries the clock taken back).
    lines, presses = back_one_ply(tc="10m+10s")
    red_at_h0g2 = int(presses[2][5])
    assert int(presses[3][5]) == red_at_h0g2 - 10000 - (9400 - 4000) + 10000
    lines, presses = back_one_ply("4100 cmd pause\n4500 power off\n5000 power on\n5500 cmd resume\n", tc="10m+10s")
    assert sc.events(lines, "POWER") and not sc.events(lines, "FOUL")
    red_at_h0g2 = int(presses[2][5])
    assert int(presses[3][5]) == red_at_h0g2 - 10000 - (4100 - 4000) - (9400 - 5500) + 10000


def test_6_1_a_move_made_and_not_pressed_then_taken_back_had_earned_no_increment():
    # h0g2 made, never pressed (Red's clock runs on): taken back, Red's
    # time keeps every increment its presses earned, and only those
    script, t = sc.game(tc="10m+10s", moves_iccs=["h2e2", "h9g7"])
    lines = sc.run(script + "3100 lift h0\n3300 place g2\n8000 cmd correct %s\n" % BEFORE_H0G2.replace(" ", "_") +
                   "9000 lift g2\n9200 place h0\n10000 lift i0\n10200 place i1\n10400 press red\n")
    # (the board commits h0g2 once the hand has left it a while, 5.7)
    assert int(sc.events(lines, "MOVE")[2][2]) < int(sc.events(lines, "CORRECT")[0][2])
    presses = sc.events(lines, "PRESS")
    assert [w[4] for w in presses] == ["red", "black", "red"]
    assert sc.moves(lines) == ["h2e2", "h9g7", "h0g2", "i0i1"]
    # Red's clock ran from Black's press (2.5 s) to i0i1's (10.4 s), one increment earned
    assert int(presses[2][5]) == int(presses[1][5]) - (10400 - 2500) + 10000


def test_6_2_and_6_1_after_a_correction_back_two_plies_the_stage_time_and_increments_are_taken_back():
    # 1 minute for 2 moves, 5 s a move, then 1 minute for 2 more, 3 s a
    # move: h0g2 and i9h9 each completed the first quota (+1 minute) and
    # earned its 5 s; both taken back, each side loses 65 s; Red's i0i1
    # then completes the quota again (+1 minute, +5 s), Black's clock
    # stood still at 65 s less.
    mv = ["h2e2", "h9g7", "h0g2", "i9h9"]
    script, t = sc.game(tc="1m/2+5s,1m/2+3s*", moves_iccs=mv)
    lines = sc.run(script + "%d cmd correct %s\n" % (t, BEFORE_H0G2.replace(" ", "_")) +
                   "%d lift g2\n%d place h0\n%d lift h9\n%d place i9\n" % (t + 200, t + 400, t + 600, t + 800) +
                   "%d lift i0\n%d place i1\n%d press red\n" % (t + 1500, t + 1700, t + 1900))
    assert sc.moves(lines) == mv + ["i0i1"]
    presses = sc.events(lines, "PRESS")
    red = [w for w in presses if w[4] == "red"]
    assert ["stage" in w for w in red] == [False, True, True]
    assert int(red[-1][6]) == int(presses[3][6]) - 65000
    # Red: the time run since i9h9's press, 65 s taken back, 65 s earned again
    assert int(red[-1][5]) == int(presses[3][5]) - (int(red[-1][2]) - int(presses[3][2]))
    assert sc.result(lines) is None


def test_5_8_2_after_a_correction_back_in_byo_yomi_the_periods_stand_and_no_main_time_is_made():
    # 2 s, then 3 periods of 10 s: Red is in its periods when h0g2 is taken
    # back. Red's time stays that: no period turned into main time, so
    # i0i1 pressed 5.4 s into a period keeps a full one (10 s on the face),
    # and left to run, Red flags when the three periods are gone (30 s).
    tc = "2sbyo3x10s"
    lines, presses = back_one_ply(tc=tc)
    assert int(presses[2][5]) == 10000  # h0g2 ran into the periods (0.4 s)
    assert int(presses[3][5]) == 10000 and sc.result(lines) is None
    script, t = sc.game(tc=tc, moves_iccs=["h2e2", "h9g7", "h0g2"])
    lines = sc.run(script + "4000 cmd correct %s\n6000 lift g2\n6200 place h0\n40000 cmd pause\n"
                   % BEFORE_H0G2.replace(" ", "_"))
    assert sc.events(lines, "FLAG")[0][4:] == ["red", "at=34000", "4.1.6"]


def test_5_8_2_back_two_plies_in_byo_yomi_the_period_running_runs_on():
    # Red is 5 s into a period of 10 s when the arbiter takes back h0g2
    # and i9h9: Red is still to move, its clock runs on in that period
    # (no new period begins at the correction): Red flags when the three
    # periods from i9h9's press are gone, at 4.5 s + 30 s.
    script, t = sc.game(tc="2sbyo3x10s", moves_iccs=["h2e2", "h9g7", "h0g2", "i9h9"])
    lines = sc.run(script + "9500 cmd correct %s\n10000 lift g2\n10200 place h0\n10400 lift h9\n"
                   "10600 place i9\n50000 cmd pause\n" % BEFORE_H0G2.replace(" ", "_"))
    assert [w[4] for w in sc.events(lines, "PRESS")][-1] == "black"
    assert sc.events(lines, "FLAG")[0][4:] == ["red", "at=34500", "4.1.6"]


def test_5_8_2_back_past_the_quota_a_side_in_its_periods_has_no_time():
    # 2 s for 1 move, then 1 s and 3 periods of 10 s: Red's h2e2 met the
    # quota, h0g2 ran into the periods. Back to the start, Red's quota is
    # unmet again, its second's stage given back and periods not counting
    # there: no time is left, Red flags at once (21.3), as the arbiter sees.
    script, t = sc.game(tc="2s/1,1sbyo3x10s", moves_iccs=["h2e2", "h9g7"])
    lines = sc.run(script + "4100 lift h0\n4300 place g2\n4500 press red\n5000 cmd correct %s\n"
                   % START_FEN.replace(" ", "_"))
    assert int(sc.events(lines, "PRESS")[-1][5]) == 10000  # in its periods
    correct = sc.events(lines, "CORRECT")[0]
    flag = sc.events(lines, "FLAG")[0]
    assert flag[1:3] == [str(int(correct[1]) + 1), "5000"] and flag[4:] == ["red", "at=5000", "4.1.6"]
    assert sc.result(lines)[:2] == ["0-1", "4.1.6"]


# -- a repetition claimed, its grace and its ruling survive a power cut ------

CHASE = "4k4/9/9/2n3n2/9/9/9/2R6/9/3K5 w - - 0 1"  # the chariot chases both horses
CYCLE = ["c2g2", "e9e8", "g2c2", "e8e9"]


def test_4_1_5_a_claimed_ruling_in_its_grace_survives_a_power_cut():
    script, t = sc.game(CHASE, moves_iccs=CYCLE * 2)
    script += "%d cmd claim black repetition\n" % t
    # the power goes in the grace; back on, the arbiter resumes, Red repeats
    body, t2 = sc.play(CYCLE, t0=t + 4000, fen=CHASE)
    script += "%d power off\n%d power on\n%d cmd resume\n" % (t + 1000, t + 2000, t + 3000) + "\n".join(body) + "\n"
    lines = sc.run(script)
    claim = sc.events(lines, "CLAIM")[0]
    assert claim[4:6] == ["black", "repetition"] and claim[-1] == "4.1.5" and "verdict=red-must-vary" in claim
    assert sc.events(lines, "POWER")
    assert sc.result(lines)[:2] == ["0-1", "4.1.5"]


def test_23_5_2_a_claimed_ruling_lapses_after_a_power_cut_when_varied():
    script, t = sc.game(CHASE, moves_iccs=CYCLE * 2)
    script += "%d cmd claim black repetition\n%d power off\n%d power on\n%d cmd resume\n" % (
        t, t + 1000, t + 2000, t + 3000)
    varied = ["c2c3", "e9e8", "c3c2", "e8e9"]
    body, t2 = sc.play(varied, t0=t + 4000, fen=CHASE)
    lines = sc.run(script + "\n".join(body) + "\n")
    assert [w[4:6] for w in sc.events(lines, "REPETITION")][-1] == ["varied", "23.5.2"]
    assert sc.result(lines) is None


# -- a game ended by the rules reopens only by a correction or a replaced result

def test_4_1_1_resume_after_a_mate_is_refused_with_the_reason():
    script, t = sc.game(MATE_IN_1, moves_iccs=["a0a9"])
    lines = sc.run(script + "%d cmd resume by=Li\n%d cmd resign red\n" % (t, t + 100))
    assert sc.result(lines)[:2] == ["1-0", "4.1.1"]
    assert any("ended by 4.1.1 (mate)" in x and "resume lifts only a flag" in x for x in refused(lines))
    assert not sc.events(lines, "OVERRULE") and not sc.events(lines, "RESUME")


def test_4_1_12_resume_after_a_resignation_is_refused():
    lines = sc.run(START + "1s cmd resign black\n2s cmd resume by=Li\n")
    assert any("ended by 4.1.12" in x for x in refused(lines))
    assert len(sc.events(lines, "RESULT")) == 1 and not sc.events(lines, "OVERRULE")


# -- 21.3: a clock set to nothing ---------------------------------------------

def test_21_3_adjust_red_0_on_reds_turn_flags_red_at_once():
    lines = sc.run(START + "5s cmd adjust red 0\n6s lift h2\n6.2s place e2\n6.5s press red\n"
                   "8s cmd adjust red 60000\n9s cmd resume by=Li\n")
    adjust = sc.events(lines, "ADJUST")[0]
    flag = sc.events(lines, "FLAG")[0]
    assert int(flag[1]) == int(adjust[1]) + 1 and flag[4:] == ["red", "at=5000", "4.1.6"]
    assert sc.result(lines)[:2] == ["0-1", "4.1.6"]
    # the arbiter sees it and may lift it (21.5): play goes on with Red to move
    assert overrules(lines, "annul")[0][1] == "replaces=%d" % seq_of(lines, "RESULT", "0-1", "4.1.6")
    assert sc.events(lines, "RESUME")


# -- 6.2: the press that completes a stage says so -----------------------------

def test_6_2_the_press_that_completes_a_stage_carries_stage():
    script, t = sc.game(tc="1m/2,1m/2*", moves_iccs=["h2e2", "h9g7", "h0g2", "i9h9"])
    lines = sc.run(script)
    presses = sc.events(lines, "PRESS")
    assert ["stage" in w for w in presses] == [False, False, True, True]
    assert presses[2][-1] == "6.2" and presses[3][-1] == "6.2"
