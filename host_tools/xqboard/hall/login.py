"""The arbiter page's login: a per-address delay after failures and
sessions the server signs, times and can revoke (docs/HALL.md, "The
arbiter's login"). Pure: the time comes in as `clock`.

    gate = Throttle()                # per client address
    wait = gate.attempt(address)     # 0: may try now (counted as a failure until passed())
    gate.passed(address)             # the secret was right: the count starts again

    sessions = Sessions()
    cookie = sessions.open("chief")  # the cookie's value
    sessions.check(cookie)           # 'chief', or None: forged, expired or logged out
    sessions.close(cookie)           # logout: refused from now on, whoever holds a copy

An address may try FREE times; after that each further try waits
BASE_S x 2^(failures - FREE), at most MAX_S, and a try inside the wait is
refused unchecked (with the seconds left), so parallel requests gain
nothing: 300 wrong secrets take hours, not 0.9 s.

    >>> t, now = Throttle(free=2, base_s=1.0, clock=lambda: now), 100.0
    >>> t.attempt("a"), t.attempt("a"), t.attempt("a"), t.attempt("b")
    (0, 0, 1.0, 0)
    >>> now = 101.0; t.attempt("a"), t.attempt("a")
    (0, 2.0)
"""
import hashlib
import hmac
import secrets
import time

FREE = 5  # tries before any wait (typos)
BASE_S = 1.0
MAX_S = 900.0  # a quarter of an hour at most: an arbiter who forgot is not locked out for the day
FORGET_S = 3600.0  # an address quiet this long starts again
MAX_ADDRESSES = 10000  # addresses remembered at once (the oldest quiet one goes first)
SESSION_S = 12 * 3600.0  # a tournament day
MAX_SESSIONS = 64  # live sessions at once (the oldest goes first)


class Throttle:
    def __init__(self, free=FREE, base_s=BASE_S, max_s=MAX_S, clock=time.monotonic):
        self.free, self.base_s, self.max_s, self.clock = free, base_s, max_s, clock
        self.failures = {}  # address: (count, time of the last)

    def wait_of(self, count):
        """Seconds an address with `count` failures waits before its next try."""
        if count < self.free:
            return 0.0
        return min(self.max_s, self.base_s * 2 ** min(count - self.free, 40))

    def attempt(self, address):
        """0 if `address` may try now (the try counts as a failure until
        passed()), else the seconds it must still wait (nothing counted)."""
        now = self.clock()
        count, last = self.failures.get(address, (0, now))
        if now - last > FORGET_S:
            count = 0
        left = last + self.wait_of(count) - now if count else 0.0
        if left > 0:
            return left
        self._forget(now)
        self.failures[address] = (count + 1, now)
        return 0

    def passed(self, address):
        self.failures.pop(address, None)

    def _forget(self, now):
        if len(self.failures) < MAX_ADDRESSES:
            return
        for a, (_, last) in list(self.failures.items()):
            if now - last > FORGET_S:
                del self.failures[a]
        while len(self.failures) >= MAX_ADDRESSES:
            del self.failures[min(self.failures, key=lambda a: self.failures[a][1])]


class Sessions:
    """Cookies `<name>:<id>:<expiry>:<mac>`: the MAC (HMAC-SHA256 with a key
    of this process) stops a made-up cookie before any lookup; the server
    keeps the live ids, so a logout (or a restart) ends one for good."""

    def __init__(self, ttl_s=SESSION_S, clock=time.time, key=None):
        self.ttl_s, self.clock = ttl_s, clock
        self.key = key or secrets.token_bytes(32)
        self.live = {}  # id: (name, expiry)

    def _mac(self, body):
        return hmac.new(self.key, body.encode("ascii"), hashlib.sha256).hexdigest()

    def open(self, name):
        now = self.clock()
        self.live = {i: v for i, v in self.live.items() if v[1] > now}
        while len(self.live) >= MAX_SESSIONS:
            del self.live[min(self.live, key=lambda i: self.live[i][1])]
        sid, expiry = secrets.token_hex(16), int(now + self.ttl_s)
        self.live[sid] = (name, expiry)
        body = "%s:%s:%d" % (name, sid, expiry)
        return "%s:%s" % (body, self._mac(body))

    def _parse(self, cookie):
        """(name, id) of a cookie this server signed, live and unexpired; or None."""
        if not cookie or len(cookie) > 200 or not cookie.isascii() or cookie.count(":") != 3:
            return None
        body, _, mac = cookie.rpartition(":")
        if not hmac.compare_digest(mac, self._mac(body)):
            return None
        name, sid, expiry = body.split(":")
        if int(expiry) <= self.clock() or self.live.get(sid) != (name, int(expiry)):
            return None
        return name, sid

    def check(self, cookie):
        """The arbiter's name of a valid cookie, else None."""
        got = self._parse(cookie)
        return got[0] if got else None

    def close(self, cookie):
        """Ends the cookie's session (logout); True if there was one."""
        got = self._parse(cookie)
        return got is not None and self.live.pop(got[1], None) is not None

    def expiry(self, cookie):
        """Seconds the cookie has left (for its Max-Age)."""
        return max(0, int(cookie.split(":")[2]) - int(self.clock()))
