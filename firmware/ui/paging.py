# Sending a framebuffer to an SSD1306 in parts, so that no scan waits for a
# whole frame: the 1 KB of a 128x64 frame takes ~25 ms on I2C at 400 kHz,
# five scan periods. send(budget) sends the pages that changed since they
# were last sent, at most `budget` bytes of them (a run of columns of one
# page) per call; the board calls it once a scan, after the step.
#
# The display is micropython-lib's ssd1306 driver (write_cmd, write_data,
# `buffer`: the frame it is a FrameBuffer of), or any object alike.
import micropython

_SET_COL_ADDR = 0x21
_SET_PAGE_ADDR = 0x22


@micropython.viper
def first_change(frame, sent, a: int, end: int) -> int:
    """The first index in [a, end) where frame and sent differ, or end
    (viper: allocates nothing). A word at a time where it can: a byte at a
    time cost ~38 instructions a byte on the emulated Pico, 38,000 for a
    frame, a scan's share. Both are bytearrays of the heap, whose data is
    word-aligned (a GC block is 4 words), as a Cortex-M0+ needs."""
    f = ptr8(frame)
    s = ptr8(sent)
    while a < end and (a & 3) != 0:
        if f[a] != s[a]:
            return a
        a += 1
    fw = ptr32(frame)
    sw = ptr32(sent)
    while a + 4 <= end and fw[a >> 2] == sw[a >> 2]:
        a += 4
    while a < end and f[a] == s[a]:
        a += 1
    return a


class PagedSender:
    def __init__(self, oled, width=128, pages=8):
        self.oled = oled
        self.width = width
        self.pages = pages
        self.sent = bytearray(len(oled.buffer))  # what the display shows
        self.page = 0  # the next page to look at
        self.col = 0  # the next column within it
        self.frame = memoryview(oled.buffer)

    def busy(self):
        """True while part of the frame differs from what was sent."""
        return self.sent != self.oled.buffer

    def send(self, budget=32):
        """Sends up to `budget` bytes of changed columns; returns how many.
        The next change is looked for from where the last part ended, round
        the frame, by the viper first_change (two calls at most: a Python
        loop over the pages cost ~80,000 instructions when nothing changed)."""
        w = self.width
        size = w * self.pages
        start = self.page * w + self.col
        a = int(first_change(self.oled.buffer, self.sent, start, size))
        if a == size:
            a = int(first_change(self.oled.buffer, self.sent, 0, start))
            if a == start:
                return 0
        p = a // w
        end = p * w + w
        b = min(a + budget, end)
        self._write(p, a - p * w, b - p * w)
        self.sent[a:b] = self.frame[a:b]
        self.page = p if b < end else (p + 1) % self.pages
        self.col = b - p * w if b < end else 0
        return b - a

    def _write(self, page, c0, c1):
        o = self.oled
        # (six calls, not a loop over a tuple: a tuple of 6 is an allocation
        # of several blocks, which costs more the fuller the heap)
        o.write_cmd(_SET_COL_ADDR)
        o.write_cmd(c0)
        o.write_cmd(c1 - 1)
        o.write_cmd(_SET_PAGE_ADDR)
        o.write_cmd(page)
        o.write_cmd(page)
        o.write_data(self.frame[page * self.width + c0:page * self.width + c1])
