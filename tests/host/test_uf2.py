"""The UF2 check of `make uf2` (xqboard.target.uf2): it reads a UF2 as the
Pico's bootrom does and fails an image that lacks a module manifest.py
freezes, which is what a build that lost the manifest makes (issue 23)."""
import struct
import subprocess

import pytest

from xqboard.paths import BUILD, REPO
from xqboard.target import image, uf2

SOURCE = image.micropy_dir()
need_source = pytest.mark.skipif(not (SOURCE / "tools" / "manifestfile.py").exists(),
                                 reason="no MicroPython source (MICROPY_DIR; README, 'Firmware images')")


def write_uf2(data, base=0x10000000, size=256, family=uf2.RP2040_FAMILY):
    """data as a UF2, `size` bytes a block, as picotool writes it."""
    chunks = [data[i:i + size] for i in range(0, len(data), size)]
    out = b""
    for n, chunk in enumerate(chunks):
        head = struct.pack("<8I", *uf2.MAGIC, 0x2000, base + n * size, len(chunk), n, len(chunks), family)
        out += head + chunk.ljust(476, b"\0") + struct.pack("<I", uf2.MAGIC_END)
    return out


def test_flash_is_the_bytes_the_blocks_write():
    data = bytes(range(256)) * 5 + b"tail"
    base, got, family = uf2.flash(write_uf2(data))
    assert (base, got, family) == (0x10000000, data, uf2.RP2040_FAMILY)


def test_a_block_that_is_not_uf2_is_an_error():
    bad = bytearray(write_uf2(b"x" * 300))
    bad[512 + 4] ^= 1  # the second block's second magic word
    with pytest.raises(ValueError, match="block 1"):
        uf2.flash(bytes(bad))
    with pytest.raises(ValueError, match="512-byte"):
        uf2.flash(bytes(bad[:-1]))


def test_a_name_counts_only_whole():
    # mp_frozen_names: each name NUL-terminated, one after another
    image_ = b"\xffapp.py\0xq/zobrist.py\0asyncio/core.py\0\0"
    assert uf2.missing_modules(image_, ["app.py", "xq/zobrist.py", "zobrist.py", "xq/zob", "core.py"]) == [
        "zobrist.py", "xq/zob", "core.py"]


@need_source
def test_an_image_without_the_firmware_fails_the_check(tmp_path):
    targets = uf2.frozen_targets(REPO / "manifest.py", SOURCE)
    assert {"xq/zobrist.py", "app.py", "ssd1306.py", "asyncio/core.py"} <= set(targets)
    names = b"\0".join(t.encode() for t in targets) + b"\0\0"
    whole, stock = tmp_path / "whole.uf2", tmp_path / "stock.uf2"
    whole.write_bytes(write_uf2(b"\xff" * 1000 + names))
    stock.write_bytes(write_uf2(b"\xff" * 1000 + names.replace(b"xq/", b"yq/")))
    args = ["--manifest", str(REPO / "manifest.py"), "--micropython", str(SOURCE)]
    uf2.main([str(whole)] + args)
    with pytest.raises(SystemExit, match="lacks .* a stock MicroPython"):
        uf2.main([str(stock)] + args)


@need_source
def test_firmware_lock_pins_the_submodules_micropython_pins():
    lock = image.lock()
    for var, path in (("MICROPY_LIB_COMMIT", "lib/micropython-lib"), ("PICO_SDK_COMMIT", "lib/pico-sdk"),
                      ("TINYUSB_COMMIT", "lib/tinyusb"), ("MBEDTLS_COMMIT", "lib/mbedtls")):
        r = subprocess.run(["git", "-C", str(SOURCE), "ls-tree", lock["MICROPY_COMMIT"], path],
                           capture_output=True, text=True, check=True)
        assert r.stdout.split()[2] == lock[var], path


@pytest.mark.skipif(not (BUILD / "firmware" / "rp2_pico" / "firmware.uf2").exists(), reason="no UF2 (make uf2)")
@need_source
def test_the_built_uf2_holds_the_firmware():
    uf2.main([str(BUILD / "firmware" / "rp2_pico" / "firmware.uf2"), "--manifest", str(REPO / "manifest.py"),
              "--micropython", str(SOURCE)])
