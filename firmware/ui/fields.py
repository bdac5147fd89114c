# A face drawn as fields: a line of text, a Chinese word, a bar, a row of
# big figures, each remembered as drawn (by where it stands), so that the
# next redraw of the same face draws only what changed: a second's tick of
# the running clock redraws the one or two figures that changed, not the
# 294,000 instructions of the whole face (3.3-5.9 ms on an RP2040, over the
# 5 ms scan at the slow end: docs/HARDWARE.md, "Cost per scan").
#
# A face is a generator that yields after each thing it drew (a field, a
# figure, a glyph, a slice of the mini board), so that a device draws a
# face a step a scan (ui/faces.py, Face.draw_slice; boards/device.py) and
# the simulators draw it whole by running the steps to the end:
#
#   if f.text(text, x, y): yield          a one-step field: True if it drew
#   yield from f.big(text, ...) or ()     a field of several steps: its steps,
#                                         or None when it shows text already
#
# A field left unchanged costs its text's making only: no step, and no
# generator made (a generator is an allocation of several blocks, which
# costs more the fuller the heap).
#
# A field clears exactly what it drew before (the cells of its old text),
# so fields next to each other never erase one another, and the redrawn
# face is the face drawn whole, pixel for pixel (tests/ui/test_faces.py). A
# field's record allocates nothing once made (a step that allocates runs
# slower as the heap fills).
#
# The running clock's tick draws its few changed fields at once (text(),
# big_now(): ui/faces.py, Face._tick), with no generator made; those calls
# are native code, whose frame is on the C stack: a bytecode frame of over
# 11 words of locals and stack is a heap block at each call, every second.
import micropython

from ui import draw, miniboard


class Fields:
    def __init__(self, fb):
        self.fb = fb
        self.shows = None  # which face the fields belong to (Face._steps)
        self.next_point = 0  # the mini board's next point (0: not begun)
        self.clear(None, False)

    def clear(self, shows, fill=True):
        """A blank frame for the face `shows` (fill: 68,000 instructions on
        the emulated Pico, a step of its own)."""
        if fill:
            self.fb.fill(0)
        self.drawn = {}  # where (y * 128 + x) -> the text the field there shows
        self.how = {}  # where -> a bar's or label's inversion (0/1), big figures' left x
        self.half = {}  # where -> the text being drawn a step at a time, until its last step
        self.shows = shows

    @micropython.native
    def text(self, text, x, y):
        """8x8 text with its top left at (x, y)."""
        k = y * 128 + x
        old = self.drawn.get(k)
        if old == text:
            return False
        if old:
            self.fb.fill_rect(x, y, 8 * len(old), 8, 0)
        self.fb.text(text, x, y, 1)
        self.drawn[k] = text
        return True

    def centred(self, text, y):
        return self.text(text, (128 - 8 * len(text)) // 2, y)

    def bar(self, text, y, inverted):
        """A line of text across the width, white on black when inverted."""
        k = y * 128
        if self.drawn.get(k) == text and self.how.get(k) == inverted:
            return False
        draw.bar(self.fb, text, y, inverted)  # (fills its whole line)
        self.drawn[k] = text
        self.how[k] = inverted
        return True

    def label(self, text, x, y, w, h, inverted):
        """A w x h box with text at 2 px from its left, 8 px from its top,
        filled when inverted (the side to move on a shared display)."""
        k = y * 128 + x
        if self.drawn.get(k) == text and self.how.get(k) == inverted:
            return False
        self.fb.fill_rect(x, y, w, h, 1 if inverted else 0)
        self.fb.text(text, x + 2, y + 8, 0 if inverted else 1)
        self.drawn[k] = text
        self.how[k] = inverted
        return True

    def chinese(self, word, x, y):
        """A word in 16x16 glyphs: None if the field shows it, else its
        steps, a glyph a step (~25,000 instructions each)."""
        k = y * 128 + x
        if self.drawn.get(k) == word and not self.half.get(k):
            return None
        return self._chinese(k, word, x, y)

    def _chinese(self, k, word, x, y):
        old = self.half.get(k) or self.drawn.get(k)  # (a word half drawn lies within its own place)
        if old:
            self.fb.fill_rect(x, y, 16 * len(old), 16, 0)
        self.half[k] = word
        at = x
        for ch in word:
            at = draw.chinese(self.fb, ch, at, y)
            yield
        self.drawn[k] = word
        self.half[k] = None

    def big(self, text, x, y, w, h, t):
        """Seven-segment figures (draw.big_text), centred when x is None:
        None if the field shows them, else the steps that draw them. Of a
        text laid out as the one drawn (same length, ':' and '.' at the
        same places) only the figures that changed are redrawn; else the old
        text is cleared and the new one drawn. A step to find what to draw,
        then a figure a step."""
        k = y * 128 + (x or 0)
        if self.drawn.get(k) == text and not self.half.get(k):
            return None
        return self._big(k, text, x, y, w, h, t)

    def _big(self, k, text, x, y, w, h, t):
        old = self._big_begin(k, text, x, y, w, h, t)
        fb = self.fb
        at = self.how[k]
        yield
        for i in range(len(text)):
            ch = text[i]
            cw = 3 * t if ch == ":" or ch == "." else w + t  # draw.figure_width, inline
            if old is None or old[i] != ch:
                if old is not None:
                    fb.fill_rect(at, y, cw, h, 0)
                draw.figure(fb, ch, at, y, w, h, t)
                yield
            at += cw
        self.drawn[k] = text
        self.half[k] = None

    @micropython.native
    def big_now(self, text, x, y, w, h, t):
        """big()'s figures drawn at once, no steps and no generator (the
        running clock's tick): the same pixels. True if it drew."""
        k = y * 128 + (x or 0)
        if self.drawn.get(k) == text and not self.half.get(k):
            return False
        old = self._big_begin(k, text, x, y, w, h, t)
        fb = self.fb
        at = self.how[k]
        for i in range(len(text)):  # (as _big's, without its yields)
            ch = text[i]
            cw = 3 * t if ch == ":" or ch == "." else w + t
            if old is None or old[i] != ch:
                if old is not None:
                    fb.fill_rect(at, y, cw, h, 0)
                draw.figure(fb, ch, at, y, w, h, t)
            at += cw
        self.drawn[k] = text
        self.half[k] = None
        return True

    @micropython.native
    def _big_begin(self, k, text, x, y, w, h, t):
        # The start of a big field's redraw: clears what the new text does
        # not draw over and places it; returns the old text when the new
        # one is laid out as it (only the figures that changed are then
        # drawn), else None.
        old = self.drawn.get(k)
        half = self.half.get(k)
        fb = self.fb
        if half:  # a text half drawn lies within its own place
            fb.fill_rect(self.how[k], y, draw.text_width(half, w, t), h, 0)
            old = None
        elif old is None:
            pass
        elif len(old) == len(text) and old.find(":") == text.find(":") and old.rfind(":") == text.rfind(":") \
                and old.find(".") == text.find("."):
            pass  # laid out as the old text: its figures stand where the old ones do
        else:
            fb.fill_rect(self.how[k], y, draw.text_width(old, w, t), h, 0)
            old = None
        self.half[k] = text
        self.how[k] = self.how[k] if old is not None else _left(text, x, w, t)
        return old

    def board(self, position, put, clear, flip, x, y, points, occupied):
        """The mini board (ui/miniboard.py): the pieces of `position` as
        they stand at its first slice (into `occupied`), `points` points a
        step, then the river."""
        pieces = None
        if position is not None:
            miniboard.occupancy(position.board, occupied)
            pieces = occupied
        first = 0
        while first < 90:
            end = first + points if first + points < 90 else 90
            miniboard.draw(self.fb, pieces, x, y, put, clear, flip, first, end, False)
            first = self.next_point = end
            yield
        miniboard.river(self.fb, x, y)
        yield


def _left(text, x, w, t):
    return (128 - draw.text_width(text, w, t)) // 2 if x is None else x
