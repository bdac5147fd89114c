"""The hall's arbiters: an account per arbiter, its name and a secret
stored hashed (docs/HALL.md, "The arbiter's login").

    arbiters = Arbiters.load("hall/arbiters.json")   # what `xqboard hall init --arbiter` wrote
    arbiters.check("chief", secret)                  # True or False, in the same time for any name
    by_arbiter("confirm", "chief")                   # 'confirm by=chief': the desk's command, signed by its arbiter

The file (mode 600, the owner's alone) holds, per name, a random salt and
scrypt(secret, salt): a stolen copy gives no secret back, and trying
secrets against it costs 16 MB and tens of ms each. `broadcast` needs
only this file, never a secret: the secrets come to `xqboard hall
arbiter` from a file, the environment or the terminal, never from argv.

    >>> a = Arbiters.of({"chief": "s3cret-words"})
    >>> a.check("chief", "s3cret-words"), a.check("chief", "guess"), a.check("nobody", "s3cret-words")
    (True, False, False)
    >>> by_arbiter("result 1-0 4.1.9 by=someone-else", "chief")
    'result 1-0 4.1.9 by=chief'
"""
import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path

# scrypt's cost: 2^14 x 8 x 128 bytes = 16 MB a check (OWASP's floor for scrypt)
N, R, P = 2 ** 14, 8, 1
SALT_BYTES = 16
NAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_."
NAME_MAX = 24  # a by=<name> of the firmware's commands (its names are at most 24 bytes)
SECRET_MIN = 8


class ArbiterError(ValueError):
    """An account that cannot be made or a file that cannot be read (the
    message says why)."""


def check_name(name):
    """The name if it can sign a command (`by=<name>`: one word of the
    link), else ArbiterError."""
    if not isinstance(name, str) or not 0 < len(name) <= NAME_MAX or any(c not in NAME_CHARS for c in name):
        raise ArbiterError("arbiter %r: 1 to %d letters, digits, - _ . (it is the commands' by=)" % (name, NAME_MAX))
    return name


def _hash(secret, salt, n=N, r=R, p=P):
    return hashlib.scrypt(secret.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=64 * 1024 * 1024, dklen=32)


def hashed(secret):
    """A stored account: {"salt", "hash", "n", "r", "p"} (hex)."""
    if len(secret) < SECRET_MIN:
        raise ArbiterError("a secret of %d characters: at least %d" % (len(secret), SECRET_MIN))
    salt = secrets.token_bytes(SALT_BYTES)
    return {"salt": salt.hex(), "hash": _hash(secret, salt).hex(), "n": N, "r": R, "p": P}


_DUMMY = {"salt": "00" * SALT_BYTES, "hash": "00" * 32, "n": N, "r": R, "p": P}


class Arbiters:
    """The accounts {name: stored}; `path`: where save() writes them."""

    def __init__(self, accounts=None, path=None):
        self.accounts = dict(accounts or {})
        self.path = Path(path) if path else None
        self.stamp = None  # the file's mtime when read (refresh())

    @classmethod
    def of(cls, secrets_by_name):
        """In memory, from {name: secret} (the demo, tests)."""
        return cls({check_name(name): hashed(s) for name, s in secrets_by_name.items()})

    @classmethod
    def load(cls, path):
        path = Path(path)
        try:
            d = json.loads(path.read_text(encoding="utf-8"))
            accounts = {check_name(name): {k: a[k] for k in ("salt", "hash", "n", "r", "p")} for name, a in d.items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
            raise ArbiterError("%s: no arbiters' file (%s)" % (path, e))
        got = cls(accounts, path)
        got.stamp = path.stat().st_mtime_ns
        return got

    @classmethod
    def open(cls, path):
        """The file's accounts, or none yet if it does not exist."""
        return cls.load(path) if Path(path).exists() else cls(path=path)

    def refresh(self):
        """Reads the file again if it changed since (an account removed
        or added while `broadcast` runs); returns self."""
        if self.path is None:
            return self
        try:
            stamp = self.path.stat().st_mtime_ns
        except OSError:
            stamp = None
        if stamp != self.stamp:
            self.accounts = Arbiters.load(self.path).accounts if stamp is not None else {}
            self.stamp = stamp
        return self

    def names(self):
        return sorted(self.accounts)

    def set(self, name, secret):
        self.accounts[check_name(name)] = hashed(secret)

    def remove(self, name):
        if self.accounts.pop(name, None) is None:
            raise ArbiterError("no arbiter %r" % name)

    def save(self):
        fd = os.open(str(self.path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(self.accounts, f, indent=1, sort_keys=True)
        os.chmod(self.path, 0o600)  # an older file's mode too
        self.stamp = self.path.stat().st_mtime_ns

    def check(self, name, secret):
        """True if `secret` is `name`'s. An unknown name costs the same
        scrypt (no name can be told to exist by the time)."""
        stored = self.accounts.get(name) if isinstance(name, str) else None
        a = stored or _DUMMY
        try:
            got = _hash(secret, bytes.fromhex(a["salt"]), int(a["n"]), int(a["r"]), int(a["p"]))
        except (ValueError, TypeError):
            return False
        return hmac.compare_digest(got, bytes.fromhex(a["hash"])) and stored is not None

    def __bool__(self):
        return bool(self.accounts)


def by_arbiter(command, name):
    """The desk's command line signed with the logged-in arbiter's name:
    any by= the page sent is dropped (the browser does not choose who
    acts), `by=<name>` goes last (firmware/game/phases.py's by_arg)."""
    words = [w for w in command.split() if not w.startswith("by=")]
    return " ".join(words + ["by=" + check_name(name)])


DEMO_NAME, DEMO_SECRET = "arbiter", "demo-arbiter"


def demo_arbiter(env=None):
    """(name, secret) of a demo's one account: $XQBOARD_ARBITER_SECRET if
    set, else a secret the demo prints (a demo hall on one PC only)."""
    env = os.environ if env is None else env
    return DEMO_NAME, env.get("XQBOARD_ARBITER_SECRET") or DEMO_SECRET
