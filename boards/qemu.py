# The emulated Pico: the firmware image of boards/qemu_pico/ (MicroPython's
# qemu port, Cortex-M0+ code) on QEMU's mps2-an385 (docs/HARDWARE.md, "The
# firmware image and the emulated board"). Runs only there: it reaches the
# host through ARM semihosting, which the emulator is started with.
#
# - The flash: a host file opened through semihosting holds the image of
#   the Pico's littlefs partition (its size: xqboard/target/emulator.py). Every erase and
#   program waits as long as the Pico's flash chip takes (W25Q16JV), on the
#   emulated clock, so the journal's writes cost what they cost on a Pico,
#   and the image survives the emulator being killed (a power cut).
# - The link: UART0, which the emulator exposes as a pseudo-terminal
#   (`-serial pty`); the host opens it like /dev/ttyACM0.
# - The sensors and levers (test-only input): a scenario script (the syntax
#   of boards/scenario.py), read a line at a time from a host file through
#   semihosting. The emulated CPU stops while the host answers a semihosting
#   call, so with `-icount shift=0,sleep=off` every action lands at the same
#   emulated instant on every run: two runs give the same log. For the
#   interactive sim (RealTimeSim, at the end), action lines on UART1.
#
#   import boards.qemu as q; q.scenario("/tmp/s.txt", "/tmp/flash.img", end_ms)
import time

import _board
import ticks
from boards.simrun import KEY, T0, Runner  # noqa: F401  (KEY: the host signs with it)
from boards.sim import SimBoard
from sense.presence import pack

_MODE_RB = 1  # fopen's "rb" (semihosting SYS_OPEN modes)
_MODE_RPLUSB = 3  # "r+b"
_MODE_WB = 5  # "wb"


class HostFile:
    """A host file reached through semihosting (the host path as given),
    by the image's `_board` module (boards/qemu_pico/modboard.c)."""

    def __init__(self, path, mode=_MODE_RPLUSB):
        self.handle = _board.open(path, mode)

    def size(self):
        return _board.size(self.handle)

    def seek(self, pos):
        _board.seek(self.handle, pos)

    def readinto(self, buf):
        """Reads len(buf) bytes; returns how many came (fewer at the end)."""
        return _board.readinto(self.handle, buf)

    def write(self, buf):
        _board.write(self.handle, buf)

    def close(self):
        _board.close(self.handle)


# The Pico's flash chip, Winbond W25Q16JV (datasheet, "AC Electrical
# Characteristics"): page program tPP 0.4 ms typical, 3 ms
# max, per 256-byte page; sector erase (4 KiB) tSE 45 ms typical, 400 ms
# max. Reads go through the RP2040's XIP at 62.5 MHz on four lines
# (the stock boot2): ~32 ns a byte.
PAGE = 256
SECTOR = 4096
FLASH_TIMES = {  # (program a page, erase a sector) in us
    "typical": (400, 45000),
    "max": (3000, 400000),
}
READ_NS_PER_BYTE = 32


class Flash:
    """The flash image as a littlefs block device: `_board.Flash` (C, as the
    rp2 port's rp2.Flash is, since littlefs calls it for every read), with
    the chip's timings above spent on the emulated clock with the CPU
    halted, as a Pico's core waits for its flash. `stats()`: sector erases,
    pages programmed, us waited, for the benchmarks."""

    def __init__(self, path, timing="typical"):
        self.file = HostFile(path)
        program_us, erase_us = FLASH_TIMES[timing]
        self.dev = _board.Flash(self.file.handle, self.file.size() // SECTOR, program_us, erase_us,
                                READ_NS_PER_BYTE)

    def stats(self):
        return self.dev.stats()


def mount(image, timing="typical"):
    """Mounts littlefs on the flash image at / (formats a blank image, as a
    new Pico does on first boot); returns the Flash."""
    import vfs

    flash = Flash(image, timing)
    try:
        fs = vfs.VfsLfs2(flash.dev, progsize=PAGE)
    except OSError:
        vfs.VfsLfs2.mkfs(flash.dev, progsize=PAGE)
        fs = vfs.VfsLfs2(flash.dev, progsize=PAGE)
    vfs.mount(fs, "/")
    return flash


def export(image, name, dest):
    """Copies the file `name` of the flash image's filesystem to the host
    path dest (the tests compare the board's journal with the host's)."""
    mount(image)
    out = HostFile(dest, _MODE_WB)
    buf = bytearray(512)
    with open(name, "rb") as f:
        while True:
            n = f.readinto(buf)
            if not n:
                break
            out.write(memoryview(buf)[:n])
    out.close()


class HostLines:
    """The lines of a host text file, read through semihosting a chunk at a
    time (a long script never sits whole in the heap)."""

    def __init__(self, path):
        self.file = HostFile(path, _MODE_RB)
        self.chunk = bytearray(256)
        self.rest = b""

    def __iter__(self):
        while True:
            i = self.rest.find(b"\n")
            if i >= 0:
                line = self.rest[:i]
                self.rest = self.rest[i + 1:]
                yield line.decode()
                continue
            n = self.file.readinto(self.chunk)
            if not n:
                if self.rest:
                    yield self.rest.decode()
                self.file.close()
                return
            self.rest += bytes(self.chunk[:n])


class HostTail:
    """The lines appended to a host file by another process (the sim's
    action lines), read one at a time when the board wants the next: a
    whole game's actions never sit in the heap, and the host never waits
    for the board to take them (a UART's one-byte buffer would make it)."""

    def __init__(self, path):
        self.file = HostFile(path, _MODE_RB)
        self.pos = 0
        self.chunk = bytearray(128)

    def next_line(self):
        """The next complete line (str), or None if none is there yet."""
        if self.file.size() <= self.pos:
            return None
        self.file.seek(self.pos)
        n = self.file.readinto(self.chunk)
        end = bytes(self.chunk[:n]).find(b"\n")
        if end < 0:
            return None  # the host is still writing it (lines are short)
        self.pos += end + 1
        return bytes(self.chunk[:end]).decode()


class UartLink:
    """The board's link: UART0 (the REPL's stdin/stdout, a pseudo-terminal
    on the host) for what the host sends and every frame the board sends;
    plus the scenario's own commands, signed as the host would sign them,
    fed in at their emulated instant (host_write)."""

    def __init__(self):
        from boards.device import UsbPort

        self.uart = UsbPort()
        self.poll = self.uart.poll
        self.injected = bytearray()

    def read(self):
        if self.injected:
            data = bytes(self.injected)
            self.injected = bytearray()
            return data
        for _ in self.poll.ipoll(0):  # (inline: nothing waits in almost every scan)
            return self.uart.read()
        return None

    def write(self, data):
        self.uart.write(data)

    def host_write(self, data):
        self.injected.extend(data)

    def take(self):
        return ()  # nothing is kept: every frame went out on the UART


class EmulatedSensors(SimBoard):
    """The simulated board's sensors and levers, read as cheaply as a Pico
    reads its shift registers: the frame is packed straight from the
    bitmap of pieces by one viper call (SimBoard copies it point by point
    in Python, to lay its flickers over it, which would count as the
    board's work here), and only when a piece moved, as the Pico's driver
    maps its bits only when they changed (boards/hc165.py). The SPI
    transfer itself (12 bytes: 12 us at the Pico definition's 8 MHz,
    boards/pico.py) is not modelled."""

    frame = seen = None  # the frame last packed, and the pieces it shows

    def read_frame(self, frame):
        # (the flickers in a method of their own: this frame stays under
        # the 11 words a bytecode call keeps off the heap, as the Pico's
        # read does: firmware/app.py's scan())
        if self.flickers and self._flickering(frame):
            return False
        if frame is self.frame and self.occ == self.seen:
            return True  # the bits of the last read (firmware/app.py)
        pack(self.occ, frame)  # (sense/presence.py: one viper call)
        self.frame = frame
        self.seen = bytearray(self.occ)  # (a copy only when a piece moved)
        return False

    def _flickering(self, frame):
        # A flicker is on: the slow way (SimBoard's read), True.
        for f in self.flickers:
            if self.vt < f[1]:
                SimBoard.read_frame(self, frame)
                self.seen = None
                return True
        return False


class EmulatedRunner(Runner):
    """boards/simrun.py's Runner on the emulated clock: the scenario's
    times are ms since start on the board's clock, and the board's work
    takes the emulated time its instructions take (1 instruction = 1 ns).
    Between steps the board sleeps until the next thing due, as the App's
    loop does on a Pico.

    The board's clock is virtual: it runs while the App works (a step, a
    power-up) and while the board sleeps until a step is due, and stands
    still while the runner does what the unix runner does in no time,
    which the real host and sensors would do beside the board (the
    script's lines read and parsed, a command signed as the host signs it:
    an HMAC in Python, over a ms of instructions). Each time it goes on,
    it goes on from the ms it stood at, at that ms's SysTick: a step due
    starts at the same instant of its ms whatever ran before it, so a few
    instructions more or less anywhere (a longer flash path in the launch
    code, the heap laid out otherwise) cannot move a step's time by a ms,
    and two runs give the same log. (Sleeping `late` ms from wherever the
    last step had ended kept that instant within the ms from step to
    step: runs 1 ms apart, the game begun 1 ms after the script's 0.)"""

    def __init__(self, store):
        # Runner.__init__ with the board swapped for one whose link is the
        # UART (simrun's own board keeps the frames in a buffer).
        self.out = None  # unused: take() returns nothing
        self.raw = False
        self.board = EmulatedSensors(port=UartLink(), store=store, key=KEY, board_id="scenario")
        self.app = None
        self.vt = 0
        self.cid = 0
        self.boots = 0
        self.boot_ms = self.zero_ms = self.stopped_ms = time.ticks_ms()
        self.power(True)
        # The script's time 0 is when the board is up (the unix runner's
        # boot takes no time); the App's clock runs on from boot.
        self.zero_ms = self.stopped_ms

    def _go_on(self):
        # The board's clock goes on from the ms it stood at (stopped_ms),
        # at the SysTick that begins a ms: the time since then was the
        # runner's, not the board's.
        _board.idle()
        gap = time.ticks_diff(time.ticks_ms(), self.stopped_ms)
        self.boot_ms = time.ticks_add(self.boot_ms, gap)
        self.zero_ms = time.ticks_add(self.zero_ms, gap)

    def elapsed(self):
        """ms of the script's time (since the board came up)."""
        return time.ticks_diff(time.ticks_ms(), self.zero_ms)

    def tick(self):
        return (T0 + time.ticks_diff(time.ticks_ms(), self.boot_ms)) & ticks.MASK

    def press_tick(self, t):
        # the script's time t on the board's clock: a press that lands in a
        # long step keeps its own time, as a Pico's lever interrupt stamps it
        return (T0 + time.ticks_diff(self.zero_ms, self.boot_ms) + t) & ticks.MASK

    def power(self, on):
        self._go_on()
        Runner.power(self, on)
        self.stopped_ms = time.ticks_ms()

    def step(self):
        # The caller moved self.vt to when this step is due: the board
        # sleeps until then, halted, on that ms's SysTick (in two wakes:
        # the emulator's cost of an idle ms is its wakes).
        self._go_on()
        _board.halt_ms(time.ticks_diff(time.ticks_add(self.zero_ms, self.vt), time.ticks_ms()))
        self.vt = self.elapsed()
        Runner.step(self)
        self.stopped_ms = time.ticks_ms()


class VirtualClockRunner(EmulatedRunner):
    """EmulatedRunner on the unix runner's virtual clock (boards/simrun.py):
    the board's ticks are the script's ms, whatever its instructions
    took, as `xqboard scenario` keeps them. What the emulated clock adds
    (a step's own time; a ms moved by where the SysTick fell, docs/DEVELOPING.md,
    "No flaky test") is gone, so two runs must give the same log to the
    ms: what could still differ between them is the firmware's (its heap,
    its flash, its link), which is what the comparison of two runs is
    for. The flash still waits as long as the Pico's chip (mount)."""

    tick = Runner.tick
    press_tick = Runner.press_tick
    step = Runner.step

    def power(self, on):
        Runner.power(self, on)


RUNNERS = {"emulated": EmulatedRunner, "virtual": VirtualClockRunner}


def replay(runner, script, end_ms):
    """Runs a scenario script (host path) on a runner, until end_ms after
    the start or the script's `end`."""
    runner.replay(HostLines(script), end_ms)


def start(image, timing="typical", store="/games", clock="emulated"):
    """Mounts the flash image and powers the board up: (runner, flash);
    the runner's clock is the emulated one or the script's (RUNNERS)."""
    flash = mount(image, timing)
    # The host's bytes reached the REPL at no fixed instant: start on a
    # SysTick so that every run sees the same clock from here on.
    _board.idle()
    return RUNNERS[clock](store), flash


def scenario(script, image, end_ms, timing="typical", store="/games", clock="emulated"):
    """Runs a scenario script (host path) on this board, its journal on the
    flash image (host path), until end_ms after the start or its `end`."""
    runner, _ = start(image, timing, store, clock)
    replay(runner, script, end_ms)


# -- the interactive sim (`xqboard sim --target qemu`) ----------------------


class Uart1:
    """mps2-an385's second CMSDK UART (0x40005000), a pseudo-terminal on the
    host: the sim's error lines go out on it, written to its registers."""

    BASE = 0x40005000  # DATA; STATE +4 (bit 1: a byte waits); CTRL +8; BAUDDIV +16

    def __init__(self):
        import machine

        self.mem = machine.mem32
        self.mem[self.BASE + 16] = 16
        self.mem[self.BASE + 8] = 1  # transmit on

    def write(self, text):
        for c in text.encode() + b"\n":
            while self.mem[self.BASE + 4] & 1:  # transmit buffer full
                pass
            self.mem[self.BASE] = c


UART0_STATE = 0x40004004  # the link's CMSDK UART: bit 1, a received byte waits
ACTION_POLL_MS = 10  # while idle, how often the action file is looked at
# While idle, how often the link is looked at for a byte from the host (the
# port's UART raises no interrupt to wake on): a wake each 1 ms cost the
# emulator ~0.2 ms of host CPU per emulated ms as fast as it goes. The host's
# bytes wait up to this long on the board's clock while it idles: this
# runner's delay, not the firmware's (a device's loop reads its link every
# 5 ms scan, boards/device.py).
LINK_POLL_MS = 20


class RealTimeSim:
    """The App stepped as the unix port's simulator steps it
    (xqboard/mp/sim_run.py): every SCAN_MS while the sensors change,
    otherwise when the App next has something due (App.wait_ms), an action
    falls due, or the host sends a byte; between steps the CPU is halted.
    On the emulated clock (in real time, or as fast as the emulator goes),
    its sensors and levers set by the action lines the host appends to a
    file beside the flash image (image + ".actions"), in `xqboard sim`'s syntax: lift h2, place e2,
    press red, flicker e3 40, setup, clear, each optionally after `+<time>`
    (that long after the line before, on the board's clock). The pieces on
    the board are kept in a host file beside the flash image, so that they
    stay where they are through a power cut (a real board's pieces do)."""

    def __init__(self, image, key, board_id, timing):
        from app import App
        from boards.scenario import parse_point, parse_time

        self.parse_point, self.parse_time = parse_point, parse_time
        mount(image, timing)
        self.board = EmulatedSensors(port=UartLink(), store="/games", key=key, board_id=board_id)
        self.occ = HostFile(image + ".occ")
        self.occ.readinto(self.board.occ)
        self.inputs = HostTail(image + ".actions")
        self.errors = Uart1()
        self.next = None  # (due ms, words): the action read, not yet done
        self.last_due = 0
        self.boot_ms = time.ticks_ms()
        # (a tick value used as a plain int: the stubs type it apart)
        self.app = App(self.board, nonce="%08x" % (time.ticks_us() & 0xFFFFFFF))  # pyright: ignore[reportOperatorIssue]
        self.app.start(self.tick())

    def elapsed(self):
        return time.ticks_diff(time.ticks_ms(), self.boot_ms)

    def tick(self):
        return (T0 + self.elapsed()) & ticks.MASK

    def run(self):
        while True:
            self.take_inputs()
            self.board.vt = self.elapsed()
            self.app.step(self.tick())
            self.idle(self.wait_ms())

    def wait_ms(self):
        """How long nothing can happen but the host's bytes or a new action
        line (both looked for while idle)."""
        now = self.elapsed()
        wait = self.app.wait_ms(self.tick())
        for f in self.board.flickers:
            if f[1] > now:
                wait = min(wait, f[1] - now)
        if self.next is not None:
            wait = min(wait, self.next[0] - now)
        return max(wait, 1)

    def idle(self, ms):
        """Halts up to ms, LINK_POLL_MS at a time; returns early when the
        host sent a byte on the link (UART0) or, every ACTION_POLL_MS, when
        a new action line was written."""
        end = time.ticks_add(time.ticks_ms(), ms)
        mem = self.errors.mem
        polled = time.ticks_ms()
        while True:
            left = time.ticks_diff(end, time.ticks_ms())
            if left <= 0 or mem[UART0_STATE] & 2:  # the time is up, or a byte from the host waits
                return
            if self.next is None:
                since = time.ticks_diff(time.ticks_ms(), polled)
                if since >= ACTION_POLL_MS:
                    polled = time.ticks_ms()
                    self.next = self.read_action(self.elapsed())
                    if self.next is not None:
                        return
                    since = 0
                left = min(left, ACTION_POLL_MS - since)
            _board.halt_ms(min(left, LINK_POLL_MS))

    def take_inputs(self):
        """Does the actions that are due, reading the next line of the file
        as the one before is done: `+<time>` runs from that one's instant."""
        now = self.elapsed()
        while True:
            if self.next is None:
                self.next = self.read_action(now)
                if self.next is None:
                    return
            due, words = self.next
            if due > now:
                return
            self.next = None
            self.do(words)

    def read_action(self, now):
        while True:
            line = self.inputs.next_line()
            if line is None:
                return None
            words = line.split("#", 1)[0].split()
            if not words:
                continue
            delay = 0
            if words[0].startswith("+"):
                try:
                    delay = self.parse_time(words[0][1:])
                except ValueError as e:
                    self.errors.write("error %s: %s" % (line, e))
                    continue
                words = words[1:]
            self.last_due = max(now, self.last_due) + delay
            return self.last_due, words

    def do(self, words):
        b = self.board
        action, args = words[0], words[1:]
        try:
            if action in ("lift", "place"):
                b.occ[self.parse_point(args[0])] = 1 if action == "place" else 0
            elif action == "press" and args in (["red"], ["black"]):
                b.press(0 if args[0] == "red" else 8)
            elif action == "flicker":
                b.flicker(self.parse_point(args[0]), self.parse_time(args[1]))
            elif action == "setup":
                b.set_occupancy(self.app.game.position.occupancy())
            elif action == "clear":
                b.set_occupancy(bytearray(90))
            else:
                raise ValueError("want lift, place, press red|black, flicker, setup or clear")
        except (ValueError, IndexError) as e:
            self.errors.write("error %s: %s" % (" ".join(words), e))
            return
        self.occ.seek(0)
        self.occ.write(b.occ)


def sim(image, key_hex, board_id, timing="typical"):
    """`xqboard sim --target qemu`: the board in real time until powered off."""
    import micropython

    micropython.kbd_intr(-1)  # the link's bytes must never interrupt the board (main.py)
    RealTimeSim(image, bytes.fromhex(key_hex), board_id, timing).run()
