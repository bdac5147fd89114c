"""The real-board shell (boards/device.py) in the unix port against fake
hardware: the Pico definition with its 74HC165 chain, the clock levers,
the battery input, driving the App as main.py does."""

DEVICE = r"""
import sys
from sense_fakes import FakeHardware
from boards import pico
from boards.device import Device
from boards.sim import BufferPort
from boards.simrun import KEY
from app import App
from link import auth
from link.frame import encode, decode
import ticks

hw = FakeHardware({5: "load"})
# the Pico definition reads its battery on GP29, VSYS/3
hw.adc_mv[29] = 4200 / 3
dev = Device(hw, pico, {"board_id": "t1", "key": KEY.hex(), "store": sys.argv[1]})
dev.port = BufferPort()
app = App(dev, nonce="9")
now = [ticks.MASK - 1000]   # across the wrap, as ever
def run(ms):
    for _ in range(ms // 5):
        dev.tick(now[0])
        app.step(now[0])
        now[0] = ticks.add(now[0], 5)
def cmd(i, text):
    p = "C %d %s" % (i, text)
    dev.port.host_write(encode(p + " mac=" + auth.mac(KEY, "9", p)))
    run(10)
app.start(now[0])
cmd(1, "new tc=10m")
occ = app.game.position.occupancy()
for p in range(90):
    hw.occ[p] = occ[p]
run(50)
cmd(2, "setup arbiter")
cmd(3, "start")
hw.occ[25] = 0; run(200)        # lift h2
hw.occ[22] = 1; run(200)        # place e2
lever = dev.levers_[0].pin
lever.v = 0; run(50); lever.v = 1; run(50)   # Red presses its lever
hw.adc_mv[29] = 3000 / 3
app.check_battery(now[0])
for f in dev.port.take():
    print(decode(f))
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
