# The real-board shell (boards/device.py) driving the App as main.py does,
# on fake hardware (sense_fakes.FakeHardware), for the tests that run a
# board definition in the unix port (tests/board/test_device.py,
# tests/ui/test_faces_device.py):
#
#     shell = Shell(hw, pico, "t1", store)   # the Device and its App
#     shell.start()
#     shell.cmd(1, "new tc=10m")             # a signed command, then 10 ms
#     shell.run(200)                         # 5 ms scans, the device's tick first
#
# A test that watches each scan overrides scan() around tick() and step().
import gc

import ticks
from app import App

# (The unix port loads each module's code into this heap, which the frozen
# image keeps in flash: the garbage of loading the App's modules collected
# before the next are loaded, so that their code is not split among it.)
gc.collect()
from boards.device import Device  # noqa: E402
from boards.sim import BufferPort
from boards.simrun import KEY
from link import auth
from link.frame import framed

NONCE = "9"  # the App's nonce: commands are signed with it


class Shell:
    def __init__(self, hw, definition, board_id, store):
        self.dev = Device(hw, definition, {"board_id": board_id, "key": KEY.hex(), "store": store})
        self.dev.port = BufferPort()  # the link: frames kept for the test
        self.app = App(self.dev, nonce=NONCE)
        self.now = ticks.MASK - 1000  # across the wrap, as ever

    def start(self):
        self.app.start(self.now)

    def tick(self):
        # what main.py does before each scan: the levers, the sounder
        self.dev.tick(self.now)

    def step(self):
        # the App's scan, then the clock moves on one scan period
        self.app.step(self.now)
        self.now = ticks.add(self.now, 5)

    def scan(self):
        self.tick()
        self.step()

    def run(self, ms):
        for _ in range(ms // 5):
            self.scan()

    def cmd(self, i, text):
        """Command number i from the host, signed with the scenario key."""
        p = "C %d %s" % (i, text)
        self.dev.port.host_write(framed(p + " mac=" + auth.mac(KEY, NONCE, p)))
        self.run(10)
