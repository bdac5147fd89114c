"""The Pico's UF2 on rp2040js with the board's parts, in strict mode (any
fault of the core fails the test): the boot to the greeting; a short game
with a power cut, played through the reeds and levers, event for event as
the unix port plays it, its journal resumed from the emulated flash; the
faces read back from the SSD1306 model's RAM, the unix port's pictures."""
import shutil

from board import scenarios as sc  # tests/ is on sys.path (pytest rootdir)
from xqboard.commands.faces import faces
from xqboard.target.rp2040 import Pico
from xqboard.target.rp2040_scenario import HostRunner, run_scenario

GAME = """\
0 new tc=10m
0 setup
100 start
1000 lift h2
1200 place e2
1500 press red
1700 power off
1800 power on
3000 start
3100 lift h9
3300 place g7
3500 press black
3800 cmd resign black
4600 end
"""


def test_boots_to_its_greeting_without_a_fault(deployed, tmp_path):
    flash = shutil.copyfile(deployed, tmp_path / "flash.bin")
    lines = []
    with Pico(flash) as pico:
        HostRunner(pico, lines.append).boot()
        assert pico.t < 3000 * 10 ** 6  # to the greeting within 3 s of the board's time
    assert lines[0].startswith("H proto=2 ") and " id=scenario " in lines[0] and " phase=idle" in lines[0]


def test_a_game_with_a_power_cut_as_the_unix_port_plays_it(deployed, tmp_path):
    (tmp_path / "s.txt").write_text(GAME)
    flash = shutil.copyfile(deployed, tmp_path / "flash.bin")
    lines = []
    report = run_scenario(str(tmp_path / "s.txt"), str(flash), out=lines.append, fresh=False)
    unix = sc.run(GAME)
    assert sc.moves(lines) == sc.moves(unix) == ["h2e2", "h9g7"]
    # the same events in the same order (times differ: the lever's own
    # debounce, and a boot takes its time on the chip)
    assert [w[:2] + w[3:5] for w in sc.events(lines)] == [w[:2] + w[3:5] for w in sc.events(unix)]
    assert sc.result(lines) == sc.result(unix)
    assert [b[1] for b in report["boots"]] == ["power", "power"]  # the cut: a new chip on the same flash
    assert report["flash"]["pagesProgrammed"] > 0  # the journal went to the emulated flash
    # The faces: the shared display's RAM at the end, the unix port's last picture.
    end = [f for d, f, e in faces(str(tmp_path / "s.txt"), shared=True) if d == "both"][-1]
    (oled,) = report["displays"]
    assert oled["on"] and oled["frames"] > 0
    assert bytes.fromhex(oled["ram"]) == end


def test_a_host_plugged_in_again_gets_the_moves_played_after(deployed, tmp_path):
    # the bench's long game (bench/target/bench_rp2040.py: usb off for the
    # duty window, on again for the game): each move's MOVE reaches the host
    from boards.scenario import parse_point

    flash = shutil.copyfile(deployed, tmp_path / "flash.bin")
    lines = []
    with Pico(flash) as pico:
        runner = HostRunner(pico, lines.append)
        runner.boot()
        runner.send(["new", "tc=10m"])
        runner.setup(0)
        runner.send(["start"])
        pico.usb(False)
        pico.run_ms(300)
        pico.usb(True)
        pico.run_ms(300)
        for side, frm, to in (("red", "h2", "e2"), ("black", "h9", "g7")):
            frm, to = parse_point(frm), parse_point(to)
            runner.place(frm, False)
            pico.run_ms(200)
            runner.place(to, True)
            pico.run_ms(300)
            pico.press(side)
            pico.run_ms(400)
            runner.pump()
    assert sc.moves(lines) == ["h2e2", "h9g7"]
