"""The real-board shell (boards/device.py) in the unix port against fake
hardware: the Pico definition with its 74HC165 chain, the clock levers,
the battery input, driving the App as main.py does."""

DEVICE = r"""
import sys
from sense_fakes import FakeHardware
from device_shell import Shell
from boards import pico
from link.frame import unframed

hw = FakeHardware({5: "load"})
# the Pico definition reads its battery on GP29, VSYS/3
hw.adc_mv[29] = 4200 / 3
shell = Shell(hw, pico, "t1", sys.argv[1])
app = shell.app
shell.start()
shell.cmd(1, "new tc=10m")
occ = app.game.position.occupancy()
for p in range(90):
    hw.occ[p] = occ[p]
shell.run(50)
shell.cmd(2, "setup arbiter")
shell.cmd(3, "start")
hw.occ[25] = 0; shell.run(200)        # lift h2
hw.occ[22] = 1; shell.run(200)        # place e2
lever = shell.dev.levers_[0].pin
lever.v = 0; shell.run(50); lever.v = 1; shell.run(50)   # Red presses its lever
hw.adc_mv[29] = 3000 / 3
app.check_battery(shell.now)
for f in shell.dev.port.take():
    print(unframed(f))
"""


def test_device_shell_drives_the_app_with_fake_hardware(mp, tmp_path):
    # 256k: the fake hardware and this script's own code share the heap with
    # the firmware here (the firmware alone runs a 600-ply game in runtime.HEAP,
    # test_long_game.py).
    out = mp.run(DEVICE.replace("sys.argv[1]", repr(str(tmp_path / "j"))), heap="256k")
    lines = out.splitlines()
    assert any(" SETUP confirmed by=arbiter" in x for x in lines)
    assert any(" MOVE 1 h2e2 red" in x for x in lines), lines
    assert any(" PRESS red" in x for x in lines)
    assert any(" BATTERY low mv=" in x for x in lines)
