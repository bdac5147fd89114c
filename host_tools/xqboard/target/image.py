"""The emulator image (boards/qemu_pico) built by scripts/firmware.sh from
the MicroPython source of firmware.lock: where it is, what is missing to
build it, and a rebuild only when its inputs changed (a stamp holds the
MicroPython commit and a hash of the frozen sources)."""
import hashlib
import os
import shutil
import subprocess
from pathlib import Path

from ..paths import BOARDS, BUILD, FIRMWARE, REPO

ELF = BUILD / "firmware" / "qemu_pico" / "firmware.elf"
STAMP = ELF.with_name("inputs.sha256")
QEMU = "qemu-system-arm"
TOOLCHAIN = "arm-none-eabi-gcc"


def lock():
    """The variables of firmware.lock (MICROPY_COMMIT...)."""
    out = {}
    for line in (REPO / "firmware.lock").read_text().splitlines():
        if "=" in line and not line.startswith("#"):
            k, v = line.split("=", 1)
            out[k.strip()] = v.strip()
    return out


def micropy_dir():
    d = os.environ.get("MICROPY_DIR")
    return Path(d) if d else Path.home() / ".cache" / "xqboard" / "micropython"


def missing():
    """What is missing to build and run the image (one line), or None."""
    if not shutil.which(QEMU):
        return "%s (Debian qemu-system-arm; make firmware installs it)" % QEMU
    src = micropy_dir()
    if not (src / "py" / "mpconfig.h").exists():
        return "the MicroPython source (MICROPY_DIR=%s; README, 'Firmware images')" % src
    if not ELF.exists() and not shutil.which(TOOLCHAIN):
        return "%s (Debian gcc-arm-none-eabi; make firmware installs it)" % TOOLCHAIN
    return None


def inputs_hash():
    """The MicroPython commit plus every file frozen into the image."""
    h = hashlib.sha256(lock()["MICROPY_COMMIT"].encode())
    files = sorted(FIRMWARE.rglob("*.py")) + sorted(BOARDS.glob("*.py"))
    files += sorted((BOARDS / "qemu_pico").iterdir()) + [REPO / "manifest.py", REPO / "scripts" / "firmware.sh"]
    for f in files:
        if f.is_file():
            h.update(str(f.relative_to(REPO)).encode())
            h.update(f.read_bytes())
    return h.hexdigest()


def ensure_built():
    """The image's path, built first if its inputs changed since."""
    want = inputs_hash()
    if ELF.exists() and STAMP.exists() and STAMP.read_text() == want:
        return ELF
    r = subprocess.run(["bash", str(REPO / "scripts" / "firmware.sh")], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError("make firmware failed:\n" + (r.stdout + r.stderr)[-3000:])
    STAMP.write_text(want)
    return ELF
