"""Sensor drivers (boards/hc165.py, matrix.py, mcp23017.py) and the board
definitions (boards/pico.py, esp32s3.py), run in the MicroPython unix port
against fake Pin/SPI/I2C objects (tests/mp/sense_fakes.py) that model the
wiring as docs/HARDWARE.md describes it, independently of the drivers'
tables."""
import pytest

PICO_ROLES = "{5: 'load'}"
MATRIX_ROLES = "dict([(n, ('row', r)) for r, n in enumerate(ROWS)] + [(n, ('col', c)) for c, n in enumerate(COLS)])"

CHECK = """
from sense import presence as fr
import random
def seen(drv):
    f = fr.new()
    drv.read(f)
    occ = bytearray(90)
    fr.unpack(f, occ)
    return [p for p in range(90) if occ[p]]
def check(hw, drv):
    assert seen(drv) == [], seen(drv)
    for p in range(90):
        hw.occ[p] = 1
        got = seen(drv)
        assert got == [p], (p, got)
        hw.occ[p] = 0
    for p in range(90):
        hw.occ[p] = 1
    assert seen(drv) == list(range(90))
    random.seed(4)
    for _ in range(50):
        want = [p for p in range(90) if random.getrandbits(1)]
        for p in range(90):
            hw.occ[p] = 1 if p in want else 0
        assert seen(drv) == want
    print("ok")
"""


def test_hc165_chain_reads_every_point(mp):
    out = mp.run(CHECK + """
from sense_fakes import FakeHardware
from boards.hc165 import HC165
hw = FakeHardware(%s)
drv = HC165(hw.SPI(0), hw.Pin(5))
check(hw, drv)
assert hw.loads == 1 + 90 + 1 + 50, hw.loads   # one latch per read: one snapshot
""" % PICO_ROLES)
    assert out.strip() == "ok"


def test_matrix_reads_every_point_without_ghosts(mp):
    # Any set of closed switches reads exactly: the diodes stop ghosting.
    out = mp.run(CHECK + """
from sense_fakes import FakeHardware
from boards.matrix import Matrix
ROWS = tuple(range(10)); COLS = tuple(range(10, 19))
hw = FakeHardware(%s)
drv = Matrix([hw.Pin(n) for n in ROWS], [hw.Pin(n) for n in COLS])
check(hw, drv)
assert all(p.v == 1 for p in hw.rows)   # every row released after a scan
""" % MATRIX_ROLES)
    assert out.strip() == "ok"


def test_mcp23017_reads_every_point_and_sets_up_pullups(mp):
    out = mp.run(CHECK + """
from sense_fakes import FakeHardware
from boards.mcp23017 import MCP23017
hw = FakeHardware()
drv = MCP23017(hw.I2C(0))
for a in range(0x20, 0x26):
    r = hw.regs[a]
    assert r[0] == r[1] == 0xff and r[2] == r[3] == 0xff and r[0x0c] == r[0x0d] == 0xff
check(hw, drv)
""")
    assert out.strip() == "ok"


@pytest.mark.parametrize("table", ["hc165", "matrix", "mcp23017"])
def test_wiring_tables_cover_each_point_once(mp, table):
    out = mp.run("""
from boards import %s as d
pts = [p for p in d.POINTS if p is not None]
assert sorted(pts) == list(range(90)), pts
assert len(d.POINTS) == d.BITS and len(d.TABLE) == d.BITS
print("ok")
""" % table)
    assert out.strip() == "ok"


@pytest.mark.parametrize("board,driver,roles", [
    ("pico", "hc165", PICO_ROLES),
    # (ids of their own: pytest 9.1 would spell the roles' expression out as the id)
    pytest.param("pico", "matrix", MATRIX_ROLES.replace("ROWS", "pico.MATRIX_ROWS").replace("COLS", "pico.MATRIX_COLS"),
                 id="pico-matrix-rows-and-cols"),
    ("esp32s3", "mcp23017", "{}"),
    pytest.param("esp32s3", "matrix",
                 MATRIX_ROLES.replace("ROWS", "esp32s3.MATRIX_ROWS").replace("COLS", "esp32s3.MATRIX_COLS"),
                 id="esp32s3-matrix-rows-and-cols"),
])
def test_board_definition_builds_its_pipeline(mp, board, driver, roles):
    # The board module wires its driver from a `machine` passed in, and the
    # pipeline sees the start position set up after the debounce time.
    out = mp.run("""
from boards import pico, esp32s3
from boards import %(board)s as board
from sense_fakes import FakeHardware
from sense import report
from xq.position import Position
hw = FakeHardware(%(roles)s)
s = board.sensing(hw, None, %(driver)r)
assert s.scan_ms == board.SCAN_MS == 5 and s.deb.n == board.STABLE_MS // board.SCAN_MS + 1
Position().occupancy(hw.occ)
s.rec.setup(0)
got = []
for k in range(10):
    for e in s.scan(k * board.SCAN_MS):
        got.append((k, e[report.KIND], e[report.PTS]))
print(got[-1])
print(s.rec.confirm(50, "arbiter")[0][report.INFO])
""" % {"board": board, "driver": driver, "roles": roles})
    last, who = out.split("\n")[:2]
    # Confirmed on the 4th scan (15 ms stable at 5 ms), nothing left wrong.
    assert last == "(3, 7, ())" and who == "arbiter"


def test_board_modules_name_their_architecture():
    from xqboard import build
    from xqboard.paths import BOARDS
    for name in ("pico", "esp32s3"):
        text = (BOARDS / (name + ".py")).read_text()
        arch = [l.split('"')[1] for l in text.splitlines() if l.startswith("ARCH")][0]
        assert arch == build.ARCH_OF_BOARD["rp2040" if name == "pico" else name]
