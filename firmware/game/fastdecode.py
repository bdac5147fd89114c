# The schema's quick path for the records a power-up reads most (a game's
# MOVE and PRESS records in their usual shape), read directly; any other
# shape goes through game/events.py's decode(). A module of its own so that
# it is in the heap only with store/recovery.py, which loads it (cold: a
# power-up, a `since`); tests/store/test_store_recovery.py checks that both
# readings agree on every record of real journals.
from game.events import MOVE, PRESS, decode
from xq.pieces import side_of

_MOVE_FLAGS = ("capture", "check", "suicide")


def decode_fast(text):
    """decode(), with a game's most common records, MOVE and PRESS in
    their usual shape, read directly: the general reading was most of what
    a power-up's replay of the journal took (store/recovery.py). Any other
    shape goes the general way (tests/store/test_store_recovery.py: both
    agree on every record of a game)."""
    w = text.split(" ")
    n = len(w)
    try:
        if n >= 8 and w[3] == MOVE and w[7].startswith("at=") and "%" not in w[5]:
            flags = [None, None, None]
            k = 0
            for f in w[8:]:
                while k < 3 and _MOVE_FLAGS[k] != f:
                    k += 1
                if k == 3:
                    return decode(text)
                flags[k] = f
                k += 1
            return int(w[1]), int(w[2]), MOVE, (int(w[4]), w[5], side_of(w[6]), int(w[7][3:]),
                                                 flags[0], flags[1], flags[2])
        if 7 <= n <= 9 and w[3] == PRESS:
            # side red_ms black_ms, then `stage` and an article, each if set
            stage = w[7] if n > 7 and w[7] == "stage" else None
            article = w[-1] if n > 7 and "0" <= w[-1][:1] <= "9" else None
            if n - 7 == (stage is not None) + (article is not None):
                return int(w[1]), int(w[2]), PRESS, (side_of(w[4]), int(w[5]), int(w[6]), stage, article)
    except ValueError:
        pass
    return decode(text)
