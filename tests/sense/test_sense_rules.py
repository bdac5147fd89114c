"""The recogniser, article by article, in the MicroPython unix port: a
physical action script (tests/mp/sense_play.py) drives the stable occupancy
of a bitmap of 90 points; the events are compared line by line.

Event lines: kind, instant, move, article, [points], info (events.text()).
MOVE info flags: 1 suicide, 2 capture, 4 final by press, 8 by the
opponent's lift or reply, 16 by the settle time, 32 by an alert."""
import pytest

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def play(mp, script, fen=None, kinds=None, settle=2000, t0=1000, extra=""):
    code = """
from sense_play import Play
b = Play(%r, %d, %d)
b.do(%r)
%s
b.show(%r)
""" % (fen, settle, t0, script, extra, kinds)
    return [l for l in mp.run(code).splitlines() if l]


def kinds(lines, *names):
    return [l for l in lines if l.split()[0] in names]


# -- set-up ------------------------------------------------------------------

def test_setup_shows_wrong_points_and_records_who_confirmed(mp):
    code = """
from sense_play import Play
from sense import report
from xq.squares import parse, point
b = Play(confirm=False)
b.occ[point(parse('b0'))] = 0      # a horse missing
b.occ[point(parse('e4'))] = 1      # a piece too many
b.log(b.rec.feed(1100, b.occ))
b.log(b.rec.confirm(1200, 'players'))   # refused: still wrong
b.occ[point(parse('b0'))] = 1
b.occ[point(parse('e4'))] = 0
b.log(b.rec.feed(1300, b.occ))
b.log(b.rec.confirm(1400, 'players'))
b.events = b.events[1:]
b.show()
"""
    lines = mp.run(code).splitlines()
    assert lines == [
        "setup 1000 - - [] ",
        "setup 1100 - - [b0 e4] b0",
        "setup 1200 - - [b0 e4] b0",
        "setup 1300 - - [] ",
        "setup_ok 1400 - - [] players",
    ]


def test_setup_against_a_fen(mp):
    fen = "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"
    code = """
from sense_play import Play
b = Play(%r, confirm=False)
print(b.rec.confirm(b.t, 'host')[0][5], b.rec.pos.fen())
""" % fen
    assert mp.run(code).split()[0] == "host"


# -- moves and finality (5.7) ------------------------------------------------

def test_5_7_plain_move_final_after_settle_dated_at_placement(mp):
    lines = play(mp, "-h2 +e2 w1900", extra="print('prov', b.rec.provisional(), len(b.moves()))\nb.do('w200')")
    assert lines[0].startswith("prov ") and lines[0].endswith(" 0") and lines[0] != "prov 0 0"
    assert kinds(lines, "move") == ["move 1200 h2e2 - [h2 e2] 16"]


def test_5_7_move_final_on_press(mp):
    assert kinds(play(mp, "-h2 +e2 P0"), "move") == ["move 1200 h2e2 - [h2 e2] 4"]


def test_5_7_move_final_on_opponents_first_lift_fast_reply(mp):
    # Black lifts 30 ms after the placement: Red's move is final, dated at
    # its placement, and Black's reply follows.
    lines = play(mp, "-h2 +e2 t30 -h9 +g7 w2100")
    assert kinds(lines, "move") == ["move 1200 h2e2 - [h2 e2] 8", "move 1330 h9g7 - [h9 g7] 16"]


def test_5_7_adjusting_the_piece_continues_the_same_move(mp):
    # Placed on e2, lifted again within the settle time, put on d2: one move.
    lines = play(mp, "-h2 +e2 t1500 -e2 +d2 w2100")
    assert kinds(lines, "move") == ["move 2800 h2d2 - [h2 d2] 16"]


def test_slide_across_empty_points_is_one_move(mp):
    # The chariot slides a0 -> a1 -> a2: a1 is a legal stop, never a move.
    lines = play(mp, "-a0 +a1 t300 -a1 +a2 w2100")
    assert kinds(lines, "move") == ["move 1600 a0a2 - [a0 a2] 16"]


@pytest.mark.parametrize("script", [
    "-h2 -h9 +h9",          # capturing piece first
    "-h9 -h2 +h9",          # captured piece first
    "-h2 t500 -h9 t80 +h9",  # the captured piece leaves only briefly (at least the hold, 60 ms)
])
def test_capture_in_either_lift_order(mp, script):
    lines = play(mp, script + " w2100")
    assert [l.split()[2] for l in kinds(lines, "move")] == ["h2h9"]
    assert kinds(lines, "move")[0].endswith(" 18")  # capture, by settle
    assert not kinds(lines, "touch", "alert", "duty")


@pytest.mark.parametrize("reply", ["t40 -a5 -a9 +a5", "t40 -a9 -a5 +a5"])
def test_fast_reply_taking_the_piece_just_moved(mp, reply):
    # Red's chariot goes to a5; Black's chariot takes it 40 ms later, in
    # either lift order. Red's move is final, dated at its placement.
    fen = "rnbakabnr/9/1c5c1/2p1p1p1p/9/9/2P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    lines = play(mp, "-a0 +a5 " + reply + " w2100", fen=fen)
    assert kinds(lines, "move") == ["move 1200 a0a5 - [a0 a5] 8", "move 1440 a9a5 - [a9 a5] 18"]
    assert not kinds(lines, "alert", "touch", "duty")


def test_3_4_suicide_is_a_move_marked_for_the_game_layer(mp):
    # The red advisor on e1 screens the generals: moving it away opens the
    # file (flying general). It obeys the movement rules, so it is a move,
    # marked 3.4 (the game layer rules 4.1.3).
    fen = "4k4/9/9/9/9/9/9/9/4A4/4K4 w - - 0 1"
    lines = play(mp, "-e1 +d2 w2100", fen=fen)
    assert kinds(lines, "move") == ["move 1200 e1d2 3.4 [e1 d2] 17"]


# -- touch-move (5.1 - 5.5) ------------------------------------------------------

def test_5_1_touched_own_piece_must_move(mp):
    lines = play(mp, "-h2 +h2 -b2 +e2 w2100")
    assert kinds(lines, "touch") == ["touch 1100 - 5.1 [h2] 6"]
    assert kinds(lines, "duty") == ["duty 1400 b2e2 5.1 [h2] 0"]


def test_5_1_kept_when_the_touched_piece_moves(mp):
    lines = play(mp, "-h2 +h2 -h2 +e2 w2100")
    assert kinds(lines, "touch") == ["touch 1100 - 5.1 [h2] 6"]
    assert kinds(lines, "move") == ["move 1400 h2e2 - [h2 e2] 16"]
    assert not kinds(lines, "duty")


def test_8_1_5_touching_an_opposing_piece_none_can_take(mp):
    # No red piece can take the soldier on a6: no duty, a foul to witness.
    lines = play(mp, "-a6 +a6 -h2 +e2 w2100")
    assert kinds(lines, "touch") == ["touch 1100 - 8.1.5 [a6] 15"]
    assert not kinds(lines, "duty")


def test_5_2_touched_opposing_piece_must_be_captured(mp):
    # The red cannon h2 can take the horse h9: touching h9 binds Red to it.
    lines = play(mp, "-h9 +h9 -b2 +e2 w2100")
    assert kinds(lines, "touch") == ["touch 1100 - 5.2 [h9] 12"]
    # Moving a piece touches it too: the duty of 5.2 is then read in the
    # order of 5.4 (opposing first): another piece must take h9 (5.4.2).
    assert kinds(lines, "duty") == ["duty 1400 b2e2 5.4.2 [b2 h9] 0"]
    kept = play(mp, "-h9 +h9 -h2 -h9 +h9 w2100")
    assert [l.split()[2] for l in kinds(kept, "move")] == ["h2h9"] and not kinds(kept, "duty")


def test_5_3_own_then_opposing(mp):
    # 5.3.1: the own piece touched first (h2) can take the opposing one (h9).
    lines = play(mp, "-h2 +h2 -h9 +h9 -b2 +e2 w2100")
    assert [l.split()[3] for l in kinds(lines, "touch")] == ["5.1", "5.3.1"]
    assert kinds(lines, "duty") == ["duty 1600 b2e2 5.3.1 [h2 h9] 0"]
    # 5.3.2: h2 cannot take the soldier a6, so h2 must move.
    lines = play(mp, "-h2 +h2 -a6 +a6 -b2 +e2 w2100")
    assert [l.split()[3] for l in kinds(lines, "touch")] == ["5.1", "5.3.2"]
    assert kinds(lines, "duty") == ["duty 1600 b2e2 5.3.2 [h2 a6] 0"]


def test_5_4_opposing_then_own(mp):
    # 5.4.2: h9 touched first, then b2, which cannot take it; another piece
    # (the cannon h2) can, so h9 must be taken.
    lines = play(mp, "-h9 +h9 -b2 +b2 -a3 +a4 w2100")
    assert [l.split()[3] for l in kinds(lines, "touch")] == ["5.2", "5.4.2"]
    assert kinds(lines, "duty") == ["duty 1600 a3a4 5.4.2 [b2 h9] 0"]
    # 5.4.1: h9 first, then h2, which can take it: h2 must.
    lines = play(mp, "-h9 +h9 -h2 +h2 -h2 +e2 w2100")
    assert kinds(lines, "duty") == ["duty 1600 h2e2 5.4.1 [h2 h9] 0"]


def test_5_5_both_at_once_in_the_order_of_5_4(mp):
    code = """
from sense_play import Play
from xq.squares import parse, point
b = Play()
b.adv(100)
b.occ[point(parse('h2'))] = 0; b.occ[point(parse('h9'))] = 0
b.log(b.rec.feed(b.t, b.occ))
b.adv(100)
b.occ[point(parse('h2'))] = 1; b.occ[point(parse('h9'))] = 1
b.log(b.rec.feed(b.t, b.occ))
b.do('-a3 +a4 w2100')
b.show(['touch', 'duty'])
"""
    lines = mp.run(code).splitlines()
    assert [l.split()[3] for l in lines if l.startswith("touch")] == ["5.5/5.4.1", "5.5/5.4.1"]
    assert [l for l in lines if l.startswith("duty")] == ["duty 1400 a3a4 5.5/5.4.1 [h2 h9] 0"]


# -- alerts (4.1.8, 5.8.2, 5.8.3, 5.9, 5.10) and presses (8.1.7) ----------------

def test_4_1_8_breach_alerts_then_5_8_3_piece_counts_as_touched(mp):
    # The horse b0 put on b1 breaks the movement rules: no move, an alert
    # with both points after the settle time; once restored, b0 counts as
    # touched (5.8.3) and Red must move it (5.1).
    lines = play(mp, "-b0 +b1 w2100 -b1 +b0 -h2 +e2 w2100")
    # (the alert is sent again as the points are put back)
    assert kinds(lines, "alert") == ["alert 1200 - 4.1.8 [b0 b1] b0", "alert 3400 - 4.1.8 [b0] b0"]
    assert kinds(lines, "restored")[0].split()[3] == "4.1.8"
    assert kinds(lines, "touch") == ["touch 3500 - 5.8.3 [b0] 4"]
    assert kinds(lines, "move") == ["move 3700 h2e2 - [h2 e2] 16"]
    assert kinds(lines, "duty") == ["duty 3700 h2e2 5.1 [b0] 0"]


def test_4_1_8_breach_alert_at_once_on_press(mp):
    lines = play(mp, "-b0 +b1 P0")
    assert kinds(lines, "alert") == ["alert 1200 - 4.1.8 [b0 b1] b0"]
    assert not kinds(lines, "move")


def test_5_8_2_displaced_piece(mp):
    # Black's soldier a6 knocked onto a5 while Red thinks.
    lines = play(mp, "-a6 +a5 w2100 -a5 +a6 -h2 +e2 P0")
    assert kinds(lines, "alert")[0] == "alert 1200 - 5.8.2 [a5 a6] a6"
    assert kinds(lines, "move") == ["move 3700 h2e2 - [h2 e2] 4"]
    assert not kinds(lines, "touch", "duty")  # knocked pieces are not touches


def test_5_9_knocked_pieces_points_follow_the_restoring(mp):
    lines = play(mp, "-a6 +a5 -c6 +c5 w2100 -a5 +a6 -c5 +c6 -h2 +e2 P0")
    alerts = kinds(lines, "alert")
    assert alerts[0] == "alert 1200 - 5.9 [a5 c5 a6 c6] a6,c6"
    assert [a.split("[")[1].split("]")[0] for a in alerts[1:]] == ["c5 a6 c6", "c5 c6", "c6"]
    assert kinds(lines, "move") == ["move 4100 h2e2 - [h2 e2] 4"]


def test_5_9_piece_added(mp):
    lines = play(mp, "+e4 w2100 -e4 -h2 +e2 P0")
    assert kinds(lines, "alert") == ["alert 1100 - 5.9 [e4] "]
    assert kinds(lines, "move") == ["move 3500 h2e2 - [h2 e2] 4"]


def test_5_10_press_with_the_piece_between_points(mp):
    # Red presses while the cannon is seen on no point: 5.10 alert and a
    # press without a move; once it lands on a point the move is final.
    lines = play(mp, "-h2 P0 +e2")
    assert kinds(lines, "alert") == ["alert 1200 - 5.10 [h2] h2"]
    assert kinds(lines, "nomove") == ["nomove 1200 - 8.1.7 [h2] 0"]
    assert kinds(lines, "move") == ["move 1300 h2e2 - [h2 e2] 4"]


def test_8_1_7_press_without_having_moved(mp):
    lines = play(mp, "P0 -h2 +e2 P0 P0")
    assert kinds(lines, "nomove") == ["nomove 1100 - 8.1.7 [] 0", "nomove 1500 - 8.1.7 [] 0"]
    # A move made final by the settle time still counts as moved.
    assert not kinds(play(mp, "-h2 +e2 w2500 P0"), "nomove")


def test_no_alert_while_a_move_is_in_progress(mp):
    # A piece in the hand, a capture half done: never an alert by time.
    lines = play(mp, "-h2 w10000 -h9 w10000 +h9 w2100")
    assert not kinds(lines, "alert", "nomove")
    assert [l.split()[2] for l in kinds(lines, "move")] == ["h2h9"]


def test_reset_follows_an_arbiters_position(mp):
    fen = "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    code = """
from sense_play import Play
from xq.squares import parse, point
b = Play()
b.log(b.rec.reset(b.t, %r))
b.do('-h7 +e7 w100 -h2 +e2 P0')
b.show()
""" % fen
    lines = mp.run(code).splitlines()[3:]
    assert lines[0] == "alert 1000 - - [e7 h7] e7" and lines[1].startswith("alert ")
    assert lines[2].startswith("restored ")
    assert lines[3] == "move 1500 h2e2 - [h2 e2] 4"


def test_instants_across_the_tick_wrap(mp):
    t0 = (1 << 30) - 150
    lines = play(mp, "-h2 +e2 t30 -h9 +g7 w2100", t0=t0)
    assert kinds(lines, "move") == [
        "move 50 h2e2 - [h2 e2] 8",   # t0 + 200, past the wrap
        "move 180 h9g7 - [h9 g7] 16",
    ]


def test_8_1_7_a_late_press_for_the_move_before_is_no_foul(mp):
    # Red moves, Black replies at once, Red lifts his next piece and only
    # then presses: that press is for h2e2, not a press without a move.
    lines = play(mp, "-h2 +e2 t40 -h9 +g7 -b0 P0 +c2 P0")
    assert not kinds(lines, "nomove", "alert")
    assert [l.split()[2] for l in kinds(lines, "move")] == ["h2e2", "h9g7", "b0c2"]


@pytest.mark.parametrize("script, name, art", [
    ("-b0 +b1 P0", "breach", "4.1.8"),                 # 4.1.8, by the points
    ("-a0 -a9 +a9 P0", "breach", "4.1.8"),             # 4.1.8, a capture no rule allows
    ("-a6 +a5 w2100", "displaced", "5.8.2"),
    ("+e4 w2100", "knocked", "5.9"),
    ("-h2 P0", "between", "5.10"),
])
def test_alert_kinds_carry_their_article(mp, script, name, art):
    # An ALERT's `what` is its kind; the article comes with the kind, and
    # RESTORED repeats both.
    code = """
from sense_play import Play
from sense import report
b = Play()
b.do(%r)
for e in b.events:
    if e[report.KIND] in (report.ALERT, report.RESTORED):
        print(report.ALERT_NAMES[e[report.WHAT]], e[report.ART], report.ALERT_ARTICLES[e[report.WHAT]] == e[report.ART])
""" % script
    lines = mp.run(code).splitlines()
    assert lines and lines[0] == "%s %s True" % (name, art), lines


def test_reset_alert_kind_is_position(mp):
    code = """
from sense_play import Play
from sense import report
b = Play()
e = b.rec.reset(b.t, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1")[0]
print(e[report.KIND] == report.ALERT, e[report.WHAT] == report.POSITION, repr(e[report.ART]))
"""
    assert mp.run(code).split() == ["True", "True", "''"]


def test_provisional_move_and_its_instant_are_read_out(mp):
    # The app hands the game layer the provisional move and the instant of
    # the placement that completed it (its time for a flag, 21.6).
    code = """
from sense_play import Play
b = Play()
print(b.rec.provisional(), b.rec.provisional_at())
b.do('-h2 +e2 t500 -e2 +d2')
print(b.rec.provisional(), b.rec.provisional_at())
b.do('P0')
print(b.rec.provisional(), b.rec.provisional_at())
"""
    from xqboard.core import squares
    lines = mp.run(code).splitlines()
    assert lines[0] == "0 0"
    assert lines[1] == "%d 1800" % squares.parse_move("h2d2")  # +d2 at 1800
    assert lines[2] == "0 0"


# -- weak magnets (issue 14: sense/holds.py) --------------------------------

def test_a_dropout_of_a_still_piece_is_no_touch_5_1(mp):
    # The black horse on h9 vanishes from its sensor for 30 ms (a weak
    # magnet): no touch of it (5.2 would bind Red's move), no alert.
    lines = play(mp, "-h9 t30 +h9 w500 -h2 +e2 w2100")
    assert kinds(lines, "move", "touch", "duty", "alert") == ["move 1830 h2e2 - [h2 e2] 16"]


def test_a_lift_held_for_the_hold_is_a_touch_5_1(mp):
    # Lifted 70 ms, longer than the hold (60 ms): a real touch, dated at the
    # lift, and the duty it makes (5.1: the touched own piece must move).
    lines = play(mp, "-b0 t70 +b0 w500 -h2 +e2 w2100")
    assert kinds(lines, "touch") == ["touch 1100 - 5.1 [b0] 4"]
    assert kinds(lines, "duty") == ["duty 1870 h2e2 5.1 [b0] 0"]


def test_a_dropout_during_a_slide_does_not_end_the_move_5_7(mp):
    # The chariot slides a0 -> a1 -> a2; while it rests on a1 a black piece
    # drops out for 40 ms. Read as the opponent's first lift it would make
    # a0a1 final (5.7); held, it is nothing, and the slide is one move.
    lines = play(mp, "-a0 +a1 t150 -b9 t40 +b9 t150 -a1 +a2 w2100")
    assert kinds(lines, "move") == ["move 1640 a0a2 - [a0 a2] 16"]
    assert not kinds(lines, "touch", "alert", "duty")


def test_a_quicker_swap_than_the_hold_is_a_dropout_and_the_press_alerts_5_10(mp):
    # The captured piece off its point for 30 ms only: the board cannot
    # tell it from a dropout while the chariot is in the hand, so it sees
    # the chariot in no point and says so at the press (5.10, 8.1.7): an
    # alert for the arbiter, never a wrong move.
    lines = play(mp, "-h2 t500 -h9 t30 +h9 P0 w2100")
    assert kinds(lines, "alert", "nomove", "move") == [
        "alert 1730 - 5.10 [h2] h2", "nomove 1730 - 8.1.7 [h2] 0"]
