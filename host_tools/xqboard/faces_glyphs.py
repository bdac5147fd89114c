"""Makes firmware/ui/glyphs.py: the 16x16 bitmaps of exactly the Chinese
characters the faces show (firmware/ui/words.py), from GNU Unifont.

MicroPython's framebuf has only an 8x8 ASCII font. Unifont (Debian package
`unifont`, /usr/share/unifont/unifont.hex) draws every CJK ideograph on a
16x16 grid, one line of hex per character: the format needs no font
library to read. Licence: GNU Unifont is GPL-2+ with the GNU font embedding
exception, and from version 13.0.04 on also SIL OFL 1.1 (unifoundry.com;
the Debian package's copyright file lists GPL-2+); the few glyphs taken
here keep that licence (docs/HARDWARE.md, "Faces").

    python -m xqboard.faces_glyphs [unifont.hex]
"""
import sys

from xqboard import core  # noqa: F401  (puts firmware/ on sys.path)
from xqboard.paths import REPO

UNIFONT = "/usr/share/unifont/unifont.hex"
OUT = REPO / "firmware" / "ui" / "glyphs.py"

HEADER = '''# 16x16 glyphs of the Chinese words on the faces (ui/words.py), MONO_HLSB,
# 32 bytes a glyph, in the order of CHARS. Made by
# host_tools/xqboard/faces_glyphs.py from GNU Unifont (GPL-2+ with the font
# embedding exception, or SIL OFL 1.1): do not edit by hand.
'''


def read_hex(path, wanted):
    """{char: 32 bytes} of the wanted characters in a unifont .hex file."""
    codes = {"%04X" % ord(c): c for c in wanted}
    found = {}
    with open(path, encoding="ascii") as f:
        for line in f:
            code, _, bits = line.strip().partition(":")
            if code in codes:
                if len(bits) != 64:
                    raise ValueError("%s: not a 16x16 glyph in %s" % (codes[code], path))
                found[codes[code]] = bytes.fromhex(bits)
    missing = [c for c in wanted if c not in found]
    if missing:
        raise ValueError("no glyph for %s in %s" % ("".join(missing), path))
    return found


def source(chars, glyphs):
    data = b"".join(glyphs[c] for c in chars)
    lines = [HEADER, "CHARS = %r\n" % chars, "DATA = ("]
    for i in range(0, len(data), 32):
        lines.append("    %r  # %s" % (data[i:i + 32], chars[i // 32]))
    lines.append(")\n")
    return "\n".join(lines)


def wanted_chars():
    from ui import words

    return words.all_chinese()


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    path = argv[0] if argv else UNIFONT
    chars = wanted_chars()
    OUT.write_text(source(chars, read_hex(path, chars)), encoding="utf-8")
    print("%s: %d glyphs" % (OUT, len(chars)))


if __name__ == "__main__":
    main()
