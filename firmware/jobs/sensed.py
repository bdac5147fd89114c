# The sensing's reports (sense/report.py) and the clock levers, to the game
# (App._step, App.start): a report becomes the game's event, a lever its
# press or, while the set-up is checked, the players' confirmation.
from game.phases import PLAYING, SETUP
from sense import report
from xq import squares
from xq.pieces import colour, index, other
from xq.position import LEGAL, SUICIDE


def point_names(points):
    return ",".join(squares.name(squares.from_point(p)) for p in points) or "-"


def put_and_clear(pts, must_hold):
    """The names of the points to put a piece on and to clear."""
    put = [p for p in pts if p in must_hold]
    clear = [p for p in pts if p not in must_hold]
    return point_names(put), point_names(clear)


def sense(app, now, reports):
    """The recogniser's reports, one after the other, to the game."""
    for e in reports:
        _report(app, now, e)


def _report(app, now, e):
    kind, t, art, pts, what, info = e  # what: the move, or the alert kind
    g = app.game
    if kind == report.MOVE:
        side = g.position.side
        g.on_move(now, what, t, SUICIDE if info & report.SUICIDE else LEGAL)  # (its class: explain.py's)
        app.board.signal("move")
        if g.pressed_between == side and g.phase == PLAYING:
            # 5.10: the press made while the piece was between points
            # hands the clock over now that it has landed
            g.on_press(now, side)
    elif kind == report.TOUCH:
        side = app.rec.pos.side
        whose = "own" if colour(info) == side else "opp"
        g.on_touch(now, side, whose, point_names(pts), art)
    elif kind == report.DUTY:
        side = other(g.position.side)  # the move that broke it was just made
        g.on_touch(now, side, "duty-broken", point_names(pts) + ":" + squares.move_name(what), art)
    elif kind == report.ALERT:
        _alert(app, now, what, art, pts, info)
        app.board.signal("alert")
    elif kind == report.RESTORED:
        g.on_restored(now)
    elif kind == report.SETUP and g.phase == SETUP:
        _setup_state(app, now, pts, info)
    elif kind == report.SETUP_OK and g.phase == SETUP:
        g.on_setup(now, "confirmed", info)
    # NOMOVE: the game layer rules on 8.1.7 from its own record of moves.


def _alert(app, now, alert, art, pts, must_hold):
    put, clear = put_and_clear(pts, must_hold)
    if alert == report.BREACH:  # the game layer rules 4.1.8 or 8.1.8 by level
        app.game.on_alert(now, report.ALERT_NAMES[alert], put, clear, art, app.rec.pos.side)
    else:
        app.game.on_alert(now, report.ALERT_NAMES[alert], put, clear, art)


def _setup_state(app, now, pts, must_hold):
    shown = tuple(pts)
    if shown == app.setup_shown:
        return
    app.setup_shown = shown
    if pts:
        put, clear = put_and_clear(pts, must_hold)
        app.game.on_setup(now, "wrong", put, clear)
    else:
        app.game.on_setup(now, "ready")


def press(app, now, side):
    """A clock lever pressed by `side`."""
    g = app.game
    if g.phase == SETUP:
        # Both levers vouch for the set-up (the players confirm it).
        app.setup_presses |= 1 << index(side)
        if app.setup_presses == 3:
            app.setup_presses = 0
            sense(app, now, app.rec.confirm(now, "players"))
        return
    sense(app, now, app.rec.press(now, side))
    g.on_press(now, side)
