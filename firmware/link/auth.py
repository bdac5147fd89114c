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


def hmac_sha256(key, msg):
    """HMAC (RFC 2104) with SHA-256; key and msg are bytes. MicroPython has
    hashlib.sha256 but no hmac module, so it is written out here."""
    if len(key) > _BLOCK:
        key = hashlib.sha256(key).digest()
    key = key + bytes(_BLOCK - len(key))
    inner = hashlib.sha256(bytes(b ^ 0x36 for b in key))
    inner.update(msg)
    outer = hashlib.sha256(bytes(b ^ 0x5C for b in key))
    outer.update(inner.digest())
    return outer.digest()


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
