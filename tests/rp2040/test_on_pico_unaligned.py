"""Unaligned word and halfword accesses end the run on the emulated RP2040
with the PC and the function it was in, as they HardFault on its Cortex-M0+
(rp2040js itself only logs them: target/rp2040/models/faults.mjs). The first
Pico build hung at boot on exactly this: the old xq/zobrist.key() read its
frozen table with ptr32 at an odd flash address (0x100733bf). The table is
put at an odd address here on purpose; the qemu board's own test of the same
(tests/target/test_unaligned_on_target.py) shares the code it runs."""
import pytest

from target.test_unaligned_on_target import ODD, READ, old_zobrist  # tests/ is on sys.path
from xqboard.target.rp2040 import ChipFault, Pico

NEW_KEYS = ("from xq import zobrist\n" + ODD % "zobrist._TABLE" +
            "want = [zobrist.key(i) for i in range(1441)]\nzobrist.KEYS = odd\n"
            "print(want == [zobrist.key(i) for i in range(1441)])\n")


def repl(tmp_path):
    pico = Pico(tmp_path / "flash.bin", displays=False)  # a new board: no main.py, the REPL
    pico.start()
    pico.run_ms(1500)
    return pico


def test_aligned_reads_and_the_keys_at_any_address_then_an_unaligned_word_faults(tmp_path):
    pico = repl(tmp_path)
    try:
        assert pico.exec(READ + "print(hex(word(b, 4)), hex(half(b, 2)))").split() == ["0x7060504", "0x302"]
        assert pico.exec(NEW_KEYS).split() == ["True"]
        with pytest.raises(ChipFault, match=r"unaligned access at pc=0x[0-9a-f]+ .*readUint16|unaligned"):
            pico.exec("print(half(b, 3))")
    finally:
        pico.close()


def test_the_old_zobrist_code_faults_on_a_table_at_an_odd_address(tmp_path):
    code = ("ns = {}\nexec(%r, ns)\n" % old_zobrist() + ODD % "ns['_TABLE']" +
            "print(ns['key'](1))\nns['KEYS'] = odd\nprint(ns['key'](1))\n")
    pico = repl(tmp_path)
    try:
        with pytest.raises(ChipFault, match="unaligned access"):
            pico.exec(code)
    finally:
        pico.close()
