# The arbiter's key: a message authentication code over each command that
# changes the clock, the position, the result or the configuration.
#
# mac = the first 16 hex digits of HMAC-SHA256(key, "<nonce> <payload>"),
# where nonce is the board's boot nonce (sent in the greeting) so that a
# command recorded in one session cannot be replayed in another; within a
# session the command ids must increase. 64 bits of MAC are ample for a
# serial line where every failed try is logged.
import hashlib

_BLOCK = 64


class Keyed:
    """The board's MAC of its events' chain (docs/PROTOCOL.md, "The
    board's MAC"): keyed(head) is HMAC-SHA256(key, head + ident + " " +
    game), ident the board's name and game the number of its game (the
    greeting's `game=`, in decimal), so that a board's events cannot pass
    as another board's, nor as those of another game of the same board.
    `game` is set as the board opens a game's file (jobs/outputs.py,
    store/recovery.py); None: no number (hmac_sha256). The pads are
    computed once (a board has one): an event costs two SHA-256 of ~100
    bytes, no Python loop. (No new attribute names here: each would be
    one more in the unix port's name pool at boot, tests/mp/frozen_names.py.)"""

    def __init__(self, key, ident, game=None):
        if len(key) > _BLOCK:
            key = hashlib.sha256(key).digest()
        key = key + bytes(_BLOCK - len(key))
        self.inner = bytes(b ^ 0x36 for b in key)
        self.outer = bytes(b ^ 0x5C for b in key)
        self.ident = ident
        self.game = game

    def __eq__(self, other):
        return isinstance(other, Keyed) and (self.inner, self.ident, self.game) == (other.inner, other.ident,
                                                                                    other.game)

    def __call__(self, head):
        h = hashlib.sha256(self.inner)
        h.update(head)
        h.update(self.ident)
        if self.game is not None:
            h.update(b" %d" % self.game)
        o = hashlib.sha256(self.outer)
        o.update(h.digest())
        return o.digest()


def hmac_sha256(key, msg):
    """HMAC (RFC 2104) with SHA-256; key and msg are bytes. MicroPython has
    hashlib.sha256 but no hmac module: Keyed's pads with no name after the
    message are exactly HMAC."""
    return Keyed(key, b"")(msg)


def mac(key, nonce, payload):
    """MAC of a command payload (str, without the ` mac=...` field)."""
    d = hmac_sha256(key, ("%s %s" % (nonce, payload)).encode())
    return "".join("%02x" % b for b in d[:8])


def equal(a, b):
    """Compares two MACs in time that does not depend on where they differ."""
    if len(a) != len(b):
        return False
    diff = 0
    for i in range(len(a)):
        diff |= ord(a[i]) ^ ord(b[i])
    return diff == 0
