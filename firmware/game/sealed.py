# The events a key seals (art. 9): the arbiter's CONFIRM and every
# amendment of a confirmed result (docs/PROTOCOL.md, "The chain"). Used by
# game/arbiter.py (confirm) and game/overrule.py (result after CONFIRM).
from game import cold
from game import events as ev


def emit_sealed(g, now, kind, fields):
    """Emits an event whose last field is its seal (CONFIRM, and each
    amendment of a confirmed result, art. 9): the key's HMAC over the
    chain's head before it and its own text (game/chain.py), None
    without a key."""
    seal = None
    if g.key:
        g.advance(now)  # the seq and time emit() gives it
        text = ev.encode(g.seq + 1, g.t, kind, fields + (None,))
        seal = cold.call(cold.CHAIN, "confirm_seal", g.key, g.head, text)
    g.emit(now, kind, *(fields + (seal,)))
