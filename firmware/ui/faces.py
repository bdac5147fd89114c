# The faces of the board's displays, one per phase of a game, drawn on a
# 128 x 64 framebuf.FrameBuffer from the game's state, the scene (ui/scene.py)
# and `now`. Pure: no pins, no time of its own.
#
#   face = Face(fb, RED)      a player's display (BLACK: the other player's),
#   face = Face(fb, None)     or one display shared by both players
#   face.update(scene, now)   draws if anything shown changed; True if it drew
#
# Each face is drawn as fields (ui/fields.py): a redraw of the face shown
# draws only the fields that changed (the running clock's tick: a figure or
# two, drawn at once by a step of its own: Face._tick). Face(fb, side,
# slice_points=15) draws in steps: update() only finds
# whether a redraw is due, and draw_slice() draws the next step (a field, a
# figure, 15 points of a mini board); a device calls it once a scan and
# sends the frame only once it is whole (boards/device.py, Panel), so that
# no scan waits for a whole face (the running clock 294,000 instructions,
# an alert 616,000: 3-12 ms on an RP2040). slice_points=0 (the simulators)
# draws the whole redraw in update().
#
# Which face (choose(), ui/choice.py): before the start the set-up check; the arbiter's
# overrule (16.3, 17.1, 21.5: an annulment until play resumes, a new result
# until it is confirmed, a foul declared or struck for 5 s); a flag for 3 s,
# then the result it caused; a result; a standing alert; a touch duty on
# the display of the side that must honour it; else the running clock.
import micropython

from ui import words
from ui.choice import choose, delay_left, extra, to_move
from ui.fields import Fields
from ui.timefmt import clock_text, instant_text
from xq import squares
from xq.pieces import BLACK, RED, colour, index, other, type_of

_NAMES = ("RED", "BLACK")
_BOARD_X = 1
_BOARD_Y = 2
_PANEL_X = 58  # the text beside the mini board
_KEY = 8  # items of Face.key()
_TICK = "tick"  # Face.work: the running clock's tick, drawn by the next steps (Face._tick)


def _new_key() -> list:
    return [None] * _KEY


def _name(side):
    return _NAMES[side >> 3]


def _shown(ms):
    """The part of a time its text shows: seconds, tenths below 10 s (as
    clock_text), so a key changes exactly when the text does."""
    return ms // 1000 if ms >= 10000 else -1 - ms // 100


class Face:
    def __init__(self, fb, side=None, slice_points=0):
        self.fb = fb
        self.side = side  # RED, BLACK, or None for a shared display
        self.shown = _new_key()  # the key of what is drawn (or being drawn)
        self.looked = _new_key()  # the key just made, compared with shown
        self.slice_points = slice_points  # a mini board's points a step; 0: update() draws whole
        self.fields = Fields(fb)  # what the frame shows, field by field
        self.work = None  # the steps of the redraw still to do (a generator), or None
        self.occupied = bytearray(90)  # a mini board's pieces, taken when it is drawn
        self.times = [0, 0]  # Red's and Black's remaining times when key() last looked
        self.texts = ["", ""]  # their time texts, as a tick last made them (_text)
        self.texts_of = [None, None]  # the part of each time (_shown) its text shows
        self.scene = None  # the scene and the time of the tick to draw (work: _TICK)
        self.now = 0
        self.tick_step = 0  # the tick's next step
        self.line = ""  # a player's display: the opponent's line as a tick made it,
        self.line_of = None  # from this text of the opponent's time

    @property
    def next_point(self):
        """The mini board's next point to draw (0: not begun)."""
        return self.fields.next_point

    @micropython.native  # (its frame on the C stack: a bytecode frame of its 16 words is a heap block)
    def key(self, scene, now, into=None):
        """Changes exactly when what the face shows changes: a list of
        _KEY items, written into `into` where given (update() runs every
        100 ms on every display: a list kept and compared in place
        allocates nothing, where a tuple of 8 is a block search of the heap
        that costs more the fuller it is). Also keeps Red's and Black's
        remaining times in self.times, for the redraw at the same now."""
        k = into if into is not None else _new_key()
        name = choose(scene, now, self.side)
        g = scene.game
        k[0] = name
        k[1] = scene.version
        k[2] = g.phase
        if name in ("running", "duty", "overrule"):
            # numbers, not the texts (the moves due change only with an
            # event, which changes the version; a byo-yomi period's end and
            # a delay's end change the time shown; the delay runs for the
            # side to move only)
            c = g.clock
            moving = to_move(g)
            times = self.times
            times[0] = c.remaining(RED, now)
            times[1] = c.remaining(BLACK, now)
            k[3] = c.state
            k[4] = moving
            k[5] = _shown(times[0])
            k[6] = _shown(times[1])
            k[7] = _shown(delay_left(c, moving, scene, now)) if moving >= 0 else 0
        else:
            k[3] = g.result
            k[4] = g.verdict
            k[5] = k[6] = k[7] = None
        return k

    def forget(self):
        """Makes the next update() redraw, whatever it finds."""
        self.shown[0] = None

    def update(self, scene, now):
        """Begins a redraw if what the face shows changed (and, unless the
        face draws in steps, finishes it); True if it did."""
        k = self.key(scene, now, self.looked)
        if k == self.shown:
            return False
        if self._only_times(k, self.shown):
            # the running clock's tick: drawn by the next steps, with no
            # generator made (a heap block of ~20 words each)
            self.scene = scene
            self.now = now
            self.tick_step = 0
            self.work = _TICK
        else:
            self.work = self._steps(scene, now, k[0], k[1], self.times)
        self.looked, self.shown = self.shown, k  # (the two lists swapped: no allocation)
        if not self.slice_points:
            self.finish()
        return True

    def _only_times(self, k, old):
        """True when the running clock is shown whole (or a tick of it is
        still to draw) and only its times changed: the name, the scene's
        version, the phase, the clock's state and the side to move are
        those of `old`, the key last shown."""
        work = self.work
        return (k[0] == "running" and self.fields.shows == "running" and (work is None or work is _TICK)
                and k[0] == old[0] and k[1] == old[1] and k[2] == old[2] and k[3] == old[3] and k[4] == old[4])

    def draw(self, scene, now, name=None):
        """The whole face, drawn now from a blank frame."""
        self.fields.shows = None
        c = scene.game.clock
        times = [c.remaining(RED, now), c.remaining(BLACK, now)] if c is not None else None
        self.work = self._steps(scene, now, name or choose(scene, now, self.side), scene.version, times)
        self.finish()

    def finish(self):
        while self.draw_slice():
            pass

    def drawing(self):
        """True while part of a redraw is still to draw."""
        return self.work is not None

    def draw_slice(self):
        """Draws the next step of the redraw; True if there was one."""
        work = self.work
        if work is None:
            return False
        if work is _TICK:
            if not self._tick():
                self.work = None
            return True
        for _ in work:  # (not next(): the end of a for raises no StopIteration, an allocation)
            return True
        self.work = None
        return True

    def _tick(self):
        # A step of the running clock's tick: the fields that its times
        # change (the top bar or the side marks change only with the side
        # to move, which a tick keeps): the texts, then a row of figures or
        # a line a step: the same pixels as _running's or _shared's steps,
        # allocating only the new time's text. True while steps remain.
        i = self.tick_step
        self.tick_step = i + 1
        if i == 0:  # (the texts a step of their own: on the emulated Pico each step stays under 150,000 instructions)
            self._text(0)
            self._text(1)
            return True
        if self.side is None:
            return _shared_tick(self, self.fields, self.texts, i - 1)
        return _running_tick(self, self.fields, self.side, self.texts, i - 1)

    def _text(self, i):
        # side i's time text (0 Red, 1 Black) at self.times, made again
        # only when the part of it shown changed: the side whose clock
        # stands keeps its text
        shown = _shown(self.times[i])
        if shown != self.texts_of[i]:
            self.texts_of[i] = shown
            self.texts[i] = clock_text(self.times[i])

    def _steps(self, scene, now, name, version, times):
        """The redraw of face `name`, a step per yield (times: the
        remaining times of Red and Black at `now`, as key() found them, or
        None where no clock shows them). The running clock
        redraws over itself whatever changed; a duty and the arbiter's
        overrule (whose times tick) as long as the scene is the same; the
        other faces from a blank frame."""
        f = self.fields
        shows = name if name == "running" else (name, version) if name in ("duty", "overrule") else None
        fresh = shows is None or shows != f.shows  # else only its times can have changed
        if fresh:
            # (a duty's and an overrule's fields that do not tick are drawn
            # once: the face counts as shown only when all of them are, at
            # the end; the running clock evaluates all its fields every time)
            f.clear(shows if name == "running" else None)
            yield
        f.next_point = 0
        if name == "running":
            if self.side is None:
                yield from _shared(f, scene, now, times)
            else:
                yield from _running(f, scene, now, self.side, times)
        elif name == "setup":
            yield from self._mini_board(_setup(f, scene))
        elif name == "alert":
            yield from self._mini_board(_alert(f, scene))
        elif name == "duty":
            yield from _duty(f, scene, now, fresh, times)
        elif name == "flag":
            yield from _flag(f, scene)
        elif name == "result":
            yield from _result(f, scene)
        elif name == "overrule":
            yield from _overrule(f, scene, now, self.side, fresh, times)
        else:
            if f.centred("xqboard", 20):
                yield
            if f.centred("no game", 36):
                yield
        f.shows = shows

    def _mini_board(self, panel):
        """A face's text beside its mini board (the steps of `panel`, which
        return the board: position, put, clear), then the board, seen from
        the display's side."""
        board = yield from panel
        yield from self.fields.board(board[0], board[1], board[2], self.side == BLACK,
                                     _BOARD_X, _BOARD_Y, self.slice_points or 90, self.occupied)


def _running(f, scene, now, side, times):
    """A player's display: the own time large, the opponent's small."""
    g = scene.game
    c = g.clock
    mine = to_move(g) == side
    opp = other(side)
    if f.bar(_BARS[index(side) * 2 + (0 if mine else 1)], 0, mine):
        yield
    yield from f.big(clock_text(times[index(side)]), None, 13, 14, 29, 3) or ()
    if f.text(extra(c, side, scene, now), 0, 45):
        yield
    if f.text("%s %s" % (_name(opp), clock_text(times[index(opp)])), 0, 56):
        yield


@micropython.native  # (its frame on the C stack, as the tick's other calls)
def _running_tick(face, f, side, texts, step):
    """Step `step` of _running's fields that the times change (Face._tick):
    the own figures, the extra line, the opponent's (made again only when
    its time's text is a new one), a field unchanged passed in the same
    step. True while steps remain."""
    if step == 0:
        if f.big_now(texts[index(side)], None, 13, 14, 29, 3):
            return True
        face.tick_step += 1  # (the figures unchanged: on to the extra line in this step)
    if step <= 1 and f.text(extra(face.scene.game.clock, side, face.scene, face.now), 0, 45):
        return True
    opp = other(side)
    if texts[index(opp)] is not face.line_of:
        face.line_of = texts[index(opp)]
        face.line = "%s %s" % (_name(opp), face.line_of)
    f.text(face.line, 0, 56)
    return False


# The running face's top bar: a side's name, and whether it is to move.
_BARS = ("RED   YOUR MOVE", "RED   waiting", "BLACK YOUR MOVE", "BLACK waiting")


def _shared(f, scene, now, times):
    """One display for both: a row a side, the side to move marked."""
    g = scene.game
    c = g.clock
    moving = to_move(g)
    for side, y in _ROWS:
        if f.label(_name(side)[0], 0, y, 11, 23, side == moving):
            yield
        yield from f.big(clock_text(times[index(side)]), 15, y, 10, 22, 2) or ()
    if f.text(_shared_extra(c, moving, scene, now), 0, 55):
        yield


_ROWS = ((RED, 0), (BLACK, 27))  # a shared display's rows: (side, y)


@micropython.native  # (its frame on the C stack, as the tick's other calls)
def _shared_tick(face, f, texts, step):
    """Step `step` of _shared's fields that the times change (Face._tick):
    Red's figures, Black's, then the last line, a row unchanged passed in
    the same step. True while steps remain."""
    while step < 2:
        step += 1
        face.tick_step = step + 1  # (Face._tick's count: step 0 is its texts')
        if f.big_now(texts[step - 1], 15, 27 * (step - 1), 10, 22, 2):
            return True
    g = face.scene.game
    f.text(_shared_extra(g.clock, to_move(g), face.scene, face.now), 0, 55)
    return False


def _shared_extra(c, moving, scene, now):
    """The shared display's last line: the side to move's extra, if any."""
    text = extra(c, moving, scene, now)
    return ("%s %s" % (_name(moving)[0], text)) if text else ""


def _panel(f, title, chinese, english, line1, line2):
    """The text beside the mini board."""
    x = _PANEL_X
    if f.text(title, x, 0):
        yield
    yield from f.chinese(chinese, x, 11) or ()
    if f.text(english[:8], x, 31):
        yield
    if f.text(line1[:8], x, 43):
        yield
    if f.text(line2[:8], x, 54):
        yield


def _setup(f, scene):
    """The set-up's text; returns its mini board (position, put, clear)."""
    g = scene.game
    put, clear = scene.wrong
    if scene.setup == "confirmed":
        yield from _panel(f, "SET UP", "摆棋", "checked", "start", "clock")
    elif put or clear:
        yield from _panel(f, "SET UP", "摆棋", "wrong %d" % (len(put) + len(clear)),
                          "fill %d" % len(put), "clear %d" % len(clear))
    else:
        yield from _panel(f, "SET UP", "摆棋", "ready", "confirm", "")
    return g.position, put, clear


def _alert(f, scene):
    """The alert's text; returns its mini board (position, put, clear)."""
    what, article, put, clear = scene.alert
    word = words.lookup(words.ALERTS, what) or ("", what)
    yield from _panel(f, article or "ALERT", word[0], word[1], "fill %d" % len(put), "clear %d" % len(clear))
    return scene.game.position, put, clear


def _duty(f, scene, now, fresh, times):
    """The piece that must move or capture, the duty and its article, and
    the time of the side that owes it (all that changes while it stands)."""
    g = scene.game
    side, point, article, whose = scene.duty
    if fresh:
        if f.bar("TOUCHED %s" % article, 0, True):
            yield
        piece = g.position.piece_at(squares.parse(point))
        yield from f.chinese(words.piece_name(type_of(piece), colour(piece) == BLACK) if piece else "", 4, 16) or ()
        if f.text(point, 24, 20):
            yield
        word = words.duty(article)
        yield from f.chinese(word[0], 64, 16) or ()
        if f.text(word[1], 64, 36):
            yield
    if f.text("%s %s" % (_name(side), clock_text(times[index(side)])), 0, 56):
        yield


def _flag(f, scene):
    side, at, _ = scene.flag
    if f.bar("FLAG  4.1.6", 0, True):
        yield
    whose = words.RED_WORD if side == RED else words.BLACK_WORD
    yield from f.chinese(whose, 0, 14) or ()
    yield from f.chinese(words.FLAG_WORD, 16 * len(whose) + 8, 14) or ()
    if f.text("%s time out" % _name(side), 0, 36):
        yield
    if f.text("at %s" % instant_text(at), 0, 48):
        yield


def _result(f, scene):
    g = scene.game
    score, article, _ = g.result or g.verdict
    if score in ("1-0", "0-1", "0-0"):
        yield from f.big(score, None, 0, 12, 22, 3) or ()
    else:
        if f.centred(score, 8):
            yield
    said = words.lookup(words.SCORES, score) or ("", score)
    why = words.lookup(words.RESULTS, article) or ("", "")
    yield from f.chinese(said[0], 16, 26) or ()
    yield from f.chinese(why[0], 16 + 16 * len(said[0]) + 16, 26) or ()
    if f.text("%s %s" % (why[1], article), 0, 45):
        yield
    if f.text("confirmed" if scene.confirmed else "awaiting arbiter", 0, 56):
        yield


def _ascii(text):
    """text if framebuf's 8x8 font can draw it, else '' (a name in
    Chinese characters has no glyphs there)."""
    for ch in text:
        if not " " <= ch <= "~":
            return ""
    return text


def _overrule(f, scene, now, side, fresh, times):
    """The arbiter's overrule: what was decided, the article, by whom (and
    a foul's display time, all that changes while it stands)."""
    g = scene.game
    what, detail, by, article, _ = scene.overrule
    if fresh:
        yield from _overrule_text(f, what, detail, by, article)
    if what != "annul" and what != "result":  # a foul declared or struck: the clock still runs
        own = to_move(g) if side is None else side
        if f.text("%s %s" % (_name(own), clock_text(times[index(own)])), 0, 56):
            yield


def _overrule_text(f, what, detail, by, article):
    if f.bar("ARBITER %s" % article, 0, True):
        yield
    yield from f.chinese(words.JUDGE_WORD, 0, 14) or ()
    word = words.lookup(words.OVERRULES, what) or ("", what)
    yield from f.chinese(word[0], 16 * len(words.JUDGE_WORD) + 8, 14) or ()
    if f.text(word[1].replace("-", " "), 0, 34):
        yield
    by = _ascii(by)
    by = ("by " + by)[:16] if by else ""
    if what == "annul":
        if f.text(by, 0, 45):
            yield
        if f.text("clocks paused", 0, 56):
            yield
    elif what == "result":
        why = words.lookup(words.RESULTS, article) or ("", "")
        if f.text("%s %s" % (detail, why[1]), 0, 45):
            yield
        if f.text(by, 0, 56):
            yield
    else:  # a foul declared or struck: the side
        if f.text(("%s %s" % (_name(detail), by))[:16], 0, 45):
            yield
