"""Runs the firmware image on QEMU's mps2-an385 (the emulated Pico of
boards/qemu_pico), in emulated time: `-icount shift=0,sleep=off` makes one
instruction one nanosecond of the board's clock, and idle time costs
nothing. The board's link is UART0 on a pseudo-terminal, opened here as a
serial port; the host starts code on it through the raw REPL (the qemu
port runs no main.py), then the link is the board's alone.

    with Emulator(flash_path) as emu:
        out, err = emu.exec("print(1)")

The flash image (a host file the board reaches through semihosting,
boards/qemu.py) outlives the emulator: kill() is a power cut.
"""
import os
import re
import select
import subprocess
import time
import tty

from . import image
from .cable import Cable

RAW_PROMPT = b"raw REPL; CTRL-B to exit\r\n>"
EOT = b"\x04"
# The rp2 port's filesystem on a Pico: the top 1408 KiB of its 2 MiB flash
# (ports/rp2/boards/RPI_PICO: MICROPY_HW_FLASH_STORAGE_BYTES).
FLASH_BYTES = 1408 * 1024


def blank_flash(path):
    """A flash image as a new Pico's: every byte erased (0xFF). Kept if it
    exists: a board keeps its flash."""
    if not os.path.exists(path):
        with open(path, "wb") as f:
            f.write(b"\xff" * FLASH_BYTES)
    return path


# Emulated time: one instruction one ns, idle time skipped (scenarios,
# tests, benchmarks: the same log on every run) or spent as on the wall
# clock (the interactive sim).
EMULATED = "shift=0,sleep=off"
REAL_TIME = "shift=0,sleep=on"


def command(elf, icount=EMULATED, serials=1):
    cmd = ["qemu-system-arm", "-machine", "mps2-an385", "-nographic", "-monitor", "none",
           "-semihosting", "-kernel", str(elf), "-icount", icount]
    return cmd + ["-serial", "pty"] * serials


class BoardError(RuntimeError):
    """The code run on the board raised (the message is its traceback)."""


class CoreFault(BoardError):
    """The core faulted (an unaligned access traps, boards/qemu_pico/
    modboard.c): the message names the fault, the PC and the function the
    PC was in, read from the image's symbols."""


# MicroPython's qemu port prints this, then the registers, then halts
# (ports/qemu/mcu/arm/errorhandler.c).
FAULT = re.compile(rb"(HardFault|MemManage|BusFault|UsageFault|NMI) exception caught:")
_SYMBOLS = {}


def symbol_at(elf, pc):
    """The name of the image's function or frozen code (fun_data_<module>_
    <function>) that holds address pc, or "?" (no toolchain to read it)."""
    if elf not in _SYMBOLS:
        try:
            out = subprocess.run([image.TOOLCHAIN.replace("gcc", "nm"), "-S", "--defined-only", str(elf)],
                                 capture_output=True, text=True, check=True).stdout
        except (OSError, subprocess.CalledProcessError):
            out = ""
        _SYMBOLS[elf] = [(int(a, 16), int(n, 16), name) for a, n, _, name in
                         (line.split() for line in out.splitlines() if len(line.split()) == 4)]
    pc &= ~1  # the Thumb bit
    return next((name for a, n, name in _SYMBOLS[elf] if a <= pc < a + n), "?")


class Emulator:
    def __init__(self, flash, elf=None, icount=EMULATED, serials=1):
        self.flash = str(blank_flash(os.path.abspath(str(flash))))
        self.elf = elf or image.ensure_built()
        self.icount = icount
        self.serials = serials  # UART0 (the link), UART1 (the sim's input)
        self.proc = None
        self.fd = None
        self.pending = b""

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.kill()

    def start(self):
        """Powers the board up and gets to its raw REPL."""
        self.proc = subprocess.Popen(command(self.elf, self.icount, self.serials), stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.ports = []
        for _ in range(self.serials):
            line = self.proc.stdout.readline().decode()
            m = re.search(r"(/dev/pts/\d+)", line)
            if not m:
                self.kill()
                raise RuntimeError("qemu did not give its serial port: %r" % line)
            self.ports.append(m.group(1))
        self.port = self.ports[0]
        self.fd = os.open(self.port, os.O_RDWR | os.O_NOCTTY)
        tty.setraw(self.fd)
        os.write(self.fd, b"\r\x03\x03\x01")
        self.read_until(RAW_PROMPT, 30)

    def kill(self):
        """Cuts the power: the process is killed, the flash image stays."""
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.release()

    def release(self):
        """Lets go of the link (a host tool opens it next)."""
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None

    def read(self, timeout):
        """The bytes the board sent within timeout s (b"" if none)."""
        if self.pending:
            data, self.pending = self.pending, b""
            return data
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            return b""
        try:
            return os.read(self.fd, 4096)
        except OSError:  # the emulator is gone
            return b""

    def fault(self, buf):
        """CoreFault if the board printed a fault into buf (its register
        dump read to the end first); else nothing."""
        m = FAULT.search(buf)
        if not m:
            return
        end = time.monotonic() + 5
        while b"xPSR:" not in buf[m.start():] and time.monotonic() < end:
            buf += self.read(0.2)
        regs = {k.decode(): int(v, 16) for k, v in re.findall(rb"(R\d+|xPSR):\s+([0-9A-F]{8})", buf[m.start():])}
        pc, lr = regs.get("R15", 0), regs.get("R14", 0)
        raise CoreFault("the core faulted: %s at pc=0x%08x in %s (lr=0x%08x in %s)%s" % (
            m.group(1).decode(), pc, symbol_at(self.elf, pc), lr, symbol_at(self.elf, lr),
            ": an unaligned load or store, as an RP2040 would fault on" if m.group(1) == b"UsageFault" else ""))

    def read_until(self, token, timeout):
        buf = b""
        end = time.monotonic() + timeout
        while token not in buf:
            if time.monotonic() > end or self.proc.poll() is not None:
                raise TimeoutError("board: no %r within %ss; got %r" % (token, timeout, buf[-300:]))
            buf += self.read(0.2)
            self.fault(buf)
        i = buf.index(token) + len(token)
        self.pending = buf[i:] + self.pending
        return buf[:i - len(token)]

    def launch(self, code):
        """Starts code on the board; its output follows on the link."""
        os.write(self.fd, code.encode() + EOT)
        self.read_until(b"OK", 30)

    def finish(self, timeout):
        """The error output of the code launched (b"" when it ended well),
        after its normal output has been read up to EOT."""
        err = self.read_until(EOT, timeout)
        self.read_until(b">", timeout)
        return err

    def exec(self, code, timeout=120):
        """Runs code on the board; returns its printed output (text).
        BoardError if it raised."""
        self.launch(code)
        out = self.read_until(EOT, timeout)
        err = self.finish(timeout)
        if err:
            raise BoardError(err.decode(errors="replace"))
        return out.decode(errors="replace").replace("\r\n", "\n")

    def lines(self, timeout):
        """The link's lines (bytes, without newline) as the board sends
        them, until the code launched ends (EOT)."""
        buf = b""
        end = time.monotonic() + timeout
        while True:
            if time.monotonic() > end or self.proc.poll() is not None:
                raise TimeoutError("board: still running after %ss" % timeout)
            buf += self.read(0.2)
            self.fault(buf)
            while b"\n" in buf or EOT in buf:
                nl, eot = buf.find(b"\n"), buf.find(EOT)
                if eot >= 0 and (nl < 0 or eot < nl):
                    self.pending = buf[eot + 1:] + self.pending
                    if buf[:eot].strip():
                        yield buf[:eot].rstrip(b"\r")
                    return
                yield buf[:nl].rstrip(b"\r")
                buf = buf[nl + 1:]


def scenario_code(script, flash, end_ms, timing="typical", clock="emulated"):
    return "import boards.qemu as q\nq.scenario(%r, %r, %d, %r, clock=%r)" % (
        os.path.abspath(script), flash, end_ms, timing, clock)


def run_scenario(script, flash, out=print, timeout=600, timing="typical", clock="emulated"):
    """Replays a scenario script (README, "Scenario scripts") on the
    emulated board, its journal on the flash image; `out` gets each line the
    board sends, its payload without the checksum (and an event's chain
    word), as `xqboard scenario` prints them. Returns the board's error
    output ("" when it ran well). clock: "emulated" (the board's ticks run
    as its instructions take) or "virtual" (the script's ms, as the unix
    port's runner keeps them: boards/qemu.py, VirtualClockRunner)."""
    from .. import core  # noqa: F401  (puts firmware/ and boards/ on sys.path)
    from boards import scenario
    from boards.simrun import TAIL_MS
    from game.chain import split
    from link.frame import FrameError, unframed

    with open(script) as f:
        acts = scenario.parse(f.readlines())
    end_ms = (acts[-1][0] if acts else 0) + TAIL_MS
    with Emulator(flash) as emu:
        emu.launch(scenario_code(script, emu.flash, end_ms, timing, clock))
        for frame in emu.lines(timeout):
            try:
                out(split(unframed(frame + b"\n"))[0])  # without the chain word, as boards/simrun.py
            except FrameError as e:
                out("? unreadable frame from the board: %s" % e)
        return emu.finish(30).decode(errors="replace")


def cmd_scenario(args):
    """`xqboard scenario --target qemu FILE`: the script on the emulated
    Pico; the flash image is FILE's journal: --store DIR keeps it as
    DIR/flash.img (a second run starts from it, as a board keeps its flash)."""
    import sys
    import tempfile

    from ..errors import UsageError

    why = image.missing()
    if why:
        raise UsageError("--target qemu needs %s" % why)
    if args.store:
        os.makedirs(args.store, exist_ok=True)
        err = run_scenario(args.file, os.path.join(args.store, "flash.img"))
    else:
        with tempfile.TemporaryDirectory(prefix="xqboard-flash-") as d:
            err = run_scenario(args.file, os.path.join(d, "flash.img"))
    if err:
        sys.stderr.write(err)
        raise SystemExit("the board stopped: that is a firmware bug")
    return 0


class QemuSim:
    """`xqboard sim --target qemu`: the firmware image on the emulated Pico,
    in real time (`-icount shift=0,sleep=on`: busy time is the
    instructions', idle time the wall clock's) or, `fast=True`, as fast as
    the emulator goes (`sleep=off`: the tests). The board's link is UART0,
    relayed through a cable (target/cable.py) to the port the host opens;
    action lines go to a file beside the flash image that the board reads
    through semihosting (boards/qemu.py, RealTimeSim), its error lines come
    back on UART1. `power off` kills the emulator, `power on` starts it
    again on the same flash image (the actions not yet done are lost with
    the power); `cable off|on` pulls and plugs the cable. The same API as
    xqboard.simboard.SimulatedBoard for what the end-to-end tests use:
    start(), port, key, act(*lines), cable(on), power(on), close()."""

    def __init__(self, store, key, board_id, link=None, log=None, fast=False):
        self.store = store
        self.key = key
        self.board_id = board_id
        self.flash = os.path.join(store, "flash.img")
        self.icount = EMULATED if fast else REAL_TIME
        self.log = log or (lambda line: None)
        self.wire = Cable(link)
        self.emu = None
        self.errors = None

    @property
    def port(self):
        return self.wire.port

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()

    def start(self):
        os.makedirs(self.store, exist_ok=True)
        if not os.path.exists(self.flash + ".occ"):
            with open(self.flash + ".occ", "wb") as f:
                f.write(bytes(90))  # no piece on the board yet
        self.wire.start()
        self.power(True)
        return self

    def close(self):
        self.power(False)
        self.wire.close()

    def power(self, on):
        if not on and self.emu:
            self.wire.attach(None)
            self.emu.kill()
            self.emu = None
            os.close(self.errors)
        elif on and not self.emu:
            open(self.flash + ".actions", "wb").close()  # a new power-on reads from its start
            self.emu = Emulator(self.flash, icount=self.icount, serials=2)
            self.emu.start()
            self.emu.launch("import boards.qemu as q\nq.sim(%r, %r, %r)" % (self.flash, self.key.hex(), self.board_id))
            self.wire.attach(self.emu.fd)
            self.errors = os.open(self.emu.ports[1], os.O_RDWR | os.O_NOCTTY)
            tty.setraw(self.errors)

    def cable(self, on):
        self.wire.plug(on)

    def act(self, *lines):
        for line in lines:
            words = line.split()
            if words[:1] in (["power"], ["cable"]) and words[1:] in (["off"], ["on"]):
                getattr(self, words[0])(words[1] == "on")
                if words == ["power", "on"]:
                    self.log("powered on")
            elif not self.emu:
                self.log("(board off) %s" % line.strip())
            else:
                with open(self.flash + ".actions", "ab") as f:
                    f.write(line.strip().encode() + b"\n")
                self._errors()

    def _errors(self):
        r, _, _ = select.select([self.errors], [], [], 0)
        if r:
            for text in os.read(self.errors, 4096).decode(errors="replace").splitlines():
                self.log(text)

    def journal(self, dest, name="/games/g00001.log"):
        """Copies a file of the board's flash (the journal) to the host path
        dest, by booting the image on it (after close(): the board is off)."""
        with Emulator(self.flash, self.emu and self.emu.elf) as emu:
            emu.exec("import boards.qemu as q\nq.export(%r, %r, %r)" % (self.flash, name, os.path.abspath(dest)))
        return dest

def open_sim(args, key):
    """`xqboard sim --target qemu` (commands/sim.py's options, the key
    parsed there; but --speed: the emulated board runs in real time): the
    emulated board started, and the line that tells the user about it.
    commands/sim.py drives it as it drives the unix-port board."""
    import sys
    import tempfile

    from ..errors import UsageError

    why = image.missing()
    if why:
        raise UsageError("--target qemu needs %s" % why)
    if float(args.speed) != 1:
        raise UsageError("--speed: the emulated board runs in real time (--target unix for another speed)")
    store = args.store
    if not store:
        store = tempfile.mkdtemp(prefix="xqboard-sim-")
    sim = QemuSim(store, key, args.board_id, args.link,
                  log=lambda line: print("board: " + line, file=sys.stderr, flush=True))
    sim.start()
    return sim, ("xqboard sim: emulated Pico %s on %s (flash image in %s); type actions (lift h2, place e2, "
                 "press red, setup, power off...), Ctrl-C ends" % (args.board_id, sim.port, sim.store))
