# What the sensing layer reports: small tuples, made only when something
# happens (the no-change scan returns the shared empty tuple NOTHING).
# (tests/mp/sense_text.py writes them as text lines for the tests and
# logs: the board itself never formats them.)
#
#     (kind, t, art, pts, what, info)
#
#   kind  MOVE, TOUCH, DUTY, ALERT, RESTORED, NOMOVE, SETUP, SETUP_OK
#   t     instant, ms ticks mod 2^30 (ticks.py)
#   art   article of the 2011 rules it cites, '' if none (for the record:
#         code decides on `kind` and `what`, never on the article)
#   pts   tuple of the points involved (0-89, rank*9 + file)
#   what  MOVE and DUTY: the move (from << 8 | to, xq/squares.py); ALERT and
#         RESTORED: the alert kind (BREACH ... POSITION, below); else 0
#   info  depends on the kind (below)
#
# MOVE      a final move (5.7). t: the placement that completed it (for the
#           record and 21.6), not the moment it became final. art: '3.4' for
#           a suicide (the game layer rules, 4.1.3), else ''. pts: (from,
#           to). info: flags SUICIDE | CAPTURE | how it became final
#           (BY_PRESS, BY_NEXT: the opponent's first lift or reply, BY_SETTLE,
#           BY_ALERT: made final by an alert that followed it).
# TOUCH     a piece lifted and put back on its point (art. 5). t: the lift.
#           art: the duty in force after this touch ('5.1', '5.2', '5.3.1'
#           .. '5.3.4', '5.4.1' .. '5.4.4', '5.5.x' for simultaneous lifts;
#           '8.1.5' when the touched piece can neither move nor be captured;
#           '5.8.3' for a piece that counts as touched after a restored
#           breach). pts: (point,). info: the piece code (xq/pieces.py).
# DUTY      a final move broke a touch-move duty: the board witnesses, the
#           arbiter rules. t: the move's instant. art: the duty ('5.1' ..
#           '5.5.x'). pts: the touched points the duty names (own first).
#           move: the move made.
# ALERT     the board shows what no move explains; the device waits until
#           the points are restored. t: when the state began. what: the
#           alert kind, art: its article (ALERT_ARTICLES): BREACH '4.1.8' a
#           breach of the movement rules (the game layer applies 8.1.8
#           instead where the event says so), DISPLACED '5.8.2' a piece
#           displaced, KNOCKED '5.9' pieces knocked, added or removed,
#           BETWEEN '5.10' a piece between points when the clock was
#           pressed, POSITION '' a position set by the arbiter that the
#           board does not show yet. pts: every point that differs
#           (sorted). info: the tuple of those that must hold a piece (the
#           rest must be emptied). Sent again, same kind, each time the set
#           of points changes while waiting.
# RESTORED  the points of the last alert are restored. what, art: the
#           alert's.
# NOMOVE    a clock press by a side that has not moved (8.1.7). pts: the
#           points that differ from the position (pieces in the hand).
#           info: the side (0 Red, 8 Black).
# SETUP     set-up check against the position to start from. pts: the points
#           still wrong (empty: ready to confirm). info: those of them that
#           must hold a piece.
# SETUP_OK  the set-up was confirmed. info: who confirmed it ('arbiter',
#           'players', 'host'): presence cannot tell a horse from an
#           elephant, so a person vouches for the pieces.
from micropython import const

MOVE = const(1)
TOUCH = const(2)
DUTY = const(3)
ALERT = const(4)
RESTORED = const(5)
NOMOVE = const(6)
SETUP = const(7)
SETUP_OK = const(8)

# Field indices.
KIND = const(0)
T = const(1)
ART = const(2)
PTS = const(3)
WHAT = const(4)
INFO = const(5)

# Alert kinds (the `what` of ALERT and RESTORED), each with its article
# and the word the game layer records.
BREACH = const(1)  # an own piece moved against the movement rules
DISPLACED = const(2)  # an opposing piece moved off its point
KNOCKED = const(3)  # pieces knocked, added or removed
BETWEEN = const(4)  # a piece between points when its clock was pressed
POSITION = const(5)  # a position set by the arbiter, not shown yet
ALERT_ARTICLES = ("", "4.1.8", "5.8.2", "5.9", "5.10", "")
ALERT_NAMES = ("", "breach", "displaced", "knocked", "between", "position")

# MOVE info flags.
SUICIDE = const(1)
CAPTURE = const(2)
BY_PRESS = const(4)
BY_NEXT = const(8)
BY_SETTLE = const(16)
BY_ALERT = const(32)

NOTHING = ()  # the result of a scan in which nothing happened
