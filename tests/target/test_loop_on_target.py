"""The device loop (firmware/app_loop.py, App.run) on the emulated Pico,
under asyncio.run as main.py runs it: a scan every 5 ms on a fixed
schedule, the displays refreshed every 100 ms between the scans, for one
second of the board's clock."""
from xqboard.target import emulator

LOOP = """
import asyncio, time
import boards.qemu as q
from app import App
q.mount(%(flash)r)
board = q.EmulatedSensors(port=q.UartLink(), store="/games", key=q.KEY, board_id="loop")
app = App(board)
counts = [0, 0]
scan, show = app.scan, board.show
def counted_scan(now):
    counts[0] += 1
    scan(now)
def counted_show(*faces):
    counts[1] += 1
    return show(*faces)
app.scan, board.show = counted_scan, counted_show
asyncio.run(app.run(time.ticks_ms, for_ms=1000))
print("LOOP", counts[0], counts[1])
"""


def test_scans_every_5_ms_and_refreshes_the_displays_apart(elf, tmp_path):
    with emulator.Emulator(tmp_path / "flash.img", elf) as emu:
        out = emu.exec(LOOP % {"flash": emu.flash}, timeout=120)
    scans, refreshes = (int(x) for x in next(x for x in out.splitlines() if x.startswith("LOOP")).split()[1:])
    assert 195 <= scans <= 201  # 1000 ms / 5 ms, none lost to the displays
    assert 9 <= refreshes <= 11  # every 100 ms


COLLECTING = """
import asyncio, time
import app_loop
import boards.qemu as q
from app import App
q.mount(%(flash)r)
board = q.EmulatedSensors(port=q.UartLink(), store="/games", key=q.KEY, board_id="loop")
app = App(board)
collections = []
free = app_loop.gc.mem_free
class CountingGc:  # app_loop's gc, counting the collections it asks for
    def mem_free(self):
        return free()
    def collect(self):
        collections.append(time.ticks_ms())
app_loop.gc = CountingGc()
app_loop.COLLECT_BELOW = 1 << 30  # the heap is always "low"
app_loop.COLLECT_IDLE_MS = 250  # and looked at every COLLECT_EVERY_MS, the game changed or not
asyncio.run(app.run(time.ticks_ms, for_ms=1000))
quiet = len(collections)
del collections[:]
app_loop.quiet_moment = lambda app, now: False  # e.g. a point changing, the flag near
asyncio.run(app.run(time.ticks_ms, for_ms=1000))
print("GC", quiet, len(collections))
"""


def test_collects_the_garbage_at_quiet_moments_only(elf, tmp_path):
    with emulator.Emulator(tmp_path / "flash.img", elf) as emu:
        out = emu.exec(COLLECTING % {"flash": emu.flash}, timeout=120)
    quiet, refused = (int(x) for x in next(x for x in out.splitlines() if x.startswith("GC")).split()[1:])
    assert 3 <= quiet <= 4  # every COLLECT_EVERY_MS (250 ms) while the board is still
    assert refused == 0
