"""A PNG read back with zlib alone, for the tests that look at screenshots
Chromium took (the hall's pages, the tournament's site): no imaging library
is needed for an 8-bit RGB or RGBA, non-interlaced image.

    width, height, rows, channels = read_png(data)   # rows: bytes per row
"""
import struct
import zlib


def read_png(data):
    """(width, height, rows, channels) of PNG bytes: rows are the pixel rows
    unfiltered, `channels` bytes a pixel (3 RGB, 4 RGBA)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", None
    while pos < len(data):
        size, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + size]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6) and body[12] == 0, "not 8-bit RGB(A), not interlaced"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + size
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        line = _unfilter(raw[start], bytearray(raw[start + 1:start + 1 + stride]), prev, channels)
        rows.append(bytes(line))
        prev = line
    return width, height, rows, channels


def _unfilter(kind, line, prev, channels):
    # PNG's five row filters (none, sub, up, average, Paeth), undone in place
    for i in range(len(line)):
        a = line[i - channels] if i >= channels else 0
        b, c = prev[i], prev[i - channels] if i >= channels else 0
        if kind == 1:
            line[i] = (line[i] + a) & 255
        elif kind == 2:
            line[i] = (line[i] + b) & 255
        elif kind == 3:
            line[i] = (line[i] + (a + b) // 2) & 255
        elif kind == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    return line
