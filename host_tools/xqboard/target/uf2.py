"""What a UF2 image holds, checked against the manifest that froze it
(scripts/firmware.sh, after `make uf2`): a build that loses the manifest
(issue 23: CMAKE_ARGS on make's command line replaced the rp2 port's own)
gives a stock MicroPython that boots and runs nothing of ours, so the image
must name every module manifest.py freezes.

    python -m xqboard.target.uf2 build/firmware/rp2_pico/firmware.uf2 \\
        --manifest manifest.py --micropython $MICROPY_DIR

The format is Microsoft's UF2 (github.com/microsoft/uf2, "File format"):
512-byte blocks, each a 32-byte header, up to 476 bytes of payload for a
flash address, and a closing magic word.
"""
import argparse
import re
import struct
import sys
from pathlib import Path

BLOCK = 512
MAGIC = (0x0A324655, 0x9E5D5157)
MAGIC_END = 0x0AB16F30
FLAG_NOT_MAIN_FLASH = 0x1
RP2040_FAMILY = 0xE48BFF56


def blocks(data):
    """(address, payload, family) of each block meant for main flash."""
    if len(data) % BLOCK:
        raise ValueError("a UF2 file is whole 512-byte blocks (this one: %d bytes)" % len(data))
    out = []
    for at in range(0, len(data), BLOCK):
        m0, m1, flags, addr, size, _no, _count, family = struct.unpack_from("<8I", data, at)
        (end,) = struct.unpack_from("<I", data, at + BLOCK - 4)
        if (m0, m1, end) != MAGIC + (MAGIC_END,) or size > 476:
            raise ValueError("block %d is not a UF2 block" % (at // BLOCK))
        if not flags & FLAG_NOT_MAIN_FLASH:
            out.append((addr, data[at + 32:at + 32 + size], family))
    return out


def flash(data):
    """(base address, the bytes written to flash from there, family)."""
    parts = blocks(data)
    if not parts:
        raise ValueError("no block for main flash")
    base = min(a for a, _, _ in parts)
    image = bytearray(max(a + len(p) for a, p, _ in parts) - base)
    for addr, payload, _ in parts:
        image[addr - base:addr - base + len(payload)] = payload
    return base, bytes(image), parts[0][2]


def evaluated(manifest, micropython, port="rp2"):
    """The manifest as the build evaluates it: MicroPython's own
    tools/manifestfile.py, with the variables the rp2 build gives it."""
    sys.path.insert(0, str(Path(micropython) / "tools"))
    try:
        import manifestfile
    finally:
        sys.path.pop(0)
    m = manifestfile.ManifestFile(manifestfile.MODE_FREEZE, {
        "MPY_DIR": str(micropython), "PORT_DIR": str(Path(micropython) / "ports" / port),
        "BOARD_DIR": "", "MPY_LIB_DIR": str(Path(micropython) / "lib" / "micropython-lib")})
    m.execute(str(Path(manifest).resolve()))
    return m


def frozen_targets(manifest, micropython, port="rp2"):
    """The device paths ("xq/zobrist.py") the manifest freezes."""
    return sorted(f.target_path for f in evaluated(manifest, micropython, port).files())


def frozen_sources(manifest, micropython, port="rp2"):
    """The files the image is made of: the source of every module the
    manifest freezes (the same evaluation as frozen_targets), and the
    manifest itself. Nothing else of the tree goes into it (boards/qemu.py,
    boards/simrun.py stay on the PC)."""
    files = [Path(f.full_path) for f in evaluated(manifest, micropython, port).files()]
    return [Path(manifest).resolve()] + sorted(set(files))


def missing_modules(image, targets):
    """The frozen paths whose names the image lacks. mp_frozen_names is the
    names one after another, each NUL-terminated; a name counts where no
    path character comes before it ("core.py" is not in "asyncio/core.py")."""
    return [t for t in targets if not re.search(b"(?<![-\\w./])" + re.escape(t.encode()) + b"\\0", image)]


def main(argv=None):
    ap = argparse.ArgumentParser(description="check that a UF2 holds the firmware manifest.py freezes")
    ap.add_argument("uf2")
    ap.add_argument("--manifest", required=True)
    ap.add_argument("--micropython", required=True, help="the MicroPython tree (MICROPY_DIR)")
    ap.add_argument("--family", type=lambda s: int(s, 0), default=RP2040_FAMILY)
    a = ap.parse_args(argv)
    base, image, family = flash(Path(a.uf2).read_bytes())
    if family != a.family:
        sys.exit("uf2: %s is for family 0x%08x, not 0x%08x" % (a.uf2, family, a.family))
    targets = frozen_targets(a.manifest, a.micropython)
    gone = missing_modules(image, targets)
    if gone:
        sys.exit("uf2: %s lacks %d of the %d modules %s freezes (%s...): a stock MicroPython?"
                 % (a.uf2, len(gone), len(targets), a.manifest, ", ".join(gone[:3])))
    print("uf2: %s: %d bytes of flash from 0x%08x, all %d frozen modules of %s"
          % (a.uf2, len(image), base, len(targets), a.manifest))


if __name__ == "__main__":
    main()
