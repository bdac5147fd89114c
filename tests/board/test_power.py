"""Power cuts (issue 5): a cut at any instant loses no committed event, the
position and counters come back exact, the clocks within the snapshot
bound (5 s), paused until the arbiter resumes.

In-process cuts: tests/mp/powercut_run.py plays master games on the
simulated board in the unix port and cuts the power at random instants
(sometimes mid-write, leaving a torn record); it runs at POWERCUT_HEAP,
above runtime.HEAP, because it keeps its own records of what the host saw
and boots the board again and again in one process, each boot's recovery
among what the earlier boots left in the heap (a device starts each boot
with a fresh heap: the recovery's own heap is checked at runtime.HEAP by
the scenario tests' power cuts and the killed processes below). Real kills: the MicroPython process is killed with SIGKILL at random
moments and a new one recovers from the same journal.
"""
import os
import random
import re
import signal
import subprocess
import time

import pytest

from xqboard import runtime
from xqboard.paths import DATA, REPO

from . import scenarios as sc

MP = REPO / "tests" / "mp"
# 20 boots in one process: at 256k the 20th boot's recovery, reading its
# journal a chunk at a time, once found no 647-byte hole (CI's longer paths).
POWERCUT_HEAP = "320k"
# The real kill's recovery: the x64 unix port interns the firmware's names
# in the heap (a board has them frozen in flash), and at 256k store/gap.py's
# load at the end of a long replay needed the seventh name pool (~14 KB in
# one block) where the heap had 74 KB free but no run over 6.5 KB: 6 of 60
# kill points failed once six names were added to the firmware, whichever
# (docs/HARDWARE.md, "A name budget on the unix port"). What this test
# checks is that a kill loses nothing; the board's heap after a 300-ply game
# is the emulated Pico's (bench-target: 67 % free) and test_long_game's.
KILLCHECK_HEAP = "320k"


def master_games():
    text = (DATA / "master-games.pgn").read_text()
    for block in text.split("[Game ")[1:]:
        yield " ".join(re.findall(r"\b([a-i][0-9][a-i][0-9])\b", block.split("]\n\n", 1)[-1]))


def nth_master_game(n):
    """The moves (ICCS) of the master games' n-th."""
    return next(g for i, g in enumerate(master_games()) if i == n).split()


def run_powercuts(seed, games, tmp_path):
    lines = list(master_games())
    rng = random.Random(seed)
    rng.shuffle(lines)
    lines = (lines * (games // len(lines) + 1))[:games]  # 300 games: replayed with other cuts
    r = runtime.run([str(MP / "powercut_run.py"), str(seed), str(games), str(tmp_path)],
                    heap=POWERCUT_HEAP, input="\n".join(lines[:games]) + "\n", extra_paths=[MP])
    assert r.returncode == 0, r.stderr[-3000:]
    out = r.stdout.splitlines()
    assert len(out) == games and all(x.startswith("ok") for x in out), [x for x in out if not x.startswith("ok")]
    return sum(int(x.split("cuts=")[1].split()[0]) for x in out)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_power_cuts_at_random_instants_lose_nothing(seed, tmp_path):
    # 4 x 10 games, with their cuts and torn records (4 x 20 until stop 37;
    # 500 in make bench: docs/DEVELOPING.md, "Sizes")
    assert run_powercuts(seed, 10, tmp_path) >= 10


@pytest.mark.bench
def test_power_cuts_in_500_games(tmp_path):
    assert run_powercuts(99, 500, tmp_path) >= 500


def test_power_off_and_on_in_a_scenario_resumes_paused():
    script, t = sc.game(tc="10m", moves_iccs=["h2e2", "h9g7"])
    lines = sc.run(script + "%d power off\n%d power on\n%d start\n%d lift h0\n%d place g2\n%d press red\n"
                   % (t, t + 30000, t + 31000, t + 32000, t + 32200, t + 32400))
    power = sc.events(lines, "POWER")[0]
    assert power[4] == "restored"
    assert sc.events(lines, "PAUSE")[0][4] == "power"
    assert sc.moves(lines) == ["h2e2", "h9g7", "h0g2"]
    seqs = [int(w[1]) for w in sc.events(lines)]
    assert seqs == list(range(1, len(seqs) + 1))  # numbering goes on, no gap, no repeat


@pytest.mark.parametrize("seed", range(6))
def test_real_kill_of_the_micropython_process(seed, tmp_path):
    # A long game as a scenario, killed with SIGKILL at a random moment.
    rng = random.Random(seed)
    game = nth_master_game(seed)
    script, _ = sc.game(tc="30m+10s", moves_iccs=game)
    (tmp_path / "s.txt").write_text(script)
    store = tmp_path / "journal"
    cmd = [runtime.micropython_exe(), "-X", "heapsize=" + runtime.HEAP,
           str(REPO / "host_tools/xqboard/mp/scenario_run.py"), str(tmp_path / "s.txt"), str(store)]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, env=runtime.env(), start_new_session=True)
    time.sleep(rng.uniform(0.05, 0.4))
    os.killpg(p.pid, signal.SIGKILL)
    sent = p.stdout.read().decode(errors="replace").splitlines()
    p.wait()
    # What the killed board had sent; the last line may be cut short.
    events = [x for x in sent if x.startswith("E ")][:-1]
    # The recovery at KILLCHECK_HEAP, not the board's 256k: see there.
    r = runtime.run([str(MP / "killcheck.py"), str(store)], heap=KILLCHECK_HEAP, extra_paths=[MP])
    assert r.returncode == 0, r.stderr
    journal = [x[2:] for x in r.stdout.splitlines() if x.startswith("J ")]
    seqs = [int(x.split()[1]) for x in journal]
    assert seqs == list(range(1, len(seqs) + 1))
    assert journal[: len(events)] == events  # nothing the host saw is lost or changed
