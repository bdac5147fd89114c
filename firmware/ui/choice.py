# Which face a display shows and what ticks on it (ui/faces.py draws them):
# choose() the face, extra() what the running clock adds to a side's time,
# calm_ms() how long no face can change but by an event (the device loop,
# app_loop.py, looks at the faces only then). Pure: no pins, no time of
# its own.
import ticks
from clock.control import DELAY
from clock.clock import PAUSED, READY, RUNNING
from game.phases import IDLE, SETUP
from ui.timefmt import clock_text

_FLAG_SHOWN_MS = 3000  # a flag's own face, before the result's
_OVERRULE_SHOWN_MS = 5000  # a foul declared or struck in play, before the clock's face


def choose(scene, now, side):
    """The name of the face `side`'s display shows (side None: shared)."""
    g = scene.game
    if g.phase == IDLE or g.clock is None:
        return "idle"
    if g.phase == SETUP:
        return "setup"
    if overrule_shown(scene, now):
        return "overrule"
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


def overrule_shown(scene, now):
    """Whether the arbiter's last overrule has the displays: an annulment
    until play resumes, a new result until confirmed (the scene forgets
    them then), a foul declared or struck for _OVERRULE_SHOWN_MS."""
    o = scene.overrule
    if o is None:
        return False
    return o[0] == "annul" or o[0] == "result" or ticks.diff(now, o[4]) < _OVERRULE_SHOWN_MS


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


def calm_ms(scene, now, most):
    """ms (1 to `most`) during which no face can change but by an event
    (which changes scene.version): on the running clock, until the moving
    side's shown time next changes (a second, a tenth in the last 10 s);
    `most` wherever anything else may tick (a delay, byo-yomi, a face shown
    for a while, no clock running). The device loop looks at the faces
    only then (app_loop.py)."""
    c = scene.game.clock  # (locals kept few: a frame over 11 words is a heap block, every second)
    if c is None or c.state != RUNNING or choose(scene, now, None) != "running":
        return most
    side = c.running
    if c.control.scheme(side).mode == DELAY or c.in_byoyomi(side, now) or scene.duty is not None:
        return most
    r = c.remaining(side, now)
    wait = r % 1000 + 1 if r >= 10000 else r % 100 + 1
    return wait if wait < most else most


def to_move(game):
    """The side whose clock runs (before the start: the side to move)."""
    c = game.clock
    return c.running if c.state != READY and c.running >= 0 else game.position.side
