"""The Intake's replay requests (no broker): a gap is asked for once it
lasted GAP_GRACE s, again after ASK_AGAIN s, then twice as long each time nothing came (a
logger that no longer holds the game, e.g. an old game's retained state on
the broker, is not asked every second all day); an event that moves the
head makes the next request come soon again."""
import json

from xqboard.hall.envelope import Envelope, state_topic
from xqboard.hall.intake import ASK_AGAIN, ASK_AT_MOST, GAP_GRACE, Intake
from xqboard.hall.eventdb import Store
from xqboard.hall.wire import decode


def state(device, game, seq, logger="pc1"):
    # as the subscriber hands it on: decoded from its retained message (hall/wire.py)
    return decode(state_topic(logger, device), json.dumps({"device": device, "game": game, "seq": seq,
                                                           "logger": logger}))[1]


def asked_at(intake, times):
    return [t for t in times if intake.gaps(now=t)]


def test_a_gap_nobody_fills_is_asked_for_less_and_less_often():
    intake = Intake(Store(":memory:"), None)
    intake.take_state(state("old", 3, 40))  # a retained state of a game this store never saw
    times = [i * 0.5 for i in range(0, 2 * 200)]
    assert GAP_GRACE == 0.5 and ASK_AGAIN == 1.0 and ASK_AT_MOST == 60.0
    assert asked_at(intake, times) == [0.5, 1.5, 3.5, 7.5, 15.5, 31.5, 63.5, 123.5, 183.5]  # then once a minute
    assert intake.gaps(now=243.5) == [("pc1", "old", 3, 1)]


def test_an_event_that_moves_the_head_brings_the_next_request_soon():
    intake = Intake(Store(":memory:"), None)
    intake.take_state(state("b1", 1, 3))
    assert intake.gaps(now=-GAP_GRACE) == []  # (a gap is seen, and waited for a moment)
    assert [intake.gaps(now=t) != [] for t in (0.0, 1.0, 2.0, 3.0)] == [True, True, False, True]  # waits 1, 2
    intake.take([Envelope("b1", 1, 1, "E 1 0 SETUP ready", logger="pc1")])
    assert intake.gaps(now=3.0 + ASK_AGAIN - 0.01) == []
    assert intake.gaps(now=3.0 + ASK_AGAIN) == [("pc1", "b1", 1, 2)]  # the head moved: after ASK_AGAIN, not 4 s
    assert intake.gaps(now=3.0 + 2 * ASK_AGAIN) == [("pc1", "b1", 1, 2)]  # (nothing came since: then 2 s)
    assert intake.gaps(now=3.0 + 3 * ASK_AGAIN) == []
