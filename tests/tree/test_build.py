"""Every firmware module cross-compiles with mpy-cross for the four device
architectures (and x64 for the unix-port tests), and the modules with viper
code carry native code for the right architecture."""
import pytest

from xqboard import build

# Architecture codes in byte 2 of a .mpy header (bits 2-7), by -march.
ARCH_CODE = {"x64": 2, "armv6m": 4, "armv7emsp": 7, "xtensawin": 10, "rv32imc": 11}


@pytest.mark.parametrize("arch", build.ARCHS)
def test_every_module_compiles(arch):
    root = build.build(arch)
    for src, rel in build.sources():
        if rel.name == "main.py" and len(rel.parts) == 1:
            assert (root / rel).read_bytes() == src.read_bytes()
            continue
        out = (root / rel).with_suffix(".mpy")
        assert out.exists(), out
        head = out.read_bytes()[:4]
        assert head[:2] == b"M\x06", (out, head)  # .mpy version 6
        if "@micropython.viper\n" in src.read_text() or "@micropython.native\n" in src.read_text():
            assert head[2] >> 2 == ARCH_CODE[arch], (out, head)


def test_build_drops_outputs_of_deleted_sources(tmp_path):
    root = build.build("x64")
    stray = root / "xq" / "gone.mpy"
    stray.write_bytes(b"M\x06")
    build.build("x64")
    assert not stray.exists()
