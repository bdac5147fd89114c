"""Pictures of the faces: a 128x64 MONO_VLSB framebuffer (the SSD1306's own
layout, what firmware/ui/ draws) as a PNG file (written with zlib alone, no
imaging library) or as text art for a terminal (full size, or compact:
2 x 2 pixels a character, for the logger's panel)."""
import struct
import zlib

WIDTH = 128
HEIGHT = 64
INK = (150, 220, 255)  # an OLED's light
PAPER = (8, 12, 20)


def pixel(buf, x, y):
    return buf[(y >> 3) * WIDTH + x] >> (y & 7) & 1


def png(buf, scale=4):
    """PNG bytes of a framebuffer, each pixel a scale x scale square, with a
    one-pixel gap between the squares like an OLED's dots."""
    rows = []
    for y in range(HEIGHT):
        line = bytearray()
        for x in range(WIDTH):
            on = pixel(buf, x, y)
            for k in range(scale):
                gap = scale > 2 and k == scale - 1
                line += bytes(PAPER if gap or not on else INK)
        for k in range(scale):
            gap = scale > 2 and k == scale - 1
            rows.append(b"\x00" + (bytes(PAPER) * (WIDTH * scale) if gap else bytes(line)))
    raw = b"".join(rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    head = struct.pack(">IIBBBBB", WIDTH * scale, HEIGHT * scale, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def text_art(buf):
    """The framebuffer in 32 lines of 128 characters (half blocks: two rows
    of pixels a character), framed."""
    blocks = " \u2584\u2580\u2588"  # neither, lower, upper, both
    out = ["+" + "-" * WIDTH + "+"]
    for y in range(0, HEIGHT, 2):
        out.append("|" + "".join(blocks[pixel(buf, x, y) * 2 + pixel(buf, x, y + 1)] for x in range(WIDTH)) + "|")
    out.append("+" + "-" * WIDTH + "+")
    return "\n".join(out)


# Quadrant blocks by bits: 1 upper left, 2 upper right, 4 lower left, 8 lower right.
_QUADRANTS = " \u2598\u259d\u2580\u2596\u258c\u259e\u259b\u2597\u259a\u2590\u259c\u2584\u2599\u259f\u2588"


def compact_art(buf):
    """The framebuffer in 32 lines of 64 characters (2 x 2 pixels each)."""
    out = []
    for y in range(0, HEIGHT, 2):
        row = []
        for x in range(0, WIDTH, 2):
            bits = (pixel(buf, x, y) | pixel(buf, x + 1, y) << 1 | pixel(buf, x, y + 1) << 2
                    | pixel(buf, x + 1, y + 1) << 3)
            row.append(_QUADRANTS[bits])
        out.append("".join(row))
    return out
