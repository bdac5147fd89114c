"""The emulator image kept under its inputs' hash in the user's cache
(xqboard.target.image): a fresh clone of sources already built takes the
image instead of building it again, and a change of any input builds anew.
The build itself (scripts/firmware.sh) is stood in for: these tests are of
the keeping, not of the image (tests/target boots the real one)."""
import subprocess

import pytest

from xqboard.target import image


@pytest.fixture
def clone(tmp_path, monkeypatch):
    """A clone's build folder and a cache, the build counted."""
    builds = []

    def build(cmd, **kw):
        builds.append(cmd)
        image.ELF.write_bytes(b"image of %d" % len(builds))
        return subprocess.CompletedProcess(cmd, 0, "", "")

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(image, "ELF", tmp_path / "clone1" / "firmware.elf")
    monkeypatch.setattr(image.subprocess, "run", build)
    monkeypatch.setattr(image, "inputs_hash", lambda: "a" * 64)
    return builds


def test_a_fresh_clone_takes_the_image_built_from_the_same_inputs(clone, tmp_path, monkeypatch):
    first = image.ensure_built()
    assert len(clone) == 1 and first.read_bytes() == b"image of 1"
    monkeypatch.setattr(image, "ELF", tmp_path / "clone2" / "firmware.elf")  # another clone, nothing built
    second = image.ensure_built()
    assert len(clone) == 1, "built again although the cache held the image of these inputs"
    assert second.parent == tmp_path / "clone2" and second.read_bytes() == b"image of 1"


def test_changed_inputs_build_anew(clone, monkeypatch):
    image.ensure_built()
    monkeypatch.setattr(image, "inputs_hash", lambda: "b" * 64)
    assert image.ensure_built().read_bytes() == b"image of 2" and len(clone) == 2


def test_the_compiler_is_an_input(monkeypatch):
    one = image.inputs_hash()
    monkeypatch.setattr(image, "compiler_version", lambda: "arm-none-eabi-gcc 99.0")
    assert image.inputs_hash() != one
