# The running hash chain over a game's events (issue 14, tamper-evident
# records; docs/PROTOCOL.md, "The chain").
#
# head(n) = SHA-256(head(n-1) + text of event n), head(0) 32 zero bytes
# before the game's GAME event; the text is the event's canonical encoding
# (events.encode(), without the chain word). Each event carries the first
# 64 bits of its head as its last word (events.py: `%h` + 16 hex digits).
#
# Why 64 bits: the word costs 19 bytes of each event, in the frame (512)
# and in the journal's budget; 128 would cost 35 on every event for
# nothing, since the word only points at the first event that does not
# fit. What binds the record is the full 256-bit head, which the CONFIRM's
# seal covers (link/auth.py: seal(), art. 9).
#
# Anyone can recompute the chain of an edited record: without the key the
# chain catches careless edits, deleted and reordered events, and locates
# them; with the key, the CONFIRM's seal makes any change before it a
# forgery.
#
# On the board the chain is one 32-byte head (Game.head, a bytearray
# allocated once) advanced in place by events.seal() as each event is
# emitted; this module reads chains back:
# Game.replay loads it for a recovery and drops it after (game/cold.py), and
# the host's `xqboard verify` uses it.
from game import events as ev


def split(payload):
    """(canonical text, chain word or None) of an event's payload: None for
    an unsealed event (a record from before the chain)."""
    i = len(payload) - ev.CHAIN_BYTES
    if i < 0 or not payload.startswith(" " + ev.CHAIN_MARK, i):
        return payload, None
    return payload[:i], payload[i + 1 + len(ev.CHAIN_MARK):]


def replayed(head, kind, payload, keyed=None):
    """Whether an event read back (`payload` as stored) matches its chain
    word (with `keyed`, the board's MAC: link/auth.py's Keyed); `head` (a
    bytearray) goes on to the head after it. An unsealed event matches (it
    has no word) and the chain goes on over its text. A GAME event starts
    the chain."""
    text, w = split(payload)
    return ev.seal(head, kind, text, keyed) == payload or w is None


def confirm_seal(key, head, text):
    """The CONFIRM's seal (art. 9): the first 128 bits, in hex, of
    HMAC-SHA256(key, head + text), `head` the chain's 32-byte head before
    the CONFIRM and `text` the CONFIRM's canonical text without its seal.
    128 bits: a seal is kept for years and can be tried offline. It binds
    the whole chain, so every event before it, to the arbiter's key."""
    from link.auth import hmac_sha256

    d = hmac_sha256(key, head + text.encode())
    return "".join("%02x" % b for b in d[:16])
