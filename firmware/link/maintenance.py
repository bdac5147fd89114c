# The maintenance REPL at power-up (both clock levers held, main.py): who
# may have it (issue 14, item 7; art. 21.5: the arbiter, not a player, has
# the board's key). The REPL reads and writes the whole flash: /config.json
# with the arbiter's key, and the journal, the game's record of truth. So:
#   - in tournament mode (`"tournament": true` in /config.json) there is no
#     REPL at all: the board boots into its game as usual (service it with
#     `xqboard deploy`, which writes a new image and config);
#   - otherwise the arbiter's key, typed in hex on the USB serial within
#     KEY_WAIT_MS (not echoed), opens it; anything else, or nothing, and
#     the board boots into its game;
#   - a board with no key configured (a development board) opens it.
# Loaded only when both levers are held at power-up.
from link import auth

KEY_WAIT_MS = 30000
KEY_MAX = 128  # characters read for a key at most (a 64-byte key in hex)


def allowed(config, read_line):
    """(whether the REPL may open, what to say). `read_line()` returns the
    line typed (without its newline) or None when none came in time."""
    if config.get("tournament"):
        return False, "tournament mode: no maintenance REPL (21.5); booting"
    key = config.get("key")
    if not key:
        return True, "no arbiter's key configured: REPL"
    print("xqboard: the arbiter's key (hex), within %d s:" % (KEY_WAIT_MS // 1000))
    typed = read_line()
    if typed is None:
        return False, "no key typed: booting"
    if auth.equal(typed.strip().lower(), key.strip().lower()):
        return True, "arbiter's key accepted: REPL"
    return False, "wrong key (21.5): booting"


def read_line(stream, poll, ticks_ms, ticks_diff):
    """A line from `stream` (the USB serial), not echoed, or None when no
    whole line came within KEY_WAIT_MS. `poll(ms)` says whether a character
    is waiting (a select.poll on the stream)."""
    start = ticks_ms()
    line = ""
    while True:
        left = KEY_WAIT_MS - ticks_diff(ticks_ms(), start)
        if left <= 0 or not poll(left):
            return None
        c = stream.read(1)
        if c in ("\r", "\n"):
            return line
        if len(line) < KEY_MAX:
            line += c
