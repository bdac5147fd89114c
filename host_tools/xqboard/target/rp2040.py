"""Runs the UF2 on rp2040js (`--target rp2040`): the Pico's own image (the
rp2 port, RPI_PICO, the firmware frozen) on an emulated RP2040 with the
board's parts around it (target/rp2040/: the 74HC165 chain on SPI, the
levers, the SSD1306, the buzzer, the NOR flash behind the SSI, USB CDC),
in the chip's own cycles and emulated time. The node process
(target/rp2040/run.mjs) is driven a step at a time: it runs to an instant
of the board's time, and the host acts between steps, so two runs give the
same log.

    with Pico(flash_path) as pico:      # flash_path: the board's flash bytes, kept
        pico.boot()                     # to the board's greeting
        pico.piece(19, True); pico.press("red"); pico.run_ms(100)

The board is deployed as a board maker deploys it (README, "Firmware
images"): on a new flash the image boots to the REPL, and /main.py and
/config.json are written through the raw REPL, then machine.reset(); that
flash is kept per image (build/rp2040/), and every run starts from a copy.
"""
import hashlib
import json
import os
import shutil
import subprocess
import time

from ..paths import BUILD, FIRMWARE
from . import rp2040_env as env

MS = 1000000  # ns
BOOT_MS = 3000  # the longest a boot may take to its greeting (first boot: littlefs formatted)


class ChipFault(RuntimeError):
    """The core faulted (HardFault, unaligned access, lockup): the run ends."""

    def __init__(self, fault, where):
        self.fault = fault
        self.where = where
        super().__init__("%s at pc=0x%08x (%s), t=%.1f ms: %s" % (
            fault["kind"], fault["pc"], where, fault["t"] / MS, fault.get("detail") or ""))


def wiring(displays=True):
    """The board's parts as boards/pico.py wires them (the node side's
    `wiring`): the chain's point for each bit, the pins and buses."""
    from .. import core  # noqa: F401  (puts firmware/ and boards/ on sys.path)
    from boards import hc165, pico

    p = pico.PINS
    out = {"points": list(hc165.POINTS), "spi": pico.SPI_ID, "load": p["load"], "sck": p["sck"], "miso": p["miso"],
           "lever_red": p["lever_red"], "lever_black": p["lever_black"], "buzzer": p.get("buzzer"),
           "battery": p.get("battery"), "battery_scale": getattr(pico, "BATTERY_SCALE", None)}
    if displays and "oled_sda" in p:
        out["displays"] = [{"bus": pico.OLED_I2C_ID, "address": 0x3C}]
    return out


def symbols(elf, kinds="tdrb"):
    """[(address, name)] of the image's functions and frozen code, sorted
    (kinds: nm's letters; "t", code only: frozen native code is in .text)."""
    nm = shutil.which("arm-none-eabi-nm") or shutil.which("nm")
    if not nm or not os.path.exists(elf):
        return []
    r = subprocess.run([nm, "-n", "--defined-only", elf], capture_output=True, text=True)
    out = []
    for line in r.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1].lower() in kinds:
            out.append((int(parts[0], 16), parts[2]))
    return out


def frozen_modules():
    """{the name frozen code's symbols give a module: its path}, as
    mpy-tool spells them (xq/zobrist.py -> xq_zobrist), longest first."""
    from ..paths import BOARDS

    paths = [p.relative_to(FIRMWARE) for p in FIRMWARE.rglob("*.py")]
    paths += [p.relative_to(BOARDS.parent) for p in BOARDS.glob("*.py")]
    names = {str(p.with_suffix("")).replace("/", "_"): str(p) for p in paths}
    return dict(sorted(names.items(), key=lambda kv: -len(kv[0])))


def where(pc, elf=None):
    """The symbol the PC is in, and the frozen module it belongs to."""
    syms = symbols(str(elf or env.uf2().with_suffix(".elf")))
    best = None
    for addr, name in syms:
        if addr > pc:
            break
        best = name
    if best is None:
        return "no symbols"
    for mod, path in frozen_modules().items():
        for prefix in ("fun_data_", "raw_code_", "const_obj_", "const_table_data_"):
            if best.startswith(prefix + mod + "_") or best == prefix + mod:
                return "%s, in %s" % (best, path)
    return best


class Pico:
    """The node process running the board (see the module's docstring)."""

    def __init__(self, flash, uf2=None, strict=True, usb=True, timing="typical", displays=True, link_fd=None):
        self.flash = os.path.abspath(str(flash))
        self.uf2 = str(uf2 or env.uf2())
        self.args = {"bootrom": str(env.BOOTROM), "uf2": self.uf2, "flash": self.flash,
                     "wiring": wiring(displays), "strict": strict, "usb": usb, "timing": timing}
        if link_fd is not None:
            self.args["linkFd"] = link_fd
        self.link_fd = link_fd
        self.proc = None
        self.rx = b""  # what the board sent on USB, not yet taken
        self.sent = []  # (ns, active cycles, bytes) of each USB transfer from the board (the bench)
        self.t = 0

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.close()

    def start(self):
        fds = {"pass_fds": (self.link_fd,)} if self.link_fd is not None else {}
        self.proc = subprocess.Popen([env.node(), str(env.NODE_DIR / "run.mjs"), json.dumps(self.args)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, **fds)
        return self

    def close(self):
        """Ends the process (the flash bytes saved to the file first)."""
        if self.proc and self.proc.poll() is None:
            try:
                self.proc.stdin.write('{"op": "quit"}\n')
                self.proc.stdin.flush()
                self.proc.wait(10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def kill(self):
        """The process killed outright (the flash file as last saved)."""
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def call(self, op, **kw):
        kw["op"] = op
        self.proc.stdin.write(json.dumps(kw) + "\n")
        self.proc.stdin.flush()
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the emulator ended (status %s)" % self.proc.wait())
            m = json.loads(line)
            if "link" in m:
                data = bytes.fromhex(m["link"])
                self.rx += data
                if len(self.sent) < 100000:
                    self.sent.append((m["t"], m["c"], data))
            elif "fault" in m:
                self.proc.wait()
                self.proc = None
                raise ChipFault(m["fault"], where(m["fault"]["pc"], os.path.splitext(self.uf2)[0] + ".elf"))
            else:
                self.t = m.get("t", self.t)
                return m

    def run_until(self, ns):
        return self.call("run", until=int(ns))

    def run_ms(self, ms):
        return self.run_until(self.t + ms * MS)

    def take(self):
        data, self.rx = self.rx, b""
        return data

    def read_until(self, token, ms, step_ms=20):
        """What the board sent up to token (consumed), within ms of its time."""
        end = self.t + ms * MS
        while token not in self.rx:
            if self.t >= end:
                raise TimeoutError("board: no %r within %d ms; got %r" % (token, ms, self.rx[-300:]))
            self.run_until(min(end, self.t + step_ms * MS))
        i = self.rx.index(token) + len(token)
        out, self.rx = self.rx[:i - len(token)], self.rx[i:]
        return out

    def send(self, data):
        self.call("send", data=bytes(data).hex())

    def piece(self, point, on):
        self.call("piece", point=point, on=1 if on else 0)

    def press(self, side, hold_ms=120, in_erase_ms=None):
        """A lever pressed now, or in_erase_ms into the next erase of the flash."""
        if in_erase_ms is None:
            self.call("press", side=side, hold=hold_ms * MS)
        else:
            self.call("press", side=side, hold=hold_ms * MS, erase=int(in_erase_ms * MS))

    def power(self, on):
        self.call("power", on=on)

    def usb(self, on):
        self.call("usb", on=on)

    def report(self):
        return self.call("report")

    def exec(self, code, ms=5000):
        """Runs code in the raw REPL (a board with no main.py running);
        returns its printed output; RuntimeError with the traceback."""
        self.send(b"\r\x03\x03\x01")
        self.read_until(b"raw REPL; CTRL-B to exit\r\n>", ms)
        for i in range(0, len(code), 256):
            self.send(code[i:i + 256].encode())
            self.run_ms(5)
        self.send(b"\x04")
        self.read_until(b"OK", ms)
        out = self.read_until(b"\x04", ms)
        err = self.read_until(b"\x04", ms)
        if err:
            raise RuntimeError(err.decode(errors="replace"))
        return out.decode(errors="replace").replace("\r\n", "\n")


def config(board_id="scenario", key=None):
    """The /config.json of an emulated board: the scenario's key by default."""
    from .. import core  # noqa: F401
    from boards.simrun import KEY

    return {"board": "pico", "board_id": board_id, "key": (key or KEY).hex()}


def deploy(pico, conf):
    """Writes /main.py and /config.json through the raw REPL (as `xqboard
    deploy` does through mpremote), then resets the board."""
    main = (FIRMWARE / "main.py").read_text()
    code = "f = open('main.py', 'w')\nf.write(%r)\nf.close()\nf = open('config.json', 'w')\nf.write(%r)\nf.close()\n" % (
        main, json.dumps(conf))
    pico.exec(code)
    pico.send(b"import machine; machine.reset()\r\n\x04")  # (a watchdog reset, on the kept flash)


def deployed_flash(dest, conf=None):
    """A copy at dest of the flash of a new board with the firmware
    deployed; built once per image, main.py and config (build/rp2040/)."""
    conf = conf or config()
    h = hashlib.sha256(open(env.uf2(), "rb").read())
    h.update((FIRMWARE / "main.py").read_bytes())
    h.update(json.dumps(conf, sort_keys=True).encode())
    kept = BUILD / "rp2040" / ("deployed-%s.bin" % h.hexdigest()[:16])
    if not kept.exists():
        tmp = kept.with_suffix(".%d.tmp" % os.getpid())
        with Pico(tmp, displays=False) as pico:
            pico.read_until(b"", 1)
            pico.run_ms(1500)  # booted (the first boot formats littlefs)
            deploy(pico, conf)
            pico.run_ms(50)
        os.replace(tmp, kept)
    shutil.copyfile(kept, dest)
    return dest


def wait_greeting(pico, ms=BOOT_MS):
    """Runs the board to its greeting (the H line): returns its fields."""
    head = pico.read_until(b"\n", ms)
    i = head.rfind(b"H proto=")
    if i < 0:
        raise RuntimeError("board: no greeting; got %r" % head[-300:])
    pico.rx = head[i:] + b"\n" + pico.rx  # the greeting stays for the reader
    return time.time()
