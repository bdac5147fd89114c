"""Writes firmware/xq/zobrist.py's key table (make no changes by hand).

The keys come from xorshift32 with a fixed seed (the same keys on every
port and on CPython), kept to 30 bits. They are written into the source as
a bytes literal, little-endian 32-bit words: frozen into a firmware image a
bytes constant stays in flash, so the 5.8 KB table costs no RAM on a board
(an array filled at import would). tests/rules/test_zobrist.py checks that
the table in the source is what this function makes.

    python3 scripts/zobrist_table.py > /tmp/table && (edit it into zobrist.py)
"""
import struct

COUNT = 1441  # 90 points x 16 piece codes, then the side key


def keys():
    x = 0x2545F491
    out = []
    for _ in range(COUNT):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        out.append(x & 0x3FFFFFFF)
    return out


def literal(per_line=24):
    data = struct.pack("<%dI" % COUNT, *keys())
    lines = []
    for i in range(0, len(data), per_line):
        lines.append('    b"' + "".join("\\x%02x" % b for b in data[i:i + per_line]) + '"')
    return "_TABLE = (\n" + "\n".join(lines) + "\n)\n"


if __name__ == "__main__":
    print(literal(), end="")
