"""The hall under load and faults (xqboard.hall.loadrun): replay boards,
logger processes of `xqboard log --mqtt`, a Mosquitto of our own restarted
mid-run and a logger killed mid-run; every event must reach the Hub once
and in order, and every confirmed result the event file. The quick size
runs in `make test`; the issue's size (200 boards, 4 loggers, 5 minutes)
in `make bench` (bench/bench_hall.py prints its figures)."""
import pytest

from xqboard.hall.loadrun import report, run_load


def check(f):
    assert f["lost"] == 0 and f["duplicates_delivered"] == 0 and f["out_of_order"] == 0, report(f)
    assert f["delivered"] == f["sent"], report(f)
    assert f["results_written"] == f["results_expected"] and f["flags"] == 0, report(f)


def test_a_small_hall_with_a_broker_restart_and_a_logger_kill(tmp_path, broker):
    # (`broker` only skips the test without mosquitto: the run starts its own)
    # Games cut to 30 plies (66 events): every board ends game 1 (round 1, confirmed) and plays on.
    f = run_load(tmp_path, boards=12, loggers=2, every=0.1, duration=30, say=lambda s: None, plies=30)
    check(f)
    assert f["rate"] > 30, report(f)  # 12 boards at 10 events/s each (the boards' thread is late on a busy machine)
    assert f["results_expected"] == 12, report(f)  # each game 1 confirmed (art. 9) is in the event file


@pytest.mark.bench
def test_200_boards_4_loggers_for_a_minute(tmp_path, broker):
    f = run_load(tmp_path, boards=200, loggers=4, every=1.0, duration=60, say=lambda s: None)
    check(f)
    assert f["rate"] >= 200 * 0.95
