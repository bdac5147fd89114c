# Drawing helpers on a framebuf.FrameBuffer (1 = ink): large seven-segment
# figures for the times, the 16x16 Chinese glyphs of ui/glyphs.py, and
# framebuf's own 8x8 text. Pure: no pins, no time.
import framebuf
import micropython

from ui import glyphs

# Segments a..g of each figure (bit 0 a: top, b top right, c bottom right,
# d bottom, e bottom left, f top left, g middle).
_SEGMENTS = {"0": 0x3F, "1": 0x06, "2": 0x5B, "3": 0x4F, "4": 0x66, "5": 0x6D,
             "6": 0x7D, "7": 0x07, "8": 0x7F, "9": 0x6F, "-": 0x40, " ": 0}
_GLYPH = bytearray(32)  # one glyph copied out of the bytes (framebuf writes)
_GLYPH_FB = framebuf.FrameBuffer(_GLYPH, 16, 16, framebuf.MONO_HLSB)
_DATA = memoryview(glyphs.DATA)


def figure_width(ch, w, t):
    """Width of one character of big_text (w: a figure's width, t: stroke)."""
    if ch == ":":
        return 3 * t
    if ch == ".":
        return 3 * t
    return w + t


def text_width(text, w, t):
    # (counted, not summed a figure at a time: a loop costs ~18,000
    # instructions on the emulated Pico, str.count a few hundred)
    narrow = text.count(":") + text.count(".")
    return (len(text) - narrow) * (w + t) + narrow * 3 * t


@micropython.native  # (the frames of these three on the C stack: in bytecode each is a heap block a call)
def big_text(fb, text, x, y, w, h, t, c=1):
    """Seven-segment figures (0-9, '-', ':', '.') w x h, strokes t thick."""
    half = h // 2
    for ch in text:
        if ch == ":":
            fb.fill_rect(x + t // 2, y + half // 2, t, t, c)
            fb.fill_rect(x + t // 2, y + half + half // 2, t, t, c)
        elif ch == ".":
            fb.fill_rect(x + t // 2, y + h - t, t, t, c)
        else:
            _figure(fb, _SEGMENTS.get(ch, 0), x, y, w, h, t, c)
        x += figure_width(ch, w, t)
    return x


@micropython.native
def figure(fb, ch, x, y, w, h, t):
    """One character of big_text at x (the running clock redraws a figure
    at a time: ui/fields.py)."""
    if ch == ":" or ch == ".":
        big_text(fb, ch, x, y, w, h, t)
    else:
        _figure(fb, _SEGMENTS.get(ch, 0), x, y, w, h, t, 1)


@micropython.native
def _figure(fb, bits, x, y, w, h, t, c):
    half = h // 2
    if bits & 1:
        fb.fill_rect(x, y, w, t, c)
    if bits & 2:
        fb.fill_rect(x + w - t, y, t, half + 1, c)
    if bits & 4:
        fb.fill_rect(x + w - t, y + half, t, h - half, c)
    if bits & 8:
        fb.fill_rect(x, y + h - t, w, t, c)
    if bits & 16:
        fb.fill_rect(x, y + half, t, h - half, c)
    if bits & 32:
        fb.fill_rect(x, y, t, half + 1, c)
    if bits & 64:
        fb.fill_rect(x, y + half - t // 2, w, t, c)


def chinese(fb, word, x, y):
    """A Chinese word in 16x16 glyphs; characters without a glyph are left
    out (ui/words.py lists every word, so none is missing)."""
    for ch in word:
        i = glyphs.CHARS.find(ch)
        if i >= 0:
            _GLYPH[:] = _DATA[32 * i:32 * i + 32]  # (a view: a copy of 32 bytes would be a block search)
            fb.blit(_GLYPH_FB, x, y, 0)
            x += 16
    return x


def bar(fb, text, y, inverted):
    """A line of 8x8 text across the width, white on black when inverted
    (the side to move, or a title: legible from afar)."""
    fb.fill_rect(0, y, 128, 10, 1 if inverted else 0)
    fb.text(text, 0, y + 1, 0 if inverted else 1)


def right_text(fb, text, y, c=1):
    fb.text(text, 128 - 8 * len(text), y, c)


def centred_text(fb, text, y, c=1):
    fb.text(text, (128 - 8 * len(text)) // 2, y, c)
