"""A press's time is its lever's edge, even when it lands in a long step
(issue 23): on a Pico the lever's interrupt stamps it (boards/device.py,
Lever); here the runner stamps a scripted press at the script's time
(boards/qemu.py, press_tick), so the board's events carry the same times as
the unix port's, where no step takes any time (art. 6: the clock stops when
the lever is pressed)."""
from board import scenarios as sc  # tests/ is on sys.path (pytest rootdir)
from xqboard.target import emulator

# Red's press at 1.4 s is the longest kind of step (press to MOVE, its
# journal written to flash: ~150 ms here, page programs and a sector erase
# with timing="max"); Black presses at 1.45 s, inside it (a press out of
# turn: 8.1.7), and again in Black's own press-to-MOVE step of 3.4 s.
# The clock starts at 0.7 s, when the board is done with the new game's
# file and the set-up under both timings (timing="max": a sector erase of
# 400 ms in the step of `new`, the set-up confirmed at ~0.52 s), so that
# the start's own time is the script's on both boards too.
SCRIPT = """0 new tc=10m
0 setup
700 start
1s lift h2
1.2s place e2
1.4s press red
1.45s press black
3s lift h9
3.2s place g7
3.4s press black
3.43s press red
"""


def test_8_1_7_presses_in_long_steps_keep_their_edge_times(elf, tmp_path):
    (tmp_path / "s.txt").write_text(SCRIPT)
    for timing in ("typical", "max"):
        lines = []
        err = emulator.run_scenario(str(tmp_path / "s.txt"), str(tmp_path / (timing + ".img")), out=lines.append,
                                    timing=timing)
        assert err == ""
        ev = [e.split() for e in lines if e.startswith("E ")]
        fouls = [(e[2], e[4]) for e in ev if e[3] == "FOUL"]
        assert fouls == [("1450", "black"), ("3430", "red")], fouls  # the edges, to the ms
        presses = [e[2:] for e in ev if e[3] == "PRESS"]
        # the clock frozen at the edge: Red's 0.7 s of play, Black's 2.0 s
        assert presses == [["1400", "PRESS", "red", "599300", "600000"],
                           ["3400", "PRESS", "black", "599300", "598000"]], presses
    # as the unix port: the same events, and the presses' own to the ms
    # (the others' times may differ by a scan's instructions: the set-up)
    unix = sc.events(sc.run(SCRIPT))
    assert [e[3] for e in ev] == [e[3] for e in unix]
    assert [e[2:] for e in ev if e[3] in ("PRESS", "FOUL")] == [e[2:] for e in unix if e[3] in ("PRESS", "FOUL")]
