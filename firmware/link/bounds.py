# The longest value of every field a host can set, in bytes as written on
# the wire (UTF-8, after the `_`/`%` escapes of game/events.py): checked at
# `new` (game/config.py) with a refusal that names the field and its
# maximum, so that the greeting and every record fit one frame of the link
# (link/frame.py's MAX_LINE, 512 bytes) by construction (tests/store/test_store_bounds.py builds both
# at the maximum of every field).
#
# What the greeting holds beside the settings: the board's name (config
# .json, cut to BOARD_ID), the nonce (8 hex digits), the game's number, the
# last event's number (SEQ digits: the journal's budget holds far fewer
# events) and the last command id (link/link.py refuses one above
# COMMAND_ID). All at their maximum (the players' numbers in
# the event included), the greeting is 502 bytes: the frame grew from 480
# to 512 for an event's usual Chinese title (issue 27).
#
# Declared once: the host's checks (xqboard/inputs.py, the tournament's
# short name) read MAX, and docs/PROTOCOL.md's "Bounds" paragraph is
# checked against it (tests/store/test_store_bounds.py).
MAX = {
    "event": 64,  # 21 Chinese characters: 2026年全国象棋个人锦标赛（男子组） is 49 bytes
    "round": 8,
    "board": 8,
    "red": 24,  # 8 Chinese characters (3 bytes each), 24 Latin letters
    "black": 24,
    "tc": 40,  # time odds (6.5): red=60m/30,10m/10*;black=50m/30,10m/10* is 39
    "level": 10,
    "policy": 6,
    "fen": 112,  # 10 ranks of at most 9 letters, 9 slashes, side, counters
    "limit": 3,
    "late": 3,
    "red_no": 4,  # the players' numbers in the event (1-9999, game/config.py)
    "black_no": 4,
}
BOARD_ID = 16
SEQ = 6
COMMAND_ID = 2147483647  # link/link.py's (10 digits)


class BoundError(ValueError):
    pass


def check(name, text):
    """Refuses a value of field `name` longer than its maximum; `text` is
    the value as written on the link (escaped)."""
    most = MAX.get(name)
    size = len(text.encode())
    if most is not None and size > most:
        raise BoundError("%s is %d bytes, at most %d" % (name, size, most))


def board_id(name):
    """The board's name as the greeting gives it: at most BOARD_ID bytes
    of a configured name (cut whole characters)."""
    while len(name.encode()) > BOARD_ID:
        name = name[:-1]
    return name
