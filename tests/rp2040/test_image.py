"""The UF2's ELF checked for what the emulator cannot see as a fault.

Native code frozen for armv6m must start on a word: MicroPython's armv6m
emitter loads its 32-bit constants PC-relative (`ldr rX, [pc, #i]`, which
reads Align(PC, 4)) and pads them to a word of the code's own offsets
(py/asmthumb.c asserts the code base is word-aligned), but mpy-tool freezes
ARMV6M code with `aligned (2)`. A blob at 2 mod 4 reads its constants from
the wrong words, on the chip as on any ARMv6-M core: no fault, wrong
results (sense/debounce.scan_frame's 0x3FFFFFFF read as another word drops
points of the sensor frame, so the board never sees some pieces)."""
from xqboard.target import rp2040, rp2040_env


def test_frozen_native_code_starts_on_a_word():
    elf = str(rp2040_env.uf2().with_suffix(".elf"))
    # (frozen bytecode is data; a module's native code, its .text blob)
    blobs = [(a, n) for a, n in rp2040.symbols(elf, kinds="t") if n.startswith("fun_data_")]
    assert any("sense_debounce" in n for _, n in blobs), "no frozen native code in %s" % elf
    odd = ["%08x %s" % (a, n) for a, n in blobs if a % 4]
    assert not odd, "frozen native code not on a word:\n" + "\n".join(odd[:10])
