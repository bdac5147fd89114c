"""Unaligned word and halfword accesses trap on the emulated Pico as they do
on an RP2040's Cortex-M0+ (issue 23): the board sets the Cortex-M3's
CCR.UNALIGN_TRP at boot (boards/qemu_pico/modboard.c), so that every target
test fails on one, with the PC and its function (xqboard/target/emulator.py,
CoreFault). The first Pico build hung at boot on exactly this: the old
xq/zobrist.key() read its frozen table with ptr32 at an odd flash address.
The table here is put at an odd address on purpose, as the linker put it."""
import subprocess

import pytest

from xqboard.paths import REPO
from xqboard.target.emulator import CoreFault, Emulator

OLD = "8066369"  # main before issue 23: zobrist.key() and do_move read the keys with ptr32

# A viper read of the word or halfword at offset o of a buffer.
READ = """import micropython
@micropython.viper
def word(b, o: int) -> int:
    return int(ptr32(uint(ptr8(b)) + o)[0])
@micropython.viper
def half(b, o: int) -> int:
    return int(ptr16(uint(ptr8(b)) + o)[0])
b = bytearray(range(16))  # a heap block: word-aligned
"""

# The keys' table at an odd address, as the linker placed the literal in the
# Pico's flash (0x100733bf).
ODD = "t = bytearray(1) + %s\nodd = memoryview(t)[1:]\n"


def old_zobrist():
    return subprocess.run(["git", "-C", str(REPO), "show", OLD + ":firmware/xq/zobrist.py"],
                          capture_output=True, text=True, check=True).stdout


def test_the_board_traps_unaligned_access_from_boot(elf, tmp_path):
    with Emulator(tmp_path / "f.img", elf) as emu:
        out = emu.exec("import _board\nprint(_board.unaligned_trap())\n" + READ +
                       "print(hex(word(b, 4)), hex(half(b, 2)))")
        assert out.split() == ["True", "0x7060504", "0x302"]  # aligned loads read as ever
        with pytest.raises(CoreFault, match=r"UsageFault at pc=0x[0-9a-f]+ .*unaligned"):
            emu.exec("print(word(b, 1))")
    with Emulator(tmp_path / "f.img", elf) as emu:
        with pytest.raises(CoreFault, match="UsageFault"):
            emu.exec(READ + "print(half(b, 3))")


def test_the_old_zobrist_code_faults_on_a_table_at_an_odd_address(elf, tmp_path):
    code = ("ns = {}\nexec(%r, ns)\n" % old_zobrist() + ODD % "ns['_TABLE']" +
            "print(ns['key'](1))\nns['KEYS'] = odd\nprint(ns['key'](1))\n")
    with Emulator(tmp_path / "f.img", elf) as emu:
        emu.launch(code)
        with pytest.raises(CoreFault, match="UsageFault.*unaligned"):
            emu.finish(60)


def test_the_keys_and_hashes_read_alike_at_any_address(elf, tmp_path):
    # key() and do_move/undo_move over the table at an odd address give the
    # keys and hashes of the table where it is: every byte read on its own.
    code = ("from xq import zobrist\nfrom xq.movegen import do_move, undo_move\nfrom xq.position import Position\n"
            + ODD % "zobrist._TABLE" +
            "want = [zobrist.key(i) for i in range(1441)]\nzobrist.KEYS = odd\n"
            "print(want == [zobrist.key(i) for i in range(1441)])\n"
            "p = Position()\nsame = 0\n"
            "for m in p.legal_moves():\n"
            "    c = do_move(p.board, p.state, zobrist._TABLE, m); h = p.state[1]; undo_move(p.board, p.state, zobrist._TABLE, m, c)\n"
            "    c = do_move(p.board, p.state, odd, m); same += p.state[1] == h; undo_move(p.board, p.state, odd, m, c)\n"
            "print(same, p.state[1] == Position().state[1])\n")
    with Emulator(tmp_path / "f.img", elf) as emu:
        assert emu.exec(code).split() == ["True", "44", "True"]
