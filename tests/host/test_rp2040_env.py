"""The rp2040 target's readiness check (xqboard.target.rp2040_env): a UF2
is stale only when a file it freezes changed after it was built. The files
are the manifest's own list, evaluated by MicroPython's manifestfile.py as
the build evaluates it (xqboard.target.uf2.frozen_sources), so a change to
a module the image does not hold (boards/qemu.py, the emulator's board)
leaves it current, and the rp2040 tests run without XQBOARD_UF2."""
import os

import pytest

from xqboard.paths import REPO
from xqboard.target import rp2040_env, uf2
from xqboard.target.image import micropy_dir

MICROPY = micropy_dir()
pytestmark = pytest.mark.skipif(not (MICROPY / "tools" / "manifestfile.py").exists(),
                                reason="no MicroPython tree (MICROPY_DIR=%s)" % MICROPY)

MANIFEST = """\
package("game", base_path="firmware")
module("app.py", base_path="firmware")
package("boards", base_path=".", files=["__init__.py", "pico.py"])
"""


def tree(root):
    for name in ("firmware/app.py", "firmware/game/__init__.py", "firmware/game/chain.py",
                 "boards/__init__.py", "boards/pico.py", "boards/qemu.py", "firmware/unused.py"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("x = 1\n")
    (root / "manifest.py").write_text(MANIFEST)
    image = root / "firmware.uf2"
    image.write_bytes(b"")
    stamp = os.stat(root / "boards" / "pico.py").st_mtime + 10
    for f in root.rglob("*"):
        if f.is_file():
            os.utime(f, (stamp - 5, stamp - 5))
    os.utime(image, (stamp, stamp))
    return image, stamp


def test_the_sources_of_a_uf2_are_what_its_manifest_freezes_and_the_manifest(tmp_path):
    tree(tmp_path)
    got = {str(p.relative_to(tmp_path)) for p in uf2.frozen_sources(tmp_path / "manifest.py", MICROPY)
           if tmp_path in p.parents}
    assert got == {"manifest.py", "firmware/app.py", "firmware/game/__init__.py", "firmware/game/chain.py",
                   "boards/__init__.py", "boards/pico.py"}


@pytest.mark.parametrize("changed, stale", [("boards/qemu.py", False), ("firmware/unused.py", False),
                                            ("firmware/game/chain.py", True), ("boards/pico.py", True),
                                            ("manifest.py", True)])
def test_a_uf2_is_stale_only_when_a_file_it_freezes_changed_after_it(tmp_path, changed, stale):
    image, stamp = tree(tmp_path)
    os.utime(tmp_path / changed, (stamp + 5, stamp + 5))
    newer = rp2040_env.newer_source(image, tmp_path / "manifest.py", MICROPY)
    assert newer == ((tmp_path / changed).resolve() if stale else None)


def test_the_real_manifest_freezes_the_pico_board_and_not_the_emulators():
    got = {str(p.relative_to(REPO)) for p in uf2.frozen_sources(REPO / "manifest.py", MICROPY) if REPO in p.parents}
    assert {"manifest.py", "firmware/app.py", "firmware/xq/zobrist.py", "boards/pico.py", "boards/hc165.py"} <= got
    assert not {"boards/qemu.py", "boards/simrun.py", "firmware/main.py"} & got
