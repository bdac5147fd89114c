"""The emulator image (boards/qemu_pico) built by scripts/firmware.sh from
the MicroPython source of firmware.lock: where it is, what is missing to
build it, and a rebuild only when its inputs changed (the MicroPython
commit, the compiler and the frozen sources, hashed). A build is kept in
the user's cache too (~/.cache/xqboard/images), as ccache keeps its
objects, so that a fresh clone of sources already built takes the image
instead of 16 s of building it again (docs/DEVELOPING.md)."""
import fcntl
import functools
import hashlib
import os
import shutil
import subprocess
from pathlib import Path

from ..paths import BOARDS, BUILD, FIRMWARE, REPO

ELF = BUILD / "firmware" / "qemu_pico" / "firmware.elf"
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


def images_cache():
    """Where built images are kept across clones, under their inputs' hash."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "xqboard" / "images"


@functools.lru_cache(maxsize=1)
def compiler_version():
    """The cross compiler's own words on its version (a Debian upgrade
    changes the image): part of the inputs. Asked once a process (every
    Emulator asks for the image)."""
    try:
        return subprocess.run([TOOLCHAIN, "--version"], capture_output=True, text=True).stdout
    except OSError:
        return "no %s" % TOOLCHAIN


def inputs_hash():
    """The MicroPython commit, the compiler and every file frozen into the
    image or building it."""
    h = hashlib.sha256(lock()["MICROPY_COMMIT"].encode())
    h.update(compiler_version().encode())
    files = sorted(FIRMWARE.rglob("*.py")) + sorted(BOARDS.glob("*.py"))
    files += sorted((BOARDS / "qemu_pico").iterdir()) + [REPO / "manifest.py", REPO / "scripts" / "firmware.sh"]
    for f in files:
        if f.is_file():
            h.update(str(f.relative_to(REPO)).encode())
            h.update(f.read_bytes())
    return h.hexdigest()


def ensure_built():
    """The path of the image of the sources as they are now, built first if
    needed. Each build is kept under its inputs' hash (firmware-<hash>.elf),
    so that a rebuild by another process (make firmware, a second test run)
    never swaps the image under a run that uses it; a lock keeps two builds
    from sharing the build directory at once."""
    want = inputs_hash()
    kept = ELF.with_name("firmware-%s.elf" % want[:16])
    if kept.exists():
        return kept
    ELF.parent.mkdir(parents=True, exist_ok=True)
    cached = images_cache() / kept.name
    with open(ELF.with_name("build.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not kept.exists() and cached.exists():
            _copy(cached, kept)
        if not kept.exists():
            # (the emulated Pico's image only: the tests need no other)
            r = subprocess.run(["bash", str(REPO / "scripts" / "firmware.sh")], capture_output=True, text=True,
                               env=dict(os.environ, FIRMWARE_ONLY="qemu_pico"))
            if r.returncode:
                raise RuntimeError("make firmware failed:\n" + (r.stdout + r.stderr)[-3000:])
            # Images of sources since changed: the newest few stay (a run may
            # still be starting emulators from one).
            _prune(ELF.parent, 3)
            _copy(ELF, kept)
            _keep_in_cache(kept, cached)
    return kept


def _copy(src, dst):
    # whole or not at all: a run starting an emulator never reads half an image
    shutil.copyfile(src, dst.with_suffix(".tmp"))
    os.replace(dst.with_suffix(".tmp"), dst)


def _prune(folder, keep):
    """All but the newest `keep` images of the folder removed."""
    for old in sorted(folder.glob("firmware-*.elf"), key=lambda f: f.stat().st_mtime)[:-keep]:
        old.unlink()


def _keep_in_cache(kept, cached):
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        _copy(kept, cached)
        _prune(cached.parent, 8)
    except OSError:
        pass  # a cache that cannot be written costs the next clone a build, nothing else
