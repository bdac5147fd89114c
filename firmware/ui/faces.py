# The faces of the board's displays, one per phase of a game, drawn on a
# 128 x 64 framebuf.FrameBuffer from the game's state, the scene (ui/scene.py)
# and `now`. Pure: no pins, no time of its own.
#
#   face = Face(fb, RED)      a player's display (BLACK: the other player's),
#   face = Face(fb, None)     or one display shared by both players
#   face.update(scene, now)   draws if anything shown changed; True if it drew
#
# Which face (choose()): before the start the set-up check; a flag for 3 s,
# then the result it caused; a result; a standing alert; a touch duty
# on the display of the side that must honour it; else the running clock.
import ticks
from clock.control import DELAY
from clock.clock import PAUSED, READY, RUNNING
from game.phases import IDLE, SETUP
from ui import draw, miniboard, words
from ui.timefmt import clock_text, instant_text
from xq import squares
from xq.pieces import BLACK, RED, other, type_of, colour

_NAMES = ("RED", "BLACK")
_FLAG_SHOWN_MS = 3000  # a flag's own face, before the result's
_BOARD_X = 1
_BOARD_Y = 2
_PANEL_X = 58  # the text beside the mini board


def _name(side):
    return _NAMES[side >> 3]


def choose(scene, now, side):
    """The name of the face `side`'s display shows (side None: shared)."""
    g = scene.game
    if g.phase == IDLE or g.clock is None:
        return "idle"
    if g.phase == SETUP:
        return "setup"
    if scene.flag is not None and (ticks.diff(now, scene.flag[2]) < _FLAG_SHOWN_MS
                                   or not (g.result or g.verdict)):
        return "flag"
    if g.result or g.verdict:
        return "result"
    if scene.alert is not None:
        return "alert"
    if scene.duty is not None and (side is None or side == scene.duty[0]):
        return "duty"
    return "running"


def delay_left(clock, side, scene, now):
    """ms of the delay (6.3) still running in `side`'s turn, or 0."""
    scheme = clock.control.scheme(side)
    if scheme.mode == DELAY and clock.state == RUNNING and clock.running == side:
        d = scheme.extra - scene.turn_ms(side, now)
        return d if d > 0 else 0
    return 0


def extra(clock, side, scene, now):
    """What a side's face adds to its time: the moves still due in a 6.2
    period, the byo-yomi periods left (6.4), the delay running (6.3)."""
    if clock.flag_at(side) != -1:
        return "FLAG"
    if clock.in_byoyomi(side, now):
        return "periods %d" % clock.periods(side, now)
    left = clock.moves_left(side)
    if left:
        return "%d moves due" % left
    d = delay_left(clock, side, scene, now)
    if d:
        return "delay %s" % clock_text(d)
    if clock.state == PAUSED:
        return "paused"
    return ""


def _shown(ms):
    """The part of a time its text shows: seconds, tenths below 10 s (as
    clock_text), so a key changes exactly when the text does."""
    return ms // 1000 if ms >= 10000 else -1 - ms // 100


def to_move(game):
    """The side whose clock runs (before the start: the side to move)."""
    c = game.clock
    return c.running if c.state != READY and c.running >= 0 else game.position.side


class Face:
    def __init__(self, fb, side=None):
        self.fb = fb
        self.side = side  # RED, BLACK, or None for a shared display
        self.shown = None  # the key of what is drawn

    def key(self, scene, now):
        """Changes exactly when what the face shows changes."""
        name = choose(scene, now, self.side)
        g = scene.game
        if name in ("running", "duty"):
            # numbers, not the texts: made every _DISPLAY_MS, so they allocate little
            c = g.clock
            return (name, scene.version, g.phase, c.state, to_move(g),
                    _shown(c.remaining(RED, now)), _shown(c.remaining(BLACK, now)),
                    c.periods(RED, now), c.periods(BLACK, now), c.moves_left(RED), c.moves_left(BLACK),
                    _shown(delay_left(c, RED, scene, now)), _shown(delay_left(c, BLACK, scene, now)))
        return name, scene.version, g.phase, g.result, g.verdict

    def update(self, scene, now):
        k = self.key(scene, now)
        if k == self.shown:
            return False
        self.shown = k
        self.draw(scene, now, k[0])
        return True

    def draw(self, scene, now, name=None):
        fb = self.fb
        fb.fill(0)
        name = name or choose(scene, now, self.side)
        if name == "running":
            if self.side is None:
                _shared(fb, scene, now)
            else:
                _running(fb, scene, now, self.side)
        elif name == "setup":
            _setup(fb, scene, self.side == BLACK)
        elif name == "alert":
            _alert(fb, scene, self.side == BLACK)
        elif name == "duty":
            _duty(fb, scene, now)
        elif name == "flag":
            _flag(fb, scene)
        elif name == "result":
            _result(fb, scene)
        else:
            draw.centred_text(fb, "xqboard", 20)
            draw.centred_text(fb, "no game", 36)


def _running(fb, scene, now, side):
    """A player's display: the own time large, the opponent's small."""
    g = scene.game
    c = g.clock
    mine = to_move(g) == side
    opp = other(side)
    draw.bar(fb, "%-6s%s" % (_name(side), "YOUR MOVE" if mine else "waiting"), 0, mine)
    text = clock_text(c.remaining(side, now))
    w = draw.text_width(text, 14, 3)
    draw.big_text(fb, text, (128 - w) // 2, 13, 14, 29, 3)
    fb.text(extra(c, side, scene, now), 0, 45)
    fb.text("%s %s" % (_name(opp), clock_text(c.remaining(opp, now))), 0, 56)


def _shared(fb, scene, now):
    """One display for both: a row a side, the side to move marked."""
    g = scene.game
    c = g.clock
    moving = to_move(g)
    for side, y in ((RED, 0), (BLACK, 27)):
        mark = side == moving
        fb.fill_rect(0, y, 11, 23, 1 if mark else 0)
        fb.text(_name(side)[0], 2, y + 8, 0 if mark else 1)
        draw.big_text(fb, clock_text(c.remaining(side, now)), 15, y, 10, 22, 2)
    text = extra(c, moving, scene, now)
    fb.text(("%s %s" % (_name(moving)[0], text)) if text else "", 0, 55)


def _panel(fb, title, chinese, english, line1, line2):
    """The text beside the mini board."""
    x = _PANEL_X
    fb.text(title, x, 0)
    draw.chinese(fb, chinese, x, 11)
    fb.text(english[:8], x, 31)
    fb.text(line1[:8], x, 43)
    fb.text(line2[:8], x, 54)


def _setup(fb, scene, flip):
    g = scene.game
    put, clear = scene.wrong
    miniboard.draw(fb, g.position, _BOARD_X, _BOARD_Y, put, clear, flip)
    if scene.setup == "confirmed":
        _panel(fb, "SET UP", "摆棋", "checked", "start", "clock")
    elif put or clear:
        _panel(fb, "SET UP", "摆棋", "wrong %d" % (len(put) + len(clear)),
               "fill %d" % len(put), "clear %d" % len(clear))
    else:
        _panel(fb, "SET UP", "摆棋", "ready", "confirm", "")


def _alert(fb, scene, flip):
    what, article, put, clear = scene.alert
    miniboard.draw(fb, scene.game.position, _BOARD_X, _BOARD_Y, put, clear, flip)
    word = words.lookup(words.ALERTS, what) or ("", what)
    _panel(fb, article or "ALERT", word[0], word[1], "fill %d" % len(put), "clear %d" % len(clear))


def _duty(fb, scene, now):
    g = scene.game
    side, point, article, whose = scene.duty
    draw.bar(fb, "TOUCHED %s" % article, 0, True)
    piece = g.position.piece_at(squares.parse(point))
    if piece:
        draw.chinese(fb, words.piece_name(type_of(piece), colour(piece) == BLACK), 4, 16)
    fb.text(point, 24, 20)
    word = words.duty(article)
    draw.chinese(fb, word[0], 64, 16)
    fb.text(word[1], 64, 36)
    fb.text("%s %s" % (_name(side), clock_text(g.clock.remaining(side, now))), 0, 56)


def _flag(fb, scene):
    side, at, _ = scene.flag
    draw.bar(fb, "FLAG  4.1.6", 0, True)
    x = draw.chinese(fb, words.RED_WORD if side == RED else words.BLACK_WORD, 0, 14)
    draw.chinese(fb, words.FLAG_WORD, x + 8, 14)
    fb.text("%s time out" % _name(side), 0, 36)
    fb.text("at %s" % instant_text(at), 0, 48)


def _result(fb, scene):
    g = scene.game
    score, article, _ = g.result or g.verdict
    if score in ("1-0", "0-1", "0-0"):
        w = draw.text_width(score, 12, 3)
        draw.big_text(fb, score, (128 - w) // 2, 0, 12, 22, 3)
    else:
        draw.centred_text(fb, score, 8)
    said = words.lookup(words.SCORES, score) or ("", score)
    why = words.lookup(words.RESULTS, article) or ("", "")
    x = draw.chinese(fb, said[0], 16, 26)
    draw.chinese(fb, why[0], x + 16, 26)
    fb.text("%s %s" % (why[1], article), 0, 45)
    fb.text("confirmed" if scene.confirmed else "awaiting arbiter", 0, 56)
