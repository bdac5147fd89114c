"""The device loop (firmware/app_loop.py, App.run) on the emulated Pico,
under asyncio as main.py runs it: a scan every 5 ms on a fixed schedule,
the displays refreshed every 100 ms in their own task, for one second of
the board's clock."""
from xqboard.target import qemu

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
async def one_second():
    loop = asyncio.create_task(app.run(time.ticks_ms))
    await asyncio.sleep_ms(1000)
    loop.cancel()
asyncio.run(one_second())
print("LOOP", counts[0], counts[1])
"""


def test_scans_every_5_ms_and_refreshes_the_displays_apart(elf, tmp_path):
    with qemu.Emulator(tmp_path / "flash.img", elf) as emu:
        out = emu.exec(LOOP % {"flash": emu.flash}, timeout=120)
    scans, refreshes = (int(x) for x in next(x for x in out.splitlines() if x.startswith("LOOP")).split()[1:])
    assert 195 <= scans <= 201  # 1000 ms / 5 ms, none lost to the displays
    assert 9 <= refreshes <= 11  # every 100 ms
