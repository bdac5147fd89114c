# Sending a framebuffer to an SSD1306 in parts, so that no scan waits for a
# whole frame: the 1 KB of a 128x64 frame takes ~25 ms on I2C at 400 kHz,
# five scan periods. send(budget) sends the pages that changed since they
# were last sent, at most `budget` bytes of them (a run of columns of one
# page, from its first changed column to its last) per call; the board
# calls it once a scan, after the step.
#
# The display is micropython-lib's ssd1306 driver (write_cmd, write_data,
# `buffer`: the frame it is a FrameBuffer of), or any object alike. On its
# I2C class (`i2c`, `addr`) a part is two I2C writes of the sender's own
# buffers, the window's six commands in one and the data in the other,
# where the driver's calls are seven (a command each) and its write_data
# joins its two buffers in a heap buffer for every part (machine.I2C's
# writevto on the rp2 port). The core waits out each byte on the bus
# (~22 us at 400 kHz): a part's bytes are its cost.
import micropython

_SET_COL_ADDR = 0x21
_SET_PAGE_ADDR = 0x22
_MOST = 32  # the largest part the I2C path sends (its buffer's)


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


@micropython.viper
def last_change(frame, sent, a: int, end: int) -> int:
    """One past the last index in [a, end) where frame and sent differ
    (a, frame[a] != sent[a], if none after it): a part ends there."""
    f = ptr8(frame)
    s = ptr8(sent)
    while end > a + 1 and f[end - 1] == s[end - 1]:
        end -= 1
    return end


@micropython.viper
def take(frame, sent, part, a: int, b: int):
    """frame[a:b] copied into sent[a:b] and into part from its second byte
    on (after the control byte): no slice, no memoryview made."""
    f = ptr8(frame)
    s = ptr8(sent)
    p = ptr8(part)
    i = a
    while i < b:
        s[i] = f[i]
        p[1 + i - a] = f[i]
        i += 1


class PagedSender:
    def __init__(self, oled, width=128):
        self.oled = oled
        self.width = width
        self.buffer = oled.buffer  # the frame drawn
        self.sent = bytearray(len(oled.buffer))  # what the display shows
        self.at = 0  # where the next change is looked for from (page * width + column)
        self.frame = memoryview(oled.buffer)
        self.i2c = getattr(oled, "i2c", None)  # the driver's bus, written directly (above)
        self.addr = getattr(oled, "addr", None)
        # Co=0, D/C#=0: the bytes after it are commands (the column and the
        # page windows); Co=0, D/C#=1: data, the part's columns
        self.window = bytearray((0x00, _SET_COL_ADDR, 0, 0, _SET_PAGE_ADDR, 0, 0))
        self.part = bytearray(1 + _MOST)
        self.part[0] = 0x40
        # a view of the part's control byte and its n columns, for each n
        # (made once: a slice of a memoryview is an object made each time)
        self.parts = [memoryview(self.part)[:1 + n] for n in range(_MOST + 1)] if self.i2c is not None else None

    def busy(self):
        """True while part of the frame differs from what was sent."""
        return self.sent != self.buffer

    def send(self, budget=32):
        """Sends up to `budget` bytes of changed columns; returns how many.
        The next change is looked for from where the last part ended, round
        the frame, by the viper first_change (two calls at most: a Python
        loop over the pages cost ~80,000 instructions when nothing changed).
        (These methods keep their locals few: a frame over 11 words is
        taken from the heap for each call.)"""
        size = len(self.sent)
        start = self.at
        a = int(first_change(self.buffer, self.sent, start, size))
        if a == size:
            a = int(first_change(self.buffer, self.sent, 0, start))
            if a == start:
                return 0
        return self._part(a, budget)

    def _part(self, a, budget):
        # from a to its page's end at most (a part is of one page), then to
        # its last change
        end = (a // self.width + 1) * self.width
        if a + budget < end:
            end = a + budget
        b = int(last_change(self.buffer, self.sent, a, end))
        if self.i2c is not None and b - a <= _MOST:
            self._bus_write(a, b)
        else:
            self._driver_write(a, b)
        self.at = b % len(self.sent)
        return b - a

    def _bus_write(self, a, b):
        # the window's commands, then the part (the sent copy taken with it:
        # what was sent is what the display shows)
        w = self.window
        w[2] = a % self.width
        w[3] = (b - 1) % self.width
        w[5] = w[6] = a // self.width
        self.i2c.writeto(self.addr, w)
        take(self.buffer, self.sent, self.part, a, b)
        self.i2c.writeto(self.addr, self.parts[b - a])

    def _driver_write(self, a, b):
        o = self.oled
        page = a // self.width
        # (six calls, not a loop over a tuple: a tuple of 6 is an allocation
        # of several blocks, which costs more the fuller the heap)
        o.write_cmd(_SET_COL_ADDR)
        o.write_cmd(a - page * self.width)
        o.write_cmd(b - 1 - page * self.width)
        o.write_cmd(_SET_PAGE_ADDR)
        o.write_cmd(page)
        o.write_cmd(page)
        o.write_data(self.frame[a:b])
        self.sent[a:b] = self.frame[a:b]
