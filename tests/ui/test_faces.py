"""The faces of the displays (firmware/ui/), drawn by the real MicroPython
unix port on a framebuf, read back from the pixels and compared with what
the same state says they must show: the marked points of an alert are the
alert's points, the big figures are the clock's time, the Chinese word is
the article's."""
import json

import pytest

from xqboard import core  # noqa: F401  (firmware/ on sys.path)
from ui import glyphs, words  # noqa: E402
from ui.timefmt import clock_text  # noqa: E402  (the firmware's own tables, under CPython)
from xq import squares  # noqa: E402
from xq.position import Position  # noqa: E402

# Runs in MicroPython: draws the faces of a few key moments of one state
# and prints, per moment, its name and framebuffer (MONO_VLSB, hex) as JSON.
DRAW = r'''
import framebuf, json
from xq.position import Position
from clock.clock import Clock
from game.phases import PLAYING, SETUP, OVER
from ui.scene import Scene
from ui.faces import Face
from xq.pieces import RED, BLACK

class State:  # what the faces read of a Game: phase, position, clock, result, verdict
    def __init__(self, tc):
        self.phase = PLAYING
        self.position = Position()
        self.clock = Clock(tc)
        self.result = None
        self.verdict = None

def shot(name, side, g, scene, now):
    buf = bytearray(1024)
    Face(framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB), side).update(scene, now)
    c = g.clock
    print(json.dumps([name, buf.hex(), c.remaining(RED, now), c.remaining(BLACK, now)]))

g = State("90m+30s")
s = Scene(g)
g.clock.start(0, RED)
shot("running_red", RED, g, s, 754321)
shot("running_black", BLACK, g, s, 754321)
shot("running_shared", None, g, s, 754321)
s.on_event(760000, "ALERT", ("knocked", "e3,a0", "e4", "5.9"))
shot("alert_red", RED, g, s, 760000)
shot("alert_black", BLACK, g, s, 760000)
s.on_event(770000, "RESTORED", ())
s.on_event(780000, "TOUCH", (RED, "own", "h2", "5.1"))
shot("duty_red", RED, g, s, 780000)
q = State("90m/40,30m")
qs = Scene(q)
q.clock.start(0, RED)
for n in range(12):
    q.clock.move_made(RED, 1000 * n + 500); q.clock.press(RED, 1000 * n + 600)
    q.clock.move_made(BLACK, 1000 * n + 800); q.clock.press(BLACK, 1000 * n + 900)
shot("quota_red", RED, q, qs, 20000)
qs.on_event(20000, "OVERRULE", ("foul", BLACK, None, "Li", "8.1.6"))
shot("overrule_foul", RED, q, qs, 21000)
shot("after_overrule_foul", RED, q, qs, 25000)
b = State("1m byo3x30s")
bs = Scene(b)
b.clock.start(0, RED)
shot("byoyomi_red", RED, b, bs, 61000 + 35000)
d = State("5m d10s")
ds = Scene(d)
d.clock.start(0, RED)
ds.on_event(0, "START", (RED, "20.1"))
shot("delay_red", RED, d, ds, 4200)
s.on_event(790000, "FLAG", (BLACK, 3723456, "4.1.6"))
g.verdict = ("1-0", "4.1.6", "time black")
shot("flag", None, g, s, 792000)
shot("after_flag", None, g, s, 793000)
s.on_event(795000, "OVERRULE", ("annul", 40, "Li", "21.5"))
g.verdict = None
shot("overrule_annul", RED, g, s, 795000)
s.on_event(796000, "RESUME", ("arbiter",))
shot("after_resume", RED, g, s, 796000)
g.phase = OVER
g.verdict = None
g.result = ("0-1", "4.1.1", "mate")
shot("result", RED, g, s, 800000)
s.on_event(810000, "CONFIRM", ("0-1", "4.1.1", 1, 2, "0,0", "9.1", None))
shot("confirmed", RED, g, s, 810000)
g.result = ("1-0", "4.1.12", "resigned black")
s.on_event(820000, "OVERRULE", ("result", "1-0", 41, "Li", "4.1.12", "resigned black", None))
shot("overrule_result", RED, g, s, 820000)
t = State("10m")
ts = Scene(t)
t.clock.start(0, RED)
shot("tenths_red", RED, t, ts, 600000 - 9870)
shot("tenths_black", BLACK, t, ts, 600000 - 9870)
shot("tenths_shared", None, t, ts, 600000 - 9870)
u = State("10m")
u.phase = SETUP
us = Scene(u)
us.on_event(0, "SETUP", ("wrong", "b2,h9", "e5"))
shot("setup_red", RED, u, us, 0)
'''

SEGMENTS = {0x3F: "0", 0x06: "1", 0x5B: "2", 0x4F: "3", 0x66: "4", 0x6D: "5",
            0x7D: "6", 0x07: "7", 0x7F: "8", 0x6F: "9", 0x40: "-"}


class Picture:
    def __init__(self, hexdata, red_ms, black_ms):
        self.buf = bytes.fromhex(hexdata)
        self.red = clock_text(red_ms)  # what the state says the faces show
        self.black = clock_text(black_ms)

    def px(self, x, y):
        return self.buf[(y >> 3) * 128 + x] >> (y & 7) & 1

    def count(self, x, y, w, h):
        return sum(self.px(x + i, y + j) for i in range(w) for j in range(h))

    def figures(self, text_len_hint, x, y, w, h, t):
        """The seven-segment text at (x, y): each segment read at its middle."""
        out = ""
        half = h // 2
        while x < 128 and len(out) < text_len_hint:
            mid = [(x + w // 2, y + t // 2), (x + w - 1 - t // 2, y + half // 2),
                   (x + w - 1 - t // 2, y + half + half // 2), (x + w // 2, y + h - 1 - t // 2),
                   (x + t // 2, y + half + half // 2), (x + t // 2, y + half // 2), (x + w // 2, y + half)]
            bits = sum(self.px(*p) << i for i, p in enumerate(mid))
            if bits in SEGMENTS and bits != 0x40 or (bits == 0x40 and self.px(x, y + half)):
                out += SEGMENTS[bits]
                x += w + t
            elif self.px(x + t // 2, y + h - t):  # a point
                out += "."
                x += 3 * t
            else:  # a colon
                out += ":"
                x += 3 * t
        return out

    def board(self, x0, y0, flip):
        """{point: 'put' | 'clear' | 'piece' | 'empty'} of a mini board."""
        kinds = {25: "put", 16: "clear", 9: "piece", 1: "empty"}
        out = {}
        for p in range(90):
            f, r = p % 9, p // 9
            x, y = ((8 - f) * 6, r * 6) if flip else (f * 6, (9 - r) * 6)
            n = self.count(x0 + x, y0 + y, 5, 5)
            assert n in kinds, "point %d: %d pixels" % (p, n)
            if kinds[n] == "clear":
                assert not self.px(x0 + x + 2, y0 + y + 2)
            out[p] = kinds[n]
        return out

    def glyph(self, x, y):
        """The character whose 16x16 glyph is drawn at (x, y), or None."""
        bits = bytes(sum(self.px(x + 8 * half + i, y + row) << (7 - i) for i in range(8))
                     for row in range(16) for half in range(2))
        for i, ch in enumerate(glyphs.CHARS):
            if glyphs.DATA[32 * i:32 * i + 32] == bits:
                return ch
        return None

    def text(self, x, y, n, font, inverted=False):
        """n characters of 8x8 text at (x, y), read against the font."""
        out = ""
        for k in range(n):
            cell = tuple(self.px(x + 8 * k + i, y + j) ^ inverted for j in range(8) for i in range(8))
            out += font.get(cell, "?")
        return out


@pytest.fixture(scope="module")
def shots(mp):
    # 256k: five games' states at once (a Position each), for this test only
    lines = mp.run(DRAW, heap="256k").strip().splitlines()
    return {k: Picture(*v) for k, *v in (json.loads(line) for line in lines)}


@pytest.fixture(scope="module")
def font(mp):
    """framebuf's 8x8 font, read from the port: {cell pixels: character}."""
    code = ("import framebuf\nb=bytearray(8*95)\nf=framebuf.FrameBuffer(b,8*95,8,framebuf.MONO_VLSB)\n"
            "f.text(''.join(chr(c) for c in range(32,127)),0,0)\nprint(b.hex())")
    buf = bytes.fromhex(mp.run(code).strip())
    out = {}
    for k in range(95):
        cell = tuple(buf[8 * k + i] >> j & 1 for j in range(8) for i in range(8))
        out.setdefault(cell, chr(32 + k))
    return out


def points(names):
    return {squares.point(squares.parse(n)) for n in names}


def test_alert_marks_exactly_the_alerts_points(shots):
    pos = Position()
    for name, flip in (("alert_red", False), ("alert_black", True)):
        seen = shots[name].board(1, 2, flip)
        assert {p for p, k in seen.items() if k == "put"} == points(["e3", "a0"])
        assert {p for p, k in seen.items() if k == "clear"} == points(["e4"])
        # every other point shows the position: a piece where one stands
        for p, k in seen.items():
            if k in ("piece", "empty"):
                assert (k == "piece") == bool(pos.piece_at(squares.from_point(p)))


def test_alert_names_its_article_in_words(shots, font):
    a = shots["alert_red"]
    assert a.text(58, 0, 3, font) == "5.9"
    assert a.glyph(58, 11) + a.glyph(74, 11) == words.lookup(words.ALERTS, "knocked")[0] == "碰倒"
    assert a.text(58, 43, 6, font) == "fill 2"
    assert a.text(58, 54, 7, font) == "clear 1"


def test_setup_marks_the_points_still_wrong(shots, font):
    seen = shots["setup_red"].board(1, 2, False)
    assert {p for p, k in seen.items() if k == "put"} == points(["b2", "h9"])
    assert {p for p, k in seen.items() if k == "clear"} == points(["e5"])
    assert shots["setup_red"].text(58, 31, 7, font) == "wrong 3"


def test_running_own_time_large_opponents_small(shots, font):
    # 90 min, Red's clock ran 754.321 s: 1:17:25 left (rounded down); Black 1:30:00
    red = shots["running_red"]
    assert red.red == "1:17:25" and red.black == "1:30:00"
    assert red.figures(7, (128 - (5 * 17 + 2 * 9)) // 2, 13, 14, 29, 3) == red.red
    assert red.text(0, 56, 13, font) == "BLACK " + red.black
    assert red.text(0, 1, 15, font, inverted=True) == "RED   YOUR MOVE"
    black = shots["running_black"]
    assert black.figures(7, (128 - (5 * 17 + 2 * 9)) // 2, 13, 14, 29, 3) == black.black
    assert black.text(0, 56, 11, font) == "RED " + black.red
    assert black.text(0, 1, 13, font) == "BLACK waiting"
    assert black.px(0, 0) == 0 and red.px(0, 0) == 1  # whose turn: the inverted bar


def test_shared_display_shows_both(shots):
    s = shots["running_shared"]
    assert s.figures(7, 15, 0, 10, 22, 2) == s.red
    assert s.figures(7, 15, 27, 10, 22, 2) == s.black
    assert s.count(0, 0, 11, 23) > s.count(0, 27, 11, 23)  # Red to move: Red's mark inverted


def test_tenths_in_the_last_10_s(shots, font):
    # Red's 10 minutes with 9.87 s left: 9.8 (rounded down, FIDE C.02 5 (b)),
    # seconds and tenths, large on Red's display, small on Black's
    red = shots["tenths_red"]
    assert red.red == "9.8"
    w = 2 * 17 + 9  # two figures and the point (draw.text_width)
    assert red.figures(3, (128 - w) // 2, 13, 14, 29, 3) == "9.8"
    assert shots["tenths_black"].text(0, 56, 7, font) == "RED 9.8"
    assert shots["tenths_shared"].figures(3, 15, 0, 10, 22, 2) == "9.8"


def test_6_2_moves_due_byoyomi_periods_delay(shots, font):
    assert shots["quota_red"].text(0, 45, 12, font) == "28 moves due"
    assert shots["byoyomi_red"].text(0, 45, 9, font) == "periods 2"
    b = shots["byoyomi_red"]
    assert b.figures(4, (128 - (3 * 17 + 9)) // 2, 13, 14, 29, 3) == b.red
    assert shots["delay_red"].text(0, 45, 9, font) == "delay 5.8"


def test_touch_duty_names_the_piece_and_the_article(shots, font):
    d = shots["duty_red"]
    assert d.glyph(4, 16) == "炮"  # h2 holds Red's cannon at the start
    assert d.text(24, 20, 2, font) == "h2"
    assert d.glyph(64, 16) + d.glyph(80, 16) == "走子"


def test_flag_shows_whose_and_the_instant(shots, font):
    f = shots["flag"]
    assert f.glyph(0, 14) + f.glyph(16, 14) == "黑方"
    assert f.text(0, 36, 14, font) == "BLACK time out"
    assert f.text(0, 48, 12, font) == "at 1:02:03.4"


def test_flag_then_its_result(shots, font):
    # the flag's face for 3 s from the report (790 s), then the result's
    assert shots["flag"].text(0, 1, 4, font, inverted=True) == "FLAG"
    assert shots["after_flag"].text(0, 45, 10, font) == "time 4.1.6"


def test_result_article_in_words_until_confirmed(shots, font):
    r = shots["result"]
    assert r.figures(3, (128 - 3 * 15) // 2, 0, 12, 22, 3) == "0-1"
    assert r.glyph(16, 26) + r.glyph(32, 26) == "黑胜"
    assert r.glyph(64, 26) + r.glyph(80, 26) == "将死"
    assert r.text(0, 45, 10, font) == "mate 4.1.1"
    assert r.text(0, 56, 16, font) == "awaiting arbiter"
    assert shots["confirmed"].text(0, 56, 9, font) == "confirmed"


def test_overrule_annul_21_5_until_play_resumes(shots, font):
    a = shots["overrule_annul"]
    assert a.text(0, 1, 12, font, inverted=True) == "ARBITER 21.5"
    assert a.glyph(0, 14) + a.glyph(16, 14) + a.glyph(40, 14) + a.glyph(56, 14) == "裁判取消"
    assert a.text(0, 34, 15, font) == "result annulled"
    assert a.text(0, 45, 5, font) == "by Li"
    assert a.text(0, 56, 13, font) == "clocks paused"
    # the annulment lifted the flag: after `resume`, play's face (Red's touch
    # duty of 780 s still stands), not the flag's
    assert shots["after_resume"].text(0, 1, 7, font, inverted=True) == "TOUCHED"


def test_overrule_of_the_result_names_the_new_one(shots, font):
    r = shots["overrule_result"]
    assert r.text(0, 1, 14, font, inverted=True) == "ARBITER 4.1.12"
    assert r.glyph(40, 14) + r.glyph(56, 14) == "改判"
    assert r.text(0, 34, 10, font) == "new result"
    assert r.text(0, 45, 12, font) == "1-0 resigned"
    assert r.text(0, 56, 5, font) == "by Li"


def test_overrule_foul_for_5_s_with_the_own_time(shots, font):
    f = shots["overrule_foul"]
    assert f.text(0, 1, 13, font, inverted=True) == "ARBITER 8.1.6"
    assert f.glyph(40, 14) + f.glyph(56, 14) == "判罚"
    assert f.text(0, 34, 13, font) == "foul declared"
    assert f.text(0, 45, 11, font) == "BLACK by Li"
    assert f.text(0, 56, 4 + len(f.red), font) == "RED " + f.red
    assert shots["after_overrule_foul"].text(0, 45, 12, font) == "28 moves due"  # the clock's face again


# The same alert face drawn whole and a step at a time (the blank frame, a
# text field a step, then the mini board 15 points a step), as a device
# draws it, a step a scan: boards/device.py, Panel.step.
SLICED = DRAW.split('\ng = State("90m+30s")')[0] + r'''
def frame():
    buf = bytearray(1024)
    return buf, framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
def steps(f, buf):
    """Runs a face's steps: (slices of the mini board, the frame before its first point)."""
    board, before, last = 0, None, 0
    while f.draw_slice():
        if f.next_point == 0:
            before = bytes(buf)
        elif f.next_point != last:
            board += 1
        last = f.next_point
    return board, before
g = State("90m+30s")
s = Scene(g)
g.clock.start(0, RED)
s.on_event(0, "ALERT", ("knocked", "e3,a0", "e4", "5.9"))
for side in (RED, BLACK):
    whole, fb = frame()
    Face(fb, side).update(s, 0)
    buf, fb = frame()
    f = Face(fb, side, 15)
    f.update(s, 0)
    n, text_only = steps(f, buf)
    print("slices", side, n, buf == whole, text_only != whole)
f.forget()
f.update(s, 0)
for _ in range(8):
    f.draw_slice()  # the text, and two slices of the board
s.on_event(1000, "RESTORED", ())
clock, cfb = frame()
Face(cfb, BLACK).update(s, 1000)
f.update(s, 1000)
steps(f, buf)
print("cancelled", buf == clock, f.drawing())
'''


def test_alert_drawn_in_slices_is_the_alert_drawn_whole(mp):
    lines = mp.run(SLICED).strip().splitlines()
    # 6 slices of 15 points; the text first, the board after, the same frame at the end
    assert lines[:2] == ["slices 0 6 True True", "slices 8 6 True True"]
    # the alert restored in the middle: the rest of its board is never drawn on the clock's face
    assert lines[2] == "cancelled True False"


def test_glyphs_are_exactly_the_words_characters():
    assert glyphs.CHARS == words.all_chinese()
    assert len(glyphs.DATA) == 32 * len(glyphs.CHARS)


BREACH = """# a rook over its own pawn (a breach, 4.1.8 / 5.10), then a horse off its
# lines, with the alert standing: each ALERT lists every point to fill and clear
0      new tc=10m
0      setup
100    start
1s     lift a0
1.3s   place a5
1.6s   press red
3s     lift b0
3.2s   place b3
3.5s   press red
6s     end
"""


def test_every_alert_of_a_game_marks_exactly_its_points(tmp_path):
    # the faces the board draws from its own events (xqboard faces), read
    # back from the pixels: at each ALERT, on both players' displays, the
    # solid points are the event's put=, the hollow ones its clear=
    from xqboard.boardlink import Event
    from xqboard.commands.faces import faces
    from xqboard.paths import REPO

    script = tmp_path / "breach.scenario"
    script.write_text(BREACH, encoding="utf-8")
    seen = []
    for path in (str(REPO / "docs" / "faces" / "game.scenario"), str(script)):
        for display, buf, line in faces(path):
            e = Event(line) if line.startswith("E ") else None
            if e is None or e.kind != "ALERT":
                continue
            marks = Picture(buf.hex(), 0, 0).board(1, 2, display == "black")
            want = [set() if e.get(k) in (None, "-") else points(e.get(k).split(",")) for k in ("put", "clear")]
            assert {p for p, k in marks.items() if k == "put"} == want[0], line
            assert {p for p, k in marks.items() if k == "clear"} == want[1], line
            seen.append((e.get("what"), display))
    assert {("knocked", "red"), ("knocked", "black"), ("breach", "red"), ("breach", "black")} <= set(seen)


# The faces as a device draws them (a step at a time, fields redrawn only
# where they changed, a redraw cut short by the next one) against the same
# faces drawn whole from a blank frame: the same pixels at every moment the
# steps are done. Through the hour (1:00:00 to 59:59), into the tenths
# (10.0 to 9.9), presses (the turn, the bar, the times' places), a delay, a
# byo-yomi period, a touch duty and the arbiter's foul, whose times tick.
STEPPED = DRAW.split('\ng = State("90m+30s")')[0] + r'''
def frame():
    buf = bytearray(1024)
    return buf, framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
seed = [12345]
def rand(n):
    seed[0] = (seed[0] * 1103515245 + 12345) & 0x7fffffff
    return seed[0] % n
checked = bad = cut = 0
for tc, until in (("60m10s", 14000), ("15s", 9000), ("10s d3s", 9000), ("5s byo2x3s", 9000)):
    g = State(tc)
    s = Scene(g)
    g.clock.start(0, RED)
    s.on_event(0, "START", (RED, "20.1"))
    faces = []
    for side in (RED, BLACK, None):
        buf, fb = frame()
        faces.append((Face(fb, side, 15), buf, side))
    now = 0
    while now < until:
        now += 100
        if now % 2300 == 0:  # a press: the other side's turn
            side = g.clock.running
            g.clock.move_made(side, now)
            g.clock.press(side, now)
            s.on_event(now, "PRESS", (None, None, None, None, None))
        if now == 3000:
            s.on_event(now, "TOUCH", (g.clock.running, "own", "h2", "5.1"))
        if now == 5000:
            s.on_event(now, "MOVE", (None, None, None, None, None, None, None))
            s.on_event(now, "OVERRULE", ("foul", BLACK, None, "Li", "8.1.6"))
        for f, buf, side in faces:
            f.update(s, now)
            steps = rand(4)  # as many steps as the scans before the next look allow (or fewer)
            while steps and f.draw_slice():
                steps -= 1
            cut += f.drawing()
            if now % 700 == 0:
                f.finish()
                whole, wfb = frame()
                Face(wfb, side).update(s, now)
                checked += 1
                if whole != buf:
                    bad += 1
                    print("differs", tc, now, side)
print("stepped", checked, bad, cut > 0)
'''


def test_faces_drawn_a_step_at_a_time_are_the_faces_drawn_whole(mp):
    out = mp.run(STEPPED).strip().splitlines()
    assert out[-1].startswith("stepped ")
    _, checked, bad, cut = out[-1].split()
    # every comparison the same pixels, and some redraws cut short by the next
    assert int(checked) > 100 and int(bad) == 0 and cut == "True", out[:10]
