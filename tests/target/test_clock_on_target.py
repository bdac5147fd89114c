"""The emulated Pico's clocks (issue 22, item 6): the scenario runner's
clock is virtual (boards/qemu.py, EmulatedRunner), so that a run's log is
the same whatever the runner spent around the board's steps; and
ticks_us() reads its two halves as one (boards/qemu_pico/board_time.c).

Before, a step slept `late` ms from wherever the last had ended, so the
instant within the ms carried on from step to step: a flash path of 15
characters instead of 13 in the launch code moved MOVE's at= of four
moves of a 20-move game by a ms; and the game began 1 ms after the
script's 0 (the runner signed the `new` command on the board's clock), so
that a press's edge came 1 ms short (tests/target/
test_press_edge_on_target.py)."""
from board import scenarios as sc  # tests/ is on sys.path (pytest rootdir)
from board.test_power import master_games
from xqboard.target import emulator


def test_a_run_does_not_depend_on_the_flash_path_or_the_runner(elf, tmp_path):
    game = next(master_games()).split()[:20]
    script, _ = sc.game(tc="5m", moves_iccs=game)
    (tmp_path / "s.txt").write_text(script)
    runs = []
    for name in ("a.img", "b" * 40 + ".img"):
        lines = []
        assert emulator.run_scenario(str(tmp_path / "s.txt"), str(tmp_path / name), out=lines.append) == ""
        runs.append(lines)
    assert runs[0] == runs[1]
    assert sc.moves(runs[0]) == game
    # the runner's own work (the script read, the commands signed) takes
    # no time on the board's clock: the game begins at the script's 0 and
    # the clock starts at the script's `start`, as on the unix port
    unix = sc.events(sc.run(script))
    ev = sc.events(runs[0])
    first = [w[2:4] for w in ev if w[3] in ("GAME", "START")]
    assert first == [w[2:4] for w in unix if w[3] in ("GAME", "START")], first


TICKS = """
import time, _board
back = ahead = 0
p = time.ticks_us()
for i in range(100000):
    u = time.ticks_us()
    m = time.ticks_ms()
    if time.ticks_diff(u, p) < 0:
        back += 1
    if u // 1000 > m:
        ahead += 1  # a read a ms ahead of the ms counted
    p = u
woke = 0
for i in range(2000):
    _board.idle()
    u = time.ticks_us()
    if u // 1000 != time.ticks_ms():
        woke += 1
print(back, ahead, woke)
"""


def test_ticks_us_never_runs_ahead_or_back(elf, tmp_path):
    with emulator.Emulator(tmp_path / "f.img", elf) as emu:
        out = emu.exec(TICKS, timeout=300)
    assert out.split() == ["0", "0", "0"], out


# _board.halt_ms(n) (board_time.c): one SysTick period of many ms instead of
# n wakes of 1 ms, for the emulator's sake; it must end on the ms boundary
# the n wakes end on, count every ms between, and leave the SysTick at 1 ms.
HALT = """
import time, _board
_board.idle()
wrong = []
for n in (0, 1, 2, 3, 7, 20, 599, 600, 601, 1500):
    for lead in range(0, 200, 37):  # from within a ms: its instructions first
        _board.idle()
        for _ in range(lead):
            pass
        start = time.ticks_ms()
        _board.halt_ms(n)
        ms = time.ticks_diff(time.ticks_ms(), start)
        frac = time.ticks_us() % 1000
        if ms != n or (n and frac > 100):  # the n-th boundary, just after it
            wrong.append((n, lead, ms, frac))
# after the halts, 1 ms a period again: a wake a ms, the us count running on
_board.idle()
t, m = time.ticks_us(), time.ticks_ms()
for _ in range(50):
    _board.idle()
period = (time.ticks_diff(time.ticks_us(), t), time.ticks_diff(time.ticks_ms(), m))
print(wrong, period)
"""


def test_a_long_halt_ends_on_the_boundary_of_n_wakes_and_counts_every_ms(elf, tmp_path):
    with emulator.Emulator(tmp_path / "f.img", elf) as emu:
        out = emu.exec(HALT, timeout=120)
    wrong, period = out.strip().split("] ")
    assert wrong == "[", out
    assert period.strip("()").replace(" ", "").split(",")[1] == "50", out
    assert 49_900 <= int(period.strip("()").split(",")[0]) <= 50_100, out


# The flash's wait (modboard.c's wait_us, as the Flash device calls it):
# its time to the us, whatever the instant within the ms it starts at.
WAITS = """
import time, _board
out = []
for us in (0, 8, 400, 999, 1999, 2000, 2500, 45000):
    for lead in range(0, 300, 73):
        _board.idle()
        for _ in range(lead):
            pass
        t = time.ticks_us()
        _board.wait_us(us)
        out.append(time.ticks_diff(time.ticks_us(), t) - us)
print(min(out), max(out))
"""


def test_the_flash_waits_take_their_time_to_the_us(elf, tmp_path):
    with emulator.Emulator(tmp_path / "f.img", elf) as emu:
        low, high = (int(x) for x in emu.exec(WAITS, timeout=120).split())
    assert 0 <= low and high <= 3  # (the call and two ticks_us reads: ~2 us)
