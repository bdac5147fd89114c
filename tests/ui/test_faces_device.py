"""The faces on the boards: the ESP32-S3 definition's two displays (0x3C
Red's, 0x3D Black's) driven by boards/device.py through a fake SSD1306 that
keeps its own display memory, and the simulated board with two displays or
one shared (boards/simpanels.py, `xqboard faces`)."""
import subprocess
import sys

from xqboard.faces_png import pixel

# A fake micropython-lib ssd1306 module: the driver is a FrameBuffer over
# `buffer`; write_cmd/write_data act on a display memory (ram) as the
# SSD1306 does in horizontal addressing mode (col and page windows). Its
# `i2c` takes the writes ui/paging.py makes on the driver's bus (a control
# byte, then commands or data) into the same memory; with
# SSD1306_I2C.bus = False it has none, and the sender calls the driver.
FAKE_SSD1306 = r"""
import framebuf, sys
class _Bus:
    def __init__(self, oled):
        self.oled = oled
    def writeto(self, addr, buf):
        o = self.oled
        assert addr == o.addr
        if buf[0] == 0x00:  # Co=0, D/C#=0: commands
            for c in bytes(buf[1:]):
                o.write_cmd(c)
        else:
            assert buf[0] == 0x40  # Co=0, D/C#=1: data
            o.write_data(bytes(buf[1:]))
class SSD1306_I2C(framebuf.FrameBuffer):
    made = []
    bus = True
    def __init__(self, w, h, i2c, addr=0x3C):
        self.addr = addr
        self.i2c = _Bus(self) if SSD1306_I2C.bus else None
        self.buffer = bytearray(w * h // 8)
        self.ram = bytearray(w * h // 8)
        self.cmds = []
        self.writes = 0  # data writes so far
        self.largest = 0  # bytes of the largest
        super().__init__(self.buffer, w, h, framebuf.MONO_VLSB)
        SSD1306_I2C.made.append(self)
    def write_cmd(self, c):
        self.cmds.append(c)
        if len(self.cmds) > 12:
            del self.cmds[:6]
    def write_data(self, data):
        c = self.cmds[-6:]
        assert c[0] == 0x21 and c[3] == 0x22 and c[4] == c[5]
        a = c[4] * 128 + c[1]
        assert len(data) == c[2] - c[1] + 1
        self.ram[a:a + len(data)] = data
        self.writes += 1
        self.largest = max(self.largest, len(data))
class _M: pass
m = _M(); m.SSD1306_I2C = SSD1306_I2C
sys.modules["ssd1306"] = m
"""

# The pieces put on their points, SETTLE ms for the sensors (debounced), the
# set-up confirmed by the arbiter and the clocks started: 1.5 s of play.
SET_UP_AND_START = r"""
occ = app.game.position.occupancy()
for p in range(90):
    hw.occ[p] = occ[p]
run(SETTLE)
cmd(2, "setup arbiter")
cmd(3, "start")
run(1500)
"""

DEVICE = FAKE_SSD1306 + r"""
from sense_fakes import FakeHardware
from device_shell import Shell
from boards import esp32s3
hw = FakeHardware()
most = [0]
sliced = [0, 0]  # scans that drew a slice of a mini board; of them, scans that sent a part too
class Watched(Shell):
    def scan(self):
        n = red.writes + black.writes
        drawing = [(p.face.fb, p.face.drawing(), p.face.fb.writes) for p in self.dev.panels]
        self.tick()
        for o, busy, w in drawing:
            sliced[0] += busy
            sliced[1] += busy and o.writes != w
        self.step()
        most[0] = max(most[0], red.writes + black.writes - n)
shell = Watched(hw, esp32s3, "t2", None)
app = shell.app
red, black = SSD1306_I2C.made
cmd, run = shell.cmd, shell.run
shell.start()
cmd(1, "new tc=10m")
run(400)
print("setup", red.ram == red.buffer, black.ram == black.buffer, red.buffer.hex() == black.buffer.hex())
SETTLE = 100
""" + SET_UP_AND_START + r"""
print("addr", hex(red.addr), hex(black.addr))
print("synced", red.ram == red.buffer, black.ram == black.buffer)
print("most_writes_per_scan", most[0], "largest", max(red.largest, black.largest))
print("sliced", sliced[0], sliced[1])
print("RED", red.buffer.hex())
print("BLACK", black.buffer.hex())
"""


def _printed(out):
    """The script's printed lines, {first word: the rest}."""
    return dict(line.split(" ", 1) for line in out.splitlines() if " " in line)


def _marks(frame):
    """The pixels lit in a shared face's side marks (11 x 23 at the top
    left): (Red's, Black's); the side to move's is inverted."""
    red = sum(pixel(frame, x, y) for x in range(11) for y in range(23))
    black = sum(pixel(frame, x, y) for x in range(11) for y in range(27, 50))
    return red, black


def test_two_displays_on_the_esp32s3_show_each_players_face(mp):
    # 320k: test_device.py's 256k (the firmware, the fake hardware, this
    # script) plus the faces' modules, 24.7 KB measured as .mpy in RAM
    # (frozen into flash on a built image: manifest.py), the two 1 KB
    # frames and the fake displays' own copies (2 KB); at 288k the `new`
    # command finds no room to load (game/cold.py). The parts written on
    # the driver's bus (as on a board) and through its calls: the same.
    frames = {}
    for bus in (True, False):
        out = mp.run(DEVICE.replace("hw = FakeHardware()", "SSD1306_I2C.bus = %r\nhw = FakeHardware()" % bus, 1),
                     heap="320k")
        frames[bus] = _two_displays_checked(out)
    assert frames[True] == frames[False]


def _two_displays_checked(out):
    lines = _printed(out)
    assert lines["addr"] == "0x3c 0x3d"
    assert lines["synced"] == "True True"  # every change reached each display
    # the set-up check (all 32 points to fill: the same seen from either side)
    assert lines["setup"] == "True True True"
    most, _, largest = lines["most_writes_per_scan"].split()
    assert int(most) <= 2 and int(largest) <= 32  # a part per display and scan, never a frame
    # the set-up's mini board drawn 15 points a scan (90 points: 6 scans a
    # display), and no part of a half-drawn frame sent meanwhile
    drew, sent = map(int, lines["sliced"].split())
    assert drew >= 2 * 6 and sent == 0
    red = bytes.fromhex(lines["RED"])
    black = bytes.fromhex(lines["BLACK"])
    assert red != black
    # running: the top bar is inverted on the display of the side to move only
    assert pixel(red, 0, 0) == 1 and pixel(black, 0, 0) == 0
    return red, black


# The same board with one display shared by both players: the ESP32-S3
# definition with DISPLAYS = (("both", 0x3C),), or a definition whose one
# display has a bus of its own (oled_sda/oled_scl, as docs/HARDWARE.md's Pico
# build with a display).
ONE_DISPLAY = FAKE_SSD1306 + r"""
from sense_fakes import FakeHardware
from boards import esp32s3
from boards.device import Device
from boards.sim import BufferPort
from boards.simrun import KEY
from app import App
from link import auth
from link.frame import framed
import ticks
class OneDisplay:  # the ESP32-S3 definition with one shared display
    pass
for name in dir(esp32s3):
    if not name.startswith("__"):
        setattr(OneDisplay, name, getattr(esp32s3, name))
if WHERE == "bus":
    OneDisplay.DISPLAYS = (("both", 0x3C),)
else:
    OneDisplay.DISPLAYS = ()
    OneDisplay.PINS = dict(esp32s3.PINS, oled_sda=6, oled_scl=7)
hw = FakeHardware()
dev = Device(hw, OneDisplay, {"board_id": "t1", "key": KEY.hex(), "store": None})
dev.port = BufferPort()
app = App(dev, nonce="9")
now = [ticks.MASK - 1000]
most = [0]
def run(ms):
    for _ in range(ms // 5):
        n = sum(o.writes for o in SSD1306_I2C.made)
        dev.tick(now[0])
        app.step(now[0])
        most[0] = max(most[0], sum(o.writes for o in SSD1306_I2C.made) - n)
        now[0] = ticks.add(now[0], 5)
def cmd(i, text):
    p = "C %d %s" % (i, text)
    dev.port.host_write(framed(p + " mac=" + auth.mac(KEY, "9", p)))
    run(10)
app.start(now[0])
cmd(1, "new tc=10m")
SETTLE = 500
""" + SET_UP_AND_START + r"""
oled, = SSD1306_I2C.made
print("displays", len(SSD1306_I2C.made), len(dev.panels), dev.panels[0].face.side)
print("synced", oled.ram == oled.buffer, "most", most[0])
print("FRAME", oled.buffer.hex())
"""


def test_one_display_definitions_show_the_shared_face(mp):
    for where in ("bus", "pins"):
        out = mp.run("WHERE = %r\n" % where + ONE_DISPLAY, heap="320k")
        lines = _printed(out)
        assert lines["displays"] == "1 1 None", where  # one display, one panel, both players'
        assert lines["synced"] == "True most 1", where  # every change sent, a part a scan
        frame = bytes.fromhex(lines["FRAME"])
        # the shared running face: Red to move, its mark (11 x 23 at the top left) inverted, Black's not
        red_mark, black_mark = _marks(frame)
        assert red_mark > 200 and black_mark < 50, where  # (the letter B only)


def test_faces_command_two_displays_and_shared(tmp_path):
    from pathlib import Path

    scenario = Path(__file__).parents[2] / "docs" / "faces" / "game.scenario"
    for extra, displays in (([], {"red", "black"}), (["--shared"], {"both"})):
        out = tmp_path / ("shared" if extra else "two")
        r = subprocess.run([sys.executable, "-m", "xqboard.cli", "faces", str(scenario), "--png", str(out)] + extra,
                           capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stderr
        names = sorted(p.name for p in out.iterdir())
        assert {n.rsplit("-", 1)[1][:-4] for n in names} == displays
        kinds = {n.split("-")[1] for n in names if not n.startswith("end-")}
        assert {"setup", "start", "touch", "alert", "restored", "flag", "result"} <= kinds
        assert {"end-%s.png" % d for d in displays} <= set(names)
        first = (out / names[0]).read_bytes()
        assert first.startswith(b"\x89PNG\r\n\x1a\n")


def test_xqboard_sim_with_two_displays_draws_the_faces(tmp_path):
    # The real-time simulator (xqboard sim --faces) with a game started over
    # the link: the host gets each display's frame as the board draws it.
    from xqboard.faces_png import text_art
    from xqboard.simboard import DEFAULT_KEY, SimulatedBoard

    seen = []
    sim = SimulatedBoard(speed=20.0, key=DEFAULT_KEY, store=str(tmp_path / "j"), displays="red,black",
                         on_face=lambda d, f: seen.append(d)).start()
    try:
        _start_a_game(sim, "red")
        assert {"red", "black"} <= set(seen)
        red, black = sim.frames["red"], sim.frames["black"]
        assert red != black
        assert "\u2588" in text_art(red)  # Red to move: its top bar inverted
        assert pixel(red, 0, 0) == 1 and pixel(black, 0, 0) == 0
        # the logger's live view shows them beside each other, 2 x 2 pixels a character
        from xqboard.logger.view import panel

        lines = panel({"port": sim.port, "board_id": "sim-1", "connected": True, "game": _empty_game(),
                       "faces": dict(sim.frames)})
        art = lines[lines.index(next(x for x in lines if x.startswith("Display black"))) + 1:]
        assert len(art) == 32 and all(len(x) == 64 + 3 + 64 for x in art)
        black_top, red_top = art[0][:64], art[0][67:]  # Red's bar inverted, Black's not
        assert red_top.count("\u2588") > 20 and black_top.count("\u2588") == 0
    finally:
        sim.close()


def _start_a_game(sim, display):
    """Starts a game over the link on the real-time simulator and waits (20 s
    at most) until `display` shows Red's bar inverted: Red's clock runs."""
    import time

    from xqboard.api import open_board
    from xqboard.simboard import DEFAULT_KEY

    board = open_board(sim.port, key=DEFAULT_KEY)
    try:
        board.command("new", "tc=10m")
        sim.act("setup")
        sim.sync(after=200)
        board.command("setup", "arbiter")
        board.command("start")
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and pixel(sim.frames.get(display, bytes(1024)), 0, 0) == 0:
            time.sleep(0.05)
    finally:
        board.close()


def test_xqboard_sim_with_one_shared_display_draws_the_shared_face(tmp_path):
    # xqboard sim --faces both: one display, both players' times, the side
    # to move marked
    from xqboard.simboard import DEFAULT_KEY, SimulatedBoard

    sim = SimulatedBoard(speed=20.0, key=DEFAULT_KEY, store=str(tmp_path / "j"), displays="both").start()
    try:
        _start_a_game(sim, "both")
        assert set(sim.frames) == {"both"}
        frame = sim.frames["both"]
        red_mark, black_mark = _marks(frame)
        assert red_mark > 200 and black_mark < 50  # Red to move (Black's box holds its letter only)
    finally:
        sim.close()


def _empty_game():
    from xqboard.record import GameRecord

    return GameRecord(Red="A", Black="B")


def test_faces_after_a_power_cut_show_what_the_journal_says(tmp_path):
    # The result confirmed, then the power cut: the board comes back with the
    # same face (the scene replayed from the journal), not "awaiting arbiter".
    from pathlib import Path

    from xqboard.commands.faces import faces

    script = (Path(__file__).parents[2] / "docs" / "faces" / "game.scenario").read_text()
    script = script.replace("135s   end\n", "136s cmd confirm\n137s power off\n138s power on\n145s end\n")
    path = tmp_path / "cut.scenario"
    path.write_text(script)
    shots = faces(str(path))
    confirmed = [buf for display, buf, event in shots if display == "red" and " CONFIRM " in event]
    end = [buf for display, buf, event in shots if display == "red" and event.startswith("END")]
    assert confirmed and end and end[0] == confirmed[-1]


# Each picture of docs/faces/ and the face of the scenario it shows:
# (scenario, shared display, the `xqboard faces --png` file name).
DOC_PICTURES = {
    "setup.png": ("game", False, "001-game-black.png"),
    "running-red.png": ("game", False, "011-move-red.png"),
    "running-black.png": ("game", False, "011-move-black.png"),
    "running-shared.png": ("game", True, "011-move-both.png"),
    "duty.png": ("game", False, "010-touch-red.png"),
    "alert-red.png": ("game", False, "013-alert-red.png"),
    "alert-black.png": ("game", False, "013-alert-black.png"),
    "flag.png": ("game", False, "017-flag-black.png"),
    "result.png": ("game", False, "end-black.png"),
    "overrule-foul.png": ("overrule", False, "008-overrule-black.png"),
    "overrule-annul.png": ("overrule", False, "012-overrule-red.png"),
    "overrule-result.png": ("overrule", False, "015-overrule-red.png"),
    "byoyomi.png": ("byoyomi", False, "end-black.png"),
    "delay.png": ("delay", False, "end-red.png"),
    "tenths.png": ("tenths", False, "end-red.png"),
}


def test_the_docs_pictures_are_the_faces_of_their_scenarios():
    # docs/faces/*.png stay what the firmware draws today (made again with
    # `xqboard faces docs/faces/SCENARIO.scenario --png DIR`)
    from xqboard.commands.faces import faces, file_name
    from xqboard.faces_png import png
    from xqboard.paths import REPO

    folder = REPO / "docs" / "faces"
    made = {}
    for scenario, shared in sorted({(s, sh) for s, sh, _ in DOC_PICTURES.values()}):
        for display, buf, event in faces(str(folder / (scenario + ".scenario")), shared):
            made[(scenario, shared, file_name(display, event))] = png(buf, 4)
    assert sorted(p.name for p in folder.glob("*.png")) == sorted(DOC_PICTURES)
    for picture, key in DOC_PICTURES.items():
        assert (folder / picture).read_bytes() == made[key], picture
