"""The whole board on the emulated Pico: a master game replayed through the
sensors and levers, recorded exactly, the same log on every run and the
same as the unix port's; a power cut (the emulator killed) loses nothing
the host saw."""
import resource

import pytest

from board import scenarios as sc  # tests/ is on sys.path (pytest rootdir)
from board.test_power import master_games, nth_master_game
from xqboard.core import FIRMWARE  # noqa: F401  (firmware/ on sys.path)
from xqboard.target import emulator

from game.chain import split  # noqa: E402

RESTORE = """
import boards.qemu as q
from boards.simrun import Runner
q.mount(%r)
r = Runner("/games", out=lambda line: None, board_id="killed")
for e in r.app.events_since(1):
    print("J " + e)
"""


def emulator_cpu_s():
    """CPU seconds of the processes this one started and has waited for
    (the emulator, once killed): unlike wall time, not stretched by the
    other tests running beside it on a shared machine."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def replay(script_path, flash, clock="emulated"):
    lines = []
    assert emulator.run_scenario(str(script_path), str(flash), out=lines.append, clock=clock) == ""
    return lines


def first_difference(one, two):
    i = next((i for i, (a, b) in enumerate(zip(one, two)) if a != b), min(len(one), len(two)))
    return i, one[max(i - 1, 0):i + 2], two[max(i - 1, 0):i + 2]


def within_a_ms(a, b):
    """Two of the board's lines alike but for numbers 1 apart (`at=1300`
    against `at=1301`): words equal, or their digits' values within 1."""
    wa, wb = a.split(), b.split()
    return len(wa) == len(wb) and all(x == y or _numbers_within_1(x, y) for x, y in zip(wa, wb))


def _numbers_within_1(x, y):
    kx, _, vx = x.rpartition("=")
    ky, _, vy = y.rpartition("=")
    return kx == ky and vx.isdigit() and vy.isdigit() and abs(int(vx) - int(vy)) <= 1


def test_a_40_ply_master_game_recorded_exactly_and_identically(elf, tmp_path):
    # the master games' 21st, 40 plies (make bench: the first, 118)
    recorded_exactly_and_identically(elf, tmp_path, nth_master_game(21), cpu_s=25)


@pytest.mark.bench
def test_master_game_recorded_exactly_and_identically(elf, tmp_path):
    # make test's game until stop 37 (docs/DEVELOPING.md, "Sizes")
    recorded_exactly_and_identically(elf, tmp_path, nth_master_game(0), cpu_s=60)


def recorded_exactly_and_identically(elf, tmp_path, game, cpu_s):
    script, _ = sc.game(tc="30m+10s", moves_iccs=game)
    (tmp_path / "s.txt").write_text(script)
    start = emulator_cpu_s()
    lines = replay(tmp_path / "s.txt", tmp_path / "a.img")
    assert emulator_cpu_s() - start < cpu_s  # in the emulator's CPU: a busy machine's wall would say more
    assert sc.moves(lines) == game
    # The unix port's virtual-time runner gives the same events in the same
    # order; their times may differ by a few ms, since here a scan takes the
    # time its instructions take on the Pico's instruction set (setting up
    # all 32 pieces at once: 4 scans in ~32 ms instead of 20).
    unix = sc.run(script)
    assert [w[:2] + w[3:4] for w in sc.events(lines)] == [w[:2] + w[3:4] for w in sc.events(unix)]
    assert sc.result(lines) == sc.result(unix)
    # and the board's flash holds exactly what it sent
    with emulator.Emulator(tmp_path / "a.img", elf) as emu:
        out = emu.exec(RESTORE % emu.flash, timeout=120)
    journal = [split(x[2:])[0] for x in out.splitlines() if x.startswith("J ")]  # as printed: no chain word
    assert journal[: len(sc.events(lines))] == [x for x in lines if x.startswith("E ")]


def test_two_runs_give_identical_logs(elf, tmp_path):
    # On the script's clock (boards/qemu.py, VirtualClockRunner) the board's
    # own work is all that could differ between two runs: its log must not.
    game = next(master_games()).split()[:20]
    script, _ = sc.game(tc="5m", moves_iccs=game)
    (tmp_path / "s.txt").write_text(script)
    one = replay(tmp_path / "s.txt", tmp_path / "a.img", clock="virtual")
    two = replay(tmp_path / "s.txt", tmp_path / "b.img", clock="virtual")
    assert one == two, first_difference(one, two)
    assert sc.moves(one) == game
    assert one == [x for x in sc.run(script) if not x.startswith("?")], "the unix port's runner, the same clock"


def test_two_runs_on_the_emulated_clock_agree_within_a_ms(elf, tmp_path):
    # On the emulated clock a step takes the time its instructions take, and
    # now and then (1 run in 7-10 at load) a time differs by 1 ms: the qemu
    # port's ticks slip a ms when SysTick reloads between two reads
    # (docs/DEVELOPING.md, "No flaky test"). The events, their order and
    # every other word agree; no time by more than 1 ms.
    game = next(master_games()).split()[:20]
    script, _ = sc.game(tc="5m", moves_iccs=game)
    (tmp_path / "s.txt").write_text(script)
    one = replay(tmp_path / "s.txt", tmp_path / "a.img")
    two = replay(tmp_path / "s.txt", tmp_path / "b.img")
    assert len(one) == len(two) and all(within_a_ms(a, b) for a, b in zip(one, two)), first_difference(one, two)


def test_power_cut_keeps_every_event_the_host_saw(elf, tmp_path):
    game = next(master_games()).split()
    script, _ = sc.game(tc="30m+10s", moves_iccs=game)
    (tmp_path / "s.txt").write_text(script)
    flash = str(tmp_path / "flash.img")
    seen = []
    with emulator.Emulator(flash, elf) as emu:
        emu.launch(emulator.scenario_code(str(tmp_path / "s.txt"), emu.flash, 10 ** 7))
        for frame in emu.lines(300):
            seen.append(frame.decode(errors="replace"))
            if len(sc.moves([s.split("*")[0] for s in seen])) == 25:
                break  # the power goes, 25 moves in
    events = [s.rsplit("*", 1)[0] for s in seen if s.startswith("E ")]
    with emulator.Emulator(flash, elf) as emu:  # powered up on the same flash
        out = emu.exec(RESTORE % flash, timeout=120)
    journal = [x[2:] for x in out.splitlines() if x.startswith("J ")]
    assert [int(x.split()[1]) for x in journal] == list(range(1, len(journal) + 1))
    assert journal[: len(events)] == events
    assert sc.moves(journal)[:25] == game[:25]


def test_xqboard_scenario_target_qemu_on_the_command_line(elf, tmp_path):
    import subprocess
    import sys

    script, _ = sc.game(tc="10m", moves_iccs=["h2e2", "h9g7"])
    (tmp_path / "s.txt").write_text(script)
    r = subprocess.run([sys.executable, "-m", "xqboard.cli", "scenario", "--target", "qemu", str(tmp_path / "s.txt"),
                        "--store", str(tmp_path / "store")], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert sc.moves(r.stdout.splitlines()) == ["h2e2", "h9g7"]
    assert (tmp_path / "store" / "flash.img").exists()  # the board's flash, kept
